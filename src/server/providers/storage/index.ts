import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { FileStore } from '@tus/file-store';
import { S3Store } from '@tus/s3-store';
import type { Config } from '../../config.ts';
import { LocalDiskStorage } from './local-disk.ts';
import { S3_PART_BYTES, S3Storage, s3ClientConfig } from './s3.ts';
import type { ObjectStorage } from './storage.ts';
import { TempSpace } from './temp-space.ts';

export { LocalDiskStorage } from './local-disk.ts';
export { type S3Settings, S3Storage } from './s3.ts';
export {
  type ByteRange,
  type ObjectInfo,
  ObjectNotFoundError,
  type ObjectStorage,
  type OperationProbe,
  type PutOptions,
  RangeNotSatisfiableError,
  readStart,
  STORE_OPERATIONS,
  type StorageCheck,
  type StoreOperation,
} from './storage.ts';
export { type LocalCopy, TempSpace, TempSpaceFullError } from './temp-space.ts';

type StorageConfig = Pick<Config, 'dataDir' | 'storage' | 'providerTimeoutMs'>;

/** The configured store: S3 when S3_BUCKET is set, else DATA_DIR on this machine. */
export function createObjectStorage(config: StorageConfig): ObjectStorage {
  return config.storage.s3
    ? new S3Storage(config.storage.s3, { timeoutMs: config.providerTimeoutMs })
    : new LocalDiskStorage(config.dataDir);
}

const stores = new WeakMap<object, ObjectStorage>();
const temps = new WeakMap<object, TempSpace>();

/** One store per configuration (one S3 client and its connections for the whole process). */
export function storageFor(config: StorageConfig): ObjectStorage {
  let store = stores.get(config.storage);
  if (!store) {
    store = createObjectStorage(config);
    stores.set(config.storage, store);
  }
  return store;
}

/** One bounded temporary space per configuration (STORAGE_TEMP_DIR, STORAGE_TEMP_MB). */
export function tempSpaceFor(config: Pick<Config, 'storage'>): TempSpace {
  let temp = temps.get(config.storage);
  if (!temp) {
    temp = new TempSpace(config.storage.temp);
    temps.set(config.storage, temp);
  }
  return temp;
}

/** Where resumable uploads live in the store: key `uploads/<uuid>` (the tus server's upload id). */
export const TUS_PREFIX = 'uploads/';

/**
 * Options for @tus/server so that an upload's id is its storage key (`uploads/<uuid>`) while its URL
 * stays `<path>/<uuid>`: the same key on disk (DATA_DIR/uploads/<uuid>, the layout Echo always had)
 * and in a bucket.
 */
export const tusNaming = {
  namingFunction: (): string => `${TUS_PREFIX}${randomUUID()}`,
  generateUrl: (_req: unknown, options: { proto: string; host: string; path: string; id: string }): string =>
    `${options.path}/${options.id.slice(TUS_PREFIX.length)}`,
  getFileIdFromRequest: (_req: IncomingMessage | unknown, lastPath?: string): string | undefined =>
    lastPath && /^[0-9a-f-]{36}$/.test(lastPath) ? `${TUS_PREFIX}${lastPath}` : undefined,
};

/**
 * The tus data store for this configuration: @tus/file-store under DATA_DIR, or @tus/s3-store in
 * the bucket (parts of 8 MiB; an interrupted upload resumes from its last complete part). Upload
 * ids must come from `tusNaming`. Tags are not used (not every S3-compatible store has them): the
 * Studio's own maintenance removes unfinished uploads.
 */
export function tusDataStore(
  config: StorageConfig,
  options: { expirationPeriodInMilliseconds?: number } = {},
): FileStore | S3Store {
  const s3 = config.storage.s3;
  if (!s3)
    return new FileStore({
      directory: config.dataDir,
      ...(options.expirationPeriodInMilliseconds !== undefined
        ? { expirationPeriodInMilliseconds: options.expirationPeriodInMilliseconds }
        : {}),
    });
  return new S3Store({
    partSize: S3_PART_BYTES,
    useTags: false,
    ...(options.expirationPeriodInMilliseconds !== undefined
      ? { expirationPeriodInMilliseconds: options.expirationPeriodInMilliseconds }
      : {}),
    s3ClientConfig: { bucket: s3.bucket, ...s3ClientConfig(s3, config.providerTimeoutMs) },
  });
}
