import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, open, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { FileStore } from '@tus/file-store';
import { Server as TusServer } from '@tus/server';
import type { ErrorCode } from '#contract/api.ts';
import {
  NEEDS_STT_MESSAGE,
  type NoteListItem,
  QUOTA_EXCEEDED_MESSAGE,
  type Recording,
  STUDIO_LIMITS,
  STUDIO_NOTE_ID_HEADER,
  STUDIO_UPLOADS_PATH,
  UNSUPPORTED_MEDIA_MESSAGE,
  UPLOAD_TOO_LARGE_MESSAGE,
} from '#contract/studio.ts';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { AppError, conflict, notFound } from '../../lib/errors.ts';
import { transcribeJob } from './jobs.ts';
import { type DetectedMedia, detectMedia, recordingDir, removeMediaFiles, studioDirs } from './media.ts';
import {
  deleteNote,
  deleteRecording,
  findNote,
  findNoteByUpload,
  findRecording,
  finishRecording,
  insertNote,
  insertRecording,
  type NoteRow,
  type RecordingRow,
  recordChunk,
  storedBytes,
  updateNote,
} from './repository.ts';
import { quotaBytes, titleFrom, toListItem } from './service.ts';

/** Set by the route from the session (a client's own value is removed first). */
export const OWNER_HEADER = 'x-echo-studio-owner';

const sttConfigured = (ctx: AppContext) => Boolean(ctx.config.stt.baseUrl);

/** Refuses what would take the address over its storage quota. */
export async function assertQuota(ctx: AppContext, owner: string, extraBytes: number): Promise<void> {
  const used = await storedBytes(ctx.database.db, owner);
  if (used + extraBytes > quotaBytes(ctx)) throw new AppError('quota_exceeded', QUOTA_EXCEEDED_MESSAGE);
}

/**
 * A note whose media is stored and checked: transcription is queued (or it waits in needs_stt
 * with what to configure). Runs in the caller's transaction.
 */
export async function queueTranscription(ctx: AppContext, tx: Tx, noteId: string): Promise<void> {
  if (sttConfigured(ctx)) await ctx.jobs.enqueue(tx, transcribeJob, { noteId });
}
export const mediaStatus = (ctx: AppContext) =>
  sttConfigured(ctx)
    ? { status: 'transcribing' as const, statusMessage: null }
    : { status: 'needs_stt' as const, statusMessage: NEEDS_STT_MESSAGE };

/** A tus hook failure: the status and our JSON error body. */
const tusError = (code: ErrorCode, message: string, status: number) => ({
  status_code: status,
  body: JSON.stringify({ code, message }),
});

const titleOf = (filename: string | null | undefined) =>
  titleFrom((filename ?? '').replace(/\.[a-z0-9]{1,5}$/i, '').replace(/[_-]+/g, ' '), 'Uploaded recording');

/** What the first bytes of a partly or fully received upload say it is (null: not media, or too early). */
export async function sniffUpload(
  ctx: AppContext,
  uploadId: string,
  declaredType?: string | null,
): Promise<{ verdict: 'ok' | 'refused' | 'unknown'; media?: DetectedMedia }> {
  const file = path.join(studioDirs(ctx.config.dataDir).uploads, uploadId);
  const size = await stat(file).then(
    (s) => s.size,
    () => 0,
  );
  if (size === 0) return { verdict: 'unknown' };
  const media = await detectMedia(file, declaredType);
  if (media) return { verdict: 'ok', media };
  return { verdict: size >= 4100 ? 'refused' : 'unknown' };
}

/** Removes an upload and the note it was becoming. */
export async function discardUpload(ctx: AppContext, note: NoteRow): Promise<void> {
  await deleteNote(ctx.database.db, note.ownerEmail, note.id);
  if (note.mediaPath) await removeMediaFiles(ctx.config.dataDir, [note.mediaPath]);
}

/** The tus server (creation, termination, expiration) storing under DATA_DIR/uploads. */
export function createTusServer(ctx: AppContext): TusServer {
  const { uploads } = studioDirs(ctx.config.dataDir);
  const datastore = new FileStore({
    directory: uploads,
    expirationPeriodInMilliseconds: STUDIO_LIMITS.unfinishedUploadTtlMs,
  });
  return new TusServer({
    path: STUDIO_UPLOADS_PATH,
    datastore,
    maxSize: STUDIO_LIMITS.uploadMaxBytes,
    relativeLocation: true,
    respectForwardedHeaders: Boolean(ctx.config.trustProxy),
    disableTerminationForFinishedUploads: true,
    exposedHeaders: [STUDIO_NOTE_ID_HEADER],
    namingFunction: () => randomUUID(),
    async onUploadCreate(req, upload) {
      const owner = req.headers.get(OWNER_HEADER);
      if (!owner) throw tusError('unauthorized', 'Please verify your email to use the Studio', 401);
      if (upload.size === undefined)
        throw tusError(
          'validation_failed',
          'Send Upload-Length: the size must be known to check the quota',
          400,
        );
      try {
        await assertQuota(ctx, owner, upload.size);
      } catch (error) {
        if (error instanceof AppError) throw tusError(error.code, error.message, error.statusCode);
        throw error;
      }
      const declared = upload.metadata?.filetype ?? null;
      await insertNote(ctx.database.db, {
        id: upload.id,
        ownerEmail: owner,
        kind: declared?.startsWith('video/') ? 'video' : 'voice',
        register: 'spoken',
        status: 'uploading',
        title:
          upload.metadata?.title?.trim().slice(0, STUDIO_LIMITS.titleMaxChars) ||
          titleOf(upload.metadata?.filename),
        mediaPath: `uploads/${upload.id}`,
        mediaBytes: upload.size,
        mediaMime: declared,
        uploadId: upload.id,
      });
      return {};
    },
    async onUploadFinish(_req, upload) {
      const note = await findNoteByUpload(ctx.database.db, upload.id);
      if (!note) throw tusError('not_found', 'This upload was removed', 404);
      const sniffed = await sniffUpload(ctx, upload.id, note.mediaMime);
      if (!sniffed.media) {
        await discardUpload(ctx, note);
        throw tusError('unsupported_media_type', UNSUPPORTED_MEDIA_MESSAGE, 415);
      }
      const media = sniffed.media;
      await ctx.database.transaction(async (tx) => {
        const updated = await updateNote(
          tx.db,
          null,
          note.id,
          { kind: media.kind, mediaMime: media.mime, mediaBytes: upload.offset, ...mediaStatus(ctx) },
          ['uploading'],
        );
        if (updated) await queueTranscription(ctx, tx, note.id);
      });
      return { headers: { [STUDIO_NOTE_ID_HEADER]: note.id } };
    },
    onResponseError(_req, error) {
      if ('status_code' in error && error.status_code === 413 && !String(error.body).startsWith('{'))
        return tusError('payload_too_large', UPLOAD_TOO_LARGE_MESSAGE, 413);
      return undefined;
    },
  });
}

/**
 * Checks a request for an existing upload: it must be the address's own (404 otherwise), and once
 * its first bytes are on disk they must be accepted media (415 and the upload is removed).
 */
export async function checkUploadRequest(
  ctx: AppContext,
  owner: string,
  uploadId: string,
  method: string,
): Promise<'terminated' | 'continue'> {
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

// ---------------------------------------------------------------- recordings

const toRecording = (row: RecordingRow): Recording => ({
  id: row.id,
  chunks: row.chunks,
  bytes: row.bytes,
  max_duration_ms: STUDIO_LIMITS.recordingMaxMs,
  chunk_max_bytes: STUDIO_LIMITS.recordingChunkMaxBytes,
  created_at: row.createdAt.toISOString(),
});

export async function startRecording(
  ctx: AppContext,
  owner: string,
  input: { mime_type?: string; title?: string },
): Promise<Recording> {
  await assertQuota(ctx, owner, 0);
  const row = await insertRecording(ctx.database.db, {
    ownerEmail: owner,
    mimeType: input.mime_type ?? null,
    title: input.title || null,
  });
  await mkdir(recordingDir(ctx.config.dataDir, row.id), { recursive: true });
  return toRecording(row);
}

async function ownRecording(ctx: AppContext, owner: string, id: string): Promise<RecordingRow> {
  const row = await findRecording(ctx.database.db, owner, id);
  if (!row) throw notFound('Recording not found');
  return row;
}

export async function getRecording(ctx: AppContext, owner: string, id: string): Promise<Recording> {
  return toRecording(await ownRecording(ctx, owner, id));
}

/** Caps a stream at `max` bytes (a 413 beyond), counting what passed. */
function byteCap(max: number) {
  let bytes = 0;
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      bytes += chunk.length;
      if (bytes > max)
        done(new AppError('payload_too_large', `A chunk can be at most ${max / 1024 / 1024} MB.`));
      else done(null, chunk);
    },
  });
  return { stream, bytes: () => bytes };
}

/**
 * Stores chunk n of a recording, streamed to disk; sending the same n again replaces it (a client
 * that lost the answer simply resends). Chunk 0 must be audio by its content.
 */
export async function putRecordingChunk(
  ctx: AppContext,
  owner: string,
  id: string,
  n: number,
  body: NodeJS.ReadableStream,
): Promise<{ n: number; bytes: number }> {
  const row = await ownRecording(ctx, owner, id);
  if (row.noteId) throw conflict('This recording is finished.');
  const dir = recordingDir(ctx.config.dataDir, id);
  await mkdir(dir, { recursive: true });
  const final = path.join(dir, String(n));
  const temp = `${final}.${randomUUID()}.part`;
  const cap = byteCap(STUDIO_LIMITS.recordingChunkMaxBytes);
  try {
    await pipeline(body, cap.stream, createWriteStream(temp));
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
  const bytes = cap.bytes();
  const previous = await stat(final).then(
    (s) => s.size,
    () => 0,
  );
  try {
    await assertQuota(ctx, owner, bytes - previous);
    if (n === 0 && bytes > 0 && !(await detectMedia(temp, row.mimeType)) && bytes >= 4100)
      throw new AppError('unsupported_media_type', UNSUPPORTED_MEDIA_MESSAGE);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
  await rename(temp, final);
  await recordChunk(ctx.database.db, id, n, bytes - previous);
  return { n, bytes };
}

export async function discardRecording(ctx: AppContext, owner: string, id: string): Promise<void> {
  const row = await ownRecording(ctx, owner, id);
  if (row.noteId) throw conflict('This recording is finished; delete the note instead.');
  await deleteRecording(ctx.database.db, owner, id);
  await rm(recordingDir(ctx.config.dataDir, id), { recursive: true, force: true });
}

/**
 * Joins chunks 0..count-1 (409 naming any missing) into one file, checks it is audio by content,
 * and makes it a voice note. Finishing twice answers the same note.
 */
export async function finishRecordingAsNote(
  ctx: AppContext,
  owner: string,
  id: string,
  input: { chunk_count: number; duration_ms?: number },
): Promise<NoteListItem> {
  const row = await ownRecording(ctx, owner, id);
  if (row.noteId) {
    const note = await findNote(ctx.database.db, owner, row.noteId);
    if (note) return toListItem(note);
    throw notFound('Recording not found');
  }
  const have = new Set(row.chunks);
  const missing: number[] = [];
  for (let i = 0; i < input.chunk_count; i++) if (!have.has(i)) missing.push(i);
  if (missing.length)
    throw conflict(
      `Chunks missing: ${missing.slice(0, 20).join(', ')}${missing.length > 20 ? ', …' : ''}. Send them, then finish again.`,
    );
  const dir = recordingDir(ctx.config.dataDir, id);
  const noteId = randomUUID();
  const { media: mediaDir } = studioDirs(ctx.config.dataDir);
  await mkdir(mediaDir, { recursive: true });
  const joined = path.join(mediaDir, `${noteId}.part`);
  const out = await open(joined, 'w');
  try {
    for (let i = 0; i < input.chunk_count; i++)
      await pipeline(
        createReadStream(path.join(dir, String(i))),
        out.createWriteStream({ autoClose: false }),
        {
          end: false,
        },
      );
  } finally {
    await out.close();
  }
  const media = await detectMedia(joined, row.mimeType);
  if (media?.kind !== 'voice') {
    await rm(joined, { force: true });
    throw new AppError('unsupported_media_type', UNSUPPORTED_MEDIA_MESSAGE);
  }
  const relative = `studio/media/${noteId}.${media.ext}`;
  await rename(joined, path.join(ctx.config.dataDir, relative));
  const bytes = (await stat(path.join(ctx.config.dataDir, relative))).size;
  const note = await ctx.database.transaction(async (tx) => {
    if (!(await finishRecording(tx.db, id, noteId))) throw conflict('This recording is finished.');
    const inserted = await insertNote(tx.db, {
      id: noteId,
      ownerEmail: owner,
      kind: 'voice',
      register: 'spoken',
      ...mediaStatus(ctx),
      title: row.title || `Voice note, ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC`,
      durationMs: input.duration_ms ?? null,
      mediaPath: relative,
      mediaBytes: bytes,
      mediaMime: media.mime,
    });
    await queueTranscription(ctx, tx, noteId);
    return inserted;
  });
  await rm(dir, { recursive: true, force: true });
  return toListItem(note);
}
