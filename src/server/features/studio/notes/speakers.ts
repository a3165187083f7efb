import { isUuid } from '#contract/ids.ts';
import {
  CONVERSATION_LIMITS,
  NOTE_NOT_FOUND_MESSAGE,
  type NoteDetail,
  type NoteRegister,
} from '#contract/studio.ts';
import type {
  AddSpeakerInput,
  AssignSpeakerInput,
  MergeSpeakerInput,
  UpdateSpeakerInput,
} from '#contract/studio-corrections.ts';
import type { AppContext } from '../../../context.ts';
import type { DbOrTx } from '../../../db/client.ts';
import { conflict, notFound } from '../../../lib/errors.ts';
import { type Analysis, analyseOffThread } from '../engine/index.ts';
import { withOwnerLock } from './owner-lock.ts';
import { findNote, type NoteRow, updateNote as updateNoteRow } from './repository.ts';
import { getNote, queueProfile } from './service.ts';
import { speakerState, storeSpeakerState } from './speakers.repository.ts';
import {
  addSpeaker,
  assignRun,
  mergeSpeakers,
  ownWords,
  renameSpeaker,
  type SpeakerState,
  sameState,
  setMe,
} from './speakers-edit.ts';
import { findVoiceSettings, upsertVoiceSettings } from './voice.repository.ts';

/**
 * Conversations by hand (decision 023): the owner renames a speaker, says which one is them, gives
 * a run of sentences to a speaker, merges two labels of one person, or adds a speaker to split a
 * turn. The profile and the Ideas follow: each edit stores the note's stats and key phrases of the
 * owner's turns only, in the transaction of the edit, and queues the profile rebuild.
 */

/** What the profile and the Ideas keep of a note: stats and key phrases of the owner's words. */
export interface OwnAnalysis {
  stats: Analysis['stats'] | null;
  keyPhrases: Analysis['keyPhrases'];
}

/**
 * The owner's words of a conversation analysed as a note of their own: nothing when no speaker is
 * the owner (the note stays out of the profile and the Ideas until they say). An interviewer's
 * questions are the interview's, not a habit of theirs: they are not counted as questions.
 */
export async function ownAnalysis(
  ctx: Pick<AppContext, 'config'>,
  register: NoteRegister,
  state: SpeakerState,
): Promise<OwnAnalysis> {
  const text = ownWords(state);
  if (!text) return { stats: null, keyPhrases: [] };
  const [analysis] = await analyseOffThread(ctx.config.studio.analysis, [{ text, register }]);
  if (!analysis) throw new Error('Text analysis answered nothing');
  return { stats: { ...analysis.stats, questions: 0 }, keyPhrases: analysis.keyPhrases };
}

/**
 * A sentence of a conversation note corrected: the owner's words analysed again with its new words
 * (what storeCorrectedText keeps); undefined for a solo note, whose whole text is the owner's.
 */
export async function correctedOwnAnalysis(
  ctx: Pick<AppContext, 'config' | 'database'>,
  note: Pick<NoteRow, 'id' | 'register'>,
  corrected: { id: string; text: string },
): Promise<OwnAnalysis | undefined> {
  const state = await speakerState(ctx.database.db, note.id);
  if (!state.speakers.length) return undefined;
  return ownAnalysis(ctx, note.register as NoteRegister, {
    ...state,
    sentences: state.sentences.map((s) => (s.id === corrected.id ? { ...s, text: corrected.text } : s)),
  });
}

/** Names the owner said were them, newest first: a label found again is them in the next conversation. */
async function rememberMyNames(db: DbOrTx, owner: string, names: string[]): Promise<void> {
  const settings = await findVoiceSettings(db, owner);
  const kept: string[] = [];
  for (const name of [...names, ...(settings?.myNames ?? [])])
    if (name && !kept.some((k) => k.toLowerCase() === name.toLowerCase())) kept.push(name);
  await upsertVoiceSettings(db, owner, { myNames: kept.slice(0, CONVERSATION_LIMITS.myNamesMax) });
}

/** Times an edit is made again when the note's speakers changed while its result was analysed. */
const EDIT_ATTEMPTS = 3;

/**
 * One edit of a note's speakers: the result computed and its owner's words analysed (off the event
 * loop, outside any transaction), then stored with the analysis under the owner's lock only if the
 * note's speakers are still those the edit started from (else made again from the new ones).
 */
async function editSpeakers(
  ctx: AppContext,
  owner: string,
  noteId: string,
  edit: (state: SpeakerState) => Promise<SpeakerState> | SpeakerState,
): Promise<NoteDetail> {
  for (let attempt = 1; ; attempt++) {
    const row = isUuid(noteId) ? await findNote(ctx.database.db, owner, noteId) : undefined;
    if (!row) throw notFound(NOTE_NOT_FOUND_MESSAGE);
    if (row.status !== 'ready') throw conflict('This note has no transcript yet; wait until it is ready.');
    const before = await speakerState(ctx.database.db, noteId);
    const after = await edit(before);
    const own = await ownAnalysis(ctx, row.register as NoteRegister, after);
    const stored = await withOwnerLock(ctx, owner, async (tx) => {
      if (!(await findNote(tx.db, owner, noteId))) throw notFound(NOTE_NOT_FOUND_MESSAGE);
      if (!sameState(await speakerState(tx.db, noteId), before)) return false;
      await storeSpeakerState(tx.db, noteId, before, after);
      await updateNoteRow(tx.db, owner, noteId, { stats: own.stats, keyPhrases: own.keyPhrases });
      const me = after.speakers.find((s) => s.me);
      const was = before.speakers.find((s) => s.me);
      if (me && (me.id !== was?.id || me.name !== was.name))
        await rememberMyNames(tx.db, owner, [me.name, me.label]);
      await queueProfile(ctx.jobs, tx, owner);
      return true;
    });
    if (stored) return getNote(ctx, owner, noteId);
    if (attempt >= EDIT_ATTEMPTS)
      throw conflict('This conversation changed while it was being edited; try again.');
  }
}

/** Renames a speaker and/or says it is the owner. */
export const updateSpeaker = (
  ctx: AppContext,
  owner: string,
  noteId: string,
  speakerId: string,
  input: UpdateSpeakerInput,
) =>
  editSpeakers(ctx, owner, noteId, (state) => {
    let next = input.name !== undefined ? renameSpeaker(state, speakerId, input.name) : state;
    if (input.me) next = setMe(next, speakerId);
    return next;
  });

export const assignSpeaker = (ctx: AppContext, owner: string, noteId: string, input: AssignSpeakerInput) =>
  editSpeakers(ctx, owner, noteId, (state) => assignRun(state, input.speaker_id, input.from, input.to));

export const mergeSpeaker = (
  ctx: AppContext,
  owner: string,
  noteId: string,
  speakerId: string,
  input: MergeSpeakerInput,
) => editSpeakers(ctx, owner, noteId, (state) => mergeSpeakers(state, speakerId, input.into));

/** In a solo note the owner becomes the first speaker, under their byline (else "Me"). */
export const createSpeaker = (ctx: AppContext, owner: string, noteId: string, input: AddSpeakerInput) =>
  editSpeakers(ctx, owner, noteId, async (state) => {
    const byline = state.speakers.length ? null : (await findVoiceSettings(ctx.database.db, owner))?.byline;
    return addSpeaker(state, input, byline?.trim().slice(0, CONVERSATION_LIMITS.labelMaxChars) || 'Me').state;
  });
