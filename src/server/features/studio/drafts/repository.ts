import { and, asc, desc, eq, gt, inArray, notInArray, sql } from 'drizzle-orm';
import type { DraftBlock } from '#contract/studio-drafts.ts';
import type { DbOrTx } from '../../../db/client.ts';
import { studioNoteSentences, studioNoteSpeakers, studioNotes } from '../../../db/schema/studio.ts';
import { studioDrafts, studioDraftVersions } from '../../../db/schema/studio-drafts.ts';
import { SENTENCES_PER_READ } from '../notes/index.ts';

/** All SQL of Studio drafts. */

export type DraftRow = typeof studioDrafts.$inferSelect;
/** Stored blocks: the contract's block without `available` (worked out when read). */
export type StoredBlock = Omit<DraftBlock, 'sources'> & {
  sources: { note_id: string; sentence_id: string }[];
};
export type NewDraft = typeof studioDrafts.$inferInsert;
export type DraftVersionRow = typeof studioDraftVersions.$inferSelect;
export type VersionReason = 'save' | 'regenerate' | 'restore';
/** Versions kept per draft (the oldest beyond it are dropped). */
export const VERSIONS_KEPT = 20;
export type SourceNoteRow = Pick<
  typeof studioNotes.$inferSelect,
  'id' | 'title' | 'status' | 'statusMessage' | 'register' | 'keyPhrases' | 'text'
>;
export type SourceSentenceRow = Pick<
  typeof studioNoteSentences.$inferSelect,
  'id' | 'noteId' | 'position' | 'text' | 'startMs' | 'endMs' | 'filler' | 'fillers' | 'words' | 'speakerId'
> & {
  /** Who said it in a conversation note (the speaker's name as the owner calls them); null in a solo note. */
  speakerName: string | null;
  /** The speaker is marked as the owner ("this is me"); null without a speaker. */
  speakerMe: boolean | null;
};
/** A conversation note's speakers, in order of first turn. */
export type SourceSpeakerRow = Pick<
  typeof studioNoteSpeakers.$inferSelect,
  'id' | 'noteId' | 'position' | 'name' | 'isMe'
>;

/** Inserts drafts in one statement; answers the rows in the order given. */
export async function insertDrafts(
  db: DbOrTx,
  values: Array<NewDraft & { id: string }>,
): Promise<DraftRow[]> {
  if (!values.length) return [];
  const rows = await db.insert(studioDrafts).values(values).returning();
  const byId = new Map(rows.map((row) => [row.id, row]));
  return values.map((v) => byId.get(v.id)!);
}

export async function findDraft(db: DbOrTx, owner: string, id: string): Promise<DraftRow | undefined> {
  const [row] = await db
    .select()
    .from(studioDrafts)
    .where(and(eq(studioDrafts.id, id), eq(studioDrafts.ownerEmail, owner)));
  return row;
}

export async function findDraftById(db: DbOrTx, id: string): Promise<DraftRow | undefined> {
  const [row] = await db.select().from(studioDrafts).where(eq(studioDrafts.id, id));
  return row;
}

/** Drafts by id, in the order asked (missing ones left out). */
export async function findDraftsById(db: DbOrTx, ids: readonly string[]): Promise<DraftRow[]> {
  if (!ids.length) return [];
  const rows = await db
    .select()
    .from(studioDrafts)
    .where(inArray(studioDrafts.id, [...ids]));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.map((id) => byId.get(id)).filter((row): row is DraftRow => row !== undefined);
}

/** Several drafts given the same values in one statement. */
export async function updateDrafts(
  db: DbOrTx,
  ids: readonly string[],
  values: Partial<Omit<NewDraft, 'id' | 'ownerEmail'>>,
): Promise<void> {
  if (!ids.length) return;
  await db
    .update(studioDrafts)
    .set({ ...values, updatedAt: new Date() })
    .where(inArray(studioDrafts.id, [...ids]));
}

/** The owner's drafts, newest first; only those made from `noteId` when given. */
export async function listDrafts(
  db: DbOrTx,
  owner: string,
  noteId?: string,
  limit = 50,
): Promise<DraftRow[]> {
  return db
    .select()
    .from(studioDrafts)
    .where(
      and(
        eq(studioDrafts.ownerEmail, owner),
        noteId ? sql`${noteId}::uuid = any(${studioDrafts.noteIds})` : undefined,
      ),
    )
    .orderBy(desc(studioDrafts.createdAt), desc(studioDrafts.id))
    .limit(limit);
}

export async function updateDraft(
  db: DbOrTx,
  id: string,
  values: Partial<Omit<NewDraft, 'id' | 'ownerEmail'>>,
): Promise<DraftRow | undefined> {
  const [row] = await db
    .update(studioDrafts)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(studioDrafts.id, id))
    .returning();
  return row;
}

/**
 * Stores drafts just written (ready, no error), each with its own blocks, in one statement: the
 * rows go to the database as one JSON value, not a statement per draft.
 */
export async function storeWrittenDrafts(
  db: DbOrTx,
  drafts: ReadonlyArray<{
    id: string;
    engine?: string | undefined;
    blocks?: unknown;
    fidelity?: unknown;
    meta?: unknown;
    edited?: boolean | undefined;
  }>,
): Promise<void> {
  if (!drafts.length) return;
  const rows = drafts.map((d) => ({
    id: d.id,
    engine: d.engine ?? 'extractive',
    blocks: d.blocks ?? [],
    fidelity: d.fidelity ?? null,
    meta: d.meta ?? {},
    edited: d.edited ?? false,
  }));
  await db.execute(sql`
    update ${studioDrafts} as d
       set engine = w.engine, status = 'ready', blocks = w.blocks, fidelity = w.fidelity,
           meta = w.meta, error = null, edited = w.edited, updated_at = now()
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
           as w(id uuid, engine text, blocks jsonb, fidelity jsonb, meta jsonb, edited boolean)
     where d.id = w.id`);
}

/** Claims a waiting draft for generation (one worker wins). */
export async function claimDraft(db: DbOrTx, id: string): Promise<DraftRow | undefined> {
  const [row] = await db
    .update(studioDrafts)
    .set({ status: 'generating', updatedAt: new Date() })
    .where(and(eq(studioDrafts.id, id), inArray(studioDrafts.status, ['waiting', 'generating'])))
    .returning();
  return row;
}

/** The owner's notes among `ids`, in the order asked. */
export async function sourceNotes(db: DbOrTx, owner: string, ids: string[]): Promise<SourceNoteRow[]> {
  if (!ids.length) return [];
  const rows = await db
    .select({
      id: studioNotes.id,
      title: studioNotes.title,
      status: studioNotes.status,
      statusMessage: studioNotes.statusMessage,
      register: studioNotes.register,
      keyPhrases: studioNotes.keyPhrases,
      text: studioNotes.text,
    })
    .from(studioNotes)
    .where(and(eq(studioNotes.ownerEmail, owner), inArray(studioNotes.id, ids)));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.map((id) => byId.get(id)).filter((row): row is SourceNoteRow => row !== undefined);
}

/** When each of the notes last changed (a correction, an edit, a transcript), by id: what captions are kept by. */
export async function notesChangedAt(db: DbOrTx, noteIds: string[]): Promise<string[]> {
  if (!noteIds.length) return [];
  const rows = await db
    .select({ id: studioNotes.id, updatedAt: studioNotes.updatedAt })
    .from(studioNotes)
    .where(inArray(studioNotes.id, noteIds))
    .orderBy(asc(studioNotes.id));
  return rows.map((r) => `${r.id}@${r.updatedAt.toISOString()}`);
}

/** The sentences of the notes, note by note (in the order given), in spoken order. */
export async function sourceSentences(db: DbOrTx, noteIds: string[]): Promise<SourceSentenceRow[]> {
  const rows: SourceSentenceRow[] = [];
  // Note by note in the order given, a page of sentences at a time (SENTENCES_PER_READ: each page's
  // rows are mapped in one turn of the loop).
  for (const noteId of new Set(noteIds))
    for (let after = -1; ; ) {
      const page = await db
        .select({
          id: studioNoteSentences.id,
          noteId: studioNoteSentences.noteId,
          position: studioNoteSentences.position,
          text: studioNoteSentences.text,
          startMs: studioNoteSentences.startMs,
          endMs: studioNoteSentences.endMs,
          filler: studioNoteSentences.filler,
          fillers: studioNoteSentences.fillers,
          words: studioNoteSentences.words,
          speakerId: studioNoteSentences.speakerId,
          speakerName: studioNoteSpeakers.name,
          speakerMe: studioNoteSpeakers.isMe,
        })
        .from(studioNoteSentences)
        .leftJoin(studioNoteSpeakers, eq(studioNoteSpeakers.id, studioNoteSentences.speakerId))
        .where(and(eq(studioNoteSentences.noteId, noteId), gt(studioNoteSentences.position, after)))
        .orderBy(asc(studioNoteSentences.position))
        .limit(SENTENCES_PER_READ);
      rows.push(...page);
      if (page.length < SENTENCES_PER_READ) break;
      after = page.at(-1)!.position;
    }
  return rows;
}

/** The speakers of the notes (none for solo notes), note by note in order of first turn. */
export async function sourceSpeakers(db: DbOrTx, noteIds: string[]): Promise<SourceSpeakerRow[]> {
  if (!noteIds.length) return [];
  return db
    .select({
      id: studioNoteSpeakers.id,
      noteId: studioNoteSpeakers.noteId,
      position: studioNoteSpeakers.position,
      name: studioNoteSpeakers.name,
      isMe: studioNoteSpeakers.isMe,
    })
    .from(studioNoteSpeakers)
    .where(inArray(studioNoteSpeakers.noteId, noteIds))
    .orderBy(asc(studioNoteSpeakers.noteId), asc(studioNoteSpeakers.position));
}

/** Which of these sentence ids still exist (their note was not deleted or re-transcribed). */
/** The sentences of `ids` that still exist, with when the owner last changed their words (null: never). */
export async function sentenceStates(db: DbOrTx, ids: string[]): Promise<Map<string, Date | null>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ id: studioNoteSentences.id, wordsChangedAt: studioNoteSentences.wordsChangedAt })
    .from(studioNoteSentences)
    .where(inArray(studioNoteSentences.id, [...new Set(ids)]));
  return new Map(rows.map((row) => [row.id, row.wordsChangedAt]));
}

export type NoteState = Pick<
  typeof studioNotes.$inferSelect,
  'id' | 'transcriptEngine' | 'transcriptReviewedAt' | 'wordsChangedAt'
>;

/** What a draft says about its notes' words: how they were heard, checked and changed. */
export async function noteStates(db: DbOrTx, noteIds: string[]): Promise<Map<string, NoteState>> {
  if (!noteIds.length) return new Map();
  const rows = await db
    .select({
      id: studioNotes.id,
      transcriptEngine: studioNotes.transcriptEngine,
      transcriptReviewedAt: studioNotes.transcriptReviewedAt,
      wordsChangedAt: studioNotes.wordsChangedAt,
    })
    .from(studioNotes)
    .where(inArray(studioNotes.id, [...new Set(noteIds)]));
  return new Map(rows.map((row) => [row.id, row]));
}

/**
 * The owner's latest written notes as samples of their voice: the first `maxChars` of each (all the
 * prompt takes), never the draft's own notes (`exclude`: a pasted note would be sent twice).
 */
export async function writtenSamples(
  db: DbOrTx,
  owner: string,
  { exclude = [], limit = 3, maxChars }: { exclude?: string[]; limit?: number; maxChars: number },
): Promise<string[]> {
  const rows = await db
    .select({ text: sql<string>`left(${studioNotes.text}, ${maxChars})` })
    .from(studioNotes)
    .where(
      and(
        eq(studioNotes.ownerEmail, owner),
        eq(studioNotes.register, 'written'),
        eq(studioNotes.status, 'ready'),
        exclude.length ? notInArray(studioNotes.id, exclude) : undefined,
      ),
    )
    .orderBy(desc(studioNotes.createdAt))
    .limit(limit);
  return rows.map((row) => row.text).filter((text) => text.trim().length > 40);
}

export async function deleteDraftsOf(db: DbOrTx, owner: string): Promise<number> {
  const rows = await db
    .delete(studioDrafts)
    .where(eq(studioDrafts.ownerEmail, owner))
    .returning({ id: studioDrafts.id });
  return rows.length;
}

/**
 * Keeps the draft as it is now as a version (before a save, regeneration or restore replaces it),
 * then drops the oldest beyond VERSIONS_KEPT. Nothing is kept for a draft without blocks.
 */
export async function keepVersion(db: DbOrTx, row: DraftRow, reason: VersionReason): Promise<void> {
  if (!(row.blocks as unknown[]).length) return;
  await db.insert(studioDraftVersions).values({
    draftId: row.id,
    blocks: row.blocks,
    fidelity: row.fidelity,
    meta: row.meta,
    engine: row.engine,
    edited: row.edited,
    reason,
  });
  await db.execute(sql`
    delete from ${studioDraftVersions} where ${studioDraftVersions.draftId} = ${row.id}
      and ${studioDraftVersions.id} not in (
        select id from ${studioDraftVersions} where ${studioDraftVersions.draftId} = ${row.id}
        order by created_at desc, id desc limit ${VERSIONS_KEPT})`);
}

/** A draft's versions, newest first. */
export async function listVersions(db: DbOrTx, draftId: string): Promise<DraftVersionRow[]> {
  return db
    .select()
    .from(studioDraftVersions)
    .where(eq(studioDraftVersions.draftId, draftId))
    .orderBy(desc(studioDraftVersions.createdAt), desc(studioDraftVersions.id));
}

export async function findVersion(
  db: DbOrTx,
  draftId: string,
  id: string,
): Promise<DraftVersionRow | undefined> {
  const [row] = await db
    .select()
    .from(studioDraftVersions)
    .where(and(eq(studioDraftVersions.draftId, draftId), eq(studioDraftVersions.id, id)));
  return row;
}
