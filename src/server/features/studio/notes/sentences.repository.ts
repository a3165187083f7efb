import { and, asc, eq, getTableColumns, gt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { studioNoteSentences } from '../../../db/schema/studio.ts';

/**
 * A note's sentences, read and written in batches: a note may have tens of thousands, and no
 * statement may hold the event loop for all of them. Every column but the generated `search` vector
 * (as long as the text itself) is read.
 */
const { search: _sentenceSearch, ...SENTENCE_COLUMNS } = getTableColumns(studioNoteSentences);
export type SentenceRow = Omit<typeof studioNoteSentences.$inferSelect, 'search'>;
export type NewSentence = Omit<typeof studioNoteSentences.$inferInsert, 'noteId'>;

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

/**
 * Sentences stored per statement: the query builder spends event-loop time in proportion to the
 * rows of a statement, so a long note's thousands of sentences go in small statements, each its
 * own turn of the loop, and no request holds it for the whole note.
 */
const SENTENCES_PER_INSERT = 200;

/** Replaces a note's sentences; answers the new rows' ids in the order given. */
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
 * offsets and speaker; a changed one with its new times, no word times, and changed now), the new
 * ones inserted (changed now). Batched as `rewriteSentences`.
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
      speaker_id: s.speakerId ?? null,
      changed: s.changed,
    }));
    await db.execute(sql`
      update studio_note_sentences s
      set position = v.position, text = v.text, start_char = v.start_char, end_char = v.end_char,
          start_ms = case when v.changed then v.start_ms else s.start_ms end,
          end_ms = case when v.changed then v.end_ms else s.end_ms end,
          filler = v.filler, fillers = v.fillers, figures = v.figures, speaker_id = v.speaker_id,
          words = case when v.changed then null else s.words end,
          words_changed_at = case when v.changed then now() else s.words_changed_at end
      from jsonb_to_recordset(${JSON.stringify(batch)}::jsonb)
        as v(id uuid, position integer, text text, start_char integer, end_char integer, start_ms integer,
             end_ms integer, filler boolean, fillers jsonb, figures text, speaker_id uuid, changed boolean)
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
