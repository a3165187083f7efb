import { and, eq, isNull, lt, not, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { studioNotes, studioRecordings } from '../../../db/schema/studio.ts';

/** The chunked recordings (one row per recording being sent, until it becomes a note). */
export type RecordingRow = typeof studioRecordings.$inferSelect;

export async function insertRecording(
  db: DbOrTx,
  values: typeof studioRecordings.$inferInsert,
): Promise<RecordingRow> {
  const [row] = await db.insert(studioRecordings).values(values).returning();
  return row!;
}

export async function findRecording(
  db: DbOrTx,
  owner: string,
  id: string,
): Promise<RecordingRow | undefined> {
  const [row] = await db
    .select()
    .from(studioRecordings)
    .where(and(eq(studioRecordings.id, id), eq(studioRecordings.ownerEmail, owner)));
  return row;
}

/** Records chunk n (idempotent) and the recording's bytes as counted on disk. */
export async function recordChunk(
  db: DbOrTx,
  id: string,
  n: number,
  bytes: number,
): Promise<RecordingRow | undefined> {
  const [row] = await db
    .update(studioRecordings)
    .set({
      chunks: sql`(select array_agg(distinct c order by c) from unnest(array_append(${studioRecordings.chunks}, ${n}::int)) c)`,
      bytes,
      updatedAt: new Date(),
    })
    .where(and(eq(studioRecordings.id, id), isNull(studioRecordings.noteId)))
    .returning();
  return row;
}

/** Marks the recording finished as the note; false when it was finished already. */
export async function finishRecording(db: DbOrTx, id: string, noteId: string): Promise<boolean> {
  const rows = await db
    .update(studioRecordings)
    .set({ noteId, updatedAt: new Date() })
    .where(and(eq(studioRecordings.id, id), isNull(studioRecordings.noteId)))
    .returning({ id: studioRecordings.id });
  return rows.length > 0;
}

export async function deleteRecording(db: DbOrTx, owner: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(studioRecordings)
    .where(and(eq(studioRecordings.id, id), eq(studioRecordings.ownerEmail, owner)))
    .returning({ id: studioRecordings.id });
  return rows.length > 0;
}

/** Finished recordings whose chunks are still a note's media (not joined yet). */
const stillANotesMedia = sql`exists (select 1 from ${studioNotes} where ${studioNotes.joinRecordingId} = ${studioRecordings.id})`;

/**
 * Recordings whose last chunk is older than the date: never finished, or finished and joined (the
 * chunks of one not joined yet are its note's only media: kept).
 */
export async function deleteStaleRecordings(db: DbOrTx, updatedBefore: Date): Promise<string[]> {
  const rows = await db
    .delete(studioRecordings)
    .where(and(lt(studioRecordings.updatedAt, updatedBefore), not(stillANotesMedia)))
    .returning({ id: studioRecordings.id });
  return rows.map((r) => r.id);
}

/** Every recording of an owner ('Delete my data', retention); their ids (their chunk folders). */
export async function deleteRecordingsOf(db: DbOrTx, owner: string): Promise<string[]> {
  const rows = await db
    .delete(studioRecordings)
    .where(eq(studioRecordings.ownerEmail, owner))
    .returning({ id: studioRecordings.id });
  return rows.map((r) => r.id);
}

/**
 * The recordings whose chunks are still needed (the maintenance job's sweep of chunk folders):
 * unfinished, or finished and not joined into their note's media yet.
 */
export async function recordingIds(db: DbOrTx): Promise<Set<string>> {
  const rows = await db
    .select({ id: studioRecordings.id })
    .from(studioRecordings)
    .where(or(isNull(studioRecordings.noteId), stillANotesMedia));
  return new Set(rows.map((r) => r.id));
}
