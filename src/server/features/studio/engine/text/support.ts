import { STOP_WORDS } from './function-words.ts';
import { stem, tokenize } from './tokens.ts';
import { writtenForm } from './written-form.ts';

/**
 * Support checking: does a draft sentence say what its claimed source sentences said? Two cheap,
 * explainable measures, either of which may carry it:
 * - content-word recall: the share of the sentence's content words (lower-cased, stop words out,
 *   crude stemming) found in the sources;
 * - character trigram containment: the share of the sentence's letter trigrams found in the sources
 *   (robust to paraphrase by reordering and to inflection).
 */

/**
 * Whether a block makes the claim at all: the user's blocks say "this is what you said" and are
 * checked; Echo's own (origin `echo`: a heading, keywords, a closing slide) cite nothing and claim
 * nothing, so they are left out of the check and of the share of supported sentences.
 */
export const claimsSupport = (block: { origin?: 'user' | 'echo' | 'guest' }): boolean =>
  block.origin !== 'echo';

/** The share of the blocks claiming support that have it (1 when none claims any). */
export function supportedShare(
  blocks: readonly { origin?: 'user' | 'echo' | 'guest'; supported: boolean }[],
): number {
  const claiming = blocks.filter(claimsSupport);
  return claiming.length === 0 ? 1 : claiming.filter((b) => b.supported).length / claiming.length;
}

/** A sentence is supported when either measure reaches this share. */
export const SUPPORT_THRESHOLD = 0.5;

/** Stemmed content words (numbers kept: an invented figure must not pass as supported). */
export function contentWords(text: string): string[] {
  return tokenize(text)
    .map((t) => t.norm)
    .filter((w) => (w.length > 1 || /\d/.test(w)) && !STOP_WORDS.has(w))
    .map(stem);
}

function trigrams(text: string): Set<string> {
  const letters = ` ${text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()} `;
  const grams = new Set<string>();
  for (let i = 0; i + 3 <= letters.length; i++) grams.add(letters.slice(i, i + 3));
  return grams;
}

export interface SupportScore {
  /** Share of content words found in the sources (0-1). */
  recall: number;
  /** Share of letter trigrams found in the sources (0-1). */
  containment: number;
  supported: boolean;
}

/** How well `sources` support `sentence`. A sentence without content words is supported by anything. */
export function supportOf(sentence: string, sources: string[]): SupportScore {
  const words = contentWords(sentence);
  if (words.length === 0) return { recall: 1, containment: 1, supported: true };
  if (sources.length === 0) return { recall: 0, containment: 0, supported: false };
  // A source supports its numbers as said and as written ("eighty-five dollars" and "$85").
  sources = sources.map((source) => {
    const written = writtenForm(source);
    return written === source ? source : `${source} ${written}`;
  });
  const sourceWords = new Set(sources.flatMap(contentWords));
  const recall = words.filter((w) => sourceWords.has(w)).length / words.length;
  const grams = trigrams(sentence);
  const sourceGrams = trigrams(sources.join(' '));
  let shared = 0;
  for (const gram of grams) if (sourceGrams.has(gram)) shared++;
  const containment = grams.size ? shared / grams.size : 1;
  return { recall, containment, supported: Math.max(recall, containment) >= SUPPORT_THRESHOLD };
}

/**
 * The source sentences that best support `sentence` (for text the user typed in an edit, or a model
 * that claimed none): those sharing the most content words, best first, at most `limit`.
 */
export function bestSources<T extends { text: string }>(sentence: string, candidates: T[], limit = 2): T[] {
  const words = new Set(contentWords(sentence));
  if (words.size === 0) return [];
  return candidates
    .map((candidate) => ({
      candidate,
      shared: contentWords(candidate.text).filter((w) => words.has(w)).length,
    }))
    .filter((c) => c.shared > 0)
    .sort((a, b) => b.shared - a.shared)
    .slice(0, limit)
    .map((c) => c.candidate);
}
