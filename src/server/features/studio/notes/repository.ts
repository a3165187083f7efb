import {
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  inArray,
  isNotNull,
  lt,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { NoteKind, NoteStatus } from '#contract/studio.ts';
import type { DbOrTx } from '../../../db/client.ts';
import { studioNotes, studioRecordings, studioVoiceSettings } from '../../../db/schema/studio.ts';
import { referencedTrackMedia, trackMedia } from './tracks.repository.ts';

/**
 * Every column but the generated `search` vector (as long as the text itself): no read of a note
 * carries its search vector back (sentences.repository.ts does the same for sentences).
 */
const { search: _noteSearch, ...NOTE_COLUMNS } = getTableColumns(studioNotes);
export type NoteRow = Omit<typeof studioNotes.$inferSelect, 'search'>;
export type NewNote = typeof studioNotes.$inferInsert;

/** Every column but the (large) text and stats: what the library list reads. */
const LISTED = {
  id: studioNotes.id,
  ownerEmail: studioNotes.ownerEmail,
  kind: studioNotes.kind,
  register: studioNotes.register,
  status: studioNotes.status,
  statusMessage: studioNotes.statusMessage,
  title: studioNotes.title,
  excerpt: sql<string>`left(${studioNotes.text}, 240)`.as('excerpt'),
  wordCount: studioNotes.wordCount,
  durationMs: studioNotes.durationMs,
  mediaPath: studioNotes.mediaPath,
  mediaBytes: studioNotes.mediaBytes,
  mediaMime: studioNotes.mediaMime,
  joinRecordingId: studioNotes.joinRecordingId,
  sourceUrl: studioNotes.sourceUrl,
  transcriptEngine: studioNotes.transcriptEngine,
  // Every phrase is marked alike (heard.ts): the first says it.
  heardOnDevice:
    sql<boolean>`coalesce((${studioNotes.browserTranscript} -> 0 ->> 'onDevice')::boolean, false)`.as(
      'heard_on_device',
    ),
  transcriptReviewedAt: studioNotes.transcriptReviewedAt,
  wordsChangedAt: studioNotes.wordsChangedAt,
  createdAt: studioNotes.createdAt,
  updatedAt: studioNotes.updatedAt,
  // A conversation note's speakers and whether one is the owner (none: a solo note).
  speakerCount:
    sql<number>`(select count(*)::int from studio_note_speakers sp where sp.note_id = studio_notes.id)`.as(
      'speaker_count',
    ),
  meAnswered:
    sql<boolean>`exists (select 1 from studio_note_speakers sp where sp.note_id = studio_notes.id and sp.is_me)`.as(
      'me_answered',
    ),
};
export type ListedNote = Omit<
  Pick<NoteRow, Exclude<keyof typeof LISTED, 'excerpt' | 'speakerCount' | 'meAnswered' | 'heardOnDevice'>>,
  never
> & {
  excerpt: string;
  heardOnDevice: boolean;
  speakerCount: number;
  meAnswered: boolean;
};

// ---------------------------------------------------------------- notes

export async function insertNote(db: DbOrTx, values: NewNote): Promise<NoteRow> {
  const [row] = await db.insert(studioNotes).values(values).returning(NOTE_COLUMNS);
  return row!;
}

/** Inserts posts, skipping those whose content hash the owner already has; returns the new ones. */
export async function insertNotesSkippingDuplicates(
  db: DbOrTx,
  owner: string,
  values: NewNote[],
): Promise<Array<{ id: string; hash: string | null }>> {
  if (values.length === 0) return [];
  const hashes = values.map((v) => v.contentHash).filter((h): h is string => Boolean(h));
  const existing = new Set<string>();
  for (let i = 0; i < hashes.length; i += 1000) {
    const rows = await db
      .select({ hash: studioNotes.contentHash })
      .from(studioNotes)
      .where(
        and(eq(studioNotes.ownerEmail, owner), inArray(studioNotes.contentHash, hashes.slice(i, i + 1000))),
      );
    for (const row of rows) if (row.hash) existing.add(row.hash);
  }
  const fresh = values.filter((v) => !v.contentHash || !existing.has(v.contentHash));
  const out: Array<{ id: string; hash: string | null }> = [];
  for (let i = 0; i < fresh.length; i += 500) {
    const rows = await db
      .insert(studioNotes)
      .values(fresh.slice(i, i + 500))
      .returning({ id: studioNotes.id, hash: studioNotes.contentHash });
    out.push(...rows);
  }
  return out;
}

export async function findNote(db: DbOrTx, owner: string, id: string): Promise<NoteRow | undefined> {
  const [row] = await db
    .select(NOTE_COLUMNS)
    .from(studioNotes)
    .where(and(eq(studioNotes.id, id), eq(studioNotes.ownerEmail, owner)));
  return row;
}

export async function findNoteById(db: DbOrTx, id: string): Promise<NoteRow | undefined> {
  const [row] = await db.select(NOTE_COLUMNS).from(studioNotes).where(eq(studioNotes.id, id));
  return row;
}

export interface NoteFilters {
  kind?: NoteKind;
  status?: NoteStatus;
}

const filtersOf = (owner: string, filters: NoteFilters): SQL[] => [
  eq(studioNotes.ownerEmail, owner),
  ...(filters.kind ? [eq(studioNotes.kind, filters.kind)] : []),
  ...(filters.status ? [eq(studioNotes.status, filters.status)] : []),
];

/** Newest first; `before` is the (created_at, id) of the last note of the previous page. */
export async function listNotes(
  db: DbOrTx,
  owner: string,
  filters: NoteFilters,
  before: { createdAt: Date; id: string } | null,
  limit: number,
): Promise<ListedNote[]> {
  const where = filtersOf(owner, filters);
  if (before)
    where.push(
      or(
        lt(studioNotes.createdAt, before.createdAt),
        and(eq(studioNotes.createdAt, before.createdAt), lt(studioNotes.id, before.id)),
      )!,
    );
  return db
    .select(LISTED)
    .from(studioNotes)
    .where(and(...where))
    .orderBy(desc(studioNotes.createdAt), desc(studioNotes.id))
    .limit(limit);
}

export async function countNotes(db: DbOrTx, owner: string, filters: NoteFilters = {}): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(studioNotes)
    .where(and(...filtersOf(owner, filters)));
  return row?.n ?? 0;
}

/** Updates a note of the owner; undefined when it is not theirs. */
export async function updateNote(
  db: DbOrTx,
  owner: string | null,
  id: string,
  values: Partial<NewNote>,
  onlyIfStatus?: NoteStatus[],
): Promise<NoteRow | undefined> {
  const [row] = await db
    .update(studioNotes)
    .set({ ...values, updatedAt: new Date() })
    .where(
      and(
        eq(studioNotes.id, id),
        ...(owner ? [eq(studioNotes.ownerEmail, owner)] : []),
        ...(onlyIfStatus ? [inArray(studioNotes.status, onlyIfStatus)] : []),
      ),
    )
    .returning(NOTE_COLUMNS);
  return row;
}

/** Deletes a note of the owner (its sentences cascade); returns it, or undefined when not theirs. */
export async function deleteNote(db: DbOrTx, owner: string, id: string): Promise<NoteRow | undefined> {
  const [row] = await db
    .delete(studioNotes)
    .where(and(eq(studioNotes.id, id), eq(studioNotes.ownerEmail, owner)))
    .returning(NOTE_COLUMNS);
  return row;
}

export async function findNoteByUpload(db: DbOrTx, uploadId: string): Promise<NoteRow | undefined> {
  const [row] = await db.select(NOTE_COLUMNS).from(studioNotes).where(eq(studioNotes.uploadId, uploadId));
  return row;
}

/** Bytes of media the owner stores, plus unfinished recordings. */
export async function storedBytes(db: DbOrTx, owner: string): Promise<number> {
  // One statement: it runs on every chunk a recording sends, twice (before and under the lock).
  const { rows } = await db.execute<{ bytes: string | number | null }>(sql`
    select (select coalesce(sum(${studioNotes.mediaBytes}), 0) from ${studioNotes}
             where ${studioNotes.ownerEmail} = ${owner})
         + (select coalesce(sum(${studioRecordings.bytes}), 0) from ${studioRecordings}
             where ${studioRecordings.ownerEmail} = ${owner} and ${studioRecordings.noteId} is null) as bytes`);
  return Number(rows[0]?.bytes ?? 0);
}

/** Notes in one of the statuses whose last change is older than the date (for the maintenance job). */
export async function notesInStatus(
  db: DbOrTx,
  statuses: NoteStatus[],
  updatedBefore: Date,
  limit = 500,
): Promise<NoteRow[]> {
  return db
    .select(NOTE_COLUMNS)
    .from(studioNotes)
    .where(and(inArray(studioNotes.status, statuses), lt(studioNotes.updatedAt, updatedBefore)))
    .orderBy(asc(studioNotes.updatedAt))
    .limit(limit);
}

/**
 * The note's media is joined (its object holds the recording's chunks, `bytes` long): returns the
 * note, or nothing when it is gone or another run joined it first.
 */
export async function markNoteJoined(
  db: DbOrTx,
  id: string,
  recordingId: string,
  values: Partial<Pick<NewNote, 'mediaBytes' | 'status' | 'statusMessage' | 'mediaPath'>>,
): Promise<NoteRow | undefined> {
  const [row] = await db
    .update(studioNotes)
    .set({ ...values, joinRecordingId: null, joinChunks: null, updatedAt: new Date() })
    .where(and(eq(studioNotes.id, id), eq(studioNotes.joinRecordingId, recordingId)))
    .returning(NOTE_COLUMNS);
  return row;
}

/**
 * Notes created before the date whose recording is still not joined and whose studio.assemble job
 * is no longer waiting or running (it failed on every try): the maintenance pass sends it again.
 */
export async function unjoinedNotes(db: DbOrTx, createdBefore: Date, limit = 500): Promise<string[]> {
  const rows = await db
    .select({ id: studioNotes.id })
    .from(studioNotes)
    .where(
      and(
        isNotNull(studioNotes.joinRecordingId),
        lt(studioNotes.createdAt, createdBefore),
        sql`not exists (select 1 from pgboss.job j where j.name = 'studio.assemble'
              and j.data->>'noteId' = ${studioNotes.id}::text and j.state in ('created', 'retry', 'active'))`,
      ),
    )
    .limit(limit);
  return rows.map((r) => r.id);
}

/** Every media path still referenced by a note (the maintenance job removes files no note has). */
export async function referencedMediaPaths(db: DbOrTx): Promise<Set<string>> {
  const rows = await db
    .select({ path: studioNotes.mediaPath })
    .from(studioNotes)
    .where(isNotNull(studioNotes.mediaPath));
  return new Set([...rows.map((r) => r.path!), ...(await referencedTrackMedia(db))]);
}

// ---------------------------------------------------------------- whole owners

/** Deletes every note and the voice settings of an owner; returns the media paths. */
export async function deleteStudioRowsOf(
  db: DbOrTx,
  owner: string,
): Promise<{ notes: number; media: string[] }> {
  // The files of conversations uploaded one per speaker go with their notes' tracks.
  const tracks = await trackMedia(db, { owner });
  const notes = await db
    .delete(studioNotes)
    .where(eq(studioNotes.ownerEmail, owner))
    .returning({ mediaPath: studioNotes.mediaPath });
  await db.delete(studioVoiceSettings).where(eq(studioVoiceSettings.ownerEmail, owner));
  return {
    notes: notes.length,
    media: [...notes.flatMap((n) => (n.mediaPath ? [n.mediaPath] : [])), ...tracks],
  };
}

/** Owners whose newest Studio activity (notes, voice settings) is older than the date. */
export async function inactiveStudioOwners(db: DbOrTx, before: Date): Promise<string[]> {
  const rows = await db
    .select({ owner: studioNotes.ownerEmail })
    .from(studioNotes)
    .groupBy(studioNotes.ownerEmail)
    .having(
      sql`max(greatest(${studioNotes.createdAt}, ${studioNotes.updatedAt})) < ${before.toISOString()}::timestamptz
        and coalesce((select ${studioVoiceSettings.updatedAt} from ${studioVoiceSettings}
                      where ${studioVoiceSettings.ownerEmail} = ${studioNotes.ownerEmail}), '-infinity') < ${before.toISOString()}::timestamptz`,
    );
  const settingsOnly = await db
    .select({ owner: studioVoiceSettings.ownerEmail })
    .from(studioVoiceSettings)
    .where(
      and(
        lt(studioVoiceSettings.updatedAt, before),
        sql`not exists (select 1 from ${studioNotes} where ${studioNotes.ownerEmail} = ${studioVoiceSettings.ownerEmail})`,
      ),
    );
  return [...new Set([...rows, ...settingsOnly].map((r) => r.owner))];
}
