import { isUuid } from '#contract/ids.ts';
import {
  CORRECTION_SPLITS_MESSAGE,
  type CorrectSentenceInput,
  NOTE_NOT_FOUND_MESSAGE,
  type NoteDetail,
  type NoteKind,
  registerOfKind,
  SENTENCE_NOT_FOUND_MESSAGE,
} from '#contract/studio.ts';
import type { AppContext } from '../../../context.ts';
import { badRequest, conflict, notFound } from '../../../lib/errors.ts';
import { analyseText, cleanText, sentencesAsSegments } from '../engine/index.ts';
import { findNote, getNote, listSentences, queueProfile, storeCorrectedText } from '../notes/index.ts';

/**
 * Correcting what was heard: the user retypes one sentence of a transcript. The note's
 * text, stats and key phrases are recomputed (search, Ideas and, through the profile job, the voice
 * profile follow); every sentence keeps its id, position and times, so drafts citing it show the
 * corrected words. A correction that would split or join sentences is refused (the whole-text
 * edit does that).
 */
export async function correctSentence(
  ctx: AppContext,
  owner: string,
  noteId: string,
  sentenceId: string,
  input: CorrectSentenceInput,
): Promise<NoteDetail> {
  const row = isUuid(noteId) ? await findNote(ctx.database.db, owner, noteId) : undefined;
  if (!row) throw notFound(NOTE_NOT_FOUND_MESSAGE);
  if (row.status !== 'ready') throw conflict('This note has no text to correct yet; wait until it is ready.');
  const corrected = cleanText(input.text.trim()).replace(/\s+/g, ' ');
  await ctx.database.transaction(async (tx) => {
    const sentences = await listSentences(tx.db, noteId);
    const target = sentences.find((s) => s.id === sentenceId);
    if (!target) throw notFound(SENTENCE_NOT_FOUND_MESSAGE);
    const text = row.text.slice(0, target.startChar) + corrected + row.text.slice(target.endChar);
    // The stored times, with the corrected words, place the sentences as the transcript did.
    const segments = sentencesAsSegments(
      sentences.map((s) => (s.id === sentenceId ? { ...s, text: corrected } : s)),
    );
    const analysis = analyseText(
      text,
      registerOfKind(row.kind as NoteKind),
      segments.length ? segments : undefined,
    );
    if (analysis.sentences.length !== sentences.length) throw badRequest(CORRECTION_SPLITS_MESSAGE);
    await storeCorrectedText(tx.db, owner, noteId, {
      text,
      analysis,
      sentenceIds: sentences.map((s) => s.id),
      retypedId: sentenceId,
    });
    await queueProfile(ctx.jobs, tx, owner);
  });
  return getNote(ctx, owner, noteId);
}
