import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import {
  type BrowserSegment,
  type NoteListItem,
  QUOTA_EXCEEDED_MESSAGE,
  type Recording,
  STUDIO_LIMITS,
  UNSUPPORTED_MEDIA_MESSAGE,
} from '#contract/studio.ts';
import type { AppContext } from '../../../context.ts';
import { AppError, conflict, notFound } from '../../../lib/errors.ts';
import { detectMedia, recordingDir, studioDirs } from '../media.ts';
import { countNewNotes, findNote, insertNote, toListItem } from '../notes/index.ts';
import { assertQuota, remainingBytes, withinQuota, withOwnerLock } from './quota.ts';
import {
  deleteRecording,
  findRecording,
  finishRecording,
  insertRecording,
  type RecordingRow,
  recordChunk,
} from './repository.ts';
import { byteCap, mediaStatus, queueTranscription } from './uploads.service.ts';

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

/**
 * Stores chunk n of a recording, streamed to disk; sending the same n again replaces it (a client
 * that lost the answer simply resends). Chunk 0 must be audio by its content. Nothing is written
 * when the address is full; the body is capped at what the quota still allows; the chunk is kept
 * (renamed into place) under the address's quota lock, and the recording's byte count is then what
 * its chunk files hold on disk, never a running sum that repeated or concurrent PUTs could skew.
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
  const final = path.join(dir, String(n));
  const previousNow = await sizeOf(final);
  const room = (await remainingBytes(ctx, owner)) + previousNow;
  if (room <= 0) throw new AppError('quota_exceeded', QUOTA_EXCEEDED_MESSAGE);
  await mkdir(dir, { recursive: true });
  const temp = `${final}.${randomUUID()}.part`;
  const cap = byteCap(Math.min(STUDIO_LIMITS.recordingChunkMaxBytes, room));
  try {
    await pipeline(body, cap.stream, createWriteStream(temp));
    const bytes = cap.bytes();
    if (n === 0 && bytes > 0 && !(await detectMedia(temp, row.mimeType)) && bytes >= 4100)
      throw new AppError('unsupported_media_type', UNSUPPORTED_MEDIA_MESSAGE);
    await withinQuota(
      ctx,
      owner,
      async () => bytes - (await sizeOf(final)),
      async (tx) => {
        // Discarded or finished meanwhile: the chunk is not kept (nor its folder recreated).
        const current = await findRecording(tx.db, owner, id);
        if (!current || current.noteId) {
          if (!current) await rm(dir, { recursive: true, force: true });
          throw conflict('This recording is finished or was discarded.');
        }
        await rename(temp, final);
        await recordChunk(tx.db, id, n, await chunkBytes(dir));
      },
    );
    return { n, bytes };
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}

const sizeOf = (file: string) =>
  stat(file).then(
    (s) => s.size,
    () => 0,
  );

/** The bytes of a recording's kept chunks (files named by their number; '.part' files are in flight). */
async function chunkBytes(dir: string): Promise<number> {
  let total = 0;
  for (const name of await readdir(dir).catch(() => [] as string[]))
    if (/^\d+$/.test(name)) total += await sizeOf(path.join(dir, name));
  return total;
}

export async function discardRecording(ctx: AppContext, owner: string, id: string): Promise<void> {
  await withOwnerLock(ctx, owner, async (tx) => {
    const row = await findRecording(tx.db, owner, id);
    if (!row) throw notFound('Recording not found');
    if (row.noteId) throw conflict('This recording is finished; delete the note instead.');
    await deleteRecording(tx.db, owner, id);
    await rm(recordingDir(ctx.config.dataDir, id), { recursive: true, force: true });
  });
}

/**
 * Joins chunks 0..count-1 (409 naming any missing) into one file, checks it is audio by content,
 * and makes it a voice note. Finishing twice answers the same note.
 */
export async function finishRecordingAsNote(
  ctx: AppContext,
  owner: string,
  id: string,
  input: { chunk_count: number; duration_ms?: number; transcript?: BrowserSegment[] },
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
  const heard = (input.transcript ?? []).map((s) => ({
    startMs: s.start_ms,
    endMs: Math.max(s.start_ms, s.end_ms),
    text: s.text,
  }));
  const note = await ctx.database.transaction(async (tx) => {
    if (!(await finishRecording(tx.db, id, noteId))) throw conflict('This recording is finished.');
    const inserted = await insertNote(tx.db, {
      id: noteId,
      ownerEmail: owner,
      kind: 'voice',
      register: 'spoken',
      ...mediaStatus(ctx, heard.length > 0),
      browserTranscript: heard.length > 0 ? heard : null,
      title: row.title || `Voice note, ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC`,
      durationMs: input.duration_ms ?? null,
      mediaPath: relative,
      mediaBytes: bytes,
      mediaMime: media.mime,
    });
    await queueTranscription(ctx, tx, noteId, heard.length > 0);
    return inserted;
  });
  await rm(dir, { recursive: true, force: true });
  return toListItem(note);
}
