import {
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  gt,
  inArray,
  isNotNull,
  lt,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { NoteKind, NoteStatus } from '#contract/studio.ts';
import type { DbOrTx } from '../../../db/client.ts';
import {
  studioNoteSentences,
  studioNotes,
  studioRecordings,
  studioVoiceSettings,
} from '../../../db/schema/studio.ts';

/**
 * Every column but the generated `search` vector (as long as the text itself): what a note or
 * sentence read gives, so no read of a note or its sentences carries its search vector back.
 */
const { search: _noteSearch, ...NOTE_COLUMNS } = getTableColumns(studioNotes);
const { search: _sentenceSearch, ...SENTENCE_COLUMNS } = getTableColumns(studioNoteSentences);
export type NoteRow = Omit<typeof studioNotes.$inferSelect, 'search'>;
export type NewNote = typeof studioNotes.$inferInsert;
export type SentenceRow = Omit<typeof studioNoteSentences.$inferSelect, 'search'>;
export type NewSentence = Omit<typeof studioNoteSentences.$inferInsert, 'noteId'>;

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

/**
 * Sentence rows read per query: the query builder maps a query's rows in one turn of the event loop
 * (50,000 rows held it about 160 ms), so the longest notes are read a page at a time, in order of
 * position, each page its own turn.
 */
export const SENTENCES_PER_READ = 2_000;

export async function listSentences(db: DbOrTx, noteId: string): Promise<SentenceRow[]> {
  const rows: SentenceRow[] = [];
  for (let after = -1; ; ) {
    const page = await db
      .select(SENTENCE_COLUMNS)
      .from(studioNoteSentences)
      .where(and(eq(studioNoteSentences.noteId, noteId), gt(studioNoteSentences.position, after)))
      .orderBy(asc(studioNoteSentences.position))
      .limit(SENTENCES_PER_READ);
    rows.push(...page);
    if (page.length < SENTENCES_PER_READ) return rows;
    after = page.at(-1)!.position;
  }
}

/** Replaces a note's sentences; answers the new rows' ids in the order given. */
/**
 * Sentences stored per statement: the query builder spends event-loop time in proportion to the
 * rows of a statement, so a long note's thousands of sentences go in small statements, each its
 * own turn of the loop, and no request holds it for the whole note.
 */
const SENTENCES_PER_INSERT = 200;

export async function replaceSentences(
  db: DbOrTx,
  noteId: string,
  sentences: NewSentence[],
): Promise<string[]> {
  await db.delete(studioNoteSentences).where(eq(studioNoteSentences.noteId, noteId));
  return insertSentences(
    db,
    sentences.map((s) => ({ ...s, noteId })),
  );
}

/**
 * Stores the sentences of notes that have none yet (a note just inserted: nothing to delete
 * first), of one note or of many at once (an import); answers the new rows' ids in the order given.
 */
export async function insertSentences(
  db: DbOrTx,
  sentences: Array<NewSentence & { noteId: string }>,
): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < sentences.length; i += SENTENCES_PER_INSERT) {
    const batch = sentences.slice(i, i + SENTENCES_PER_INSERT);
    const rows = await db.insert(studioNoteSentences).values(batch).returning({
      id: studioNoteSentences.id,
      noteId: studioNoteSentences.noteId,
      position: studioNoteSentences.position,
    });
    // Matched by note and position (unique together), not by the order rows come back in.
    const byPosition = new Map(rows.map((r) => [`${r.noteId}:${r.position}`, r.id]));
    for (const s of batch) ids.push(byPosition.get(`${s.noteId}:${s.position}`)!);
  }
  return ids;
}

/** Sentences rewritten per statement (as `SENTENCES_PER_INSERT`: each statement its own turn of the loop). */
const SENTENCES_PER_UPDATE = 500;

/**
 * Rewrites sentences in place (same ids, positions and times): drafts citing them see the new words.
 * A correction shifts every later sentence's offsets, so a long note's thousands of rows go in a few
 * statements, each a batch handed to the database as one JSON value, never a statement per row.
 */
export async function rewriteSentences(
  db: DbOrTx,
  noteId: string,
  sentences: Array<
    Pick<NewSentence, 'text' | 'startChar' | 'endChar' | 'filler' | 'fillers' | 'figures'> & {
      id: string;
      retyped?: boolean;
    }
  >,
): Promise<void> {
  for (let i = 0; i < sentences.length; i += SENTENCES_PER_UPDATE) {
    const batch = sentences.slice(i, i + SENTENCES_PER_UPDATE).map((s) => ({
      id: s.id,
      text: s.text,
      start_char: s.startChar,
      end_char: s.endChar,
      filler: s.filler ?? false,
      fillers: s.fillers ?? [],
      figures: s.figures ?? null,
      retyped: s.retyped ?? false,
    }));
    // A retyped sentence's word times no longer match its words (its own times stay); it was changed now.
    await db.execute(sql`
      update studio_note_sentences s
      set text = v.text, start_char = v.start_char, end_char = v.end_char, filler = v.filler,
          fillers = v.fillers, figures = v.figures, words = case when v.retyped then null else s.words end,
          words_changed_at = case when v.retyped then now() else s.words_changed_at end
      from jsonb_to_recordset(${JSON.stringify(batch)}::jsonb)
        as v(id uuid, text text, start_char integer, end_char integer, filler boolean, fillers jsonb,
             figures text, retyped boolean)
      where s.id = v.id and s.note_id = ${noteId}`);
  }
}

/**
 * A note's sentences after its whole text was edited (text-edit.ts): the old rows not kept are
 * deleted, the kept ones rewritten in place under their ids (at their new positions, with their new
 * offsets; a changed one with its new times, no word times, and changed now), the new ones inserted
 * (changed now). Batched as `rewriteSentences`.
 */
export async function storeEditedSentences(
  db: DbOrTx,
  noteId: string,
  sentences: Array<NewSentence & { id?: string; changed: boolean }>,
): Promise<void> {
  const kept = sentences.flatMap((s) => (s.id ? [s.id] : []));
  await db.execute(sql`
    delete from studio_note_sentences
     where note_id = ${noteId} and not (id = any(${`{${kept.join(',')}}`}::uuid[]))`);
  // Out of the way of the new positions (unique per note) before any row takes one.
  await db.execute(sql`update studio_note_sentences set position = -1 - position where note_id = ${noteId}`);
  const rewritten = sentences.filter((s) => s.id);
  for (let i = 0; i < rewritten.length; i += SENTENCES_PER_UPDATE) {
    const batch = rewritten.slice(i, i + SENTENCES_PER_UPDATE).map((s) => ({
      id: s.id,
      position: s.position,
      text: s.text,
      start_char: s.startChar,
      end_char: s.endChar,
      start_ms: s.startMs ?? null,
      end_ms: s.endMs ?? null,
      filler: s.filler ?? false,
      fillers: s.fillers ?? [],
      figures: s.figures ?? null,
      changed: s.changed,
    }));
    await db.execute(sql`
      update studio_note_sentences s
      set position = v.position, text = v.text, start_char = v.start_char, end_char = v.end_char,
          start_ms = case when v.changed then v.start_ms else s.start_ms end,
          end_ms = case when v.changed then v.end_ms else s.end_ms end,
          filler = v.filler, fillers = v.fillers, figures = v.figures,
          words = case when v.changed then null else s.words end,
          words_changed_at = case when v.changed then now() else s.words_changed_at end
      from jsonb_to_recordset(${JSON.stringify(batch)}::jsonb)
        as v(id uuid, position integer, text text, start_char integer, end_char integer, start_ms integer,
             end_ms integer, filler boolean, fillers jsonb, figures text, changed boolean)
      where s.id = v.id and s.note_id = ${noteId}`);
  }
  const added = sentences.filter((s) => !s.id);
  for (let i = 0; i < added.length; i += SENTENCES_PER_INSERT)
    await db.insert(studioNoteSentences).values(
      added.slice(i, i + SENTENCES_PER_INSERT).map(({ id: _id, changed: _changed, ...s }) => ({
        ...s,
        noteId,
        wordsChangedAt: new Date(),
      })),
    );
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
  return new Set(rows.map((r) => r.path!));
}

// ---------------------------------------------------------------- whole owners

/** Deletes every note and the voice settings of an owner; returns the media paths. */
export async function deleteStudioRowsOf(
  db: DbOrTx,
  owner: string,
): Promise<{ notes: number; media: string[] }> {
  const notes = await db
    .delete(studioNotes)
    .where(eq(studioNotes.ownerEmail, owner))
    .returning({ mediaPath: studioNotes.mediaPath });
  await db.delete(studioVoiceSettings).where(eq(studioVoiceSettings.ownerEmail, owner));
  return { notes: notes.length, media: notes.flatMap((n) => (n.mediaPath ? [n.mediaPath] : [])) };
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
