import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, open, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import {
  type BrowserSegment,
  type NoteListItem,
  type Recording,
  STUDIO_LIMITS,
  UNSUPPORTED_MEDIA_MESSAGE,
} from '#contract/studio.ts';
import type { AppContext } from '../../../context.ts';
import { AppError, conflict, notFound } from '../../../lib/errors.ts';
import { detectMedia, recordingDir, studioDirs } from '../media.ts';
import { findNote, insertNote, toListItem } from '../notes/index.ts';
import {
  deleteRecording,
  findRecording,
  finishRecording,
  insertRecording,
  type RecordingRow,
  recordChunk,
} from './repository.ts';
import { assertQuota, byteCap, mediaStatus, queueTranscription } from './uploads.service.ts';

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
