import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { DestinationStream } from 'pino';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import type { NoteDetail } from '../../src/contract/studio.ts';
import type { Draft, DraftFormat } from '../../src/contract/studio-drafts.ts';
import { studioStorage } from '../../src/server/features/studio/media-store.ts';
import { createSession } from '../../src/server/lib/sessions.ts';
import { ffmpegBinary, runFfmpeg } from '../../src/server/providers/media/ffmpeg-run.ts';
import type { ObjectStorage } from '../../src/server/providers/storage/index.ts';
import { DESKTOP, launchBrowser, openPage, type PageSession } from './browser.ts';
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
export async function startStudioApp(
  env: Record<string, string> = {},
  logTo?: DestinationStream,
): Promise<StudioTestApp> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'echo-studio-test-'));
  const tempDir = path.join(dataDir, 'tmp');
  const s3 = STUDIO_TEST_STORAGE === 's3' ? await new FakeS3().start() : undefined;
  const echo = await startTestApp(
    { DATA_DIR: dataDir, STORAGE_TEMP_DIR: tempDir, ...s3?.env, ...env },
    logTo,
  );
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

/** A dashboard session cookie for the owner (as after verifying an e-mailed code). */
export async function sessionCookie(echo: TestApp, email: string): Promise<string> {
  const { token } = await createSession(echo.ctx.database.db, 'dashboard', email, 24);
  return `echo_dashboard=${token}`;
}

/** The spoken note most Studio tests write their note from (tests/fixtures/pricing-voice-note.txt). */
export const PRICING_TRANSCRIPT = readFileSync(
  new URL('../fixtures/pricing-voice-note.txt', import.meta.url),
  'utf8',
);

/**
 * Calls the API as the cookie's owner, with a JSON body when one is given, or bytes as they are
 * when the body is a Buffer (a recording's chunk, as application/octet-stream).
 */
export function callAs(echo: TestApp, method: string, url: string, cookie: string, body?: unknown) {
  const bytes = Buffer.isBuffer(body);
  return echo.app!.inject({
    method: method as 'GET',
    url,
    headers: {
      ...(body !== undefined
        ? { 'content-type': bytes ? 'application/octet-stream' : 'application/json' }
        : {}),
      cookie,
    },
    payload: body === undefined ? undefined : bytes ? body : JSON.stringify(body),
  });
}

/** One owner of a Studio test file: the app, the owner's session, and calls as the owner. */
export interface StudioOwner {
  readonly echo: StudioTestApp;
  /** `echo_dashboard=<token>` (sessionCookie). */
  readonly cookie: string;
  /** callAs as this owner. */
  call(method: string, url: string, body?: unknown): ReturnType<typeof callAs>;
}

/**
 * The set-up a Studio API test file repeats: the app (startStudioApp with `env`) and one signed-in
 * owner, from the file's (or describe's) beforeAll to its afterAll. Read `echo` and `cookie` inside
 * tests. `env` may be a function, read when the app starts: for values known only then, such as a
 * fake server's address started by an earlier beforeAll (whose afterAll, registered first, runs
 * after the app has closed).
 */
export function setUpStudioOwner(
  email: string,
  env: Record<string, string> | (() => Record<string, string>) = {},
): StudioOwner {
  let echo: StudioTestApp | undefined;
  let cookie = '';
  beforeAll(async () => {
    echo = await startStudioApp(typeof env === 'function' ? env() : env);
    cookie = await sessionCookie(echo, email);
  });
  afterAll(() => echo?.close());
  const started = () => {
    if (!echo) throw new Error('the Studio app is started in beforeAll');
    return echo;
  };
  return {
    get echo() {
      return started();
    },
    get cookie() {
      return cookie;
    },
    call: (method, url, body) => callAs(started(), method, url, cookie, body),
  };
}

/**
 * A written note made to look recorded: each sentence `stepMs` after the one before (lasting 90% of
 * it); `rough`: a voice note PocketSphinx heard (a rough transcript). Answers the note as read back.
 */
export async function timedNote(
  echo: TestApp,
  cookie: string,
  note: { text: string; title?: string },
  { stepMs = 2000, rough = false }: { stepMs?: number; rough?: boolean } = {},
): Promise<NoteDetail> {
  const created = await callAs(echo, 'POST', '/api/studio/notes', cookie, note);
  if (created.statusCode !== 201) throw new Error(`note: ${created.statusCode} ${created.body}`);
  const { id } = created.json() as NoteDetail;
  if (rough)
    await echo.query(
      `update studio_notes set kind = 'voice', register = 'spoken', transcript_engine = 'pocketsphinx' where id = $1`,
      [id],
    );
  await echo.query(
    'update studio_note_sentences set start_ms = position * $2::int, end_ms = position * $2::int + $3::int where note_id = $1',
    [id, stepMs, Math.round(stepMs * 0.9)],
  );
  return (await callAs(echo, 'GET', `/api/studio/notes/${id}`, cookie)).json() as NoteDetail;
}

/** The phone width the Studio's browser tests check (and DESKTOP). */
export const PHONE_390 = { width: 390, height: 844 };

/** The set-up a Studio browser test file repeats: the app and Chromium, from beforeAll to afterAll. */
export function setUpStudioBrowser(): { readonly echo: TestApp; readonly browser: Browser } {
  let echo: TestApp | undefined;
  let browser: Browser | undefined;
  let closeBrowser: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    let launched: Awaited<ReturnType<typeof launchBrowser>>;
    [echo, launched] = await Promise.all([startTestApp(), launchBrowser()]);
    browser = launched.browser;
    closeBrowser = launched.close;
  });
  afterAll(async () => {
    await closeBrowser?.();
    await echo?.close();
  });
  return {
    get echo() {
      if (!echo) throw new Error('the app is started in beforeAll');
      return echo;
    },
    get browser() {
      if (!browser) throw new Error('the browser is launched in beforeAll');
      return browser;
    },
  };
}

/**
 * A page of a new browser context signed in as the cookie's owner, opened at `at` (`null`: at no
 * address yet, for a test that prepares more before it goes).
 */
export async function signedInPage(
  studio: { readonly echo: TestApp; readonly browser: Browser },
  cookie: string,
  at: string | null,
  viewport = DESKTOP,
): Promise<PageSession> {
  const session = await openPage(studio.browser, studio.echo.url, viewport);
  await session.context.addCookies(dashboardCookies(studio.echo, cookie));
  if (at !== null) await session.page.goto(at);
  return session;
}

/** A signed-in owner with a written note and drafts of it just started (not waited for). */
export interface StudioDraft {
  /** `echo_dashboard=<token>` (sessionCookie). */
  cookie: string;
  noteId: string;
  /** The first draft's id (one a format). */
  draftId: string;
  draftIds: string[];
}

/**
 * Signs the owner in (sessionCookie), writes a note (PRICING_TRANSCRIPT, "Pricing is a
 * conversation" unless told) and starts its drafts in the formats (offline engine unless told).
 */
export async function draftFor(
  echo: TestApp,
  email: string,
  formats: DraftFormat[],
  options: { title?: string; text?: string; engine?: 'extractive' | 'llm' | 'auto' } = {},
): Promise<StudioDraft> {
  const cookie = await sessionCookie(echo, email);
  const { title = 'Pricing is a conversation', text = PRICING_TRANSCRIPT, engine = 'extractive' } = options;
  const note = await callAs(echo, 'POST', '/api/studio/notes', cookie, { text, title });
  if (note.statusCode !== 201) throw new Error(`note: ${note.statusCode} ${note.body}`);
  const noteId = (note.json() as { id: string }).id;
  const res = await callAs(echo, 'POST', '/api/studio/drafts', cookie, {
    note_ids: [noteId],
    formats,
    engine,
  });
  if (res.statusCode !== 202) throw new Error(`drafts: ${res.statusCode} ${res.body}`);
  const draftIds = (res.json() as { drafts: { id: string }[] }).drafts.map((d) => d.id);
  return { cookie, noteId, draftId: draftIds[0]!, draftIds };
}

/** The draft once its status is one of `statuses` (polls with `eventually`). */
const draftOnce = (echo: TestApp, cookie: string, id: string, statuses: string[]): Promise<Draft> =>
  eventually(async () => {
    const draft = (await callAs(echo, 'GET', `/api/studio/drafts/${id}`, cookie)).json() as Draft;
    return statuses.includes(draft.status) && draft;
  });
/** The draft once it is ready. */
export const readyDraft = (echo: TestApp, cookie: string, id: string) =>
  draftOnce(echo, cookie, id, ['ready']);
/** The draft once it is written or has failed. */
export const settledDraft = (echo: TestApp, cookie: string, id: string) =>
  draftOnce(echo, cookie, id, ['ready', 'failed']);

/** A session cookie (sessionCookie) as a browser's cookie jar takes it (`context.addCookies`). */
export const dashboardCookies = (echo: TestApp, cookie: string) => [
  { name: 'echo_dashboard', value: cookie.slice('echo_dashboard='.length), url: `${echo.url}/api` },
];

/**
 * Real speech: espeak-ng reads the text into a WAV file (22.05 kHz mono), or flite (another voice,
 * 16 kHz: a second speaker's track of another sample rate).
 */
export async function speechWav(text: string, voice: 'espeak-ng' | 'flite' = 'espeak-ng'): Promise<Buffer> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'echo-espeak-'));
  try {
    const file = path.join(dir, 'speech.wav');
    if (voice === 'flite') await run('flite', ['-t', text, '-o', file]);
    else await run('espeak-ng', ['-w', file, text]);
    return await readFile(file);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Polls every `intervalMs` until the check returns a value (or throws after the timeout). */
export async function eventually<T>(
  check: () => Promise<T | undefined | null | false>,
  timeoutMs = 20_000,
  intervalMs = 100,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

/**
 * A note's media path once its object is there: a finished recording's chunks are joined into it
 * by its transcription or the studio.assemble job, after the finish request has answered.
 */
export const joinedMediaPath = (echo: Pick<TestApp, 'query'>, noteId: string): Promise<string> =>
  eventually(async () => {
    const [row] = await echo.query<{ media_path: string | null }>(
      'select media_path from studio_notes where id = $1 and join_recording_id is null',
      [noteId],
    );
    return row?.media_path;
  });

/** Whether no voice-profile rebuild is left to run (each change of notes queues one). */
export async function noProfileRebuildLeft(echo: Pick<TestApp, 'query'>): Promise<boolean> {
  const [jobs] = await echo.query<{ left: number }>(
    "select count(*)::int as left from pgboss.job where name = 'studio.profile' and state in ('created', 'retry', 'active')",
  );
  return jobs?.left === 0;
}

/** tus Upload-Metadata: comma-separated `key base64(value)` pairs. */
export const tusMetadata = (values: Record<string, string>) =>
  Object.entries(values)
    .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
    .join(',');

/** A whole file uploaded over tus in one PATCH, as a browser sends it: the PATCH's answer. */
export async function tusUpload(
  echo: TestApp,
  cookie: string,
  file: Buffer,
  metadata: Record<string, string>,
): Promise<Response> {
  const created = await fetch(`${echo.url}/api/studio/uploads`, {
    method: 'POST',
    headers: {
      cookie,
      'tus-resumable': '1.0.0',
      'upload-length': String(file.length),
      'upload-metadata': tusMetadata(metadata),
    },
  });
  if (created.status !== 201) return created;
  return fetch(new URL(created.headers.get('location')!, echo.url), {
    method: 'PATCH',
    headers: {
      cookie,
      'tus-resumable': '1.0.0',
      'upload-offset': '0',
      'content-type': 'application/offset+octet-stream',
    },
    body: new Uint8Array(file),
  });
}

/**
 * A video note of `seconds` (a plain colour with the text spoken by espeak-ng), uploaded over tus as
 * a browser sends it; answers the note's id (transcribed by whatever STT_BASE_URL the app has).
 * `picture: false`: the same speech as an audio file (a voice note).
 */
export async function uploadVideoNote(
  echo: TestApp,
  cookie: string,
  text: string,
  seconds = 80,
  { picture = true }: { picture?: boolean } = {},
) {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'echo-video-note-'));
  try {
    const wav = path.join(dir, 'speech.wav');
    await writeFile(wav, await speechWav(text));
    const mp4 = path.join(dir, picture ? 'video.mp4' : 'voice.m4a');
    await runFfmpeg(ffmpegBinary(echo.ctx.config), [
      '-y',
      ...(picture ? ['-f', 'lavfi', '-i', 'color=c=navy:s=180x320:r=5'] : []),
      '-i',
      wav,
      '-t',
      String(seconds),
      ...(picture ? ['-c:v', 'libx264', '-preset', 'ultrafast'] : []),
      '-c:a',
      'aac',
      '-b:a',
      '32k',
      mp4,
    ]);
    const file = await readFile(mp4);
    const patched = await tusUpload(
      echo,
      cookie,
      file,
      picture
        ? { filename: 'pricing.mp4', filetype: 'video/mp4' }
        : { filename: 'pricing.m4a', filetype: 'audio/mp4' },
    );
    if (patched.status !== 204) throw new Error(`the upload answered ${patched.status}`);
    return patched.headers.get('echo-note-id')!;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
