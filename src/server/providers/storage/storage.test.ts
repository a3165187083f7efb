import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PassThrough, Readable, Writable } from 'node:stream';
import { CreateMultipartUploadCommand } from '@aws-sdk/client-s3';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { FAKE_S3, FakeS3 } from '#tests/support/fake-s3.ts';
import { LocalDiskStorage } from './local-disk.ts';
import { S3_PART_BYTES, S3Storage } from './s3.ts';
import {
  ObjectNotFoundError,
  type ObjectStorage,
  RangeNotSatisfiableError,
  readPartsStart,
  readStart,
} from './storage.ts';
import { TempSpace, TempSpaceFullError, teeChunks } from './temp-space.ts';

const fake = new FakeS3();
const folders: string[] = [];
const tempFolder = async (name: string) => {
  const dir = await mkdtemp(path.join(os.tmpdir(), `echo-${name}-`));
  folders.push(dir);
  return dir;
};

beforeAll(async () => {
  await fake.start();
});
afterEach(async () => {
  fake.notImplemented.clear();
  fake.objects.clear();
  fake.uploads.clear();
  for (const dir of folders.splice(0)) await rm(dir, { recursive: true, force: true });
});
afterAll(async () => {
  await fake.stop();
});

const backends: Array<[string, () => Promise<ObjectStorage>]> = [
  ['local disk', async () => new LocalDiskStorage(await tempFolder('storage'))],
  ['S3 (local fake)', async () => new S3Storage(fake.settings, { timeoutMs: 10_000 })],
];

const text = async (stream: Readable) => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};
const keysOf = async (storage: ObjectStorage, prefix: string) => {
  const keys: string[] = [];
  for await (const object of storage.list(prefix)) keys.push(object.key);
  return keys;
};
/** A body that sends `good` and then fails (a client whose connection dropped). */
const failingBody = (good: Buffer) =>
  Readable.from(
    (async function* () {
      yield good;
      throw new Error('connection dropped');
    })(),
  );

describe.each(backends)('object storage on %s', (_name, make) => {
  it('stores a stream or bytes and gives them back, with their size', async () => {
    const storage = await make();
    const body = randomBytes(100_000);
    expect(
      await storage.put('studio/media/a.m4a', Readable.from([body.subarray(0, 1000), body.subarray(1000)])),
    ).toEqual({ size: 100_000 });
    expect(await text(await storage.get('studio/media/a.m4a'))).toEqual(body);
    expect(await storage.put('studio/media/b.txt', Buffer.from('hello'), { size: 5 })).toEqual({ size: 5 });
    const head = await storage.head('studio/media/a.m4a');
    expect(head).toMatchObject({ key: 'studio/media/a.m4a', size: 100_000 });
    expect(head?.modifiedAt.getTime()).toBeGreaterThan(Date.now() - 60_000);
    // Replacing keeps one object with the new bytes.
    await storage.put('studio/media/b.txt', Buffer.from('bye'));
    expect((await text(await storage.get('studio/media/b.txt'))).toString()).toBe('bye');
    expect(await storage.put('empty', Buffer.alloc(0), { size: 0 })).toEqual({ size: 0 });
    expect(await storage.head('empty')).toMatchObject({ size: 0 });
    expect(await readStart(storage, 'empty')).toEqual(Buffer.alloc(0));
  });

  it('serves byte ranges (what an HTTP Range request asks for)', async () => {
    const storage = await make();
    await storage.put('studio/media/r', Buffer.from('0123456789'));
    expect((await text(await storage.get('studio/media/r', { start: 2, end: 5 }))).toString()).toBe('2345');
    expect((await text(await storage.get('studio/media/r', { start: 7 }))).toString()).toBe('789');
    expect((await text(await storage.get('studio/media/r', { start: 8, end: 100 }))).toString()).toBe('89');
    expect((await readStart(storage, 'studio/media/r', 4)).toString()).toBe('0123');
    expect((await readStart(storage, 'studio/media/r')).toString()).toBe('0123456789');
    await expect(storage.get('studio/media/r', { start: 5, end: 2 })).rejects.toThrow(/invalid byte range/);
    await expect(storage.get('studio/media/r', { start: 10 })).rejects.toBeInstanceOf(
      RangeNotSatisfiableError,
    );
    await expect(storage.get('studio/media/none', { start: 0 })).rejects.toBeInstanceOf(ObjectNotFoundError);
  });

  it('says plainly when an object is not there', async () => {
    const storage = await make();
    await expect(storage.get('studio/media/none')).rejects.toBeInstanceOf(ObjectNotFoundError);
    expect(await storage.head('studio/media/none')).toBeNull();
    await storage.delete('studio/media/none');
    await storage.put('studio/media/one', Buffer.from('x'));
    await storage.delete('studio/media/one');
    expect(await storage.head('studio/media/one')).toBeNull();
    await expect(storage.get('studio/media/one')).rejects.toBeInstanceOf(ObjectNotFoundError);
  });

  it('never shows a half-written object: a short, long or broken body stores nothing', async () => {
    const storage = await make();
    await storage.put('uploads/kept', Buffer.from('old bytes'));
    await expect(storage.put('uploads/kept', Buffer.from('new'), { size: 10 })).rejects.toThrow(
      /ended after 3 of the 10/,
    );
    await expect(storage.put('uploads/kept', Buffer.from('far too long'), { size: 3 })).rejects.toThrow(
      /longer/,
    );
    await expect(storage.put('uploads/kept', failingBody(randomBytes(50_000)))).rejects.toThrow(
      /connection dropped/,
    );
    await expect(storage.put('uploads/new', failingBody(randomBytes(50_000)))).rejects.toThrow(
      /connection dropped/,
    );
    expect((await text(await storage.get('uploads/kept'))).toString()).toBe('old bytes');
    expect(await storage.head('uploads/new')).toBeNull();
    expect(await keysOf(storage, 'uploads/')).toEqual(['uploads/kept']);
  });

  it('stores a body larger than one part whole (multipart on S3)', async () => {
    const storage = await make();
    const body = randomBytes(S3_PART_BYTES + 3 * 1024 * 1024);
    const pieces = Array.from({ length: 11 }, (_, i) =>
      body.subarray(i * 1024 * 1024, (i + 1) * 1024 * 1024),
    );
    expect(await storage.put('studio/media/big.mp4', Readable.from(pieces), { size: body.length })).toEqual({
      size: body.length,
    });
    expect((await text(await storage.get('studio/media/big.mp4'))).equals(body)).toBe(true);
    const tail = await text(await storage.get('studio/media/big.mp4', { start: body.length - 10 }));
    expect(tail.equals(body.subarray(body.length - 10))).toBe(true);
    if (storage.kind === 's3') expect(fake.log).toContain('CompleteMultipartUpload studio/media/big.mp4');
  });

  it('lists by prefix in key order with sizes, and deletes a whole prefix', async () => {
    const storage = await make();
    for (const key of [
      'studio/recordings/r1/1',
      'studio/recordings/r1/0',
      'studio/recordings/r12/0',
      'uploads/u1',
    ])
      await storage.put(key, Buffer.from(key));
    const listed: Array<[string, number]> = [];
    for await (const o of storage.list('studio/recordings/r1/')) listed.push([o.key, o.size]);
    expect(listed).toEqual([
      ['studio/recordings/r1/0', 22],
      ['studio/recordings/r1/1', 22],
    ]);
    expect(await keysOf(storage, 'studio/recordings/r1')).toEqual([
      'studio/recordings/r1/0',
      'studio/recordings/r1/1',
      'studio/recordings/r12/0',
    ]);
    expect(await keysOf(storage, 'nothing/')).toEqual([]);
    expect(await storage.deletePrefix('studio/recordings/r1/')).toBe(2);
    expect(await keysOf(storage, 'studio/')).toEqual(['studio/recordings/r12/0']);
    expect(await keysOf(storage, 'uploads/')).toEqual(['uploads/u1']);
    expect(await storage.deletePrefix('studio/recordings/none/')).toBe(0);
    await expect(storage.deletePrefix('')).rejects.toThrow();
    await expect(storage.deletePrefix('studio/recordings/r12')).rejects.toThrow(/must end with/);
  });

  it('joins parts into one object (recording chunks at finish); a missing part makes nothing', async () => {
    const storage = await make();
    const chunks = [randomBytes(3000), randomBytes(1), randomBytes(70_000)];
    for (const [n, chunk] of chunks.entries()) await storage.put(`studio/recordings/r/${n}`, chunk);
    const parts = chunks.map((_, n) => `studio/recordings/r/${n}`);
    expect(await storage.assemble(parts, 'studio/media/note.webm', { contentType: 'audio/webm' })).toEqual({
      size: 73_001,
    });
    expect((await text(await storage.get('studio/media/note.webm'))).equals(Buffer.concat(chunks))).toBe(
      true,
    );
    expect(await keysOf(storage, 'studio/recordings/r/')).toHaveLength(3);
    // Their first bytes (a format's sniff), by ranged reads across as many parts as it takes.
    expect((await readPartsStart(storage, parts, 3002)).equals(Buffer.concat(chunks).subarray(0, 3002))).toBe(
      true,
    );
    expect((await readPartsStart(storage, parts, 100_000)).length).toBe(73_001);
    await expect(readPartsStart(storage, ['studio/recordings/r/9'])).rejects.toBeInstanceOf(
      ObjectNotFoundError,
    );
    await expect(
      storage.assemble([...parts, 'studio/recordings/r/9'], 'studio/media/other.webm'),
    ).rejects.toBeInstanceOf(ObjectNotFoundError);
    expect(await storage.head('studio/media/other.webm')).toBeNull();
  });

  it('refuses keys that could leave their folder', async () => {
    const storage = await make();
    for (const key of ['../etc/passwd', '/abs', 'a//b', 'a/./b', 'a\\b', '', 'a/\n'])
      await expect(storage.put(key, Buffer.from('x'))).rejects.toThrow(/invalid storage key/);
    await expect(storage.get('studio/../../x')).rejects.toThrow(/invalid storage key/);
  });

  it('answers its check', async () => {
    expect(await (await make()).check()).toEqual({ ok: true });
  });

  it('gives tools a bounded local copy, always removed', async () => {
    const storage = await make();
    const body = randomBytes(200_000);
    await storage.put('studio/media/n.mp3', body);
    const temp = new TempSpace({ dir: await tempFolder('temp'), maxBytes: 300_000, waitMs: 300 });
    const copy = await temp.copyOf(storage, 'studio/media/n.mp3', { extraBytes: 50_000 });
    expect((await readFile(copy.file)).equals(body)).toBe(true);
    expect(await readdir(copy.dir)).toEqual([]);
    await writeFile(path.join(copy.dir, 'piece0000.mp3'), 'out');
    expect(temp.reserved).toBe((storage.kind === 'local' ? 0 : 200_000) + 50_000);
    if (storage.kind === 's3') {
      // Room for one copy only: a second caller waits, then gives up.
      await expect(temp.copyOf(storage, 'studio/media/n.mp3')).rejects.toBeInstanceOf(TempSpaceFullError);
      expect(path.dirname(copy.file)).toBe(path.dirname(copy.dir));
    } else expect(copy.file).toBe(storage.localPath?.('studio/media/n.mp3'));
    await copy.release();
    await copy.release();
    expect(temp.reserved).toBe(0);
    expect(await stat(copy.dir).catch(() => null)).toBeNull();
    expect((await readdir(temp.options.dir)).length).toBe(0);
    // The stored object is untouched by the copy's removal.
    expect((await text(await storage.get('studio/media/n.mp3'))).equals(body)).toBe(true);
    // Released however the work ends; an object that could never fit is refused at once.
    await expect(
      temp.withLocalCopy(storage, 'studio/media/n.mp3', async () => {
        throw new Error('ffmpeg failed');
      }),
    ).rejects.toThrow('ffmpeg failed');
    expect(temp.reserved).toBe(0);
    expect((await readdir(temp.options.dir)).length).toBe(0);
    await expect(temp.copyOf(storage, 'studio/media/n.mp3', { extraBytes: 400_000 })).rejects.toBeInstanceOf(
      TempSpaceFullError,
    );
    await expect(temp.copyOf(storage, 'studio/media/gone.mp3')).rejects.toBeInstanceOf(ObjectNotFoundError);
    // Copies a dead process left behind go once they are old; fresh ones (in use) stay.
    const left = await temp.copyOf(storage, 'studio/media/n.mp3');
    expect(await temp.sweep(new Date())).toBe(0);
    expect(await temp.sweep(new Date(Date.now() + 7 * 60 * 60_000))).toBe(1);
    expect(await stat(left.dir).catch(() => null)).toBeNull();
    await left.release();
    expect(temp.reserved).toBe(0);
  });

  it("copies a recording's parts into one local file, never past the room reserved", async () => {
    const storage = await make();
    // Longer than one gathered write, with parts that end mid-write.
    const chunks = [randomBytes(700_000), randomBytes(1), randomBytes(900_000), randomBytes(0)];
    for (const [n, chunk] of chunks.entries()) await storage.put(`studio/recordings/c/${n}`, chunk);
    const parts = chunks.map((_, n) => `studio/recordings/c/${n}`);
    const temp = new TempSpace({ dir: await tempFolder('temp-parts'), maxBytes: 4_000_000, waitMs: 300 });
    const copy = await temp.copyOfParts(storage, parts, { maxBytes: 2_000_000, ext: '.webm' });
    expect(copy.file.endsWith('.webm')).toBe(true);
    expect((await readFile(copy.file)).equals(Buffer.concat(chunks))).toBe(true);
    await copy.release();
    // Parts grown since the recording was measured: refused, nothing left, the room given back.
    await expect(temp.copyOfParts(storage, parts, { maxBytes: 1_000_000 })).rejects.toThrow(/grew past/);
    await expect(
      temp.copyOfParts(storage, [...parts, 'studio/recordings/c/9'], { maxBytes: 2_000_000 }),
    ).rejects.toBeInstanceOf(ObjectNotFoundError);
    expect(temp.reserved).toBe(0);
    expect(await readdir(temp.options.dir)).toEqual([]);
  });

  it('gives the parts to a second reader as it copies them, cut short when the copy fails', async () => {
    const storage = await make();
    const chunks = [randomBytes(700_000), randomBytes(900_000)];
    for (const [n, chunk] of chunks.entries()) await storage.put(`studio/recordings/t/${n}`, chunk);
    const parts = chunks.map((_, n) => `studio/recordings/t/${n}`);
    const temp = new TempSpace({ dir: await tempFolder('temp-tee'), maxBytes: 4_000_000, waitMs: 300 });
    let second: Promise<Buffer> | undefined;
    const copy = await temp.copyOfParts(storage, parts, {
      maxBytes: 2_000_000,
      alsoTo: () => {
        const sink = new PassThrough({ highWaterMark: 64 * 1024 });
        second = text(sink);
        return sink;
      },
    });
    expect((await second!).equals(Buffer.concat(chunks))).toBe(true);
    expect((await readFile(copy.file)).equals(Buffer.concat(chunks))).toBe(true);
    await copy.release();
    // A missing part: the second reader gets the copy's error, not an end.
    let cut: PassThrough | undefined;
    await expect(
      temp.copyOfParts(storage, [...parts, 'studio/recordings/t/9'], {
        maxBytes: 2_000_000,
        alsoTo: () => {
          cut = new PassThrough();
          cut.resume();
          cut.on('error', () => {});
          return cut;
        },
      }),
    ).rejects.toBeInstanceOf(ObjectNotFoundError);
    expect(cut!.destroyed && !cut!.writableFinished).toBe(true);
    expect(temp.reserved).toBe(0);
  });
});

describe('teeChunks', () => {
  const chunks = [Buffer.from('one '), Buffer.from('two '), Buffer.from('three')];
  const source = async function* (fail?: Error) {
    yield* chunks;
    if (fail) throw fail;
  };

  it('waits for a slow second reader, then ends it', async () => {
    const got: Buffer[] = [];
    const slow = new Writable({
      highWaterMark: 1,
      write(chunk: Buffer, _encoding, done) {
        got.push(chunk);
        setTimeout(done, 5);
      },
    });
    const read: Uint8Array[] = [];
    for await (const chunk of teeChunks(source(), slow)) {
      // Each chunk is given on only once the reader took the one before.
      expect(got.length).toBe(read.length + 1);
      read.push(chunk);
    }
    expect(Buffer.concat(read).toString()).toBe('one two three');
    await new Promise((resolve) => slow.once('finish', resolve));
    expect(Buffer.concat(got).toString()).toBe('one two three');
  });

  it('goes on without a second reader that failed; destroys it with a failing source', async () => {
    const broken = new PassThrough();
    broken.on('error', () => {});
    broken.destroy(new Error('the bucket hung up'));
    const read: Uint8Array[] = [];
    for await (const chunk of teeChunks(source(), broken)) read.push(chunk);
    expect(Buffer.concat(read).toString()).toBe('one two three');

    const sink = new PassThrough();
    sink.resume();
    const failed = new Promise((resolve) => sink.once('error', resolve));
    await expect(
      (async () => {
        for await (const _ of teeChunks(source(new Error('part gone')), sink));
      })(),
    ).rejects.toThrow('part gone');
    expect(await failed).toMatchObject({ message: 'part gone' });
  });
});

describe('prefix deletes on an S3-compatible store without the optional operations', () => {
  const filled = async () => {
    const storage = new S3Storage(fake.settings, { timeoutMs: 10_000 });
    for (let n = 0; n < 3; n++) await storage.put(`studio/recordings/r1/${n}`, Buffer.from(`chunk ${n}`));
    await storage.put('studio/recordings/r2/0', Buffer.from('another recording'));
    return storage;
  };

  it('deletes every object without ListMultipartUploads (s3rver answers 501)', async () => {
    const storage = await filled();
    fake.notImplemented.add('ListMultipartUploads');
    expect(await storage.deletePrefix('studio/recordings/r1/')).toBe(3);
    expect(await keysOf(storage, 'studio/recordings/')).toEqual(['studio/recordings/r2/0']);
  });

  it('falls back to one DeleteObject a key when DeleteObjects is refused', async () => {
    const storage = await filled();
    fake.notImplemented.add('DeleteObjects');
    expect(await storage.deletePrefix('studio/recordings/r1/')).toBe(3);
    expect(await keysOf(storage, 'studio/recordings/')).toEqual(['studio/recordings/r2/0']);
    // Remembered: the next prefix goes straight to single deletes.
    const asked = fake.log.length;
    expect(await storage.deletePrefix('studio/recordings/r2/')).toBe(1);
    expect(fake.log.slice(asked).filter((line) => line.startsWith('DeleteObjects'))).toEqual([]);
  });

  it('aborts unfinished multipart uploads best-effort, after the objects', async () => {
    const storage = await filled();
    const started = await storage.client.send(
      new CreateMultipartUploadCommand({ Bucket: FAKE_S3.bucket, Key: 'studio/recordings/r1/big' }),
    );
    expect(fake.uploads.has(started.UploadId!)).toBe(true);
    expect(await storage.deletePrefix('studio/recordings/r1/')).toBe(3);
    expect(fake.uploads.size).toBe(0);
    // Abort refused: the objects still go.
    await storage.put('studio/recordings/r1/0', Buffer.from('again'));
    await storage.client.send(
      new CreateMultipartUploadCommand({ Bucket: FAKE_S3.bucket, Key: 'studio/recordings/r1/big' }),
    );
    fake.notImplemented.add('AbortMultipartUpload');
    expect(await storage.deletePrefix('studio/recordings/r1/')).toBe(1);
    expect(await keysOf(storage, 'studio/recordings/r1/')).toEqual([]);
  });
});
