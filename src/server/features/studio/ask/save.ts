import { NOTE_NOT_FOUND_MESSAGE, STUDIO_LIMITS } from '#contract/studio.ts';
import { ASK_FROM_NOTES, answerSourceUrl, type SaveAnswerInput } from '#contract/studio-ask.ts';
import type { AppContext } from '../../../context.ts';
import { notFound } from '../../../lib/errors.ts';
import { analyseOffThread, cleanText } from '../engine/index.ts';
import {
  assertTextQuota,
  countNewNotes,
  getNote,
  insertNote,
  insertSentences,
  withOwnerLock,
} from '../notes/index.ts';
import { type SavedSentenceRow, savedSentences } from './repository.ts';

const DAY = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/**
 * The answer's text: its sentences note by note in the answer's order (each note's in the order
 * said; another speaker's words under their name), then where they come from, "From your notes:
 * <title, date>; ...".
 */
export function answerText(ids: string[], rows: SavedSentenceRow[]): string {
  const byId = new Map(rows.map((row) => [row.id, row]));
  const notes = new Map<string, SavedSentenceRow[]>();
  for (const id of ids) {
    const row = byId.get(id);
    if (!row) continue;
    const list = notes.get(row.noteId) ?? [];
    if (!list.some((r) => r.id === row.id)) list.push(row);
    notes.set(row.noteId, list);
  }
  const paragraphs = [...notes.values()].map((list) =>
    list
      .sort((a, b) => a.position - b.position)
      .map((row) => (row.speakerName && !row.speakerIsMe ? `${row.speakerName}: ${row.text}` : row.text))
      .join(' '),
  );
  const sources = [...notes.values()].map(
    ([row]) => `${row!.noteTitle || 'Untitled note'}, ${DAY.format(new Date(row!.noteCreatedAt))}`,
  );
  return [...paragraphs, `${ASK_FROM_NOTES} ${sources.join('; ')}.`].join('\n\n');
}

/**
 * Keeps an answer as a text note of the owner (decision 024): the owner's cited sentences and where
 * they were said, titled by the question, its source link the question's. Its stats stay null and
 * it has no key phrases, so neither the voice profile nor the Ideas count the same words twice (no
 * rebuild is queued). A sentence id of
 * another owner (or none) finds nothing: 404, as for a note.
 */
export async function saveAnswer(ctx: AppContext, owner: string, input: SaveAnswerInput) {
  const ids = [...new Set(input.sentence_ids)];
  const rows = await savedSentences(ctx.database.db, owner, ids);
  if (rows.length !== ids.length) throw notFound(NOTE_NOT_FOUND_MESSAGE);
  const text = cleanText(answerText(ids, rows)).slice(0, STUDIO_LIMITS.textMaxChars);
  await assertTextQuota(ctx, owner, text.length);
  await countNewNotes(ctx, owner, 1);
  const [analysis] = await analyseOffThread(ctx.config.studio.analysis, [{ text, register: 'written' }]);
  if (!analysis) throw new Error('Text analysis answered nothing');
  const question = input.question.trim();
  const id = await withOwnerLock(ctx, owner, async (tx) => {
    await assertTextQuota(ctx, owner, text.length, 0, tx.db);
    const note = await insertNote(tx.db, {
      ownerEmail: owner,
      kind: 'text',
      register: 'written',
      status: 'ready',
      title: question.slice(0, STUDIO_LIMITS.titleMaxChars),
      text,
      wordCount: analysis.wordCount,
      stats: null,
      keyPhrases: [],
      figures: analysis.figures,
      sourceUrl: answerSourceUrl(ctx.config.publicUrl, question),
    });
    await insertSentences(
      tx.db,
      analysis.sentences.map((s) => ({ ...s, noteId: note.id })),
    );
    return note.id;
  });
  return getNote(ctx, owner, id);
}
