import { createHash, randomUUID } from 'node:crypto';
import type http from 'node:http';
import { type LocalHttp, listenLocal } from './local-http.ts';

/** Credentials the fake accepts (any other access key id is refused with AccessDenied). */
export const FAKE_S3 = {
  bucket: 'echo-media',
  region: 'us-east-1',
  accessKeyId: 'FAKEACCESSKEY0000001',
  secretAccessKey: 'fake-secret-access-key',
};

interface StoredObject {
  body: Buffer;
  etag: string;
  contentType: string;
  metadata: Record<string, string>;
  modifiedAt: Date;
}

interface MultipartUpload {
  key: string;
  parts: Map<number, { body: Buffer; etag: string }>;
  contentType: string;
  metadata: Record<string, string>;
  initiated: Date;
}

/** S3's smallest part but the last (CompleteMultipartUpload refuses smaller ones: EntityTooSmall). */
const MIN_PART_BYTES = 5 * 1024 * 1024;

const xmlEscape = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const xmlUnescape = (text: string) =>
  text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&#(\d+);/g, (_, n: string) => String.fromCharCode(Number(n)))
    .replace(/&amp;/g, '&');
const md5 = (body: Buffer) => `"${createHash('md5').update(body).digest('hex')}"`;
const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>';
const NS = 'xmlns="http://s3.amazonaws.com/doc/2006-03-01/"';

class S3Failure extends Error {
  readonly status: number;
  readonly code: string;
  constructor(status: number, code: string, message: string) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

/**
 * A local HTTP server speaking enough of S3's REST protocol (path-style addresses) for Echo's
 * object storage and @tus/s3-store: PutObject, GetObject with Range, HeadObject, DeleteObject(s),
 * ListObjectsV2, HeadBucket, multipart uploads (create, upload part, list parts, complete with S3's
 * 5 MiB minimum part, abort, list uploads) and x-amz-meta-* metadata. Signatures are not verified,
 * but the access key id in the Authorization header must be FAKE_S3's. `stop()` and `start()` again
 * keep every object and upload (a store that went away and came back on the same port).
 */
export class FakeS3 {
  readonly objects = new Map<string, StoredObject>();
  readonly uploads = new Map<string, MultipartUpload>();
  /** Operations answered, in order (`PutObject a/b`), for assertions. */
  readonly log: string[] = [];
  /** Called after each part is stored (its number and key): a test may stop the server there. */
  onPart: ((partNumber: number, key: string) => void) | null = null;
  /** When it returns true for a request (method, key, query), the connection is dropped unanswered. */
  refuse: ((method: string, key: string, q: URLSearchParams) => boolean) | null = null;
  /**
   * Operations answered 501 NotImplemented, as a store without them answers (s3rver has no
   * ListParts; not every S3-compatible service implements every multipart call or DeleteObjects).
   */
  readonly notImplemented = new Set<string>();
  private server: LocalHttp | null = null;
  port = 0;

  async start(): Promise<this> {
    this.server = await listenLocal((req, res) => void this.handle(req, res), this.port, { stable: true });
    this.port = this.server.port;
    return this;
  }

  /** Stops answering (connections dropped, port closed); objects and uploads are kept. */
  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    await server?.close();
  }

  /** Whether it is listening (false between stop() and start()). */
  get running(): boolean {
    return this.server !== null;
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** Env vars that point Echo at this fake. */
  get env(): Record<string, string> {
    return {
      S3_ENDPOINT: this.url,
      S3_BUCKET: FAKE_S3.bucket,
      S3_REGION: FAKE_S3.region,
      S3_ACCESS_KEY_ID: FAKE_S3.accessKeyId,
      S3_SECRET_ACCESS_KEY: FAKE_S3.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
    };
  }

  /** The settings providers/storage takes. */
  get settings() {
    return {
      endpoint: this.url,
      bucket: FAKE_S3.bucket,
      region: FAKE_S3.region,
      accessKeyId: FAKE_S3.accessKeyId,
      secretAccessKey: FAKE_S3.secretAccessKey,
      forcePathStyle: true,
    };
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://fake-s3');
    const [, bucketPart = '', ...rest] = url.pathname.split('/');
    const bucket = decodeURIComponent(bucketPart);
    const key = rest.map((segment) => decodeURIComponent(segment)).join('/');
    const q = url.searchParams;
    if (this.refuse?.(req.method ?? 'GET', key, q)) {
      req.socket.destroy();
      return;
    }
    try {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const body = Buffer.concat(chunks);
      const credential = /Credential=([^/,\s]+)\//.exec(String(req.headers.authorization ?? ''))?.[1];
      if (credential !== FAKE_S3.accessKeyId) throw new S3Failure(403, 'AccessDenied', 'Access Denied');
      if (bucket !== FAKE_S3.bucket)
        throw new S3Failure(404, 'NoSuchBucket', 'The specified bucket does not exist');
      if (String(req.headers['content-encoding'] ?? '').includes('aws-chunked'))
        throw new S3Failure(501, 'NotImplemented', 'aws-chunked bodies are not understood by this fake');
      const op = this.route(req.method ?? 'GET', key, q);
      if (this.notImplemented.has(op))
        throw new S3Failure(501, 'NotImplemented', `${op} is not implemented by this store`);
      this.log.push(`${op} ${key}`.trim());
      await this.answer(op, req, res, key, q, body);
    } catch (error) {
      const failure =
        error instanceof S3Failure ? error : new S3Failure(500, 'InternalError', (error as Error).message);
      res.statusCode = failure.status;
      if (req.method === 'HEAD') {
        res.end();
        return;
      }
      res.setHeader('content-type', 'application/xml');
      res.end(
        `${XML_HEAD}<Error><Code>${failure.code}</Code><Message>${xmlEscape(failure.message)}</Message><RequestId>${randomUUID()}</RequestId></Error>`,
      );
    }
  }

  private route(method: string, key: string, q: URLSearchParams): string {
    if (!key) {
      if (method === 'HEAD') return 'HeadBucket';
      if (method === 'GET' && q.has('uploads')) return 'ListMultipartUploads';
      if (method === 'GET' && q.get('list-type') === '2') return 'ListObjectsV2';
      if (method === 'POST' && q.has('delete')) return 'DeleteObjects';
    } else {
      if (method === 'POST' && q.has('uploads')) return 'CreateMultipartUpload';
      if (method === 'PUT' && q.has('uploadId') && q.has('partNumber')) return 'UploadPart';
      if (method === 'POST' && q.has('uploadId')) return 'CompleteMultipartUpload';
      if (method === 'DELETE' && q.has('uploadId')) return 'AbortMultipartUpload';
      if (method === 'GET' && q.has('uploadId')) return 'ListParts';
      if (method === 'PUT' && !q.has('tagging') && !q.has('acl')) return 'PutObject';
      if (method === 'GET' && !q.has('tagging') && !q.has('acl')) return 'GetObject';
      if (method === 'HEAD') return 'HeadObject';
      if (method === 'DELETE') return 'DeleteObject';
    }
    throw new S3Failure(501, 'NotImplemented', `${method} ${q.toString()} is not implemented by this fake`);
  }

  private upload(q: URLSearchParams, key: string): MultipartUpload {
    const upload = this.uploads.get(q.get('uploadId') ?? '');
    if (!upload || upload.key !== key)
      throw new S3Failure(404, 'NoSuchUpload', 'The specified multipart upload does not exist');
    return upload;
  }

  private object(key: string): StoredObject {
    const object = this.objects.get(key);
    if (!object) throw new S3Failure(404, 'NoSuchKey', 'The specified key does not exist.');
    return object;
  }

  private async answer(
    op: string,
    req: http.IncomingMessage,
    res: http.ServerResponse,
    key: string,
    q: URLSearchParams,
    body: Buffer,
  ): Promise<void> {
    const xml = (text: string) => {
      res.setHeader('content-type', 'application/xml');
      res.end(`${XML_HEAD}${text}`);
    };
    const metadata = () =>
      Object.fromEntries(
        Object.entries(req.headers)
          .filter(([name]) => name.startsWith('x-amz-meta-'))
          .map(([name, value]) => [name.slice('x-amz-meta-'.length), String(value)]),
      );
    switch (op) {
      case 'HeadBucket':
        res.end();
        return;
      case 'PutObject': {
        const declared = req.headers['content-length'];
        if (declared !== undefined && Number(declared) !== body.length)
          throw new S3Failure(400, 'IncompleteBody', 'You did not provide the number of bytes specified');
        const etag = md5(body);
        this.objects.set(key, {
          body,
          etag,
          contentType: String(req.headers['content-type'] ?? 'binary/octet-stream'),
          metadata: metadata(),
          modifiedAt: new Date(),
        });
        res.setHeader('etag', etag);
        res.end();
        return;
      }
      case 'GetObject':
      case 'HeadObject': {
        const object = this.object(key);
        res.setHeader('etag', object.etag);
        res.setHeader('last-modified', object.modifiedAt.toUTCString());
        res.setHeader('content-type', object.contentType);
        res.setHeader('accept-ranges', 'bytes');
        for (const [name, value] of Object.entries(object.metadata))
          res.setHeader(`x-amz-meta-${name}`, value);
        const size = object.body.length;
        const range = /^bytes=(\d*)-(\d*)$/.exec(String(req.headers.range ?? ''));
        if (op === 'GetObject' && range && (range[1] !== '' || range[2] !== '')) {
          let start: number;
          let end: number;
          if (range[1] === '') {
            start = Math.max(0, size - Number(range[2]));
            end = size - 1;
          } else {
            start = Number(range[1]);
            end = range[2] === '' ? size - 1 : Math.min(Number(range[2]), size - 1);
          }
          if (start >= size || start > end) {
            res.setHeader('content-range', `bytes */${size}`);
            throw new S3Failure(416, 'InvalidRange', 'The requested range is not satisfiable');
          }
          res.statusCode = 206;
          res.setHeader('content-range', `bytes ${start}-${end}/${size}`);
          res.setHeader('content-length', end - start + 1);
          res.end(object.body.subarray(start, end + 1));
          return;
        }
        res.setHeader('content-length', size);
        res.end(op === 'HeadObject' ? undefined : object.body);
        return;
      }
      case 'DeleteObject':
        this.objects.delete(key);
        res.statusCode = 204;
        res.end();
        return;
      case 'DeleteObjects': {
        const text = body.toString('utf8');
        const keys = [...text.matchAll(/<Key>([\s\S]*?)<\/Key>/g)].map((m) => xmlUnescape(m[1] ?? ''));
        if (keys.length > 1000) throw new S3Failure(400, 'MalformedXML', 'At most 1000 keys');
        for (const k of keys) this.objects.delete(k);
        const quiet = /<Quiet>true<\/Quiet>/.test(text);
        xml(
          `<DeleteResult ${NS}>${quiet ? '' : keys.map((k) => `<Deleted><Key>${xmlEscape(k)}</Key></Deleted>`).join('')}</DeleteResult>`,
        );
        return;
      }
      case 'ListObjectsV2': {
        const prefix = q.get('prefix') ?? '';
        const max = Math.min(Number(q.get('max-keys') ?? 1000) || 1000, 1000);
        const after = q.get('continuation-token') ?? q.get('start-after') ?? '';
        const keys = [...this.objects.keys()].filter((k) => k.startsWith(prefix) && k > after).sort();
        const page = keys.slice(0, max);
        const truncated = keys.length > max;
        const contents = page
          .map((k) => {
            const o = this.objects.get(k) as StoredObject;
            return `<Contents><Key>${xmlEscape(k)}</Key><LastModified>${o.modifiedAt.toISOString()}</LastModified><ETag>${xmlEscape(o.etag)}</ETag><Size>${o.body.length}</Size><StorageClass>STANDARD</StorageClass></Contents>`;
          })
          .join('');
        xml(
          `<ListBucketResult ${NS}><Name>${FAKE_S3.bucket}</Name><Prefix>${xmlEscape(prefix)}</Prefix><KeyCount>${page.length}</KeyCount><MaxKeys>${max}</MaxKeys><IsTruncated>${truncated}</IsTruncated>${truncated ? `<NextContinuationToken>${xmlEscape(page[page.length - 1] ?? '')}</NextContinuationToken>` : ''}${contents}</ListBucketResult>`,
        );
        return;
      }
      case 'CreateMultipartUpload': {
        const uploadId = randomUUID();
        this.uploads.set(uploadId, {
          key,
          parts: new Map(),
          contentType: String(req.headers['content-type'] ?? 'binary/octet-stream'),
          metadata: metadata(),
          initiated: new Date(),
        });
        xml(
          `<InitiateMultipartUploadResult ${NS}><Bucket>${FAKE_S3.bucket}</Bucket><Key>${xmlEscape(key)}</Key><UploadId>${uploadId}</UploadId></InitiateMultipartUploadResult>`,
        );
        return;
      }
      case 'UploadPart': {
        const upload = this.upload(q, key);
        const partNumber = Number(q.get('partNumber'));
        if (!Number.isInteger(partNumber) || partNumber < 1 || partNumber > 10_000)
          throw new S3Failure(400, 'InvalidArgument', 'Part number must be an integer between 1 and 10000');
        const declared = req.headers['content-length'];
        if (declared !== undefined && Number(declared) !== body.length)
          throw new S3Failure(400, 'IncompleteBody', 'You did not provide the number of bytes specified');
        const etag = md5(body);
        upload.parts.set(partNumber, { body, etag });
        res.setHeader('etag', etag);
        res.end();
        this.onPart?.(partNumber, key);
        return;
      }
      case 'ListParts': {
        const upload = this.upload(q, key);
        const parts = [...upload.parts.entries()]
          .sort(([a], [b]) => a - b)
          .map(
            ([n, p]) =>
              `<Part><PartNumber>${n}</PartNumber><ETag>${xmlEscape(p.etag)}</ETag><Size>${p.body.length}</Size><LastModified>${upload.initiated.toISOString()}</LastModified></Part>`,
          )
          .join('');
        xml(
          `<ListPartsResult ${NS}><Bucket>${FAKE_S3.bucket}</Bucket><Key>${xmlEscape(key)}</Key><UploadId>${q.get('uploadId')}</UploadId><IsTruncated>false</IsTruncated>${parts}</ListPartsResult>`,
        );
        return;
      }
      case 'CompleteMultipartUpload': {
        const upload = this.upload(q, key);
        const listed = [...body.toString('utf8').matchAll(/<Part>([\s\S]*?)<\/Part>/g)].map((m) => ({
          n: Number(/<PartNumber>(\d+)<\/PartNumber>/.exec(m[1] ?? '')?.[1]),
          etag: xmlUnescape(/<ETag>([\s\S]*?)<\/ETag>/.exec(m[1] ?? '')?.[1] ?? ''),
        }));
        if (!listed.length) throw new S3Failure(400, 'MalformedXML', 'No parts');
        const bodies: Buffer[] = [];
        listed.forEach(({ n, etag }, i) => {
          const part = upload.parts.get(n);
          if (!part || part.etag.replace(/"/g, '') !== etag.replace(/"/g, ''))
            throw new S3Failure(400, 'InvalidPart', `Part ${n} was not uploaded or its ETag differs`);
          if (i > 0 && n <= (listed[i - 1]?.n ?? 0))
            throw new S3Failure(400, 'InvalidPartOrder', 'Parts must be in ascending order');
          if (i < listed.length - 1 && part.body.length < MIN_PART_BYTES)
            throw new S3Failure(
              400,
              'EntityTooSmall',
              'Your proposed upload is smaller than the minimum allowed',
            );
          bodies.push(part.body);
        });
        const whole = Buffer.concat(bodies);
        const etag = `"${createHash('md5').update(whole).digest('hex')}-${listed.length}"`;
        this.objects.set(key, {
          body: whole,
          etag,
          contentType: upload.contentType,
          metadata: upload.metadata,
          modifiedAt: new Date(),
        });
        this.uploads.delete(q.get('uploadId') ?? '');
        xml(
          `<CompleteMultipartUploadResult ${NS}><Bucket>${FAKE_S3.bucket}</Bucket><Key>${xmlEscape(key)}</Key><ETag>${xmlEscape(etag)}</ETag></CompleteMultipartUploadResult>`,
        );
        return;
      }
      case 'AbortMultipartUpload':
        this.upload(q, key);
        this.uploads.delete(q.get('uploadId') ?? '');
        res.statusCode = 204;
        res.end();
        return;
      case 'ListMultipartUploads': {
        const prefix = q.get('prefix') ?? '';
        const uploads = [...this.uploads.entries()]
          .filter(([, u]) => u.key.startsWith(prefix))
          .sort(([, a], [, b]) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
          .map(
            ([id, u]) =>
              `<Upload><Key>${xmlEscape(u.key)}</Key><UploadId>${id}</UploadId><Initiated>${u.initiated.toISOString()}</Initiated></Upload>`,
          )
          .join('');
        xml(
          `<ListMultipartUploadsResult ${NS}><Bucket>${FAKE_S3.bucket}</Bucket><Prefix>${xmlEscape(prefix)}</Prefix><IsTruncated>false</IsTruncated>${uploads}</ListMultipartUploadsResult>`,
        );
        return;
      }
    }
  }
}
