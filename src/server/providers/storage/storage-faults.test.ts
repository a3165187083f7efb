import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { Server as TusServer } from '@tus/server';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { FAKE_S3, FakeS3 } from '#tests/support/fake-s3.ts';
import { type LocalHttp, listenLocal } from '#tests/support/local-http.ts';
import { createObjectStorage, TUS_PREFIX, tusDataStore, tusNaming } from './index.ts';
import { S3_PART_BYTES, S3Storage } from './s3.ts';

const fake = new FakeS3();
const folders: string[] = [];

beforeAll(async () => {
  await fake.start();
});
afterEach(async () => {
  fake.onPart = null;
  fake.refuse = null;
  if (!fake.running) await fake.start();
  fake.objects.clear();
  fake.uploads.clear();
  for (const dir of folders.splice(0)) await rm(dir, { recursive: true, force: true });
});
afterAll(async () => {
  await fake.stop();
});

const bytesOf = async (stream: Readable) => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};
/**
 * Stops the fake right after it has answered part 1 (a store that goes away mid-upload). Parts go
 * side by side, so every other part is refused: only part 1 gets through, whatever order they finish in.
 */
const stopAfterFirstPart = () => {
  fake.refuse = (method, _key, q) => method === 'PUT' && q.has('partNumber') && q.get('partNumber') !== '1';
  const stopped = new Promise<void>((resolve) => {
    fake.onPart = (n) => {
      if (n !== 1) return;
      fake.onPart = null;
      setImmediate(() => void fake.stop().then(resolve));
    };
  });
  return stopped;
};

describe('S3 storage when the store goes away', () => {
  it('a put cut off mid-upload fails cleanly, leaves nothing readable, and a retry succeeds', async () => {
    const storage = new S3Storage(fake.settings, { timeoutMs: 5_000 });
    const body = randomBytes(2 * S3_PART_BYTES + 1024 * 1024);
    const stopped = stopAfterFirstPart();
    await expect(storage.put('studio/media/cut.mp4', body, { size: body.length })).rejects.toThrow();
    await stopped;
    fake.refuse = null;
    await fake.start();
    expect(await storage.head('studio/media/cut.mp4')).toBeNull();
    expect(fake.objects.size).toBe(0);
    // The parts already sent wait in an unfinished multipart upload (invisible); deleting the folder ends it.
    expect([...fake.uploads.values()].map((u) => u.key)).toEqual(['studio/media/cut.mp4']);
    expect(await storage.deletePrefix('studio/media/')).toBe(0);
    expect(fake.uploads.size).toBe(0);
    expect(await storage.put('studio/media/cut.mp4', body, { size: body.length })).toEqual({
      size: body.length,
    });
    expect((await bytesOf(await storage.get('studio/media/cut.mp4'))).equals(body)).toBe(true);
  });

  it('lists and deletes past one page (1000 keys) of the bucket', async () => {
    const storage = new S3Storage(fake.settings);
    for (let i = 0; i < 1001; i++)
      fake.objects.set(`studio/media/${String(i).padStart(4, '0')}`, {
        body: Buffer.from([i % 256]),
        etag: '"x"',
        contentType: 'audio/mpeg',
        metadata: {},
        modifiedAt: new Date(),
      });
    fake.log.length = 0;
    const keys: string[] = [];
    for await (const object of storage.list('studio/media/')) keys.push(object.key);
    expect(keys).toHaveLength(1001);
    expect(keys.at(-1)).toBe('studio/media/1000');
    expect(fake.log.filter((line) => line === 'ListObjectsV2')).toHaveLength(2);
    expect(await storage.deletePrefix('studio/media/')).toBe(1001);
    expect(fake.objects.size).toBe(0);
    expect(fake.log.filter((line) => line === 'DeleteObjects')).toHaveLength(2);
  });

  it('its check says what is wrong instead of throwing', async () => {
    expect(await new S3Storage({ ...fake.settings, bucket: 'no-such-bucket' }).check()).toEqual({
      ok: false,
      problem: `bucket no-such-bucket at ${fake.url} did not answer: the bucket does not exist`,
    });
    expect((await new S3Storage({ ...fake.settings, accessKeyId: 'WRONG' }).check()).problem).toMatch(
      /access denied/,
    );
    await fake.stop();
    const down = await new S3Storage(fake.settings).check();
    expect(down.ok).toBe(false);
    expect(down.problem).toContain(`bucket ${FAKE_S3.bucket} at ${fake.url} did not answer`);
  });
});

/** A tus 1.0.0 request; resolves with the status and headers, or null when the connection failed. */
function tusRequest(
  server: LocalHttp,
  method: string,
  url: string,
  headers: Record<string, string>,
  body?: Buffer,
): Promise<{ status: number; headers: http.IncomingHttpHeaders } | null> {
  return new Promise((resolve) => {
    const req = http.request(`${server.origin}${url}`, {
      method,
      headers: { 'tus-resumable': '1.0.0', ...headers },
    });
    req.on('response', (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers }));
      res.on('error', () => resolve(null));
    });
    req.on('error', () => resolve(null));
    req.end(body);
  });
}

describe.each([
  ['local disk', false],
  ['S3 (local fake)', true],
])('a resumable (tus) upload on %s', (_name, onS3) => {
  it('is stored under uploads/<id> and resumes after an interruption', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'echo-tus-'));
    folders.push(dataDir);
    const config = {
      dataDir,
      providerTimeoutMs: 5_000,
      storage: { s3: onS3 ? fake.settings : undefined, temp: { dir: dataDir, maxBytes: 1 << 30 } },
    };
    const tus = new TusServer({
      path: '/files',
      datastore: tusDataStore(config),
      relativeLocation: true,
      ...tusNaming,
    });
    const server = await listenLocal((req, res) => void tus.handle(req, res));
    try {
      const body = randomBytes(S3_PART_BYTES + 4 * 1024 * 1024);
      const created = await tusRequest(server, 'POST', '/files', { 'upload-length': String(body.length) });
      expect(created?.status).toBe(201);
      const location = String(created?.headers.location);
      expect(location).toMatch(/^\/files\/[0-9a-f-]{36}$/);
      const key = `${TUS_PREFIX}${location.slice('/files/'.length)}`;
      const patch = (offset: number, bytes: Buffer) =>
        tusRequest(
          server,
          'PATCH',
          location,
          { 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' },
          bytes,
        );

      // Interrupted: on S3 the store goes away after the first part; on disk the client sends part of the body.
      if (onS3) {
        const stopped = stopAfterFirstPart();
        const first = await patch(0, body);
        expect(first === null || first.status >= 500).toBe(true);
        await stopped;
        fake.refuse = null;
        await fake.start();
      } else expect((await patch(0, body.subarray(0, 5_000_000)))?.status).toBe(204);

      const head = await tusRequest(server, 'HEAD', location, {});
      const offset = Number(head?.headers['upload-offset']);
      // S3 keeps complete parts: the upload goes on from the last one.
      expect(offset).toBe(onS3 ? S3_PART_BYTES : 5_000_000);
      const storage = createObjectStorage(config);
      // Unfinished: nothing readable in the bucket; on disk tus's file store grows the file in place
      // (as Echo always had it), so an upload is read only once its note has left 'uploading'.
      expect(await storage.head(key)).toEqual(onS3 ? null : expect.objectContaining({ size: 5_000_000 }));

      const rest = await patch(offset, body.subarray(offset));
      expect(rest?.status).toBe(204);
      expect(rest?.headers['upload-offset']).toBe(String(body.length));
      expect((await bytesOf(await storage.get(key))).equals(body)).toBe(true);
    } finally {
      await server.close();
    }
  });
});

it('tus ids map to and from their URL segment only for well-formed ids', () => {
  const id = tusNaming.namingFunction();
  expect(id).toMatch(/^uploads\/[0-9a-f-]{36}$/);
  const url = tusNaming.generateUrl(null, { proto: 'http', host: 'x', path: '/api/studio/uploads', id });
  expect(url).toBe(`/api/studio/uploads/${id.slice(TUS_PREFIX.length)}`);
  expect(tusNaming.getFileIdFromRequest(null, url.split('/').pop())).toBe(id);
  expect(tusNaming.getFileIdFromRequest(null, '..')).toBeUndefined();
  expect(tusNaming.getFileIdFromRequest(null, undefined)).toBeUndefined();
});
