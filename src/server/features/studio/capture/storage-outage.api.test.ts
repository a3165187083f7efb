import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeS3 } from '#tests/support/fake-s3.ts';
import {
  eventually,
  joinedMediaPath,
  type StudioTestApp,
  sessionCookie,
  speechWav,
  startStudioApp,
  WITHOUT_POCKETSPHINX,
} from '#tests/support/studio.ts';
import { S3_PART_BYTES } from '../../../providers/storage/s3.ts';
import { STORAGE_UNAVAILABLE_MESSAGE } from '../media-store.ts';

/**
 * A bucket that does not answer at start (the server starts and its
 * checklist says so), Studio capture answers 503 with a clear JSON message, and nothing already sent
 * is lost: once the bucket is back, the chunk refused meanwhile is sent again and the recording
 * finishes whole.
 */
let s3: FakeS3;
let echo: StudioTestApp;
let cookie: string;
beforeAll(async () => {
  s3 = await new FakeS3().start();
  await s3.stop();
  echo = await startStudioApp({ ...WITHOUT_POCKETSPHINX, ...s3.env });
  cookie = await sessionCookie(echo, 'outage@example.com');
});
afterAll(async () => {
  await echo?.close();
  await s3?.stop();
});

const call = (method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown, headers = {}) =>
  echo.app!.inject({
    method,
    url,
    headers: {
      cookie,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });
const putChunk = (id: string, n: number, bytes: Buffer) =>
  echo.app!.inject({
    method: 'PUT',
    url: `/api/studio/recordings/${id}/chunks/${n}`,
    headers: { cookie, 'content-type': 'application/octet-stream' },
    payload: bytes,
  });
const tusCreate = () =>
  echo.app!.inject({
    method: 'POST',
    url: '/api/studio/uploads',
    headers: { cookie, 'tus-resumable': '1.0.0', 'upload-length': '1000' },
  });

describe('Studio capture while the bucket does not answer', () => {
  it('starts, answers 503 with a clear message, and loses nothing once the bucket is back', async () => {
    // Started without its bucket: the server answers, the checklist says so.
    await echo.systemReady;
    const login = await echo.app!.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { password: 'correct horse battery staple' },
    });
    const health = (
      await echo.app!.inject({
        method: 'GET',
        url: '/api/health',
        headers: { authorization: `Bearer ${login.json().token}` },
      })
    ).json();
    expect(health.storage).toMatchObject({ kind: 's3', reachable: false });

    for (const answer of [
      await tusCreate(),
      await call('POST', '/api/studio/recordings', { mime_type: 'audio/wav' }),
    ]) {
      expect(answer.statusCode).toBe(503);
      expect(answer.json()).toEqual({ code: 'storage_unavailable', message: STORAGE_UNAVAILABLE_MESSAGE });
      expect(answer.headers['retry-after']).toBeDefined();
    }
    // Writing text needs no bucket.
    expect((await call('POST', '/api/studio/notes', { text: 'Still here.' })).statusCode).toBe(201);

    // The bucket comes back: capture works again (the store is asked again after a short pause).
    await s3.start();
    const recording = await eventually(async () => {
      const res = await call('POST', '/api/studio/recordings', { mime_type: 'audio/wav' });
      return res.statusCode === 201 ? (res.json() as { id: string }) : null;
    });
    const wav = await speechWav('Nothing I sent was lost while the storage was away.');
    const third = Math.ceil(wav.length / 3);
    const chunks = [0, 1, 2].map((i) => wav.subarray(i * third, (i + 1) * third));
    expect((await putChunk(recording.id, 0, chunks[0]!)).statusCode).toBe(200);

    // The bucket goes away mid-recording: the next chunk is refused with the same clear 503...
    await s3.stop();
    const refused = await putChunk(recording.id, 1, chunks[1]!);
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toEqual({ code: 'storage_unavailable', message: STORAGE_UNAVAILABLE_MESSAGE });
    // ...and what was stored before is still counted.
    expect((await call('GET', `/api/studio/recordings/${recording.id}`)).json()).toMatchObject({
      chunks: [0],
      bytes: chunks[0]!.length,
    });

    // Back again: the recorder resends the refused chunk, and the recording finishes whole.
    await s3.start();
    await eventually(async () => (await putChunk(recording.id, 1, chunks[1]!)).statusCode === 200);
    expect((await putChunk(recording.id, 2, chunks[2]!)).statusCode).toBe(200);
    const finished = await call('POST', `/api/studio/recordings/${recording.id}/finish`, { chunk_count: 3 });
    expect(finished.statusCode).toBe(201);
    const mediaPath = await joinedMediaPath(echo, finished.json().id);
    expect(await echo.readStored(mediaPath)).toEqual(wav);
  }, 90_000);

  it('keeps an upload resumable when the bucket goes away in the middle of a PATCH', async () => {
    // A WAV file a little over one part (8 MiB): header, then noise.
    const body = randomBytes(S3_PART_BYTES + 2 * 1024 * 1024);
    body.write('RIFF', 0, 'latin1');
    body.writeUInt32LE(body.length - 8, 4);
    body.write('WAVEfmt ', 8, 'latin1');
    body.writeUInt32LE(16, 16);
    body.writeUInt16LE(1, 20);
    body.writeUInt16LE(1, 22);
    body.writeUInt32LE(22_050, 24);
    body.writeUInt32LE(44_100, 28);
    body.writeUInt16LE(2, 32);
    body.writeUInt16LE(16, 34);
    body.write('data', 36, 'latin1');
    body.writeUInt32LE(body.length - 44, 40);
    const created = await echo.app!.inject({
      method: 'POST',
      url: '/api/studio/uploads',
      headers: { cookie, 'tus-resumable': '1.0.0', 'upload-length': String(body.length) },
    });
    expect(created.statusCode).toBe(201);
    const location = String(created.headers.location);
    const patch = (offset: number, bytes: Buffer) =>
      fetch(new URL(location, echo.url), {
        method: 'PATCH',
        headers: {
          cookie,
          'tus-resumable': '1.0.0',
          'upload-offset': String(offset),
          'content-type': 'application/offset+octet-stream',
        },
        body: new Uint8Array(bytes),
      });

    // The bucket stores the first part, then goes away (later parts are refused so none finishes first).
    s3.refuse = (method, _key, q) => method === 'PUT' && q.has('partNumber') && q.get('partNumber') !== '1';
    const stopped = new Promise<void>((resolve) => {
      s3.onPart = (n) => {
        if (n !== 1) return;
        s3.onPart = null;
        setImmediate(() => void s3.stop().then(resolve));
      };
    });
    const cut = await patch(0, body);
    await stopped;
    expect(cut.status).toBe(503);
    expect(await cut.json()).toEqual({ code: 'storage_unavailable', message: STORAGE_UNAVAILABLE_MESSAGE });
    s3.refuse = null;
    await s3.start();

    // Back: HEAD says the whole part is kept, and the rest completes the upload byte for byte.
    const offset = await eventually(async () => {
      const head = await echo.app!.inject({
        method: 'HEAD',
        url: location,
        headers: { cookie, 'tus-resumable': '1.0.0' },
      });
      return head.statusCode === 200 ? Number(head.headers['upload-offset']) : null;
    });
    expect(offset).toBe(S3_PART_BYTES);
    const rest = await patch(offset, body.subarray(offset));
    expect(rest.status, await rest.clone().text()).toBe(204);
    const noteId = rest.headers.get('echo-note-id')!;
    expect(await echo.readStored(`uploads/${noteId}`)).toEqual(body);
  }, 90_000);
});
