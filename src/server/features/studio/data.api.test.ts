import { readdir } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeIn } from '#tests/support/smtp-sink.ts';
import {
  callAs,
  type StudioTestApp,
  sessionCookie,
  startStudioApp,
  tusMetadata,
} from '#tests/support/studio.ts';
import { runStudioMaintenance } from './capture/index.ts';

/**
 * 'Delete my data' and retention leave no voice audio on disk: unfinished recordings'
 * chunk folders and unfinished uploads go with the rows, a chunk racing a discard keeps nothing, and
 * the maintenance job sweeps chunk folders no recording owns.
 */
let echo: StudioTestApp;
beforeAll(async () => {
  echo = await startStudioApp();
});
afterAll(() => echo?.close());

const call = (cookie: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) =>
  callAs(echo, method, url, cookie, body);
const putChunk = (cookie: string, id: string, n: number, bytes: Buffer) =>
  call(cookie, 'PUT', `/api/studio/recordings/${id}/chunks/${n}`, bytes);

/** Every stored Studio object (on local disk or in the bucket, as STUDIO_STORAGE says). */
const studioFiles = async () => [
  ...(await echo.storedKeys('studio/')),
  ...(await echo.storedKeys('uploads/')),
];

describe("'Delete my data' and the files on disk", () => {
  it('leaves no file of the owner under DATA_DIR: unfinished recordings and uploads included', async () => {
    const email = 'gone@example.com';
    const cookie = await sessionCookie(echo, email);
    expect((await call(cookie, 'POST', '/api/studio/notes', { text: 'Something I said.' })).statusCode).toBe(
      201,
    );
    const recording = (
      await call(cookie, 'POST', '/api/studio/recordings', { mime_type: 'audio/webm' })
    ).json();
    expect((await putChunk(cookie, recording.id, 1, Buffer.alloc(3000, 5))).statusCode).toBe(200);
    expect((await putChunk(cookie, recording.id, 2, Buffer.alloc(3000, 6))).statusCode).toBe(200);
    const upload = await echo.app!.inject({
      method: 'POST',
      url: '/api/studio/uploads',
      headers: {
        cookie,
        'tus-resumable': '1.0.0',
        'upload-length': '50000',
        'upload-metadata': tusMetadata({ filename: 'a.wav', filetype: 'audio/wav' }),
      },
    });
    expect(upload.statusCode).toBe(201);
    expect((await studioFiles()).length).toBeGreaterThanOrEqual(3);

    const before = echo.smtp.to(email).length;
    expect((await call(cookie, 'POST', '/api/privacy/delete-data/request-code')).statusCode).toBe(200);
    await echo.smtp.waitFor(() => echo.smtp.to(email).length > before);
    const code = codeIn(echo.smtp.to(email).at(-1)!);
    expect((await call(cookie, 'POST', '/api/privacy/delete-data', { code })).statusCode).toBe(200);

    expect(await studioFiles()).toEqual([]);
    // In a bucket, the unfinished upload's multipart upload (invisible parts) is aborted too.
    expect(echo.s3?.uploads.size ?? 0).toBe(0);
  });

  it('keeps nothing of a chunk still arriving when its recording is discarded', async () => {
    const cookie = await sessionCookie(echo, 'racing@example.com');
    const recording = (
      await call(cookie, 'POST', '/api/studio/recordings', { mime_type: 'audio/webm' })
    ).json();
    // A chunk whose first half is sent; the recording is discarded; then the rest arrives.
    const body = Buffer.alloc(40_000, 9);
    const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = http.request(
        new URL(`/api/studio/recordings/${recording.id}/chunks/1`, echo.url),
        {
          method: 'PUT',
          headers: {
            cookie,
            'content-type': 'application/octet-stream',
            'content-length': String(body.length),
          },
        },
        (res) => {
          const parts: Buffer[] = [];
          res.on('data', (c: Buffer) => parts.push(c));
          res.on('end', () => resolve({ status: res.statusCode!, body: Buffer.concat(parts).toString() }));
        },
      );
      req.on('error', reject);
      req.write(body.subarray(0, 20_000));
      void (async () => {
        for (
          let i = 0;
          // On local disk the chunk is being written to the store's temporary folder; a bucket
          // receives it only once it has all arrived.
          i < 100 && (await readdir(path.join(echo.dataDir, '.storage-tmp')).catch(() => [])).length === 0;
          i++
        )
          await new Promise((r) => setTimeout(r, 20));
        expect((await call(cookie, 'DELETE', `/api/studio/recordings/${recording.id}`)).statusCode).toBe(204);
        req.end(body.subarray(20_000));
      })().catch(reject);
    });
    const res = await answer;
    expect(res.status).toBe(409);
    expect(JSON.parse(res.body).code).toBe('conflict');
    expect(await echo.storedKeys(`studio/recordings/${recording.id}/`)).toEqual([]);
  });

  it('the maintenance job removes chunk folders no recording owns, once an hour old', async () => {
    const left = 'studio/recordings/00000000-0000-4000-8000-00000000abcd/0';
    const fresh = 'studio/recordings/00000000-0000-4000-8000-00000000abce/0';
    await echo.storage.put(left, Buffer.from('voice'));
    await echo.storage.put(fresh, Buffer.from('voice'));
    await echo.ageStored(left, new Date(Date.now() - 2 * 3600_000));
    const counts = await runStudioMaintenance({
      config: echo.ctx.config,
      database: echo.ctx.database,
      queue: echo.ctx.jobs,
      sttConfigured: false,
    });
    expect(counts.chunkFolders).toBe(1);
    expect(await echo.storage.head(left)).toBeNull();
    expect(await echo.storage.head(fresh)).not.toBeNull();
  });
});
