import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { PassThrough, type Readable } from 'node:stream';
import type { Config } from '../../../config.ts';
import type { Database } from '../../../db/client.ts';
import { type LocalCopy, ObjectNotFoundError } from '../../../providers/storage/index.ts';
import { chunkKey, removeRecordingChunks, studioStorage, studioTemp } from '../media-store.ts';
import { RECORDING_PART_MISSING } from './job-definitions.ts';
import { findNoteById, markNoteJoined, type NoteRow } from './repository.ts';

/**
 * A finished recording is its chunks until they are joined into the note's media object (decision
 * 020): the finish request joins nothing, whatever the recording's length. The note's transcription
 * joins them as it makes its local copy (one read of the chunks; on a bucket the object is stored
 * while the transcript is made), and the studio.assemble job joins them for a note nobody transcribes
 * now. Either way once: the run that marks the note joined wins; the other finds nothing to do.
 */

/**
 * Bytes of the chunks the object's PUT may lag behind the copy before the copy waits for it: a
 * bucket slower to take than to give does not hold the local copy (and the tool after it) back.
 */
const STORE_AHEAD_BYTES = 4 * 1024 * 1024;

interface JoinDeps {
  config: Config;
  database: Database;
}

/** The note's recording chunks, in order, while they are its media (none once joined). */
const partsOf = (note: Pick<NoteRow, 'joinRecordingId' | 'joinChunks'>): string[] =>
  note.joinRecordingId
    ? Array.from({ length: note.joinChunks ?? 0 }, (_, i) => chunkKey(note.joinRecordingId!, i))
    : [];

/**
 * This run could not mark the note joined: another run joined it first (the same bytes under the
 * same key: the note as it is now), or the note was deleted meanwhile (what this run stored goes).
 */
async function lostRace(deps: JoinDeps, note: NoteRow): Promise<NoteRow | undefined> {
  const now = await findNoteById(deps.database.db, note.id);
  if (now) return now;
  if (note.mediaPath)
    await studioStorage(deps.config)
      .delete(note.mediaPath)
      .catch(() => {});
  await removeChunks(deps, note);
  return undefined;
}

const removeChunks = (deps: JoinDeps, note: NoteRow) =>
  removeRecordingChunks(deps.config, note.joinRecordingId!).catch(() => {
    // Left for the maintenance pass's sweep of chunk folders no recording needs.
  });

/**
 * A chunk could not be read: another run joined the note meanwhile (and removed them: the note as
 * it is now), or one is missing (the note fails, saying so, and what is left of the recording goes).
 */
async function missingPart(deps: JoinDeps, note: NoteRow): Promise<NoteRow | undefined> {
  const now = await findNoteById(deps.database.db, note.id);
  if (now && now.joinRecordingId !== note.joinRecordingId) return now;
  await markNoteJoined(deps.database.db, note.id, note.joinRecordingId!, {
    status: 'failed',
    statusMessage: RECORDING_PART_MISSING,
    mediaPath: null,
    mediaBytes: 0,
  });
  await removeChunks(deps, note);
  return undefined;
}

/** Marks the note joined by this run and removes the chunks; else what `lostRace` finds. */
async function markJoined(deps: JoinDeps, note: NoteRow, bytes: number): Promise<NoteRow | undefined> {
  const joined = await markNoteJoined(deps.database.db, note.id, note.joinRecordingId!, {
    mediaBytes: bytes,
  });
  if (!joined) return lostRace(deps, note);
  await removeChunks(deps, note);
  return joined;
}

/**
 * Joins the note's chunks into its media object (the studio.assemble job's work). Returns the note
 * as it is now, or undefined when it is gone or failed for a missing chunk. The store not answering
 * is thrown (the job is tried again).
 */
export async function joinNoteMedia(deps: JoinDeps, note: NoteRow): Promise<NoteRow | undefined> {
  if (!note.joinRecordingId || !note.mediaPath) return note;
  let bytes: number;
  try {
    ({ size: bytes } = await studioStorage(deps.config).assemble(
      partsOf(note),
      note.mediaPath,
      note.mediaMime ? { contentType: note.mediaMime } : {},
    ));
  } catch (error) {
    if (!(error instanceof ObjectNotFoundError)) throw error;
    return missingPart(deps, note);
  }
  return markJoined(deps, note, bytes);
}

/**
 * Runs `work` on a local copy of the note's media (for ffmpeg), joining a recording's chunks on the
 * way: on this machine's disk they are joined into the object first and it is read in place; from a
 * bucket they are read once into the copy, which is stored as the object while `work` runs (the note
 * is marked joined once both are done, whatever `work` answered). ObjectNotFoundError when the media
 * is gone (a missing chunk has failed the note, saying so).
 */
export async function withNoteMediaCopy<T>(
  deps: JoinDeps,
  note: NoteRow,
  work: (copy: LocalCopy) => Promise<T>,
): Promise<T> {
  const storage = studioStorage(deps.config);
  const temp = studioTemp(deps.config);
  if (!note.mediaPath) throw new ObjectNotFoundError(`the media of note ${note.id}`);
  if (!note.joinRecordingId) return temp.withLocalCopy(storage, note.mediaPath, work);
  const again = (now: NoteRow | undefined) => {
    if (!now?.mediaPath || now.joinRecordingId === note.joinRecordingId)
      throw new ObjectNotFoundError(note.mediaPath!);
    return withNoteMediaCopy(deps, now, work);
  };
  if (storage.localPath) return again(await joinNoteMedia(deps, note));
  const key = note.mediaPath;
  const put = (body: Readable, size: number) =>
    storage.put(key, body, { size, ...(note.mediaMime ? { contentType: note.mediaMime } : {}) });
  // The object's PUT: fed by the copy (below), else from the copy once made.
  const stored: { put?: Promise<unknown> } = {};
  let copy: LocalCopy;
  try {
    copy = await temp.copyOfParts(storage, partsOf(note), {
      // What the recording's chunks held when it was finished: the join is no longer.
      maxBytes: note.mediaBytes,
      ext: path.extname(key),
      // The object is stored from the chunks as they are read, not from the copy read back: one
      // Buffer a socket read instead of two (see docs/performance.md).
      alsoTo: () => {
        const body = new PassThrough({ highWaterMark: STORE_AHEAD_BYTES });
        stored.put = put(body, note.mediaBytes);
        // Awaited below, after `work`. A PUT that fails before it has read the whole body (the store
        // refused it, or went away) reads no more of it: the copy goes on without it, never waiting.
        stored.put.catch(() => body.destroy());
        return body;
      },
    });
  } catch (error) {
    // The copy failed: the PUT it fed was cut short (S3 stores nothing of it).
    await stored.put?.catch(() => {});
    if (!(error instanceof ObjectNotFoundError)) throw error;
    return again(await missingPart(deps, note));
  }
  try {
    const bytes = (await stat(copy.file)).size;
    if (!stored.put || bytes !== note.mediaBytes) {
      // Shorter than the recording's chunks (one past the count): the PUT announced their length
      // and failed, storing nothing; the object is stored from the copy.
      await stored.put?.catch(() => {});
      stored.put = put(createReadStream(copy.file, { highWaterMark: 1024 * 1024 }), bytes);
      // Awaited below, after `work`: a failure meanwhile is not an unhandled rejection.
      stored.put.catch(() => {});
    }
    const done = await work(copy).then(
      (value) => ({ ok: true as const, value }),
      (error: unknown) => ({ ok: false as const, error }),
    );
    await stored.put;
    await markJoined(deps, note, bytes);
    if (!done.ok) throw done.error;
    return done.value;
  } finally {
    await copy.release();
  }
}
