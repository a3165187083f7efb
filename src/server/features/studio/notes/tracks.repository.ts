import { and, asc, eq, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { studioNotes, studioNoteTracks } from '../../../db/schema/studio.ts';

/** The tracks of a conversation uploaded one file per speaker (notes/tracks-job.ts makes the note). */

export type TrackRow = typeof studioNoteTracks.$inferSelect;
export type NewTrack = typeof studioNoteTracks.$inferInsert;

export async function insertTracks(db: DbOrTx, tracks: NewTrack[]): Promise<TrackRow[]> {
  return db.insert(studioNoteTracks).values(tracks).returning();
}

/** A note's tracks in their order, without their transcripts (what the note view shows). */
export async function listTracks(
  db: DbOrTx,
  noteId: string,
): Promise<Array<Pick<TrackRow, 'id' | 'label' | 'status' | 'statusMessage'>>> {
  return db
    .select({
      id: studioNoteTracks.id,
      label: studioNoteTracks.label,
      status: studioNoteTracks.status,
      statusMessage: studioNoteTracks.statusMessage,
    })
    .from(studioNoteTracks)
    .where(eq(studioNoteTracks.noteId, noteId))
    .orderBy(asc(studioNoteTracks.position));
}

/** A note's tracks whole (with their transcripts), in order: what the conversation is made of. */
export async function tracksOf(db: DbOrTx, noteId: string): Promise<TrackRow[]> {
  return db
    .select()
    .from(studioNoteTracks)
    .where(eq(studioNoteTracks.noteId, noteId))
    .orderBy(asc(studioNoteTracks.position));
}

/** A track with its note's owner and status (by the track's id or its tus upload's). */
export async function findTrack(
  db: DbOrTx,
  by: { id: string } | { uploadId: string },
): Promise<(TrackRow & { ownerEmail: string; noteStatus: string }) | undefined> {
  const [row] = await db
    .select({ track: studioNoteTracks, ownerEmail: studioNotes.ownerEmail, noteStatus: studioNotes.status })
    .from(studioNoteTracks)
    .innerJoin(studioNotes, eq(studioNotes.id, studioNoteTracks.noteId))
    .where('id' in by ? eq(studioNoteTracks.id, by.id) : eq(studioNoteTracks.uploadId, by.uploadId));
  return row ? { ...row.track, ownerEmail: row.ownerEmail, noteStatus: row.noteStatus } : undefined;
}

/** Updates a track, only while its status is one of `onlyIfStatus`; the row, or undefined. */
export async function updateTrack(
  db: DbOrTx,
  id: string,
  values: Partial<NewTrack>,
  onlyIfStatus?: TrackRow['status'][],
): Promise<TrackRow | undefined> {
  const [row] = await db
    .update(studioNoteTracks)
    .set({ ...values, updatedAt: new Date() })
    .where(
      and(
        eq(studioNoteTracks.id, id),
        ...(onlyIfStatus ? [inArray(studioNoteTracks.status, onlyIfStatus)] : []),
      ),
    )
    .returning();
  return row;
}

/**
 * Locks the note (so two tracks settling at once see each other), then counts its tracks by state:
 * still uploading, and not yet settled (neither ready nor failed). Two statements: the count's
 * snapshot is taken once the lock is held, so it sees what the track settled before committed.
 */
export async function trackProgress(
  db: DbOrTx,
  noteId: string,
): Promise<{ uploading: number; unsettled: number } | undefined> {
  const locked = await db.execute(
    sql`select 1 from ${studioNotes} where ${studioNotes.id} = ${noteId} for update`,
  );
  if (!locked.rows.length) return undefined;
  const { rows } = await db.execute<{ uploading: number; unsettled: number }>(sql`
    select count(*) filter (where ${studioNoteTracks.status} = 'uploading')::int as uploading,
           count(*) filter (where ${studioNoteTracks.status} not in ('ready', 'failed'))::int as unsettled
    from ${studioNoteTracks} where ${studioNoteTracks.noteId} = ${noteId}`);
  return rows[0];
}

/**
 * The media objects of tracks, of one note or of every note of an owner (read before the notes are
 * deleted: the tracks go with them, their objects through the deletion outbox).
 */
export async function trackMedia(
  db: DbOrTx,
  of: { noteIds: string[] } | { owner: string },
): Promise<string[]> {
  if ('noteIds' in of && of.noteIds.length === 0) return [];
  const rows = await db
    .select({ path: studioNoteTracks.mediaPath })
    .from(studioNoteTracks)
    .innerJoin(studioNotes, eq(studioNotes.id, studioNoteTracks.noteId))
    .where(
      and(
        isNotNull(studioNoteTracks.mediaPath),
        'noteIds' in of ? inArray(studioNoteTracks.noteId, of.noteIds) : eq(studioNotes.ownerEmail, of.owner),
      ),
    );
  return rows.map((r) => r.path!);
}

/** Every track's media object (the maintenance pass keeps them). */
export async function referencedTrackMedia(db: DbOrTx): Promise<string[]> {
  const rows = await db
    .select({ path: studioNoteTracks.mediaPath })
    .from(studioNoteTracks)
    .where(and(isNotNull(studioNoteTracks.mediaPath), ne(studioNoteTracks.mediaPath, '')));
  return rows.map((r) => r.path!);
}
