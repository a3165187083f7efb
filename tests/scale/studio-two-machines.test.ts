import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../src/server/db/embedded.ts';
import { resolveFfmpeg } from '../../src/server/providers/media/ffmpeg.ts';
import { createTestDatabase, type TestDatabase } from '../support/database.ts';
import { type EchoProcess, postJson, spawnEcho } from '../support/echo-process.ts';
import { FakeOpenAi } from '../support/fake-openai.ts';
import { FakeS3 } from '../support/fake-s3.ts';
import { codeIn, SmtpSink } from '../support/smtp-sink.ts';
import { eventually, speechWav } from '../support/studio.ts';

/**
 * Two machines, one product: two web processes (ROLE=web) with their own DATA_DIR stand
 * for two machines behind a load balancer, one worker (ROLE=worker) has a third; they share one
 * PostgreSQL and one S3-compatible bucket on loopback (tests/support/fake-s3.ts). A tus upload begun
 * on one web process resumes on the other, a recording's chunks alternate between them, the worker
 * transcribes both notes (fake speech-to-text), either web process serves their media by range and
 * cuts a clip of it, and
 * 'Delete my data' leaves no object of the owner in the bucket. No Studio file is ever written to
 * a machine's own disk.
 */
const run = promisify(execFile);
const ADMIN_PASSWORD = 'two-machines-admin-pass';
const MiB = 1024 * 1024;

let database: TestDatabase;
let smtp: SmtpSink;
let s3: FakeS3;
let stt: FakeOpenAi;
let root: string;
const dataDirs: Record<'a' | 'b' | 'worker', string> = { a: '', b: '', worker: '' };
const processes: EchoProcess[] = [];
let webA: EchoProcess;
let webB: EchoProcess;
let worker: EchoProcess;
/** Real speech padded with silence past one S3 part (8 MiB), so the upload has whole parts. */
let longWav: Buffer;
let shortWav: Buffer;

beforeAll(async () => {
  database = await createTestDatabase();
  smtp = await new SmtpSink().start();
  s3 = await new FakeS3().start();
  stt = await new FakeOpenAi().start();
  // 50 sentences at 1.5 s each: enough for clip hooks, within the 220 s of the long upload.
  stt.transcriptionText = await readFile(
    path.join(import.meta.dirname, '../fixtures/pricing-voice-note.txt'),
    'utf8',
  );
  stt.secondsPerSegment = 1.5;
  root = await mkdtemp(path.join(os.tmpdir(), 'echo-two-machines-'));
  shortWav = await speechWav('Pricing is a message. We raised our prices and nobody left.');
  await run('espeak-ng', ['-w', path.join(root, 'speech.wav'), 'Two machines, one product.']);
  // 22.05 kHz mono 16-bit: 220 s is about 9.3 MiB.
  // The ffmpeg Echo itself runs (PATH, else the npm package's): a bare machine has no `ffmpeg` on PATH.
  await run(resolveFfmpeg(process.env.FFMPEG_PATH).path, [
    '-loglevel',
    'error',
    '-i',
    path.join(root, 'speech.wav'),
    // Padded with silence to 220 s (`apad` then `-t`: the npm package's 2018 build has no `whole_dur`).
    '-af',
    'apad',
    '-t',
    '220',
    path.join(root, 'long.wav'),
  ]);
  longWav = await readFile(path.join(root, 'long.wav'));
  for (const name of ['a', 'b', 'worker'] as const)
    dataDirs[name] = await mkdtemp(path.join(root, `machine-${name}-`));
  const shared = {
    DATABASE_URL: database.url,
    SMTP_URL: smtp.url,
    ADMIN_PASSWORD,
    LOG_LEVEL: 'warn',
    DB_POOL_SIZE: '4',
    STT_BASE_URL: stt.baseUrl,
    STT_MODEL: 'whisper-test',
    ...s3.env,
  };
  const machine = (name: 'a' | 'b' | 'worker') => ({
    DATA_DIR: dataDirs[name],
    STORAGE_TEMP_DIR: path.join(dataDirs[name], 'tmp'),
  });
  const [a, b, w] = await Promise.all([
    freePort().then((port) => spawnEcho({ ...shared, ...machine('a'), ROLE: 'web' }, port)),
    freePort().then((port) => spawnEcho({ ...shared, ...machine('b'), ROLE: 'web' }, port)),
    // The worker logs its start at info level: that is how spawnEcho knows it is ready.
    spawnEcho({ ...shared, ...machine('worker'), ROLE: 'worker', LOG_LEVEL: 'info' }),
  ]);
  webA = a;
  webB = b;
  worker = w;
  processes.push(a, b, w);
}, 180_000);

afterAll(async () => {
  for (const p of processes) await p.stop();
  await smtp?.stop();
  await s3?.stop();
  await stt?.stop();
  await database?.drop();
  if (root) await rm(root, { recursive: true, force: true });
});

/** A dashboard session, signed in on web A with an e-mailed code (valid on both). */
async function signIn(email: string): Promise<string> {
  expect((await postJson(`${webA.url}/api/content-results/request-access`, { email })).status).toBe(200);
  const mails = await smtp.waitFor(
    (all) => all.some((m) => m.to.includes(email) && /dashboard code/.test(m.subject)),
    30_000,
  );
  const code = codeIn(mails.find((m) => m.to.includes(email) && /dashboard code/.test(m.subject))!);
  const verified = await postJson(`${webA.url}/api/content-results/verify-access`, { email, code });
  expect(verified.status).toBe(200);
  return String(verified.headers.get('set-cookie')).split(';')[0]!;
}

const tus = (cookie: string, headers: Record<string, string> = {}) => ({
  cookie,
  'tus-resumable': '1.0.0',
  ...headers,
});

async function patch(web: EchoProcess, cookie: string, location: string, offset: number, body: Buffer) {
  return fetch(`${web.url}${location}`, {
    method: 'PATCH',
    headers: tus(cookie, {
      'upload-offset': String(offset),
      'content-type': 'application/offset+octet-stream',
    }),
    body: new Uint8Array(body),
  });
}

async function offsetOn(web: EchoProcess, cookie: string, location: string): Promise<number> {
  const head = await fetch(`${web.url}${location}`, { method: 'HEAD', headers: tus(cookie) });
  expect(head.status).toBe(200);
  return Number(head.headers.get('upload-offset'));
}

async function readyNote(web: EchoProcess, cookie: string, id: string) {
  return eventually(async () => {
    const note = (await (
      await fetch(`${web.url}/api/studio/notes/${id}`, { headers: { cookie } })
    ).json()) as { status: string; text: string; media_url: string | null };
    if (note.status === 'failed') throw new Error(`transcription failed:\n${worker.output()}`);
    return note.status === 'ready' ? note : null;
  }, 60_000);
}

/** Every file under a folder, relative (the machines' own disks must hold no Studio file). */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => path.relative(dir, path.join(e.parentPath, e.name)));
}

describe('two web machines and a worker on one PostgreSQL and one bucket', () => {
  const email = 'two-machines@example.com';
  let cookie: string;
  const notes: string[] = [];

  it('resumes a tus upload begun on web A on web B, and back; the worker transcribes it; both serve it by range and cut a clip of it', async () => {
    cookie = await signIn(email);
    const created = await fetch(`${webA.url}/api/studio/uploads`, {
      method: 'POST',
      headers: tus(cookie, {
        'upload-length': String(longWav.length),
        'upload-metadata': `filename ${Buffer.from('long.wav').toString('base64')},filetype ${Buffer.from('audio/wav').toString('base64')}`,
      }),
    });
    expect(created.status).toBe(201);
    const location = created.headers.get('location')!;

    // A: the first 3 MiB (less than a part: kept as the tus store's incomplete part in the bucket).
    const first = await patch(webA, cookie, location, 0, longWav.subarray(0, 3 * MiB));
    expect(first.status).toBe(204);
    // B knows where A stopped and takes the next 6 MiB (a whole 8 MiB part, then 1 MiB more).
    expect(await offsetOn(webB, cookie, location)).toBe(3 * MiB);
    const second = await patch(webB, cookie, location, 3 * MiB, longWav.subarray(3 * MiB, 9 * MiB));
    expect(second.status).toBe(204);
    expect(Number(second.headers.get('upload-offset'))).toBe(9 * MiB);
    // A again for the rest.
    expect(await offsetOn(webA, cookie, location)).toBe(9 * MiB);
    const last = await patch(webA, cookie, location, 9 * MiB, longWav.subarray(9 * MiB));
    expect(last.status).toBe(204);
    const noteId = last.headers.get('echo-note-id')!;
    expect(noteId).toMatch(/^[0-9a-f-]{36}$/);
    notes.push(noteId);

    const note = await readyNote(webB, cookie, noteId);
    expect(note.text.slice(0, 60)).toBe(stt.transcriptionText.slice(0, 60));
    expect(stt.transcriptions.length).toBeGreaterThan(0);
    for (const web of [webA, webB]) {
      const ranged = await fetch(`${web.url}${note.media_url}`, {
        headers: { cookie, range: 'bytes=8388000-8389000' },
      });
      expect(ranged.status).toBe(206);
      expect(ranged.headers.get('content-range')).toBe(`bytes 8388000-8389000/${longWav.length}`);
      expect(Buffer.from(await ranged.arrayBuffer())).toEqual(longWav.subarray(8388000, 8389001));
    }
    const whole = await fetch(`${webB.url}${note.media_url}`, { headers: { cookie } });
    expect(Buffer.from(await whole.arrayBuffer())).toEqual(longWav);

    // A clip of it, cut by either web process from its own bounded copy of the bucket's object.
    const asked = await postJson(
      `${webA.url}/api/studio/drafts`,
      { note_ids: [noteId], formats: ['clips'] },
      { cookie },
    );
    expect(asked.status, await asked.clone().text()).toBe(202);
    const draftId = ((await asked.json()) as { drafts: Array<{ id: string }> }).drafts[0]!.id;
    await eventually(async () => {
      const draft = (await (
        await fetch(`${webB.url}/api/studio/drafts/${draftId}`, { headers: { cookie } })
      ).json()) as { status: string };
      if (draft.status === 'failed') throw new Error('the clips draft failed');
      return draft.status === 'ready';
    }, 60_000);
    for (const web of [webA, webB]) {
      const clip = await fetch(`${web.url}/api/studio/drafts/${draftId}/clips/1`, { headers: { cookie } });
      expect(clip.status, await clip.clone().text()).toBe(200);
      expect(clip.headers.get('content-type')).toBe('audio/mp4');
      const bytes = Buffer.from(await clip.arrayBuffer());
      expect(bytes.subarray(4, 8).toString('latin1')).toBe('ftyp');
    }
    // The copies and cuts are gone once sent.
    for (const name of ['a', 'b'] as const)
      await eventually(
        async () => (await readdir(path.join(dataDirs[name], 'tmp')).catch(() => [])).length === 0,
      );
  }, 150_000);

  it("takes a recording's chunks alternately on A and B, finishes it on B, and serves it from A", async () => {
    const started = await postJson(
      `${webA.url}/api/studio/recordings`,
      { mime_type: 'audio/wav' },
      { cookie },
    );
    expect(started.status).toBe(201);
    const { id } = (await started.json()) as { id: string };
    const size = Math.ceil(shortWav.length / 4);
    for (let n = 0; n < 4; n++) {
      const web = n % 2 ? webB : webA;
      const put = await fetch(`${web.url}/api/studio/recordings/${id}/chunks/${n}`, {
        method: 'PUT',
        headers: { cookie, 'content-type': 'application/octet-stream' },
        body: new Uint8Array(shortWav.subarray(n * size, (n + 1) * size)),
      });
      expect(put.status, await put.clone().text()).toBe(200);
    }
    // B sees every chunk A took.
    const seen = (await (
      await fetch(`${webB.url}/api/studio/recordings/${id}`, { headers: { cookie } })
    ).json()) as {
      chunks: number[];
      bytes: number;
    };
    expect(seen).toMatchObject({ chunks: [0, 1, 2, 3], bytes: shortWav.length });
    const finished = await postJson(
      `${webB.url}/api/studio/recordings/${id}/finish`,
      { chunk_count: 4 },
      { cookie },
    );
    expect(finished.status).toBe(201);
    const noteId = ((await finished.json()) as { id: string }).id;
    notes.push(noteId);
    const note = await readyNote(webA, cookie, noteId);
    const ranged = await fetch(`${webA.url}${note.media_url}`, { headers: { cookie, range: 'bytes=0-99' } });
    expect(ranged.status).toBe(206);
    expect(Buffer.from(await ranged.arrayBuffer())).toEqual(shortWav.subarray(0, 100));
    // The chunks went once the note was made.
    expect([...s3.objects.keys()].filter((k) => k.startsWith(`studio/recordings/${id}/`))).toEqual([]);
  }, 90_000);

  it("'Delete my data' on B leaves no object of the owner in the bucket, unfinished ones included", async () => {
    // An upload left half-way (a whole part stored: an unfinished multipart upload in the bucket)...
    const created = await fetch(`${webB.url}/api/studio/uploads`, {
      method: 'POST',
      headers: tus(cookie, { 'upload-length': String(longWav.length) }),
    });
    const location = created.headers.get('location')!;
    expect((await patch(webB, cookie, location, 0, longWav.subarray(0, 9 * MiB))).status).toBe(204);
    // One PATCH at a time across machines: while A receives one (its body held open), B refuses another.
    const held = new AbortController();
    let sendMore!: ReadableStreamDefaultController<Uint8Array>;
    const slow = fetch(`${webA.url}${location}`, {
      method: 'PATCH',
      headers: tus(cookie, {
        'upload-offset': String(9 * MiB),
        'content-type': 'application/offset+octet-stream',
      }),
      body: new ReadableStream<Uint8Array>({
        start(controller) {
          sendMore = controller;
          controller.enqueue(new Uint8Array(1024));
        },
      }),
      duplex: 'half',
      signal: held.signal,
    } as RequestInit).catch(() => null);
    const uploadId = location.split('/').pop()!;
    await eventually(async () => {
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      try {
        const rows = await client.query('select 1 from rate_limits where key = $1 and reset_at > now()', [
          `studio-upload-patch:${uploadId}`,
        ]);
        return rows.rows.length > 0;
      } finally {
        await client.end();
      }
    });
    const refused = await patch(webB, cookie, location, 9 * MiB, longWav.subarray(9 * MiB));
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { message: string }).message).toMatch(/already receiving data/);
    held.abort();
    sendMore.error(new Error('the client went away'));
    await slow;
    // ...and a recording with one chunk sent.
    const started = await postJson(
      `${webA.url}/api/studio/recordings`,
      { mime_type: 'audio/wav' },
      { cookie },
    );
    const { id } = (await started.json()) as { id: string };
    expect(
      (
        await fetch(`${webA.url}/api/studio/recordings/${id}/chunks/0`, {
          method: 'PUT',
          headers: { cookie, 'content-type': 'application/octet-stream' },
          body: new Uint8Array(shortWav),
        })
      ).status,
    ).toBe(200);
    expect(s3.uploads.size).toBeGreaterThan(0);
    expect(s3.objects.size).toBeGreaterThan(0);

    const before = smtp.to(email).length;
    expect((await postJson(`${webB.url}/api/privacy/delete-data/request-code`, {}, { cookie })).status).toBe(
      200,
    );
    await smtp.waitFor(() => smtp.to(email).length > before, 30_000);
    const code = codeIn(smtp.to(email).at(-1)!);
    const deleted = await postJson(`${webB.url}/api/privacy/delete-data`, { code }, { cookie });
    expect(deleted.status).toBe(200);

    // This owner was the bucket's only user: nothing is left, not even invisible parts.
    expect([...s3.objects.keys()]).toEqual([]);
    expect(s3.uploads.size).toBe(0);
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      const left = await client.query('select id from studio_notes where id = any($1::uuid[])', [notes]);
      expect(left.rows).toEqual([]);
    } finally {
      await client.end();
    }
    // No Studio file ever landed on a machine's own disk.
    for (const dir of Object.values(dataDirs)) {
      const files = (await filesUnder(dir)).filter((f) => /^(uploads|studio)\//.test(f));
      expect(files).toEqual([]);
    }
  }, 90_000);
});
