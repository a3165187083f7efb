import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { studioNoteSentences, studioNoteSpeakers } from '../../../db/schema/studio.ts';
import type { EditableSpeaker, SpeakerState } from './speakers-edit.ts';

/** The speakers of a conversation note, and who says each of its sentences (decision 023). */

export type SpeakerRow = typeof studioNoteSpeakers.$inferSelect;

export async function listSpeakers(db: DbOrTx, noteId: string): Promise<SpeakerRow[]> {
  return db
    .select()
    .from(studioNoteSpeakers)
    .where(eq(studioNoteSpeakers.noteId, noteId))
    .orderBy(asc(studioNoteSpeakers.position));
}

/** A note's speakers and the speaker of each sentence, in order: what an edit starts from. */
export async function speakerState(db: DbOrTx, noteId: string): Promise<SpeakerState> {
  const speakers = await listSpeakers(db, noteId);
  const sentences = await db
    .select({
      id: studioNoteSentences.id,
      text: studioNoteSentences.text,
      speakerId: studioNoteSentences.speakerId,
    })
    .from(studioNoteSentences)
    .where(eq(studioNoteSentences.noteId, noteId))
    .orderBy(asc(studioNoteSentences.position));
  return {
    speakers: speakers.map((s) => ({
      id: s.id,
      position: s.position,
      label: s.label,
      name: s.name,
      me: s.isMe,
    })),
    sentences,
  };
}

/** Stores new speakers of a note (ids given, so their sentences can name them before they exist). */
export async function insertSpeakers(db: DbOrTx, noteId: string, speakers: EditableSpeaker[]): Promise<void> {
  if (!speakers.length) return;
  await db.insert(studioNoteSpeakers).values(
    speakers.map((s) => ({
      id: s.id,
      noteId,
      position: s.position,
      label: s.label,
      name: s.name,
      isMe: s.me,
    })),
  );
}

/** Sentences given a speaker per statement (each its own turn of the loop, as replaceSentences). */
const SENTENCES_PER_UPDATE = 500;

/**
 * Stores the edited state over the stored one (`before`): speakers added, renamed and removed, and
 * the sentences whose speaker changed (before a removed speaker goes: its removal would leave them
 * unassigned). The one `me` is cleared before it is set elsewhere (the unique index checks each
 * statement).
 */
export async function storeSpeakerState(
  db: DbOrTx,
  noteId: string,
  before: SpeakerState,
  after: SpeakerState,
): Promise<void> {
  const old = new Map(before.speakers.map((s) => [s.id, s]));
  const kept = new Set(after.speakers.map((s) => s.id));
  const meBefore = before.speakers.find((s) => s.me)?.id ?? null;
  const meAfter = after.speakers.find((s) => s.me)?.id ?? null;
  const moved = after.sentences.filter((s, i) => before.sentences[i]?.speakerId !== s.speakerId);
  if (meBefore && meBefore !== meAfter)
    await db
      .update(studioNoteSpeakers)
      .set({ isMe: false })
      .where(and(eq(studioNoteSpeakers.noteId, noteId), eq(studioNoteSpeakers.id, meBefore)));
  await insertSpeakers(
    db,
    noteId,
    after.speakers.filter((s) => !old.has(s.id)),
  );
  for (const speaker of after.speakers) {
    const was = old.get(speaker.id);
    if (!was) continue;
    const becomesMe = speaker.id === meAfter && meAfter !== meBefore;
    if (was.name !== speaker.name || becomesMe)
      await db
        .update(studioNoteSpeakers)
        .set({ name: speaker.name, ...(becomesMe ? { isMe: true } : {}) })
        .where(and(eq(studioNoteSpeakers.noteId, noteId), eq(studioNoteSpeakers.id, speaker.id)));
  }
  for (let i = 0; i < moved.length; i += SENTENCES_PER_UPDATE) {
    const batch = moved
      .slice(i, i + SENTENCES_PER_UPDATE)
      .map((s) => ({ id: s.id, speaker_id: s.speakerId }));
    await db.execute(sql`
      update studio_note_sentences s set speaker_id = v.speaker_id
      from jsonb_to_recordset(${JSON.stringify(batch)}::jsonb) as v(id uuid, speaker_id uuid)
      where s.id = v.id and s.note_id = ${noteId}`);
  }
  const gone = before.speakers.filter((s) => !kept.has(s.id)).map((s) => s.id);
  if (gone.length)
    await db
      .delete(studioNoteSpeakers)
      .where(and(eq(studioNoteSpeakers.noteId, noteId), inArray(studioNoteSpeakers.id, gone)));
}
