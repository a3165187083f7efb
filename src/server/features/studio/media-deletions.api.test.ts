import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MEDIA_PENDING_MESSAGE } from '#contract/privacy.ts';
import { FakeS3 } from '#tests/support/fake-s3.ts';
import { codeIn } from '#tests/support/smtp-sink.ts';
import {
  callAs,
  eventually,
  type StudioTestApp,
  sessionCookie,
  speechWav,
  startStudioApp,
  tusMetadata,
  WITHOUT_POCKETSPHINX,
} from '#tests/support/studio.ts';

/**
 * Deletion that cannot half-delete: the rows go in the transaction, the objects after commit through
 * the deletion outbox, retried until the store answers. 'Delete my data' with the store failing
 * half-way answers at once with the rows gone; the objects go once the store is back.
 */
let s3: FakeS3;
let echo: StudioTestApp;
afterEach(() => {
  s3.refuse = null;
});
beforeAll(async () => {
  s3 = await new FakeS3().start();
  echo = await startStudioApp({ ...WITHOUT_POCKETSPHINX, ...s3.env, JOB_RETRY_DELAY_SECONDS: '1' });
});
afterAll(async () => {
  await echo?.close();
  await s3?.stop();
});

const call = (cookie: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) =>
  callAs(echo, method, url, cookie, body);
const putChunk = (cookie: string, id: string, n: number, bytes: Buffer) =>
  call(cookie, 'PUT', `/api/studio/recordings/${id}/chunks/${n}`, bytes);
const rowsOf = async (email: string) =>
  (
    await echo.query<{ n: number }>(
      `select ((select count(*) from studio_notes where owner_email = $1)
            + (select count(*) from studio_recordings where owner_email = $1))::int as n`,
      [email],
    )
  )[0]!.n;
const storedOf = async (keys: string[]) =>
  (await Promise.all(keys.map((key) => echo.storedKeys(key)))).flat();

/** A finished recording (its chunks are its media until joined), an unfinished one, an unfinished upload. */
async function mediaOf(email: string): Promise<{ cookie: string; prefixes: string[] }> {
  const cookie = await sessionCookie(echo, email);
  const wav = await speechWav('Words I will ask Echo to forget.');
  const half = wav.length >> 1;
  const finished = (await call(cookie, 'POST', '/api/studio/recordings', { mime_type: 'audio/wav' })).json();
  expect((await putChunk(cookie, finished.id, 0, wav.subarray(0, half))).statusCode).toBe(200);
  expect((await putChunk(cookie, finished.id, 1, wav.subarray(half))).statusCode).toBe(200);
  const note = await call(cookie, 'POST', `/api/studio/recordings/${finished.id}/finish`, { chunk_count: 2 });
  expect(note.statusCode).toBe(201);
  const open = (await call(cookie, 'POST', '/api/studio/recordings', { mime_type: 'audio/wav' })).json();
  expect((await putChunk(cookie, open.id, 0, wav.subarray(0, half))).statusCode).toBe(200);
  const upload = await echo.app!.inject({
    method: 'POST',
    url: '/api/studio/uploads',
    headers: {
      cookie,
      'tus-resumable': '1.0.0',
      'upload-length': String(wav.length),
      'upload-metadata': tusMetadata({ filename: 'a.wav', filetype: 'audio/wav' }),
    },
  });
  expect(upload.statusCode).toBe(201);
  const uploadId = String(upload.headers.location).split('/').at(-1)!;
  const patched = await echo.app!.inject({
    method: 'PATCH',
    url: String(upload.headers.location),
    headers: {
      cookie,
      'tus-resumable': '1.0.0',
      'upload-offset': '0',
      'content-type': 'application/offset+octet-stream',
    },
    payload: wav.subarray(0, half),
  });
  expect(patched.statusCode).toBe(204);
  // The join may already have made the note's media object: it goes too.
  return {
    cookie,
    prefixes: [
      'studio/media/',
      `studio/recordings/${finished.id}/`,
      `studio/recordings/${open.id}/`,
      `uploads/${uploadId}`,
    ],
  };
}

describe('deleting media when the store fails half-way', () => {
  it("'Delete my data': the rows go at once, the objects once the store is back", async () => {
    const email = 'half-way@example.com';
    const { cookie, prefixes } = await mediaOf(email);
    expect((await storedOf(prefixes)).length).toBeGreaterThanOrEqual(4);
    const before = echo.smtp.to(email).length;
    expect((await call(cookie, 'POST', '/api/privacy/delete-data/request-code')).statusCode).toBe(200);
    await echo.smtp.waitFor(() => echo.smtp.to(email).length > before);
    const code = codeIn(echo.smtp.to(email).at(-1)!);

    // The store deletes one object, then drops every other deletion.
    let deletes = 0;
    s3.refuse = (method, _key, q) =>
      (method === 'DELETE' || (method === 'POST' && q.has('delete'))) && ++deletes > 1;
    const res = await call(cookie, 'POST', '/api/privacy/delete-data', { code });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(MEDIA_PENDING_MESSAGE);
    expect(res.json().deleted.media_pending).toBeGreaterThan(0);
    expect(deletes).toBeGreaterThan(1);
    // The rows are gone at once: no note is left whose media answers 404.
    expect(await rowsOf(email)).toBe(0);
    expect((await storedOf(prefixes)).length).toBeGreaterThan(0);
    expect(
      (await echo.query<{ n: number }>('select count(*)::int as n from studio_media_deletions'))[0]!.n,
    ).toBeGreaterThan(0);

    // Back: the job's retry removes the rest, and the outbox empties.
    s3.refuse = null;
    await eventually(async () => (await storedOf(prefixes)).length === 0, 60_000);
    await eventually(
      async () =>
        (await echo.query<{ n: number }>('select count(*)::int as n from studio_media_deletions'))[0]!.n ===
        0,
    );
    expect(s3.uploads.size).toBe(0);
  }, 120_000);

  it('a note deleted while the store does not answer: gone at once, its media once the store is back', async () => {
    const email = 'one-note@example.com';
    const cookie = await sessionCookie(echo, email);
    const wav = await speechWav('A note I delete while the store is away.');
    const recording = (
      await call(cookie, 'POST', '/api/studio/recordings', { mime_type: 'audio/wav' })
    ).json();
    expect((await putChunk(cookie, recording.id, 0, wav)).statusCode).toBe(200);
    const note = (
      await call(cookie, 'POST', `/api/studio/recordings/${recording.id}/finish`, { chunk_count: 1 })
    ).json();
    await s3.stop();
    expect((await call(cookie, 'DELETE', `/api/studio/notes/${note.id}`)).statusCode).toBe(204);
    expect((await call(cookie, 'GET', `/api/studio/notes/${note.id}`)).statusCode).toBe(404);
    await s3.start();
    await eventually(
      async () =>
        (await storedOf([`studio/recordings/${recording.id}/`, `studio/media/${note.id}`])).length === 0,
      60_000,
    );
  }, 120_000);
});
