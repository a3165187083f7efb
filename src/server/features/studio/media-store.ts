import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import type { FileStore } from '@tus/file-store';
import type { S3Store } from '@tus/s3-store';
import { fileTypeFromBuffer, fileTypeFromFile, fileTypeFromStream } from 'file-type';
import { type NoteKind, STUDIO_LIMITS } from '#contract/studio.ts';
import type { Config } from '../../config.ts';
import { AppError } from '../../lib/errors.ts';
import { releasingChunks } from '../../lib/released-chunks.ts';
import {
  ObjectNotFoundError,
  type ObjectStorage,
  RangeNotSatisfiableError,
  storageFor,
  type TempSpace,
  TempSpaceFullError,
  tempSpaceFor,
  tusDataStore,
} from '../../providers/storage/index.ts';

/**
 * Where Studio keeps files: in the configured object store (providers/storage: DATA_DIR on this
 * machine by default, an S3-compatible bucket with S3_*), under keys that are the paths Echo always
 * used: tus uploads `uploads/<id>` (with the tus store's own `.json` on disk, `.info`/`.part` in a
 * bucket), recording chunks `studio/recordings/<id>/<n>` (one object each until finish), finished
 * recordings `studio/media/<note id>.<ext>`. A note's `media_path` is its key. Clips are cut in the
 * bounded temporary space (tempSpaceFor) and never stored.
 */
export const STUDIO_KEYS = {
  uploads: 'uploads/',
  recordings: 'studio/recordings/',
  media: 'studio/media/',
} as const;

type StoreConfig = Pick<Config, 'dataDir' | 'storage' | 'providerTimeoutMs'>;

/** The store Studio files live in (one per configuration). */
export const studioStorage = (config: StoreConfig): ObjectStorage => storageFor(config);

/** Bounded local space for tools that need a path (ffmpeg, speech-to-text pieces, PocketSphinx). */
export const studioTemp = (config: Pick<Config, 'storage'>): TempSpace => tempSpaceFor(config);

const uploadStores = new WeakMap<object, FileStore | S3Store>();

/**
 * The tus data store of this configuration (one per process: @tus/s3-store keeps a small metadata
 * cache, so the tus server, PATCH writes and deletions share it).
 */
export function uploadStore(config: StoreConfig): FileStore | S3Store {
  let store = uploadStores.get(config.storage);
  if (!store) {
    store = tusDataStore(config, { expirationPeriodInMilliseconds: STUDIO_LIMITS.unfinishedUploadTtlMs });
    // An upload's chunks are given back as they are written, not when V8 next collects.
    const write = store.write.bind(store) as (
      readable: Readable,
      id: string,
      offset: number,
    ) => Promise<number>;
    store.write = (readable: Readable, id: string, offset: number) =>
      write(releasingChunks(readable), id, offset);
    uploadStores.set(config.storage, store);
  }
  return store;
}

/** The folder of a recording's chunks (a key prefix). */
export const recordingPrefix = (id: string) => `${STUDIO_KEYS.recordings}${id}/`;
export const chunkKey = (id: string, n: number) => `${recordingPrefix(id)}${n}`;

/** Keys the tus stores keep beside an upload (file store: `.json`; S3 store: `.info`, `.part`). */
const UPLOAD_SIDE_SUFFIXES = ['.json', '.info', '.part'];

/**
 * Removes stored media (finished or not): an unfinished tus upload is removed through the tus store
 * (on S3 that aborts its multipart upload, whose parts are otherwise invisible but kept), then the
 * object and what the tus store keeps beside it. Missing objects are fine.
 */
export async function removeStoredMedia(config: StoreConfig, keys: string[]): Promise<void> {
  const storage = studioStorage(config);
  for (const key of keys) {
    if (key.startsWith(STUDIO_KEYS.uploads)) {
      await uploadStore(config)
        .remove(key)
        .catch(() => {
          // Finished (no multipart upload left) or already gone: the deletes below do the rest.
        });
      for (const suffix of UPLOAD_SIDE_SUFFIXES) await storage.delete(`${key}${suffix}`);
    }
    await storage.delete(key);
  }
}

/** Every chunk of a recording. */
export const removeRecordingChunks = (config: StoreConfig, id: string) =>
  studioStorage(config).deletePrefix(recordingPrefix(id));

/**
 * Stored media (uploads and finished recordings) by key, with the newest change among the object and
 * the tus store's side objects (an unfinished upload in a bucket has only `.info` and `.part`).
 */
export async function listStoredMedia(config: StoreConfig): Promise<Map<string, Date>> {
  const storage = studioStorage(config);
  const found = new Map<string, Date>();
  for (const prefix of [STUDIO_KEYS.uploads, STUDIO_KEYS.media])
    for await (const object of storage.list(prefix)) {
      const suffix = UPLOAD_SIDE_SUFFIXES.find((s) => object.key.endsWith(s));
      const key = prefix === STUDIO_KEYS.uploads && suffix ? object.key.slice(0, -suffix.length) : object.key;
      const seen = found.get(key);
      if (!seen || seen < object.modifiedAt) found.set(key, object.modifiedAt);
    }
  return found;
}

/** Recordings' chunk folders by recording id, with their newest chunk's time. */
export async function listChunkFolders(config: StoreConfig): Promise<Map<string, Date>> {
  const found = new Map<string, Date>();
  for await (const object of studioStorage(config).list(STUDIO_KEYS.recordings)) {
    const id = object.key.slice(STUDIO_KEYS.recordings.length).split('/')[0];
    if (!id) continue;
    const seen = found.get(id);
    if (!seen || seen < object.modifiedAt) found.set(id, object.modifiedAt);
  }
  return found;
}

/** Where clips are cut on this machine before they are sent (legacy folder, swept for crashes). */
const cutsDir = (dataDir: string) => path.join(dataDir, 'studio', 'cuts');

/** Removes cut folders older than an hour (left by a crash mid-cut); returns how many. */
export async function removeStaleCuts(dataDir: string, now: Date): Promise<number> {
  const root = cutsDir(dataDir);
  let removed = 0;
  for (const name of await readdir(root).catch(() => [] as string[])) {
    const info = await stat(path.join(root, name)).catch(() => null);
    if (!info || now.getTime() - info.mtimeMs < 60 * 60_000) continue;
    await rm(path.join(root, name), { recursive: true, force: true });
    removed++;
  }
  return removed;
}

/** The local folders Studio still needs on this machine (the tus file store's, on local disk only). */
export async function ensureStudioDirs(config: StoreConfig): Promise<void> {
  if (studioStorage(config).kind === 'local')
    await mkdir(path.join(config.dataDir, 'uploads'), { recursive: true });
}

// ---------------------------------------------------------------------------------------------
// The store answering: capture refuses (503) rather than lose what is sent; a store failure on any
// Studio route is one of two coded answers naming "the media store", never its address or message.

export const STORAGE_UNAVAILABLE_MESSAGE =
  'The media store is not answering right now, so recordings and uploads cannot be stored. Nothing you already sent is lost: try again in a minute.';
export const STORAGE_REFUSED_MESSAGE =
  'The media store refused an operation this needs, so it could not be done. Nothing you already sent is lost; the operator can see why on the system page.';

const storageUnavailable = (cause?: unknown) =>
  new AppError('storage_unavailable', STORAGE_UNAVAILABLE_MESSAGE, {
    headers: { 'retry-after': '30' },
    cause,
  });
const storageRefused = (cause?: unknown) =>
  new AppError('storage_refused', STORAGE_REFUSED_MESSAGE, { cause });

interface Health {
  ok: boolean;
  until: number;
  pending?: Promise<boolean>;
}
const health = new WeakMap<object, Health>();
/** A store that answered is trusted for this long; one that did not is asked again after a short pause. */
const OK_FOR_MS = 15_000;
const DOWN_FOR_MS = 2_000;

/** Whether the store answers (one check at a time per process, the answer kept a few seconds). */
export async function storageAnswers(
  config: StoreConfig,
  options: { fresh?: boolean } = {},
): Promise<boolean> {
  const known = health.get(config.storage);
  const now = Date.now();
  if (known && now < known.until && !options.fresh) return known.ok;
  if (known?.pending) return known.pending;
  const entry: Health = known ?? { ok: true, until: 0 };
  entry.pending = studioStorage(config)
    .check()
    .then((check) => {
      entry.ok = check.ok;
      entry.until = Date.now() + (check.ok ? OK_FOR_MS : DOWN_FOR_MS);
      return check.ok;
    })
    .finally(() => {
      entry.pending = undefined;
    });
  health.set(config.storage, entry);
  return entry.pending;
}

/** 503 with a clear message when the store does not answer (before anything is received). */
export async function requireStorage(config: StoreConfig, options: { fresh?: boolean } = {}): Promise<void> {
  if (!(await storageAnswers(config, options))) throw storageUnavailable();
}

/**
 * How the store failed, when an error is the store's: `unavailable` when it did not answer (a
 * connection refused or cut, a time-out, a 5xx meaning "try again"), `refused` when it answered no
 * to an operation Echo needs (501 NotImplemented, 403, a 4xx other than a missing object or range);
 * null for Echo's own errors and a missing object. An S3 client error always carries `$metadata`
 * (the SDK adds it to network errors too), so a database error is never taken for the store's.
 */
export function storageFailureKind(error: unknown): 'unavailable' | 'refused' | null {
  if (!error || typeof error !== 'object') return null;
  if (
    error instanceof AppError ||
    error instanceof ObjectNotFoundError ||
    error instanceof RangeNotSatisfiableError ||
    error instanceof TempSpaceFullError
  )
    return null;
  const metadata = (error as { $metadata?: { httpStatusCode?: number } }).$metadata;
  const status = metadata?.httpStatusCode;
  if (status !== undefined) {
    if (status === 404 || status === 416) return null;
    if (status === 501) return 'refused';
    if (status >= 500) return 'unavailable';
    return status >= 400 ? 'refused' : null;
  }
  const code = (error as { code?: string }).code ?? '';
  const name = (error as { name?: string }).name ?? '';
  if (
    /^(ECONNREFUSED|ECONNRESET|ETIMEDOUT|EPIPE|EHOSTUNREACH|ENETUNREACH|EAI_AGAIN|ENOTFOUND|ENOSPC|EROFS|EACCES|EIO)$/.test(
      code,
    ) ||
    /TimeoutError|NetworkingError|RequestTimeout/.test(name)
  )
    return 'unavailable';
  // A client error that reached no HTTP answer (its cause says why).
  return metadata ? 'unavailable' : null;
}

/** Whether an error came from the store failing (not from Echo's own checks or a missing object). */
export const isStorageFailure = (error: unknown): boolean => storageFailureKind(error) !== null;

/**
 * The coded answer for a store failure (null for any other error): 503 `storage_unavailable` with
 * Retry-After, or 502 `storage_refused`. A store that did not answer is asked again before the next
 * request. What the store said is logged by the caller, never sent.
 */
export function storageAppError(config: StoreConfig, error: unknown): AppError | null {
  const kind = storageFailureKind(error);
  if (!kind) return null;
  if (kind === 'unavailable') {
    health.set(config.storage, { ok: false, until: Date.now() + DOWN_FOR_MS });
    return storageUnavailable(error);
  }
  return storageRefused(error);
}

/**
 * Runs a store operation on a request's path: a failing store answers 503 or 502 (and is checked
 * again before the next request), every other error is the caller's.
 */
export async function onStorage<T>(config: StoreConfig, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw storageAppError(config, error) ?? error;
  }
}

// ---------------------------------------------------------------------------------------------
// What a file is, by content.

export interface DetectedMedia {
  ext: string;
  mime: string;
  kind: NoteKind;
}

/** The accepted formats as file-type names them (Ogg audio may come as oga/opus). */
const ACCEPTED: Record<string, { mime: string; kind: NoteKind }> = {
  mp3: { mime: 'audio/mpeg', kind: 'voice' },
  m4a: { mime: 'audio/mp4', kind: 'voice' },
  wav: { mime: 'audio/wav', kind: 'voice' },
  webm: { mime: 'audio/webm', kind: 'voice' },
  ogg: { mime: 'audio/ogg', kind: 'voice' },
  oga: { mime: 'audio/ogg', kind: 'voice' },
  opus: { mime: 'audio/ogg', kind: 'voice' },
  mp4: { mime: 'video/mp4', kind: 'video' },
  m4v: { mime: 'video/mp4', kind: 'video' },
  mov: { mime: 'video/quicktime', kind: 'video' },
};

/** How many first bytes are enough to tell a format (file-type's sample size). */
export const SNIFF_BYTES = 4100;

function accepted(found: { ext: string } | undefined, declaredType?: string | null): DetectedMedia | null {
  if (!found) return null;
  const known = ACCEPTED[found.ext];
  if (!known) return null;
  if (found.ext === 'webm' && declaredType?.startsWith('video/'))
    return { ext: 'webm', mime: 'video/webm', kind: 'video' };
  return { ext: found.ext, ...known };
}

/**
 * What a file is, by its first bytes (magic numbers), never by its name; null when it is not one
 * of the accepted audio or video formats. WebM is a voice note unless the client said it is video.
 */
export async function detectMedia(file: string, declaredType?: string | null): Promise<DetectedMedia | null> {
  return accepted(await fileTypeFromFile(file).catch(() => undefined), declaredType);
}

/** The same, from the first bytes of a body (a PATCH or a chunk as it arrives). */
export async function detectMediaBytes(
  bytes: Uint8Array,
  declaredType?: string | null,
): Promise<DetectedMedia | null> {
  if (bytes.length === 0) return null;
  return accepted(await fileTypeFromBuffer(bytes).catch(() => undefined), declaredType);
}

/** The same, of a stored object (read in place on local disk; streamed, only as far as needed, from a bucket). */
export async function detectStoredMedia(
  storage: ObjectStorage,
  key: string,
  declaredType?: string | null,
): Promise<DetectedMedia | null> {
  const local = storage.localPath?.(key);
  if (local) return detectMedia(local, declaredType);
  return detectStreamedMedia(await storage.get(key), declaredType);
}

/** The same, from the start of a stream (closed once the format is known). */
export async function detectStreamedMedia(
  stream: Readable,
  declaredType?: string | null,
): Promise<DetectedMedia | null> {
  try {
    const web = Readable.toWeb(stream) as unknown as WebReadableStream<Uint8Array>;
    return accepted(
      await fileTypeFromStream(web as unknown as Parameters<typeof fileTypeFromStream>[0]).catch(
        () => undefined,
      ),
      declaredType,
    );
  } finally {
    stream.destroy();
  }
}
