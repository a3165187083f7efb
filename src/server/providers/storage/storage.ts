import { Readable, Transform } from 'node:stream';
import { Limiter } from '../../lib/limiter.ts';
import { pipedReadLater } from '../../lib/stream-errors.ts';

/**
 * Where Studio files live: one interface, two implementations (local disk under DATA_DIR, the
 * default; an S3-compatible bucket when S3_BUCKET is set). Keys are relative paths with `/`
 * separators (`uploads/<id>`, `studio/media/<note id>.m4a`, `studio/recordings/<id>/<n>`), the
 * same on both, so a note's `media_path` is its key. A half-written object is never visible: the
 * local store writes a temporary file and renames it, S3 completes a PutObject or a multipart
 * upload in one step; a failed or cut-short write leaves nothing behind.
 */
export interface ObjectStorage {
  readonly kind: 'local' | 's3';
  /** Where the objects are, for the operator (a folder, or bucket and endpoint; never a secret). */
  readonly location: string;
  /**
   * Stores `body` under `key` (replacing any object there), returning the bytes stored. With
   * `size`, a body of any other length fails and stores nothing.
   */
  put(key: string, body: Readable | Uint8Array, options?: PutOptions): Promise<{ size: number }>;
  /**
   * The object's bytes, all or one inclusive range (an `end` past the object is cut to it);
   * ObjectNotFoundError when there is none, RangeNotSatisfiableError when `start` is at or past its end.
   */
  get(key: string, range?: ByteRange): Promise<Readable>;
  /** Size and time of the object; null when there is none. */
  head(key: string): Promise<ObjectInfo | null>;
  /** Removes one object; a missing one is fine. */
  delete(key: string): Promise<void>;
  /**
   * Removes every object whose key starts with `prefix`, returning how many went; on S3 with
   * ListObjectsV2 and DeleteObjects (one DeleteObject a key where a store refuses that), then every
   * unfinished multipart upload there, best-effort (those calls are optional on S3-compatible stores
   * and never stop the objects' deletion). The prefix must end with `/` ('Delete my data' removes
   * whole folders, never a bucket).
   */
  deletePrefix(prefix: string): Promise<number>;
  /** Every object whose key starts with `prefix` (non-empty), in key order, page by page. */
  list(prefix: string): AsyncIterable<ObjectInfo>;
  /**
   * Joins `parts` (in order) into one new object `target` (recording chunks, stored as objects while
   * recording, become one file at finish); the parts stay until the caller deletes them. Missing
   * parts: ObjectNotFoundError and no target.
   */
  assemble(parts: string[], target: string, options?: { contentType?: string }): Promise<{ size: number }>;
  /** The file of an object when it is on this machine's disk (local store only): read it in place. */
  localPath?(key: string): string;
  /** Whether the store answers (S3: HeadBucket; local: the folder is writable). Never throws. */
  check(): Promise<StorageCheck>;
  /**
   * Tries each operation Echo uses on a scratch key (S3 only: a local folder has them all), saying
   * which the store did, refused, or did not answer. Leaves nothing behind when the store answers.
   * Never throws.
   */
  probe?(): Promise<OperationProbe[]>;
}

/** The S3 operations Echo uses, as the probe names them. */
export const STORE_OPERATIONS = [
  'PutObject',
  'GetObject with Range',
  'ListObjectsV2',
  'DeleteObject',
  'DeleteObjects',
  'CreateMultipartUpload',
  'UploadPart',
  'ListParts',
  'ListMultipartUploads',
  'AbortMultipartUpload',
] as const;
export type StoreOperation = (typeof STORE_OPERATIONS)[number];

export interface OperationProbe {
  operation: StoreOperation;
  /** `ok`: it did; `refused`: the store answered no (501, 403...); `unanswered`: no answer (or a step before it failed). */
  outcome: 'ok' | 'refused' | 'unanswered';
}

export interface PutOptions {
  /** The exact length of the body: required by S3 for one-shot puts, checked on both. */
  size?: number;
  contentType?: string;
}

/** Inclusive byte offsets, as in an HTTP Range header; `end` unset: to the end. */
export interface ByteRange {
  start: number;
  end?: number;
}

export interface ObjectInfo {
  key: string;
  size: number;
  modifiedAt: Date;
}

export interface StorageCheck {
  ok: boolean;
  /** What failed, in words the operator can act on. */
  problem?: string;
}

export class ObjectNotFoundError extends Error {
  readonly key: string;
  constructor(key: string) {
    super(`no stored object ${key}`);
    this.key = key;
    this.name = 'ObjectNotFoundError';
  }
}

/** A range that starts at or past the object's end (HTTP 416). */
export class RangeNotSatisfiableError extends Error {
  readonly size: number | undefined;
  constructor(key: string, size?: number) {
    super(`the range asked of ${key} starts past its end${size === undefined ? '' : ` (${size} bytes)`}`);
    this.name = 'RangeNotSatisfiableError';
    this.size = size;
  }
}

/** A key in the shape both stores accept; throws for anything that could leave its folder. */
export function assertKey(key: string): string {
  if (
    typeof key !== 'string' ||
    key.length === 0 ||
    Buffer.byteLength(key) > 1024 ||
    key.startsWith('/') ||
    key.includes('\\') ||
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
    /[\u0000-\u001f\u007f]/.test(key) ||
    key.split('/').some((segment) => segment === '' || segment === '.' || segment === '..')
  )
    throw new Error(`invalid storage key: ${JSON.stringify(key).slice(0, 200)}`);
  return key;
}

/** A prefix that names at least one folder (`studio/media/`): never '' (the whole store). */
export function assertPrefix(prefix: string, options: { folder?: boolean } = {}): string {
  if (options.folder && !prefix.endsWith('/'))
    throw new Error(`a prefix to delete must end with '/': ${JSON.stringify(prefix).slice(0, 200)}`);
  assertKey(prefix.endsWith('/') ? prefix.slice(0, -1) : prefix);
  return prefix;
}

export function assertRange(range: ByteRange | undefined): void {
  if (!range) return;
  const { start, end } = range;
  if (
    !Number.isSafeInteger(start) ||
    start < 0 ||
    (end !== undefined && (!Number.isSafeInteger(end) || end < start))
  )
    throw new Error(`invalid byte range ${start}-${end ?? ''}`);
}

/**
 * Counts a body's bytes and fails it (so the write is dropped) when it is longer or shorter than
 * `size`; without `size` it only counts.
 */
export function sizedBody(body: Readable | Uint8Array, size?: number) {
  let bytes = 0;
  const source = body instanceof Uint8Array ? Readable.from([body]) : body;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      bytes += chunk.length;
      if (size !== undefined && bytes > size)
        done(new Error(`the body is longer than the ${size} bytes announced`));
      else done(null, chunk);
    },
    flush(done) {
      if (size !== undefined && bytes !== size)
        done(new Error(`the body ended after ${bytes} of the ${size} bytes announced`));
      else done();
    },
  });
  return { stream: pipedReadLater(source, counter), bytes: () => bytes };
}

/** Parts asked for ahead of the one being read (see concatObjects). */
export const PARTS_AHEAD = 3;

/**
 * The parts' bytes one after another. The next parts are asked for while one is read (up to
 * PARTS_AHEAD): on a bucket each part is a request whose answer takes a round trip, and a dozen
 * chunks of a recording asked for one after another waited out a dozen of them. A part not yet read
 * holds no more than its stream's buffer (the connection waits); a missing part throws when its
 * turn comes, as if asked for then; parts asked for but never read are closed, as is the part being
 * read when the caller stops early.
 */
export async function* objectsChunks(storage: ObjectStorage, keys: string[]): AsyncGenerator<Buffer> {
  const asked: Promise<Readable>[] = [];
  let next = 0;
  const ask = () => {
    while (next < keys.length && asked.length < PARTS_AHEAD) {
      const part = storage.get(keys[next++]!);
      // Its failure is thrown when its turn comes (below); until then it is not unhandled.
      part.catch(() => {});
      asked.push(part);
    }
  };
  try {
    ask();
    while (asked.length > 0) {
      const part = await asked.shift()!;
      ask();
      for await (const chunk of part) yield chunk as Buffer;
    }
  } finally {
    for (const part of asked)
      part.then(
        (stream) => stream.destroy(),
        () => {},
      );
  }
}

/** The same as one stream (for a body or a sniff). */
export const concatObjects = (storage: ObjectStorage, keys: string[]): Readable =>
  Readable.from(objectsChunks(storage, keys), { objectMode: false });

/** Sizes of `parts` (asked 8 at a time); ObjectNotFoundError naming the first missing one. */
export async function partsSize(storage: ObjectStorage, parts: string[]): Promise<number> {
  const asking = new Limiter(8);
  const infos = await Promise.all(parts.map((key) => asking.run(() => storage.head(key))));
  const gone = infos.findIndex((info) => !info);
  if (gone !== -1) throw new ObjectNotFoundError(parts[gone]!);
  return infos.reduce((total, info) => total + info!.size, 0);
}

/** The first `bytes` bytes of an object (fewer when it is shorter): enough to tell its format. */
export async function readStart(storage: ObjectStorage, key: string, bytes = 4100): Promise<Buffer> {
  const stream = await storage.get(key, { start: 0, end: bytes - 1 }).catch((error: unknown) => {
    // An empty object has no byte 0.
    if (error instanceof RangeNotSatisfiableError) return null;
    throw error;
  });
  if (!stream) return Buffer.alloc(0);
  const chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of stream) {
    chunks.push(chunk as Buffer);
    length += (chunk as Buffer).length;
    if (length >= bytes) break;
  }
  stream.destroy();
  return Buffer.concat(chunks).subarray(0, bytes);
}

/**
 * The first `bytes` bytes of parts one after another (fewer when they are shorter): a ranged read of
 * each part it takes, not the parts' whole bodies asked for and dropped.
 */
export async function readPartsStart(storage: ObjectStorage, keys: string[], bytes = 4100): Promise<Buffer> {
  const pieces: Buffer[] = [];
  let length = 0;
  for (const key of keys) {
    if (length >= bytes) break;
    const piece = await readStart(storage, key, bytes - length);
    pieces.push(piece);
    length += piece.length;
  }
  return Buffer.concat(pieces, length);
}
