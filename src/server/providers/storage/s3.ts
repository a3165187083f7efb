import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  ListPartsCommand,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import {
  assertKey,
  assertPrefix,
  assertRange,
  type ByteRange,
  concatObjects,
  type ObjectInfo,
  ObjectNotFoundError,
  type ObjectStorage,
  type OperationProbe,
  type PutOptions,
  partsSize,
  RangeNotSatisfiableError,
  STORE_OPERATIONS,
  type StorageCheck,
  type StoreOperation,
  sizedBody,
} from './storage.ts';

/** The S3_* settings (config.ts). */
export interface S3Settings {
  /** S3_ENDPOINT; unset: AWS's own endpoint for the region. */
  endpoint: string | undefined;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** S3_FORCE_PATH_STYLE: `endpoint/bucket/key` instead of `bucket.endpoint/key` (MinIO and most self-hosted stores). */
  forcePathStyle: boolean;
}

/** Where the start-up probe writes its scratch objects (one folder each time, removed after). */
export const PROBE_PREFIX = '.echo-probe/';

/** Multipart part size for streamed puts (S3's minimum is 5 MiB; 8 MiB as @tus/s3-store uses). */
export const S3_PART_BYTES = 8 * 1024 * 1024;

/**
 * The client options for one bucket, shared with @tus/s3-store. Checksums are sent and checked only
 * where S3 requires them: several S3-compatible stores refuse the SDK's newer default (streamed
 * CRC32 trailers).
 */
export function s3ClientConfig(settings: S3Settings, timeoutMs?: number): S3ClientConfig {
  return {
    region: settings.region,
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    forcePathStyle: settings.forcePathStyle,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 3,
    requestHandler: { connectionTimeout: 5_000, requestTimeout: timeoutMs ?? 60_000 },
  };
}

const statusOf = (error: unknown) =>
  (error as { $metadata?: { httpStatusCode?: number } })?.$metadata?.httpStatusCode;
const isNotFound = (error: unknown) =>
  statusOf(error) === 404 || ['NoSuchKey', 'NotFound'].includes((error as Error)?.name);
/** The store answered that it does not do this operation (501, 405, NotImplemented). */
export const isRefusedOperation = (error: unknown) =>
  statusOf(error) === 501 ||
  statusOf(error) === 405 ||
  ['NotImplemented', 'MethodNotAllowed'].includes((error as Error)?.name);

/** Objects in one bucket of S3 or an S3-compatible store (MinIO, R2, Ceph, Garage...). */
export class S3Storage implements ObjectStorage {
  readonly kind = 's3' as const;
  readonly location: string;
  readonly client: S3Client;
  private readonly bucket: string;

  constructor(settings: S3Settings, options: { timeoutMs?: number } = {}) {
    this.bucket = settings.bucket;
    this.client = new S3Client(s3ClientConfig(settings, options.timeoutMs));
    this.location = `bucket ${settings.bucket} at ${settings.endpoint ?? `AWS ${settings.region}`}`;
  }

  async put(key: string, body: Readable | Uint8Array, options: PutOptions = {}): Promise<{ size: number }> {
    assertKey(key);
    const counted = sizedBody(body, options.size);
    if (options.size !== undefined && options.size <= S3_PART_BYTES) {
      // Its length known and under a part: one PutObject streaming the body as it comes (the
      // multipart helper first copies it into one buffer, whose payload the signature then hashes
      // whole, CPU spent for nothing). A body that fails, or ends short or long, aborts the
      // request, and S3 stores nothing of an aborted PutObject.
      const abort = new AbortController();
      let failure: unknown;
      counted.stream.once('error', (error) => {
        failure = error;
        abort.abort(error);
      });
      try {
        await this.client.send(
          new PutObjectCommand({
            Bucket: this.bucket,
            Key: key,
            Body: counted.stream,
            ContentLength: options.size,
            ...(options.contentType ? { ContentType: options.contentType } : {}),
          }),
          { abortSignal: abort.signal },
        );
      } catch (error) {
        throw failure ?? error;
      }
      return { size: counted.bytes() };
    }
    // Otherwise one PutObject for a body under a part, else a multipart upload completed at the end
    // (aborted on failure).
    const upload = new Upload({
      client: this.client,
      params: {
        Bucket: this.bucket,
        Key: key,
        Body: counted.stream,
        ...(options.contentType ? { ContentType: options.contentType } : {}),
      },
      partSize: S3_PART_BYTES,
      queueSize: 1,
      leavePartsOnError: false,
    });
    await upload.done();
    return { size: counted.bytes() };
  }

  async get(key: string, range?: ByteRange): Promise<Readable> {
    assertKey(key);
    assertRange(range);
    try {
      const answer = await this.client.send(
        new GetObjectCommand({
          Bucket: this.bucket,
          Key: key,
          ...(range ? { Range: `bytes=${range.start}-${range.end ?? ''}` } : {}),
        }),
      );
      return answer.Body as Readable;
    } catch (error) {
      if (isNotFound(error)) throw new ObjectNotFoundError(key);
      if (statusOf(error) === 416) throw new RangeNotSatisfiableError(key);
      throw error;
    }
  }

  async head(key: string): Promise<ObjectInfo | null> {
    assertKey(key);
    try {
      const answer = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return { key, size: answer.ContentLength ?? 0, modifiedAt: answer.LastModified ?? new Date(0) };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    assertKey(key);
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  async deletePrefix(prefix: string): Promise<number> {
    assertPrefix(prefix, { folder: true });
    // The objects first, with what every S3-compatible store has (ListObjectsV2, then DeleteObjects
    // or one DeleteObject a key); unfinished multipart uploads after, best-effort.
    let removed = 0;
    let batch: string[] = [];
    const flush = async () => {
      if (!batch.length) return;
      await this.deleteKeys(batch);
      removed += batch.length;
      batch = [];
    };
    for await (const object of this.list(prefix)) {
      batch.push(object.key);
      if (batch.length === 1000) await flush();
    }
    await flush();
    await this.abortUploads(prefix).catch(() => {
      // ListMultipartUploads and AbortMultipartUpload are optional on S3-compatible stores (s3rver
      // answers 501): an upload left unfinished is the store's own lifecycle rules' to expire.
    });
    return removed;
  }

  /** Whether the store refused DeleteObjects (then each key is deleted alone, from then on). */
  private deleteObjectsRefused = false;

  /** Deletes up to 1000 keys: one DeleteObjects, or one DeleteObject each where it is refused. */
  private async deleteKeys(keys: string[]): Promise<void> {
    if (!this.deleteObjectsRefused) {
      try {
        const answer = await this.client.send(
          new DeleteObjectsCommand({
            Bucket: this.bucket,
            Delete: { Objects: keys.map((Key) => ({ Key })), Quiet: true },
          }),
        );
        const failed = answer.Errors?.[0];
        if (failed)
          throw new Error(`could not delete ${failed.Key}: ${failed.Code} ${failed.Message ?? ''}`.trim());
        return;
      } catch (error) {
        if (!isRefusedOperation(error)) throw error;
        this.deleteObjectsRefused = true;
      }
    }
    for (const Key of keys) await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key }));
  }

  /** Aborts every unfinished multipart upload under `prefix` (their parts are stored but invisible). */
  private async abortUploads(prefix: string): Promise<void> {
    let keyMarker: string | undefined;
    let uploadMarker: string | undefined;
    do {
      const page = await this.client.send(
        new ListMultipartUploadsCommand({
          Bucket: this.bucket,
          Prefix: prefix,
          ...(keyMarker ? { KeyMarker: keyMarker, UploadIdMarker: uploadMarker } : {}),
        }),
      );
      for (const upload of page.Uploads ?? [])
        await this.client
          .send(
            new AbortMultipartUploadCommand({
              Bucket: this.bucket,
              Key: upload.Key,
              UploadId: upload.UploadId,
            }),
          )
          .catch(() => {
            // Gone already, or refused: the next upload is still tried.
          });
      keyMarker = page.IsTruncated ? page.NextKeyMarker : undefined;
      uploadMarker = page.NextUploadIdMarker;
    } while (keyMarker);
  }

  async *list(prefix: string): AsyncIterable<ObjectInfo> {
    assertPrefix(prefix);
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({
          Bucket: this.bucket,
          Prefix: prefix,
          ...(token ? { ContinuationToken: token } : {}),
        }),
      );
      for (const object of page.Contents ?? [])
        if (object.Key)
          yield { key: object.Key, size: object.Size ?? 0, modifiedAt: object.LastModified ?? new Date(0) };
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  async assemble(parts: string[], target: string, options: { contentType?: string } = {}) {
    const size = await partsSize(this, parts);
    return this.put(target, concatObjects(this, parts), { size, ...options });
  }

  async probe(): Promise<OperationProbe[]> {
    const folder = `${PROBE_PREFIX}${randomUUID()}/`;
    const key = `${folder}probe`;
    const body = Buffer.from('echo storage probe');
    const found = new Map<StoreOperation, OperationProbe['outcome']>();
    const signal = () => AbortSignal.timeout(10_000);
    // One operation: its outcome recorded, its answer (or undefined) returned.
    const attempt = async <T>(operation: StoreOperation, work: () => Promise<T>): Promise<T | undefined> => {
      try {
        const answer = await work();
        found.set(operation, 'ok');
        return answer;
      } catch (error) {
        const status = statusOf(error);
        found.set(
          operation,
          status !== undefined && (status < 500 || status === 501) ? 'refused' : 'unanswered',
        );
        return undefined;
      }
    };
    const Bucket = this.bucket;
    const put = await attempt('PutObject', () =>
      this.client.send(new PutObjectCommand({ Bucket, Key: key, Body: body, ContentLength: body.length }), {
        abortSignal: signal(),
      }),
    );
    if (put) {
      await attempt('GetObject with Range', async () => {
        const answer = await this.client.send(
          new GetObjectCommand({ Bucket, Key: key, Range: 'bytes=5-11' }),
          {
            abortSignal: signal(),
          },
        );
        const bytes = Buffer.from(await answer.Body!.transformToByteArray());
        if (!bytes.equals(body.subarray(5, 12)))
          throw Object.assign(new Error('range ignored'), { $metadata: { httpStatusCode: 400 } });
      });
      await attempt('ListObjectsV2', async () => {
        const page = await this.client.send(new ListObjectsV2Command({ Bucket, Prefix: folder }), {
          abortSignal: signal(),
        });
        if (!page.Contents?.some((object) => object.Key === key))
          throw Object.assign(new Error('the object is not listed'), { $metadata: { httpStatusCode: 400 } });
      });
      const many = await attempt('DeleteObjects', () =>
        this.client.send(
          new DeleteObjectsCommand({ Bucket, Delete: { Objects: [{ Key: key }], Quiet: true } }),
          { abortSignal: signal() },
        ),
      );
      if (!many)
        await this.client.send(new PutObjectCommand({ Bucket, Key: key, Body: body })).catch(() => {});
      await attempt('DeleteObject', () =>
        this.client.send(new DeleteObjectCommand({ Bucket, Key: key }), { abortSignal: signal() }),
      );
    }
    const created = await attempt('CreateMultipartUpload', () =>
      this.client.send(new CreateMultipartUploadCommand({ Bucket, Key: key }), { abortSignal: signal() }),
    );
    const UploadId = created?.UploadId;
    if (UploadId) {
      await attempt('UploadPart', () =>
        this.client.send(
          new UploadPartCommand({
            Bucket,
            Key: key,
            UploadId,
            PartNumber: 1,
            Body: body,
            ContentLength: body.length,
          }),
          { abortSignal: signal() },
        ),
      );
      await attempt('ListParts', () =>
        this.client.send(new ListPartsCommand({ Bucket, Key: key, UploadId }), { abortSignal: signal() }),
      );
      await attempt('ListMultipartUploads', () =>
        this.client.send(new ListMultipartUploadsCommand({ Bucket, Prefix: folder }), {
          abortSignal: signal(),
        }),
      );
      await attempt('AbortMultipartUpload', () =>
        this.client.send(new AbortMultipartUploadCommand({ Bucket, Key: key, UploadId }), {
          abortSignal: signal(),
        }),
      );
    }
    return STORE_OPERATIONS.map((operation) => ({
      operation,
      outcome: found.get(operation) ?? 'unanswered',
    }));
  }

  async check(): Promise<StorageCheck> {
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }), {
        abortSignal: AbortSignal.timeout(5_000),
      });
      return { ok: true };
    } catch (error) {
      const status = statusOf(error);
      const reason =
        status === 404
          ? 'the bucket does not exist'
          : status === 403
            ? 'access denied (check S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY)'
            : status
              ? `HTTP ${status}`
              : (error as Error).message || (error as Error).name;
      return { ok: false, problem: `${this.location} did not answer: ${reason}` };
    }
  }
}
