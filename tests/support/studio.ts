import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { createSession } from '../../src/server/lib/sessions.ts';
import { startTestApp, type TestApp } from './test-app.ts';

const run = promisify(execFile);

export interface StudioTestApp extends TestApp {
  dataDir: string;
}

/** The real runtime with its own DATA_DIR (uploads and media land there; removed on close). */
export async function startStudioApp(env: Record<string, string> = {}): Promise<StudioTestApp> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'echo-studio-test-'));
  const echo = await startTestApp({ DATA_DIR: dataDir, ...env });
  return {
    ...echo,
    dataDir,
    async close() {
      await echo.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** An install without PocketSphinx (it is installed where the tests run): media waits in needs_stt. */
export const WITHOUT_POCKETSPHINX = { POCKETSPHINX_PATH: '/nonexistent/pocketsphinx_continuous' };

/** A dashboard session cookie for the address (as after verifying an e-mailed code). */
export async function sessionCookie(echo: TestApp, email: string): Promise<string> {
  const { token } = await createSession(echo.ctx.database.db, 'dashboard', email, 24);
  return `echo_dashboard=${token}`;
}

/** Real speech: espeak-ng reads the text into a WAV file (22.05 kHz mono). */
export async function speechWav(text: string): Promise<Buffer> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'echo-espeak-'));
  try {
    const file = path.join(dir, 'speech.wav');
    await run('espeak-ng', ['-w', file, text]);
    return await readFile(file);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Polls until the check returns a value (or throws after the timeout). */
export async function eventually<T>(
  check: () => Promise<T | undefined | null | false>,
  timeoutMs = 20_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** tus Upload-Metadata: comma-separated `key base64(value)` pairs. */
export const tusMetadata = (values: Record<string, string>) =>
  Object.entries(values)
    .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
    .join(',');
