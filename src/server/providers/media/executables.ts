import { spawn } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import path from 'node:path';

/** The full path of `name` in the directories of PATH, or null (never runs anything). */
export function findOnPath(name: string, searchPath = process.env.PATH ?? ''): string | null {
  for (const dir of searchPath.split(path.delimiter)) {
    if (!dir) continue;
    const candidate = path.join(dir, name);
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {}
  }
  return null;
}

/**
 * Runs a program without a shell and returns its standard output; rejects on a non-zero exit, a
 * missing program or the time-out. For short checks (`--version`), not for media work.
 */
export function runForOutput(
  file: string,
  args: string[],
  options: { env?: Record<string, string>; timeoutMs?: number } = {},
): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, {
      shell: false,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...options.env },
    });
    let stdout = '';
    let stderr = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(
        new Error(`${path.basename(file)} did not answer within ${(options.timeoutMs ?? 15_000) / 1000} s`),
      );
    }, options.timeoutMs ?? 15_000);
    child.stdout.on('data', (chunk: Buffer) => {
      if (stdout.length < 65_536) stdout += chunk.toString('utf8');
    });
    child.stderr.on('data', (chunk: Buffer) => {
      if (stderr.length < 8192) stderr += chunk.toString('utf8');
    });
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      if (code === 0) resolve(stdout);
      else reject(new Error(`${path.basename(file)} exited with code ${code}: ${stderr.trim().slice(-300)}`));
    });
  });
}
