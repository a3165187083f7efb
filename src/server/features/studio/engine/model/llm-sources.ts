import { analysisOf, type SourceNote } from '../formats/index.ts';
import type { EngineDraft, SourceSentence } from './llm.ts';
import { type ContentCheck, checkContent } from './llm-checks.ts';
import { withSlidesNamed } from './llm-leads.ts';

/**
 * The text work of a model's draft, done where the note's analysis is (the analysis threads): the
 * best source sentences to put in the prompt, and the answer checked against the planner's rules.
 * Both read the analysis of every sentence of the notes, shared with the offline writer's.
 */

/** The notes a model's draft is written from, with the owner's settings that rank them. */
export interface ModelNotes {
  notes: SourceNote[];
  ideas: string[];
  bans: string[];
  pins: string[];
}

const analysed = ({ notes, ideas, bans, pins }: ModelNotes) => analysisOf(notes, ideas, bans, pins);

/** The `limit` best usable sentences, in reading order, each with its rank (0: the best). */
export function modelSources(request: ModelNotes & { limit: number }): SourceSentence[] {
  const units = analysed(request).units.filter((u) => u.usable);
  const ranked = [...units].sort((a, b) => b.score - a.score).slice(0, request.limit);
  const rankOf = new Map(ranked.map((u, rank) => [u, rank]));
  return [...ranked]
    .sort((a, b) => a.index - b.index)
    .map((u) => ({
      id: String(u.ref.sentenceId),
      noteId: String(u.ref.noteId),
      text: u.clean,
      rank: rankOf.get(u),
      startMs: u.startMs,
      endMs: u.endMs,
    }));
}

/**
 * What a model's draft broke of the planner's rules (`checkContent`), against every sentence, after
 * Echo put right what it can itself: slides named (`withSlidesNamed`), dropped facts put back.
 */
export function modelCheck(request: ModelNotes & { draft: EngineDraft }): ContentCheck {
  const analysis = analysed(request);
  const named = withSlidesNamed(request.draft, analysis);
  const check = checkContent(named ?? request.draft, analysis.units);
  return named && !check.putBack ? { ...check, putBack: named } : check;
}
