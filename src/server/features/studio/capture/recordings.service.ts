import { randomUUID } from 'node:crypto';
import { pipeline, type Readable } from 'node:stream';
import {
  type NoteListItem,
  QUOTA_EXCEEDED_MESSAGE,
  STUDIO_LIMITS,
  UNSUPPORTED_MEDIA_MESSAGE,
} from '#contract/studio.ts';
import type { BrowserSegment, Recording } from '#contract/studio-capture.ts';
import type { AppContext } from '../../../context.ts';
import { AppError, conflict, notFound } from '../../../lib/errors.ts';
import { readPartsStart } from '../../../providers/storage/storage.ts';
import { mediaEngineName } from '../../transcription/index.ts';
import { queueMediaDeletion, removeQueuedMediaNow } from '../media-deletions.ts';
import {
  chunkKey,
  detectMediaBytes,
  onStorage,
  recordingPrefix,
  removeRecordingChunks,
  SNIFF_BYTES,
  STUDIO_KEYS,
  studioStorage,
} from '../media-store.ts';
import {
  ASSEMBLE_FALLBACK_SECONDS,
  assembleJob,
  countNewNotes,
  findNote,
  insertNote,
  toListItem,
  withOwnerLock,
} from '../notes/index.ts';
import { byteCap, firstBytes } from './patches.service.ts';
import { assertQuota, remainingBytes, withinQuota } from './quota.ts';
import {
  deleteRecording,
  findRecording,
  finishRecording,
  insertRecording,
  type RecordingRow,
  recordChunk,
} from './repository.ts';
import { mediaStatus, queueTranscription } from './uploads.service.ts';

/** Browser recordings whose chunks go up while recording (a dropped connection loses nothing sent). */

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

/**
 * Stores chunk n of a recording as one object (`studio/recordings/<id>/<n>`), streamed as it
 * arrives; sending the same n again replaces it whole (a client that lost the answer simply resends;
 * a put is never half-visible). Chunk 0 must be audio by its content. Nothing is written when the
 * owner's storage is full; the body is capped at what the quota still allows; the chunk is then counted
 * under the owner's quota lock, and the recording's byte count is what its chunk objects hold,
 * never a running sum that repeated or concurrent PUTs could skew. Any web process may take any
 * chunk when they share a bucket.
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
  const storage = studioStorage(ctx.config);
  const key = chunkKey(id, n);
  const previous = (await onStorage(ctx.config, () => storage.head(key)))?.size ?? 0;
  const room = (await remainingBytes(ctx, owner)) + previous;
  if (room <= 0) throw new AppError('quota_exceeded', QUOTA_EXCEEDED_MESSAGE);
  const cap = byteCap(Math.min(STUDIO_LIMITS.recordingChunkMaxBytes, room));
  // The first chunk's first bytes say what the recording is.
  const first = n === 0 ? firstBytes() : undefined;
  const source = (
    first
      ? pipeline(body as Readable, cap.stream, first.stream, () => {})
      : pipeline(body as Readable, cap.stream, () => {})
  ) as Readable;
  let bytes: number;
  try {
    bytes = (await onStorage(ctx.config, () => storage.put(key, source))).size;
  } catch (error) {
    throw cap.refused() ?? error;
  }
  try {
    if (first && bytes >= SNIFF_BYTES && !(await detectMediaBytes(first.bytes(), row.mimeType)))
      throw new AppError('unsupported_media_type', UNSUPPORTED_MEDIA_MESSAGE);
    await withinQuota(
      ctx,
      owner,
      async () => bytes - previous,
      async (tx) => {
        // Discarded or finished meanwhile: the chunk is not kept.
        const current = await findRecording(tx.db, owner, id);
        if (!current || current.noteId) {
          if (!current) await removeRecordingChunks(ctx.config, id);
          throw conflict('This recording is finished or was discarded.');
        }
        await recordChunk(tx.db, id, n, await chunkBytes(ctx, id));
      },
    );
    return { n, bytes };
  } catch (error) {
    await storage.delete(key).catch(() => {});
    throw error;
  }
}

/** The bytes of a recording's stored chunks (objects named by their number). */
async function chunkBytes(ctx: AppContext, id: string): Promise<number> {
  let total = 0;
  for await (const object of studioStorage(ctx.config).list(recordingPrefix(id)))
    if (/\/\d+$/.test(object.key)) total += object.size;
  return total;
}

/** Deletes an unfinished recording, and its chunks after commit (media-deletions.ts). */
export async function discardRecording(ctx: AppContext, owner: string, id: string): Promise<void> {
  const keys = await withOwnerLock(ctx, owner, async (tx) => {
    const row = await findRecording(tx.db, owner, id);
    if (!row) throw notFound('Recording not found');
    if (row.noteId) throw conflict('This recording is finished; delete the note instead.');
    await deleteRecording(tx.db, owner, id);
    return queueMediaDeletion(ctx.jobs, tx, { recordings: [id] });
  });
  await removeQueuedMediaNow(ctx, keys);
}

/**
 * Makes a finished recording a voice note (409 naming any chunk missing; finishing twice answers the
 * same note). Checked to be audio by its first bytes; nothing is copied here, whatever the
 * recording's length: the note's media is its chunks until they are joined into one object by its
 * transcription or the studio.assemble job (notes/media-join.ts).
 */
export async function finishRecordingAsNote(
  ctx: AppContext,
  owner: string,
  id: string,
  input: {
    chunk_count: number;
    duration_ms?: number;
    transcript?: BrowserSegment[];
    transcript_on_device?: boolean;
    conversation?: boolean;
  },
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
  await countNewNotes(ctx, owner, 1);
  const storage = studioStorage(ctx.config);
  const parts = Array.from({ length: input.chunk_count }, (_, i) => chunkKey(id, i));
  // Checked by content: the joined chunks' first bytes (ranged reads, only as far as needed).
  const media = await onStorage(ctx.config, async () =>
    detectMediaBytes(await readPartsStart(storage, parts, SNIFF_BYTES), row.mimeType),
  );
  if (media?.kind !== 'voice') throw new AppError('unsupported_media_type', UNSUPPORTED_MEDIA_MESSAGE);
  const noteId = randomUUID();
  const heard = (input.transcript ?? []).map((s) => ({
    startMs: s.start_ms,
    endMs: Math.max(s.start_ms, s.end_ms),
    text: s.text,
    ...(input.transcript_on_device ? { onDevice: true } : {}),
  }));
  const note = await ctx.database.transaction(async (tx) => {
    if (!(await finishRecording(tx.db, id, noteId))) throw conflict('This recording is finished.');
    const status = mediaStatus(ctx, heard.length > 0);
    const inserted = await insertNote(tx.db, {
      id: noteId,
      ownerEmail: owner,
      kind: 'voice',
      register: 'spoken',
      ...status,
      browserTranscript: heard.length > 0 ? heard : null,
      title: row.title || `Voice note, ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC`,
      durationMs: input.duration_ms ?? null,
      // The object the chunks become; the bytes count against the quota as the note's from now on.
      mediaPath: `${STUDIO_KEYS.media}${noteId}.${media.ext}`,
      mediaBytes: row.bytes,
      mediaMime: media.mime,
      joinRecordingId: id,
      joinChunks: input.chunk_count,
      diarize: input.conversation === true,
    });
    await queueTranscription(ctx, tx, noteId, heard.length > 0);
    // A speech-to-text server's transcription starts at once and joins the chunks as it reads them;
    // otherwise (no engine, PocketSphinx's one-at-a-time queue) the join does not wait for it.
    const transcribing = status.status === 'transcribing' && mediaEngineName(ctx.config) === 'server';
    await ctx.jobs.enqueue(
      tx,
      assembleJob,
      { noteId },
      transcribing ? { startAfter: ASSEMBLE_FALLBACK_SECONDS } : {},
    );
    return inserted;
  });
  return toListItem(note);
}
