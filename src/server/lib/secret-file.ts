import { chmod, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Writes a secret Echo generated (admin password, webhook secret) to `DATA_DIR/<name>` with mode
 * 0600, once, at the start that generated it: the operator can read it there instead of keeping
 * it in container logs. Returns the file's path.
 */
export async function writeSecretFile(dataDir: string, name: string, value: string): Promise<string> {
  const file = path.join(dataDir, name);
  await mkdir(dataDir, { recursive: true });
  await writeFile(file, `${value}\n`, { mode: 0o600 });
  await chmod(file, 0o600);
  return file;
}
