import { isUuid } from '#contract/ids.ts';
import {
  NOTE_NOT_FOUND_MESSAGE,
  type NoteKind,
  type NoteRegister,
  registerOfKind,
  type UpdateNoteInput,
} from '#contract/studio.ts';
import { answerQuestionOf } from '#contract/studio-ask.ts';
import type { AppContext } from '../../../context.ts';
import { conflict, notFound } from '../../../lib/errors.ts';
import { analyseOffThread, cleanText, sentencesAsSegments } from '../engine/index.ts';
import { assertTextQuota } from './limits.ts';
import { withOwnerLock } from './owner-lock.ts';
import { findNote, updateNote as updateNoteRow } from './repository.ts';
import { listSentences, storeEditedSentences } from './sentences.repository.ts';
import { getNote, queueProfile } from './service.ts';
import { listSpeakers, speakerState } from './speakers.repository.ts';
import { ownAnalysis } from './speakers.ts';
import { sameState, speakersAfterEdit } from './speakers-edit.ts';

/**
 * Renames a note, or edits its whole text (sentences, stats, key phrases and search figures are
 * recomputed). Sentences split, joined or rewritten: each sentence whose words still read the same
 * keeps its id and times; changed ones take times from the words around them (`wordsAsSegments`) and
 * are marked changed, so drafts made before say so (text-edit.ts). Changed words also count as the
 * owner's read of a rough transcript. In a conversation each sentence keeps its speaker
 * (`speakersAfterEdit`) and the note's stats are those of the owner's turns (decision 023).
 */
export async function updateNote(ctx: AppContext, owner: string, id: string, input: UpdateNoteInput) {
  const row = isUuid(id) ? await findNote(ctx.database.db, owner, id) : undefined;
  if (!row) throw notFound(NOTE_NOT_FOUND_MESSAGE);
  if (input.text !== undefined && row.status !== 'ready')
    throw conflict('This note has no text to edit yet; wait until it is ready.');
  const text = input.text === undefined ? undefined : cleanText(input.text.trim());
  if (text === undefined || text === row.text) {
    if (input.title !== undefined) await updateNoteRow(ctx.database.db, owner, id, { title: input.title });
    return getNote(ctx, owner, id);
  }
  // Analysed off the event loop, outside the transaction (no connection held while it runs).
  await assertTextQuota(ctx, owner, text.length, row.text.length);
  // A conversation's speakers (none: a solo note); it is speech, analysed as its stored register.
  const speakers = (await listSpeakers(ctx.database.db, id)).length
    ? await speakerState(ctx.database.db, id)
    : null;
  const register = speakers ? (row.register as NoteRegister) : registerOfKind(row.kind as NoteKind);
  const before = await listSentences(ctx.database.db, id);
  const segments = sentencesAsSegments(before);
  // The old sentences go with it: which new sentence is which, and its times, found off the loop too.
  const previous = before.map(({ text, startMs, endMs, words }) => ({ text, startMs, endMs, words }));
  const [analysis] = await analyseOffThread(ctx.config.studio.analysis, [
    { text, register, segments: segments.length ? segments : undefined, previous },
  ]);
  const kept = analysis?.kept;
  if (!analysis || !kept) throw new Error('Text analysis answered nothing');
  // A conversation: each sentence keeps its speaker, and the profile keeps only the owner's words.
  const speakerIds = speakers
    ? speakersAfterEdit(text, analysis.sentences, kept, before)
    : analysis.sentences.map(() => null);
  const own = speakers
    ? await ownAnalysis(ctx, register, {
        speakers: speakers.speakers,
        sentences: analysis.sentences.map((s, i) => ({
          id: String(i),
          text: s.text,
          speakerId: speakerIds[i]!,
        })),
      })
    : { stats: analysis.stats, keyPhrases: analysis.keyPhrases };
  await withOwnerLock(ctx, owner, async (tx) => {
    const current = await findNote(tx.db, owner, id);
    if (!current) throw notFound(NOTE_NOT_FOUND_MESSAGE);
    const sameSpeakers = speakers
      ? sameState(await speakerState(tx.db, id), speakers)
      : (await listSpeakers(tx.db, id)).length === 0;
    if (current.text !== row.text || !sameSpeakers)
      throw conflict('This note changed while it was being edited; try again.');
    await assertTextQuota(ctx, owner, text.length, current.text.length, tx.db);
    const now = new Date();
    await updateNoteRow(tx.db, owner, id, {
      ...(input.title !== undefined ? { title: input.title } : {}),
      text,
      wordCount: analysis.wordCount,
      // An answer kept as a note is the owner's words re-used: edited, still out of the profile
      // and the Ideas.
      ...(answerQuestionOf(row.sourceUrl) === null
        ? { stats: own.stats, keyPhrases: own.keyPhrases }
        : { stats: null, keyPhrases: [] }),
      figures: analysis.figures,
      wordsChangedAt: now,
      transcriptReviewedAt: now,
    });
    await storeEditedSentences(
      tx.db,
      id,
      analysis.sentences.map((s, i) => {
        const { old, changed, startMs, endMs } = kept[i]!;
        return {
          ...s,
          startMs,
          endMs,
          changed,
          speakerId: speakerIds[i]!,
          ...(old !== null ? { id: before[old]!.id } : {}),
        };
      }),
    );
    await queueProfile(ctx.jobs, tx, owner);
  });
  return getNote(ctx, owner, id);
}
