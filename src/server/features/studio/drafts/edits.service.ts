import type { UpdateDraft } from '#contract/studio-draft-edits.ts';
import { type Draft, originOf, slideFitProblem } from '#contract/studio-drafts.ts';
import type { AppContext } from '../../../context.ts';
import { badRequest } from '../../../lib/errors.ts';
import { settleEchoCoreResult } from '../../content-results/index.ts';
import { bestSources, claimsSupport, supportOf } from '../engine/index.ts';
import { currentProfile, findVoiceSettings, profileWithout, queueProfile } from '../notes/index.ts';
import { type ArrangeInput, arrangeBlocks } from './arrange.ts';
import { checklistOf, withFacts } from './facts.ts';
import { fidelityOf, registerOf } from './fidelity.ts';
import { freshMeta } from './generate.ts';
import { type Learned, learnedFrom } from './learning.ts';
import { toDraft } from './marks.service.ts';
import { withParagraphs } from './paragraphs.ts';
import {
  type DraftRow,
  keepVersion,
  type SourceSentenceRow,
  type StoredBlock,
  sourceNotes,
  sourceSentences,
  sourceSpeakers,
  updateDraft,
} from './repository.ts';
import { ownDraft, summaryOf } from './service.ts';
import { engineSpeakerOf, isOwners, speakingAs } from './speakers.ts';

/** Saving a draft's edits: texts checked again against their sources, the score measured again. */

/**
 * Saves edited blocks (or paragraphs edited as one text, paragraphs.ts): each edited sentence is checked again against its sources (or, when it no
 * longer says what they said, against the notes' best matching sentences), the score is measured
 * again, and, unless learning is off, the user's own words in it become this draft's sample of
 * their voice (learning.ts: no note, nothing counted twice).
 */
export async function saveDraftEdits(
  ctx: AppContext,
  owner: string,
  id: string,
  input: ArrangeInput & { learn: boolean; paragraphs?: UpdateDraft['paragraphs'] },
): Promise<Draft> {
  const row = await ownDraft(ctx, owner, id);
  if (row.status !== 'ready')
    throw badRequest('This draft is still being written; edit it when it is ready.');
  // Paragraphs edited as one text become block edits; then blocks added, deleted or moved, and
  // every edited text checked against its sources.
  const stored = row.blocks as StoredBlock[];
  const { blocks, edits } = arrangeBlocks(stored, withParagraphs(stored, input, input.paragraphs ?? []));
  // An edited or added slide must still fit its slide, as the generator's do (the rendered PNG would cut it).
  for (const [index, block] of blocks.entries()) {
    const text = edits.get(block.id);
    if (row.format !== 'carousel' || text === undefined || text === block.text || !text) continue;
    const problem = slideFitProblem(text);
    if (problem) throw badRequest(`Slide ${index + 1} has ${problem}`);
  }
  const [sentences, speakers, settings] = await Promise.all([
    sourceSentences(ctx.database.db, row.noteIds),
    sourceSpeakers(ctx.database.db, row.noteIds),
    findVoiceSettings(ctx.database.db, owner),
  ]);
  const byId = new Map(sentences.map((s) => [s.id, s]));
  const speaking = speakingAs(speakers, settings?.myNames ?? []);
  const next = blocks
    .map((block) => {
      let text = edits.get(block.id);
      if (text === undefined || text === block.text) return block;
      if (!claimsSupport(block)) return { ...block, text }; // Echo's words claim no source
      // A guest's quote stays theirs, and named; the owner's words rest only on the owner's turns.
      const guest = originOf(block) === 'guest' ? block.speaker : undefined;
      if (guest && !text.includes(guest)) text = `${text} — ${guest}`;
      const candidates = sentences.filter((s) =>
        guest ? engineSpeakerOf(s, speaking)?.name === guest : isOwners(s, speaking),
      );
      const quoted = guest ? quoteOf(text, guest) : text;
      let sources = block.sources.filter((s) => byId.has(s.sentence_id));
      let check = supportOf(
        quoted,
        sources.map((s) => byId.get(s.sentence_id)!.text),
      );
      if (!check.supported) {
        const better = bestSources(quoted, candidates, 3);
        const recheck = supportOf(
          quoted,
          better.map((s) => s.text),
        );
        if (recheck.supported) {
          sources = better.map((s) => ({ note_id: s.noteId, sentence_id: s.id }));
          check = recheck;
        }
      }
      return { ...block, text, sources, supported: check.supported };
    })
    .filter((block) => block.text.length > 0);
  const changedEcho = new Set(
    blocks.filter((b) => !claimsSupport(b) && edits.has(b.id) && edits.get(b.id) !== b.text).map((b) => b.id),
  );
  const learned = input.learn
    ? learnedFrom(
        next,
        (sentenceId) => byId.get(sentenceId)?.text,
        changedEcho,
        (row.learned as Learned | null) ?? null,
      )
    : undefined;
  return storeEditedBlocks(ctx, owner, row, next, sentences, { learned });
}

/**
 * Stores the owner's edited blocks as the draft's new version: the version before is kept in its
 * history, the score and the fact checklist are measured again (kept or left out, as the edited
 * text now says) and a dashboard result of the draft is settled. `learned`: the draft's new sample
 * of the owner's voice (undefined: left as it was). Scored as a draft is written: against the
 * owner's other notes, so the draft's own note does not vouch for it.
 */
export async function storeEditedBlocks(
  ctx: AppContext,
  owner: string,
  row: DraftRow,
  next: StoredBlock[],
  sentences: SourceSentenceRow[],
  { learned }: { learned?: Learned } = {},
): Promise<Draft> {
  const [profile, others, notes] = await Promise.all([
    currentProfile(ctx.database.db, owner),
    profileWithout(ctx.database.db, owner, row.noteIds),
    sourceNotes(ctx.database.db, owner, row.noteIds),
  ]);
  const fidelity = fidelityOf(profile, registerOf(notes), next, undefined, others);
  const facts = await checklistOf(ctx.config, row.format as Draft['format'], sentences, next);
  const saved = await ctx.database.transaction(async (tx) => {
    await keepVersion(tx.db, row, 'save');
    const updated = await updateDraft(tx.db, row.id, {
      blocks: next,
      edited: true,
      fidelity,
      meta: withFacts(freshMeta(row.meta), facts),
      ...(learned !== undefined ? { learned } : {}),
    });
    if (learned !== undefined && !sameLearning(row.learned as Learned | null, learned))
      await queueProfile(ctx.jobs, tx, owner);
    if (row.contentResultId)
      await settleEchoCoreResult(tx.db, row.contentResultId, 'completed', { summary: summaryOf(next) });
    return updated!;
  });
  return toDraft(ctx, saved);
}

/** A guest block's quoted words, without its attribution ("As Priya put it:", "— Priya"). */
function quoteOf(text: string, speaker: string): string {
  return text
    .split(speaker)
    .join(' ')
    .replace(/\b(?:as\s+put it|in\s+[’']s words)\s*:?/gi, ' ')
    .replace(/[“”"—]/g, ' ')
    .trim();
}

/** Whether two samples teach the same words (then the profile need not be rebuilt). */
export const sameLearning = (a: Learned | null, b: Learned | null): boolean =>
  JSON.stringify(a?.blocks ?? {}) === JSON.stringify(b?.blocks ?? {});
