import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  eventually,
  joinedMediaPath,
  type StudioTestApp,
  sessionCookie,
  speechWav,
  startStudioApp,
  WITHOUT_POCKETSPHINX,
} from '#tests/support/studio.ts';
import { TEST_ADMIN_PASSWORD } from '#tests/support/test-app.ts';
import { STORAGE_REFUSED_MESSAGE } from '../media-store.ts';

/**
 * Echo on an S3-compatible server nobody on the team wrote (s3rver, from the npm registry), set up
 * as docs/deploy.md says (S3_ENDPOINT, S3_BUCKET, path style): the paths it supports work, and the
 * one it cannot (tus: it has no ListParts) is named at start and refused with a clean JSON answer.
 */
interface S3rverInstance {
  run(): Promise<{ port: number }>;
  close(): Promise<void>;
}
const S3rver = createRequire(import.meta.url)('s3rver') as new (
  options: Record<string, unknown>,
) => S3rverInstance;

const BUCKET = 'echo-s3rver';
let dir: string;
let server: S3rverInstance;
let echo: StudioTestApp;
let cookie: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'echo-s3rver-'));
  server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: dir,
    configureBuckets: [{ name: BUCKET }],
  });
  const { port } = await server.run();
  echo = await startStudioApp({
    ...WITHOUT_POCKETSPHINX,
    S3_ENDPOINT: `http://127.0.0.1:${port}`,
    S3_BUCKET: BUCKET,
    S3_REGION: 'us-east-1',
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    S3_FORCE_PATH_STYLE: 'true',
  });
  cookie = await sessionCookie(echo, 's3rver@example.com');
}, 60_000);
afterAll(async () => {
  await echo?.close();
  await server?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown, headers = {}) =>
  echo.app!.inject({
    method,
    url,
    headers: { cookie, ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...headers },
    ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
  });

describe('Echo on s3rver', () => {
  it('names at start what s3rver lacks and which Studio paths that disables', async () => {
    await echo.systemReady;
    const login = await echo.app!.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { password: TEST_ADMIN_PASSWORD },
    });
    const health = (
      await echo.app!.inject({
        method: 'GET',
        url: '/api/health',
        headers: { authorization: `Bearer ${login.json().token}` },
      })
    ).json();
    expect(health.storage.reachable).toBe(true);
    const outcome = (operation: string) =>
      health.storage.operations.find((probe: { operation: string }) => probe.operation === operation)
        ?.outcome;
    for (const operation of [
      'PutObject',
      'GetObject with Range',
      'ListObjectsV2',
      'DeleteObject',
      'DeleteObjects',
      'CreateMultipartUpload',
      'UploadPart',
    ])
      expect(outcome(operation), operation).toBe('ok');
    // s3rver 3.7 has no ListParts, ListMultipartUploads nor AbortMultipartUpload (405/501).
    for (const operation of ['ListParts', 'ListMultipartUploads', 'AbortMultipartUpload'])
      expect(outcome(operation), operation).toBe('refused');
    const item = health.checklist.find((i: { key: string }) => i.key === 'storage');
    expect(item.ok).toBe(false);
    expect(item.detail).toMatch(/ListParts refused \(without it: resumable uploads/);
  });

  it('records in chunks, joins them byte for byte, serves ranges, deletes everything', async () => {
    const wav = await speechWav('Recorded on a store nobody on the team wrote.');
    const recording = (await call('POST', '/api/studio/recordings', { mime_type: 'audio/wav' })).json();
    const third = Math.ceil(wav.length / 3);
    for (const n of [0, 1, 2]) {
      const put = await echo.app!.inject({
        method: 'PUT',
        url: `/api/studio/recordings/${recording.id}/chunks/${n}`,
        headers: { cookie, 'content-type': 'application/octet-stream' },
        payload: wav.subarray(n * third, (n + 1) * third),
      });
      expect(put.statusCode, put.body).toBe(200);
    }
    const finished = await call('POST', `/api/studio/recordings/${recording.id}/finish`, { chunk_count: 3 });
    expect(finished.statusCode, finished.body).toBe(201);
    const noteId = finished.json().id as string;
    const mediaPath = await joinedMediaPath(echo, noteId);
    expect(await echo.readStored(mediaPath)).toEqual(wav);

    const ranged = await call('GET', `/api/studio/notes/${noteId}/media`, undefined, {
      range: 'bytes=10-19',
    });
    expect(ranged.statusCode).toBe(206);
    expect(ranged.rawPayload).toEqual(wav.subarray(10, 20));
    const past = await call('GET', `/api/studio/notes/${noteId}/media`, undefined, {
      range: `bytes=${wav.length + 10}-`,
    });
    expect(past.statusCode).toBe(416);

    expect((await call('DELETE', `/api/studio/notes/${noteId}`)).statusCode).toBe(204);
    await eventually(
      async () =>
        (await echo.storedKeys(`studio/recordings/${recording.id}/`)).length === 0 &&
        (await echo.storedKeys(mediaPath)).length === 0,
    );
  }, 90_000);

  it('refuses a resumable upload with a clean JSON answer and leaves no note uploading', async () => {
    const res = await echo.app!.inject({
      method: 'POST',
      url: '/api/studio/uploads',
      headers: { cookie, 'tus-resumable': '1.0.0', 'upload-length': '5000' },
    });
    expect(res.statusCode).toBe(502);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toEqual({ code: 'storage_refused', message: STORAGE_REFUSED_MESSAGE });
    const [row] = await echo.query<{ n: number }>(
      "select count(*)::int as n from studio_notes where owner_email = $1 and status = 'uploading'",
      ['s3rver@example.com'],
    );
    expect(row!.n).toBe(0);
  });
});
