import type { IncomingMessage, ServerResponse } from 'node:http';
import { Server as TusServer } from '@tus/server';
import type { ErrorCode } from '#contract/api.ts';
import {
  NEEDS_STT_MESSAGE,
  STUDIO_LIMITS,
  UNSUPPORTED_MEDIA_MESSAGE,
  UPLOAD_TOO_LARGE_MESSAGE,
} from '#contract/studio.ts';
import {
  STUDIO_NOTE_ID_HEADER,
  STUDIO_UPLOADS_PATH,
  uploadMetadataSchema,
} from '#contract/studio-capture.ts';
import type { AppContext } from '../../../context.ts';
import type { Tx } from '../../../db/client.ts';
import { AppError, conflict, notFound } from '../../../lib/errors.ts';
import { ObjectNotFoundError, readStart, TUS_PREFIX, tusNaming } from '../../../providers/storage/index.ts';
import { mediaEngineName } from '../../transcription/index.ts';
import {
  type DetectedMedia,
  detectMediaBytes,
  detectStoredMedia,
  onStorage,
  SNIFF_BYTES,
  storageAppError,
  studioStorage,
  uploadStore,
} from '../media-store.ts';
import {
  countNewNotes,
  discardNote,
  findNoteByUpload,
  insertNote,
  markUploaded,
  type NoteRow,
  titleFrom,
  transcribeJob,
} from '../notes/index.ts';
import { ownerOfRaw } from '../owner.ts';
import { withinQuota } from './quota.ts';
import { checkTrackRequest, createTrackUpload, finishedTrack } from './tracks.service.ts';

/** The Node request and response behind a request handed to the tus server. */
const nodeOf = (req: unknown) =>
  (req as { runtime?: { node?: { req?: IncomingMessage; res?: ServerResponse } } }).runtime?.node;

/** The owner of a request handed to the tus server (recorded by the session hook). */
const ownerOfTusRequest = (req: unknown): string | undefined => {
  const node = nodeOf(req)?.req;
  return node ? ownerOfRaw(node) : undefined;
};

/** A speech-to-text server or PocketSphinx transcribes media here (else notes wait in needs_stt). */
const sttConfigured = (ctx: AppContext) => mediaEngineName(ctx.config) !== null;

/**
 * A note whose media is stored and checked: transcription is queued (or it waits in needs_stt
 * with what to configure). Runs in the caller's transaction.
 */
export async function queueTranscription(
  ctx: AppContext,
  tx: Tx,
  noteId: string,
  browserTranscript = false,
): Promise<void> {
  if (sttConfigured(ctx) || browserTranscript) await ctx.jobs.enqueue(tx, transcribeJob, { noteId });
}
/** A recording with the browser's own transcript is transcribed (by that transcript) even without an engine. */
export const mediaStatus = (ctx: AppContext, browserTranscript = false) =>
  sttConfigured(ctx) || browserTranscript
    ? { status: 'transcribing' as const, statusMessage: null }
    : { status: 'needs_stt' as const, statusMessage: NEEDS_STT_MESSAGE };

/** A tus hook failure: the status and our JSON error body. */
const tusError = (code: ErrorCode, message: string, status: number) => ({
  status_code: status,
  body: JSON.stringify({ code, message }),
});

/**
 * Headers a tus answer gets besides the tus server's own, by response: the tus server answers its
 * errors as text/plain, so an answer carrying our JSON body is marked here and retyped as it is
 * written (handleTus), with any Retry-After.
 */
const jsonAnswers = new WeakMap<ServerResponse, Record<string, string>>();

/** Hands a request to the tus server; its error answers go out as JSON with their headers. */
export async function handleTus(tus: TusServer, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const writeHead = res.writeHead;
  res.writeHead = function (this: ServerResponse, status: number, ...rest: unknown[]) {
    const extra = jsonAnswers.get(res);
    const raw = rest.find(Array.isArray) as string[] | undefined;
    if (extra && raw) {
      for (let i = raw.length - 2; i >= 0; i -= 2)
        if (String(raw[i]).toLowerCase() === 'content-type' || String(raw[i]).toLowerCase() in extra)
          raw.splice(i, 2);
      raw.push('content-type', 'application/json; charset=utf-8');
      for (const [name, value] of Object.entries(extra)) raw.push(name, value);
    } else if (extra) {
      res.setHeader('content-type', 'application/json; charset=utf-8');
      for (const [name, value] of Object.entries(extra)) res.setHeader(name, value);
    }
    return (writeHead as (...args: unknown[]) => ServerResponse).call(this, status, ...rest);
  } as typeof res.writeHead;
  await tus.handle(req, res);
}

const titleOf = (filename: string | null | undefined) =>
  titleFrom((filename ?? '').replace(/\.[a-z0-9]{1,5}$/i, '').replace(/[_-]+/g, ' '), 'Uploaded recording');

/**
 * The first bytes stored of an unfinished upload (up to `bytes`): on local disk the upload's file;
 * in a bucket nothing of a multipart upload is readable before it completes, but below one part
 * (8 MiB) what arrived is @tus/s3-store's `<key>.part` object, which holds the upload's start.
 */
export async function storedStart(ctx: AppContext, key: string, bytes: number): Promise<Buffer> {
  const storage = studioStorage(ctx.config);
  const source = storage.kind === 'local' ? key : `${key}.part`;
  return readStart(storage, source, bytes).catch((error: unknown) => {
    if (error instanceof ObjectNotFoundError) return Buffer.alloc(0);
    throw error;
  });
}

/** The verdict on the first bytes of an upload (all of them when it is shorter than SNIFF_BYTES). */
export async function sniffBytes(
  start: Uint8Array,
  declaredType: string | null | undefined,
): Promise<{ verdict: 'ok' | 'refused' | 'unknown'; media?: DetectedMedia }> {
  if (start.length === 0) return { verdict: 'unknown' };
  const media = await detectMediaBytes(start, declaredType);
  if (media) return { verdict: 'ok', media };
  return { verdict: start.length >= SNIFF_BYTES ? 'refused' : 'unknown' };
}

/**
 * What the first bytes of a partly received upload say it is (on local disk; in a bucket the bytes
 * are checked as they arrive, in patchUpload, and the whole object at the end).
 */
export async function sniffUpload(
  ctx: AppContext,
  uploadId: string,
  declaredType?: string | null,
): Promise<{ verdict: 'ok' | 'refused' | 'unknown'; media?: DetectedMedia }> {
  if (studioStorage(ctx.config).kind !== 'local') return { verdict: 'unknown' };
  return sniffBytes(await storedStart(ctx, `${TUS_PREFIX}${uploadId}`, SNIFF_BYTES), declaredType);
}

/** Removes the note an upload was becoming, and the upload after commit (media-deletions.ts). */
export async function discardUpload(ctx: AppContext, note: NoteRow): Promise<void> {
  await discardNote(ctx, note);
}

/** A complete upload: checked by content (415 and removed when not media), then queued for transcription. */
export async function finishUpload(ctx: AppContext, note: NoteRow, bytes: number): Promise<void> {
  const key = note.mediaPath ?? `${TUS_PREFIX}${note.id}`;
  const media = await onStorage(ctx.config, () =>
    detectStoredMedia(studioStorage(ctx.config), key, note.mediaMime).catch((error: unknown) => {
      if (error instanceof ObjectNotFoundError) return null;
      throw error;
    }),
  );
  if (!media) {
    await discardUpload(ctx, note);
    throw new AppError('unsupported_media_type', UNSUPPORTED_MEDIA_MESSAGE);
  }
  await ctx.database.transaction(async (tx) => {
    const uploaded = await markUploaded(tx.db, note.id, {
      kind: media.kind,
      mediaMime: media.mime,
      mediaBytes: bytes,
      ...mediaStatus(ctx),
    });
    if (uploaded) await queueTranscription(ctx, tx, note.id);
  });
}

/**
 * The tus server (creation, termination, expiration) storing in the Studio's store: key
 * `uploads/<id>` on local disk (@tus/file-store) or in the bucket (@tus/s3-store), so any web
 * process can continue an upload another one began when they share a bucket.
 */
export function createTusServer(ctx: AppContext): TusServer {
  return new TusServer({
    path: STUDIO_UPLOADS_PATH,
    datastore: uploadStore(ctx.config),
    maxSize: STUDIO_LIMITS.uploadMaxBytes,
    relativeLocation: true,
    respectForwardedHeaders: Boolean(ctx.config.trustProxy),
    disableTerminationForFinishedUploads: true,
    exposedHeaders: [STUDIO_NOTE_ID_HEADER],
    // Same-origin only: no Access-Control-Allow-Origin (tus answers '*' without this).
    allowedOrigins: () => false,
    ...tusNaming,
    async onUploadCreate(req, upload) {
      const id = upload.id.slice(TUS_PREFIX.length);
      const owner = ownerOfTusRequest(req);
      if (!owner) throw tusError('unauthorized', 'Please verify your email to use the Studio', 401);
      if (upload.size === undefined)
        throw tusError(
          'validation_failed',
          'Send Upload-Length: the size must be known to check the quota',
          400,
        );
      const metadata = uploadMetadataSchema.safeParse(upload.metadata ?? {});
      if (!metadata.success)
        throw tusError(
          'validation_failed',
          `Upload-Metadata: ${String(metadata.error.issues[0]?.path[0] ?? 'a value')} is not valid`,
          400,
        );
      if (metadata.data.track) {
        await createTrackUpload(ctx, owner, metadata.data.track, upload).catch((error) => {
          if (error instanceof AppError) throw tusError(error.code, error.message, error.statusCode);
          throw error;
        });
        return {};
      }
      const declared = upload.metadata?.filetype ?? null;
      const size = upload.size;
      await countNewNotes(ctx, owner, 1).catch((error) => {
        if (error instanceof AppError) throw tusError(error.code, error.message, error.statusCode);
        throw error;
      });
      // The note (whose media_bytes count against the quota) is inserted under the owner's lock.
      await withinQuota(ctx, owner, size, (tx) =>
        insertNote(tx.db, {
          id,
          ownerEmail: owner,
          kind: declared?.startsWith('video/') ? 'video' : 'voice',
          register: 'spoken',
          status: 'uploading',
          title:
            upload.metadata?.title?.trim().slice(0, STUDIO_LIMITS.titleMaxChars) ||
            titleOf(upload.metadata?.filename),
          mediaPath: upload.id,
          mediaBytes: size,
          mediaMime: declared,
          uploadId: id,
          diarize: metadata.data.conversation === '1',
        }),
      ).catch((error) => {
        if (error instanceof AppError) throw tusError(error.code, error.message, error.statusCode);
        throw error;
      });
      const node = nodeOf(req)?.res;
      if (node) creating.set(node, id);
      return {};
    },
    async onUploadFinish(_req, upload) {
      const track = await finishedTrack(ctx, upload.id.slice(TUS_PREFIX.length), upload.offset).catch(
        (error) => {
          if (error instanceof AppError) throw tusError(error.code, error.message, error.statusCode);
          throw error;
        },
      );
      if (track) return { headers: { [STUDIO_NOTE_ID_HEADER]: track.noteId } };
      const note = await findNoteByUpload(ctx.database.db, upload.id.slice(TUS_PREFIX.length));
      if (!note) throw tusError('not_found', 'This upload was removed', 404);
      try {
        await finishUpload(ctx, note, upload.offset);
      } catch (error) {
        if (error instanceof AppError) throw tusError(error.code, error.message, error.statusCode);
        throw error;
      }
      return { headers: { [STUDIO_NOTE_ID_HEADER]: note.id } };
    },
    async onResponseError(req, error) {
      const res = nodeOf(req)?.res;
      // A creation that failed after its note was inserted (the store refused or did not answer):
      // the note goes, so nothing stays 'uploading'; the client's retry creates a new one.
      const noteId = res && creating.get(res);
      if (res && noteId) {
        creating.delete(res);
        await abandonUpload(ctx, noteId);
      }
      const answer = tusAnswer(ctx, error);
      if (res && answer.body.startsWith('{')) jsonAnswers.set(res, answer.headers);
      return { status_code: answer.status_code, body: answer.body };
    },
  });
}

/** Notes whose creation request is still running, by response (so a failed creation can remove its note). */
const creating = new WeakMap<ServerResponse, string>();

/**
 * The answer to a failed tus request: our hooks' JSON errors as they are; a store failure as
 * `storage_unavailable` (503) or `storage_refused` (502), never the store's message; tus's own
 * protocol errors (4xx) as tus words them, but a 413 in our words; anything else `internal`.
 */
function tusAnswer(
  ctx: AppContext,
  error: Error | { status_code: number; body: string },
): { status_code: number; body: string; headers: Record<string, string> } {
  if ('status_code' in error && String(error.body).startsWith('{'))
    return { status_code: error.status_code, body: String(error.body), headers: {} };
  const stored = storageAppError(ctx.config, error);
  if (stored) {
    ctx.log.warn({ err: error }, `media store: ${stored.code} (tus)`);
    return { ...tusError(stored.code, stored.message, stored.statusCode), headers: stored.headers };
  }
  if ('status_code' in error && error.status_code === 413)
    return { ...tusError('payload_too_large', UPLOAD_TOO_LARGE_MESSAGE, 413), headers: {} };
  if ('status_code' in error && error.status_code < 500)
    return { status_code: error.status_code, body: String(error.body), headers: {} };
  ctx.log.error({ err: error }, 'tus request failed');
  return { ...tusError('internal', 'Internal server error', 500), headers: {} };
}

/** Removes the note of an upload whose creation failed (while it is still 'uploading'), and what the store kept. */
export async function abandonUpload(ctx: AppContext, noteId: string): Promise<void> {
  const note = await findNoteByUpload(ctx.database.db, noteId).catch(() => undefined);
  if (note?.status !== 'uploading') return;
  await discardUpload(ctx, note);
}

/**
 * Checks a request for an existing upload: it must be the owner's own (404 otherwise), and once
 * its first bytes are on disk they must be accepted media (415 and the upload is removed).
 */
export async function checkUploadRequest(
  ctx: AppContext,
  owner: string,
  uploadId: string,
  method: string,
): Promise<'terminated' | 'continue'> {
  const track = await checkTrackRequest(ctx, owner, uploadId, method);
  if (track) return track;
  const note = /^[0-9a-f-]{36}$/.test(uploadId)
    ? await findNoteByUpload(ctx.database.db, uploadId)
    : undefined;
  if (!note || note.ownerEmail !== owner) throw notFound('Upload not found');
  if (method === 'DELETE') {
    if (note.status !== 'uploading') throw conflict('This upload has finished; delete the note instead.');
    await discardUpload(ctx, note);
    return 'terminated';
  }
  if (method === 'PATCH' && note.status === 'uploading') {
    const sniffed = await sniffUpload(ctx, uploadId, note.mediaMime);
    if (sniffed.verdict === 'refused') {
      await discardUpload(ctx, note);
      throw new AppError('unsupported_media_type', UNSUPPORTED_MEDIA_MESSAGE);
    }
  }
  return 'continue';
}
