import { pipeline, type Readable, Transform } from 'node:stream';
import { sql } from 'drizzle-orm';
import { UNSUPPORTED_MEDIA_MESSAGE } from '#contract/studio.ts';
import type { AppContext } from '../../../context.ts';
import { AppError, conflict, notFound } from '../../../lib/errors.ts';
import { readLater } from '../../../lib/stream-errors.ts';
import { TUS_PREFIX } from '../../../providers/storage/index.ts';
import { onStorage, requireStorage, SNIFF_BYTES, storageAppError, uploadStore } from '../media-store.ts';
import { findNoteByUpload } from '../notes/index.ts';

import { finishTrackUpload, refuseTrack, trackOfUpload } from './tracks.service.ts';
import { abandonUpload, discardUpload, finishUpload, sniffBytes, storedStart } from './uploads.service.ts';

/*
 * Receiving an upload's bytes (tus PATCH): one request at a time per upload under a lease, the
 * bytes capped at what the upload still lacks, checked as they arrive.
 */

/** How long a PATCH holds its upload without renewing (a process that died lets go after this). */
const PATCH_LEASE_SECONDS = 60;

/**
 * One PATCH at a time per upload across every web process: a lease row in the shared rate_limits
 * table (`studio-upload-patch:<id>`), taken only when free or expired, renewed while the body
 * streams, and removed at the end. Null when another PATCH holds it.
 */
async function takePatchLease(ctx: AppContext, id: string): Promise<(() => Promise<void>) | null> {
  const key = `studio-upload-patch:${id}`;
  const taken = await ctx.database.db.execute<{ key: string }>(sql`
    insert into rate_limits (key, count, reset_at)
    values (${key}, 1, now() + make_interval(secs => ${PATCH_LEASE_SECONDS}))
    on conflict (key) do update set count = 1, reset_at = excluded.reset_at
      where rate_limits.reset_at <= now()
    returning key`);
  if (taken.rows.length === 0) return null;
  const renew = setInterval(
    () =>
      void ctx.database.db
        .execute(
          sql`update rate_limits set reset_at = now() + make_interval(secs => ${PATCH_LEASE_SECONDS}) where key = ${key}`,
        )
        .catch(() => undefined),
    (PATCH_LEASE_SECONDS * 1000) / 3,
  );
  renew.unref();
  return async () => {
    clearInterval(renew);
    await ctx.database.db.execute(sql`delete from rate_limits where key = ${key}`).catch(() => undefined);
  };
}

/** The bytes the tus store holds of an upload (404 when it has none; 503 when the store does not answer). */
async function storedOffset(ctx: AppContext, key: string): Promise<number> {
  const store = uploadStore(ctx.config);
  try {
    return await onStorage(ctx.config, async () => (await store.getUpload(key)).offset);
  } catch (error) {
    if (error instanceof AppError) throw error;
    // The tus stores answer "not found" for a store that failed too (@tus/s3-store): ask the store.
    await requireStorage(ctx.config, { fresh: true });
    throw notFound('Upload not found');
  }
}

/**
 * tus PATCH, streamed from the socket into the tus data store (on local disk the upload's file, in a
 * bucket the parts of one multipart upload, completed with the last byte): the offset must be the
 * bytes already stored, the body may not go past the announced length, and whatever the store kept
 * before a dropped connection stays (resume from HEAD's Upload-Offset; in a bucket from the last
 * whole part). The first bytes are checked by content as soon as there are enough.
 */
export async function patchUpload(
  ctx: AppContext,
  owner: string,
  id: string,
  headers: Record<string, string | string[] | undefined>,
  body: NodeJS.ReadableStream,
): Promise<{ offset: number; noteId: string | null }> {
  try {
    return await receivePatch(ctx, owner, id, headers, body);
  } catch (error) {
    // A store that refuses what a resumable upload needs (ListParts, UploadPart...) will refuse
    // every retry too: the upload and its note go rather than stay 'uploading' for good.
    if (error instanceof AppError && error.code === 'storage_refused') await abandonUpload(ctx, id);
    throw error;
  }
}

async function receivePatch(
  ctx: AppContext,
  owner: string,
  id: string,
  headers: Record<string, string | string[] | undefined>,
  body: NodeJS.ReadableStream,
): Promise<{ offset: number; noteId: string | null }> {
  const note = await uploadTarget(ctx, id);
  if (!note || note.ownerEmail !== owner) throw notFound('Upload not found');
  if (headers['content-type'] !== 'application/offset+octet-stream')
    throw new AppError('unsupported_media_type', 'Send Content-Type: application/offset+octet-stream');
  if (note.status !== 'uploading') throw conflict('This upload has finished.');
  const key = `${TUS_PREFIX}${id}`;
  // The lease first, so the offset read next cannot move under this PATCH.
  const release = await takePatchLease(ctx, id);
  if (!release) throw conflict('This upload is already receiving data.');
  let offset: number;
  try {
    const stored = await storedOffset(ctx, key);
    offset = Number(headers['upload-offset']);
    if (!Number.isInteger(offset) || offset !== stored)
      throw conflict(`Upload-Offset must be ${stored}, the bytes already stored.`);
  } catch (error) {
    await release();
    throw error;
  }
  // The upload's first bytes, judged by content: what is stored already, then what this PATCH
  // brings. Past them (checked by an earlier PATCH) nothing is collected, nor when what is stored is
  // not exactly the bytes before this PATCH's (the whole file is checked at the end).
  let first: ReturnType<typeof firstBytes> | undefined;
  let now = offset;
  try {
    if (offset === 0) first = firstBytes();
    else if (offset < SNIFF_BYTES) {
      const before = await onStorage(ctx.config, () => storedStart(ctx, key, offset));
      if (before.length === offset) first = firstBytes(before);
    }
    const cap = byteCap(note.mediaBytes - offset);
    const source = first
      ? pipeline(body as Readable, cap.stream, first.stream, () => {})
      : pipeline(body as Readable, cap.stream, () => {});
    try {
      now = await uploadStore(ctx.config).write(source as Readable, key, offset);
    } catch (error) {
      const refused = cap.refused();
      if (refused) throw refused;
      // A store that refuses the operation (not a body cut short: a 400 then) refuses its retry
      // too: 502, and the upload goes.
      const status = (error as { $metadata?: { httpStatusCode?: number } })?.$metadata?.httpStatusCode;
      if (status === 403 || status === 405 || status === 501) throw storageAppError(ctx.config, error);
      // A dropped connection, or the store failing mid-way: what the store kept stays, and the
      // client resumes from it (HEAD); a store that does not answer makes this a 503.
      now = await storedOffset(ctx, key);
    }
  } finally {
    await release();
  }
  if (now >= note.mediaBytes) {
    await note.finish(now);
    return { offset: now, noteId: note.id };
  }
  if ((await sniffBytes(first?.bytes() ?? Buffer.alloc(0), note.mediaMime)).verdict === 'refused') {
    await note.discard();
    throw new AppError('unsupported_media_type', UNSUPPORTED_MEDIA_MESSAGE);
  }
  return { offset: now, noteId: null };
}

/**
 * What an upload is the file of: a note of its own, or a track of a conversation recorded one file
 * per speaker (tracks.service.ts). `id` is the note the client is told of.
 */
async function uploadTarget(ctx: AppContext, uploadId: string) {
  const track = await trackOfUpload(ctx, uploadId);
  if (track)
    return {
      id: track.noteId,
      ownerEmail: track.ownerEmail,
      status: track.status,
      mediaBytes: track.mediaBytes,
      mediaMime: track.mediaMime,
      finish: (bytes: number) => finishTrackUpload(ctx, track, bytes),
      discard: () => refuseTrack(ctx, track),
    };
  const note = await findNoteByUpload(ctx.database.db, uploadId);
  return note
    ? {
        ...note,
        finish: (bytes: number) => finishUpload(ctx, note, bytes),
        discard: () => discardUpload(ctx, note),
      }
    : undefined;
}

/**
 * Keeps the first SNIFF_BYTES of a file as they pass (after `already`, the bytes stored before), to
 * judge it by content; read later (its errors reach the reader).
 */
export function firstBytes(already: Buffer = Buffer.alloc(0)) {
  const kept = [already];
  let held = already.length;
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      if (held < SNIFF_BYTES) {
        const piece = chunk.subarray(0, SNIFF_BYTES - held);
        kept.push(Buffer.from(piece));
        held += piece.length;
      }
      done(null, chunk);
    },
  });
  return { stream: readLater(stream), bytes: () => Buffer.concat(kept) };
}

/**
 * Caps a stream at `max` bytes (a 413 beyond, given by `refused`), counting what passed; read
 * later (its errors reach the reader).
 */
export function byteCap(max: number) {
  let bytes = 0;
  let refused: AppError | undefined;
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      bytes += chunk.length;
      if (bytes <= max) return done(null, chunk);
      refused = new AppError(
        'payload_too_large',
        max === 0
          ? 'Nothing more to receive for this upload.'
          : `At most ${max} more bytes are accepted here.`,
      );
      done(refused);
    },
  });
  return { stream: readLater(stream), bytes: () => bytes, refused: () => refused };
}
