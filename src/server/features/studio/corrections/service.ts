import { isUuid } from '#contract/ids.ts';
import { NOTE_NOT_FOUND_MESSAGE, type NoteDetail, type NoteKind, registerOfKind } from '#contract/studio.ts';
import {
  CORRECTION_SPLITS_MESSAGE,
  type CorrectSentenceInput,
  SENTENCE_NOT_FOUND_MESSAGE,
} from '#contract/studio-corrections.ts';
import type { AppContext } from '../../../context.ts';
import { badRequest, conflict, notFound } from '../../../lib/errors.ts';
import { analyseOffThread, cleanText, sentencesAsSegments, splitSentences } from '../engine/index.ts';
import {
  correctedOwnAnalysis,
  findNote,
  getNote,
  listSentences,
  queueProfile,
  storeCorrectedText,
  withOwnerLock,
} from '../notes/index.ts';

/** Times a correction is analysed again when the note changed while it was analysed. */
const CORRECTION_ATTEMPTS = 3;

/**
 * Correcting what was heard: the user retypes one sentence of a transcript. The note's
 * text, stats and key phrases are recomputed (search, Ideas and, through the profile job, the voice
 * profile follow); every sentence keeps its id, position and times, so drafts citing it show the
 * corrected words. A correction that would split or join sentences is refused (the whole-text
 * edit does that).
 *
 * Everything that can refuse it is checked before the note is analysed; the analysis runs on the
 * analysis threads, outside any transaction. The write then takes the owner's lock (whole-text edits
 * take it too) and stores the result only if the note's text is still the one analysed: a note
 * changed meanwhile (another correction of it) is read and analysed again, so two corrections at
 * once are both kept.
 */
export async function correctSentence(
  ctx: AppContext,
  owner: string,
  noteId: string,
  sentenceId: string,
  input: CorrectSentenceInput,
): Promise<NoteDetail> {
  const corrected = cleanText(input.text.trim()).replace(/\s+/g, ' ');
  // Bounded by the sentence's length limit: the correction alone must read as one sentence.
  if (splitSentences(corrected).length !== 1) throw badRequest(CORRECTION_SPLITS_MESSAGE);
  for (let attempt = 1; ; attempt++) {
    const row = isUuid(noteId) ? await findNote(ctx.database.db, owner, noteId) : undefined;
    if (!row) throw notFound(NOTE_NOT_FOUND_MESSAGE);
    if (row.status !== 'ready')
      throw conflict('This note has no text to correct yet; wait until it is ready.');
    const sentences = await listSentences(ctx.database.db, noteId);
    const target = sentences.find((s) => s.id === sentenceId);
    if (!target) throw notFound(SENTENCE_NOT_FOUND_MESSAGE);
    const text = row.text.slice(0, target.startChar) + corrected + row.text.slice(target.endChar);
    // The stored times, with the corrected words, place the sentences as the transcript did.
    const segments = sentencesAsSegments(
      sentences.map((s) => (s.id === sentenceId ? { ...s, text: corrected } : s)),
    );
    const [analysis] = await analyseOffThread(ctx.config.studio.analysis, [
      {
        text,
        register: registerOfKind(row.kind as NoteKind),
        segments: segments.length ? segments : undefined,
      },
    ]);
    if (!analysis) throw new Error('Text analysis answered nothing');
    if (analysis.sentences.length !== sentences.length) throw badRequest(CORRECTION_SPLITS_MESSAGE);
    // A conversation's profile reads only its owner's words, the corrected ones among them.
    const own = await correctedOwnAnalysis(ctx, row, { id: sentenceId, text: corrected });
    const stored = await withOwnerLock(ctx, owner, async (tx) => {
      const current = await findNote(tx.db, owner, noteId);
      if (!current) throw notFound(NOTE_NOT_FOUND_MESSAGE);
      if (current.text !== row.text) return false;
      await storeCorrectedText(tx.db, owner, noteId, {
        text,
        analysis,
        sentenceIds: sentences.map((s) => s.id),
        retypedId: sentenceId,
        own,
      });
      await queueProfile(ctx.jobs, tx, owner);
      return true;
    });
    if (stored) return getNote(ctx, owner, noteId);
    if (attempt >= CORRECTION_ATTEMPTS)
      throw conflict('This note changed while it was being corrected; try again.');
  }
}
