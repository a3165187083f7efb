import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { FakeS3 } from '#tests/support/fake-s3.ts';
import {
  eventually,
  type StudioTestApp,
  sessionCookie,
  speechWav,
  startStudioApp,
  WITHOUT_POCKETSPHINX,
} from '#tests/support/studio.ts';
import { STORAGE_REFUSED_MESSAGE, STORAGE_UNAVAILABLE_MESSAGE } from '../media-store.ts';

/**
 * A store that refuses an operation (as an S3-compatible store without it answers: 501) or does not
 * answer at all: every Studio route answers JSON with a code naming "the media store" and nothing
 * of the store's address or words, and no note is left 'uploading'.
 */
let s3: FakeS3;
let echo: StudioTestApp;
let cookie: string;
beforeAll(async () => {
  s3 = await new FakeS3().start();
  echo = await startStudioApp({ ...WITHOUT_POCKETSPHINX, ...s3.env });
  cookie = await sessionCookie(echo, 'refusals@example.com');
});
afterEach(async () => {
  s3.notImplemented.clear();
  s3.refuse = null;
  if (!s3.running) await s3.start();
});
afterAll(async () => {
  await echo?.close();
  await s3?.stop();
});

const tusCreate = (length = 5000) =>
  echo.app!.inject({
    method: 'POST',
    url: '/api/studio/uploads',
    headers: { cookie, 'tus-resumable': '1.0.0', 'upload-length': String(length) },
  });
const tusPatch = (location: string, offset: number, bytes: Buffer) =>
  echo.app!.inject({
    method: 'PATCH',
    url: location,
    headers: {
      cookie,
      'tus-resumable': '1.0.0',
      'upload-offset': String(offset),
      'content-type': 'application/offset+octet-stream',
    },
    payload: bytes,
  });
const uploading = async () =>
  (
    await echo.query<{ n: number }>(
      "select count(*)::int as n from studio_notes where owner_email = $1 and status = 'uploading'",
      ['refusals@example.com'],
    )
  )[0]!.n;

/** A JSON error with the code, naming the media store, saying nothing of where it is or what it said. */
function expectStoreAnswer(
  res: { statusCode: number; headers: Record<string, unknown>; body: string },
  code: 'storage_unavailable' | 'storage_refused',
) {
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  expect(JSON.parse(res.body)).toEqual({
    code,
    message: code === 'storage_unavailable' ? STORAGE_UNAVAILABLE_MESSAGE : STORAGE_REFUSED_MESSAGE,
  });
  expect(res.statusCode).toBe(code === 'storage_unavailable' ? 503 : 502);
  if (code === 'storage_unavailable') expect(res.headers['retry-after']).toBeDefined();
  expect(res.body).not.toContain('127.0.0.1');
  expect(res.body).not.toContain(String(s3.port));
}

describe('a store that refuses or does not answer', () => {
  it('a tus creation while the store has just gone away: 503 JSON, no note left uploading', async () => {
    // The store answered a moment ago (so the route's own check still trusts it), then goes away.
    expect((await tusCreate()).statusCode).toBe(201);
    const before = await uploading();
    await s3.stop();
    const res = await tusCreate();
    expectStoreAnswer(res, 'storage_unavailable');
    expect(await uploading()).toBe(before);
    // Back: the client's retry creates the upload.
    await s3.start();
    await eventually(async () => (await tusCreate()).statusCode === 201);
  });

  it('a store without ListParts: creation and PATCH answer 502 JSON, nothing stays uploading', async () => {
    s3.notImplemented.add('ListParts');
    const before = await uploading();
    const res = await tusCreate();
    expectStoreAnswer(res, 'storage_refused');
    expect(await uploading()).toBe(before);

    // An upload created before the store lost ListParts: its PATCH is refused and it goes.
    s3.notImplemented.clear();
    const created = await tusCreate(5000);
    expect(created.statusCode).toBe(201);
    s3.notImplemented.add('ListParts');
    const patched = await tusPatch(String(created.headers.location), 0, Buffer.alloc(100));
    expectStoreAnswer(patched, 'storage_refused');
    expect(await uploading()).toBe(before);
  });

  it('a store refusing uploads of parts: the PATCH answers 502 JSON and the upload goes', async () => {
    const created = await tusCreate(5000);
    expect(created.statusCode).toBe(201);
    s3.notImplemented.add('UploadPart');
    s3.notImplemented.add('PutObject');
    const before = await uploading();
    const patched = await tusPatch(String(created.headers.location), 0, Buffer.alloc(5000));
    expectStoreAnswer(patched, 'storage_refused');
    expect(await uploading()).toBe(before - 1);
  });

  it('a recording chunk while the store does not answer: 503 JSON; a discard still goes', async () => {
    const started = await echo.app!.inject({
      method: 'POST',
      url: '/api/studio/recordings',
      headers: { cookie, 'content-type': 'application/json' },
      payload: JSON.stringify({ mime_type: 'audio/wav' }),
    });
    expect(started.statusCode).toBe(201);
    const wav = await speechWav('A short one.');
    await s3.stop();
    const chunk = await echo.app!.inject({
      method: 'PUT',
      url: `/api/studio/recordings/${started.json().id}/chunks/0`,
      headers: { cookie, 'content-type': 'application/octet-stream' },
      payload: wav,
    });
    expectStoreAnswer(chunk, 'storage_unavailable');
    // Discarding needs no store: the recording goes now, its chunks once the store answers.
    const discarded = await echo.app!.inject({
      method: 'DELETE',
      url: `/api/studio/recordings/${started.json().id}`,
      headers: { cookie },
    });
    expect(discarded.statusCode).toBe(204);
  });

  it('a recording discarded on a store without ListMultipartUploads nor DeleteObjects: its chunks go', async () => {
    // The store was away in the test before: asked again after a short pause.
    const id = await eventually(async () => {
      const started = await echo.app!.inject({
        method: 'POST',
        url: '/api/studio/recordings',
        headers: { cookie, 'content-type': 'application/json' },
        payload: JSON.stringify({ mime_type: 'audio/wav' }),
      });
      return started.statusCode === 201 ? (started.json().id as string) : null;
    });
    const wav = await speechWav('Two chunks of a recording nobody keeps.');
    for (const n of [0, 1]) {
      const half = wav.subarray(n * (wav.length >> 1), (n + 1) * (wav.length >> 1));
      const put = await echo.app!.inject({
        method: 'PUT',
        url: `/api/studio/recordings/${id}/chunks/${n}`,
        headers: { cookie, 'content-type': 'application/octet-stream' },
        payload: half,
      });
      expect(put.statusCode, put.body).toBe(200);
    }
    expect(await echo.storedKeys(`studio/recordings/${id}/`)).toHaveLength(2);
    s3.notImplemented.add('ListMultipartUploads');
    s3.notImplemented.add('DeleteObjects');
    const discarded = await echo.app!.inject({
      method: 'DELETE',
      url: `/api/studio/recordings/${id}`,
      headers: { cookie },
    });
    expect(discarded.statusCode).toBe(204);
    await eventually(async () => (await echo.storedKeys(`studio/recordings/${id}/`)).length === 0);
  });
});
