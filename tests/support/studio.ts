import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, utimes } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { studioStorage } from '../../src/server/features/studio/media.ts';
import { createSession } from '../../src/server/lib/sessions.ts';
import type { ObjectStorage } from '../../src/server/providers/storage/index.ts';
import { FakeS3 } from './fake-s3.ts';
import { startTestApp, type TestApp } from './test-app.ts';

const run = promisify(execFile);

export interface StudioTestApp extends TestApp {
  dataDir: string;
  /** Where local copies for ffmpeg go (STORAGE_TEMP_DIR), inside dataDir. */
  tempDir: string;
  /** The store Studio files live in (local disk under dataDir, or the fake bucket). */
  storage: ObjectStorage;
  /** The fake bucket, when the tests run with STUDIO_STORAGE=s3. */
  s3?: FakeS3;
  /** Keys of every stored object under the prefix, in order. */
  storedKeys(prefix: string): Promise<string[]>;
  /** The bytes of a stored object. */
  readStored(key: string): Promise<Buffer>;
  /** Makes a stored object look older (its file's time, or the fake bucket's LastModified). */
  ageStored(key: string, when: Date): Promise<void>;
}

/**
 * Which store the Studio's API tests run on: `STUDIO_STORAGE=s3 npx vitest run …` runs them against
 * a fake S3-compatible bucket on loopback (tests/support/fake-s3.ts), else on local disk.
 */
export const STUDIO_TEST_STORAGE: 'local' | 's3' = process.env.STUDIO_STORAGE === 's3' ? 's3' : 'local';

/**
 * The real runtime with its own DATA_DIR (uploads and media land there, or in a fake bucket with
 * STUDIO_STORAGE=s3; removed on close).
 */
export async function startStudioApp(env: Record<string, string> = {}): Promise<StudioTestApp> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'echo-studio-test-'));
  const tempDir = path.join(dataDir, 'tmp');
  const s3 = STUDIO_TEST_STORAGE === 's3' ? await new FakeS3().start() : undefined;
  const echo = await startTestApp({ DATA_DIR: dataDir, STORAGE_TEMP_DIR: tempDir, ...s3?.env, ...env });
  const storage = studioStorage(echo.ctx.config);
  return {
    ...echo,
    dataDir,
    tempDir,
    storage,
    ...(s3 ? { s3 } : {}),
    async storedKeys(prefix: string) {
      const keys: string[] = [];
      for await (const object of storage.list(prefix)) keys.push(object.key);
      return keys;
    },
    async readStored(key: string) {
      const chunks: Buffer[] = [];
      for await (const chunk of await storage.get(key)) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks);
    },
    async ageStored(key: string, when: Date) {
      const object = s3?.objects.get(key);
      if (object) object.modifiedAt = when;
      else await utimes(path.join(dataDir, key), when, when);
    },
    async close() {
      await echo.close();
      await s3?.stop();
      // A job that was ending as the app closed may still be removing its temporary copy: retry on ENOTEMPTY.
      await rm(dataDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
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
