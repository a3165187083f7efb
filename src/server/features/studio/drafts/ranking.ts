import { STOP_WORDS } from '../text/function-words.ts';
import { withoutFillers } from '../text/sentences.ts';
import { stem, tokenize } from '../text/tokens.ts';

/**
 * The extractive engine's first half: the user's sentences cleaned for reading (fillers and
 * leading discourse markers out, the words otherwise theirs) and ranked by TextRank, weighted by
 * the key phrases (Ideas) the user keeps coming back to. Pure and deterministic.
 */

export interface SourceSentence {
  id: string;
  noteId: string;
  text: string;
  filler: boolean;
  fillers: { start: number; end: number }[];
  startMs?: number;
  endMs?: number;
}

export interface Candidate {
  /** Reads on its own: no opening conjunction, no early pronoun pointing back at what came before. */
  standalone: boolean;
  /** Index in the original order (across notes, in the order given). */
  index: number;
  source: SourceSentence;
  /** What a reader sees: the sentence without fillers and leading "so,", "okay so", "yeah". */
  text: string;
  words: number;
  /** Stemmed content words. */
  terms: string[];
  question: boolean;
  rank: number;
}

/**
 * Leading discourse markers of speech that read as noise in writing: "okay so", "yeah", and words
 * like "look" or "well" when a comma sets them off ("Look at this" stays). "But" and "because" stay.
 */
const LEADING_MARKERS =
  /^(?:(?:(?:okay|ok|alright|all right|and so|so|yeah)(?:,\s*|\s+))|(?:(?:well|right|anyway|now|look|listen|basically|honestly|yes),\s*))+/i;
/** A restart after a removed filler: "They just, they look at" -> "They look at". */
const RESTART = /^(\p{L}+)(?:\s+\p{L}+){0,2},\s+(?=\1\b)/iu;

export function readable(sentence: Pick<SourceSentence, 'text' | 'fillers'>): string {
  let text = withoutFillers(sentence).replace(LEADING_MARKERS, '');
  text = text.replace(RESTART, '');
  if (!text) return '';
  text = text[0]!.toUpperCase() + text.slice(1);
  text = text.replace(/\s*(?:—|–|--|-|\.\.\.|…)\s*$/, '.');
  if (!/[.!?"”')]$/.test(text)) text += '.';
  return text;
}

export const termsOf = (text: string) =>
  tokenize(text)
    .map((t) => t.norm)
    .filter((w) => w.length > 2 && !STOP_WORDS.has(w) && !/^\d+$/.test(w))
    .map(stem);

const LEANS_BACK = new Set(['and', 'but', 'so', 'or', 'because', 'then', 'also', 'instead', 'suddenly']);
const POINTS_BACK = new Set([
  'other',
  'those',
  'these',
  'that',
  'this',
  'it',
  'they',
  'them',
  'she',
  'he',
  'her',
  'him',
  'there',
]);

/** True when a sentence can stand alone as a title, hook or slide. */
export function standsAlone(text: string): boolean {
  const words = tokenize(text)
    .slice(0, 8)
    .map((t) => t.norm);
  if (words.length === 0 || LEANS_BACK.has(words[0]!)) return false;
  if (words.some((w) => w === 'those' || w === 'these')) return false;
  return !words.slice(0, 3).some((w) => POINTS_BACK.has(w));
}

/** A sentence opening a paragraph or a post reads better without a leading "And". */
export const asOpening = (text: string) => text.replace(/^And\s+(\p{L})/u, (_, c: string) => c.toUpperCase());

/** A sentence worth keeping: not filler, not a false start, long enough to say something. */
function usable(source: SourceSentence, text: string, words: number): boolean {
  if (source.filler || !text) return false;
  if (words < 4 && !text.endsWith('?')) return false;
  return words <= 80;
}

/**
 * Cleans and ranks the sentences. TextRank: a sentence is important when similar sentences are; the
 * similarity of two sentences is their shared terms over the log of their lengths (Mihalcea & Tarau
 * 2004), computed through an inverted index so long transcripts stay fast. Each sentence's score is
 * then raised by the weight of the key phrases it contains.
 */
export function rankSentences(sources: SourceSentence[], keyPhrases: string[] = []): Candidate[] {
  const candidates: Candidate[] = [];
  for (const [index, source] of sources.entries()) {
    const text = readable(source);
    const words = text ? text.split(/\s+/).length : 0;
    if (!usable(source, text, words)) continue;
    candidates.push({
      index,
      source,
      text,
      words,
      terms: termsOf(text),
      question: text.endsWith('?'),
      standalone: standsAlone(text),
      rank: 0,
    });
  }
  const n = candidates.length;
  if (n === 0) return candidates;

  const postings = new Map<string, number[]>();
  candidates.forEach((c, i) => {
    for (const term of new Set(c.terms)) {
      const list = postings.get(term);
      if (list) list.push(i);
      else postings.set(term, [i]);
    }
  });
  // Shared-term counts per pair, only for pairs that share something.
  const edges: Map<number, number>[] = Array.from({ length: n }, () => new Map());
  for (const list of postings.values()) {
    if (list.length > 200) continue; // a term in most sentences says nothing about any of them
    for (let a = 0; a < list.length; a++)
      for (let b = a + 1; b < list.length; b++) {
        const i = list[a]!;
        const j = list[b]!;
        edges[i]!.set(j, (edges[i]!.get(j) ?? 0) + 1);
      }
  }
  const weights: Array<Array<[number, number]>> = Array.from({ length: n }, () => []);
  for (let i = 0; i < n; i++)
    for (const [j, shared] of edges[i]!) {
      const li = Math.log(candidates[i]!.terms.length + 1);
      const lj = Math.log(candidates[j]!.terms.length + 1);
      const w = shared / (li + lj || 1);
      weights[i]!.push([j, w]);
      weights[j]!.push([i, w]);
    }
  const outSum = weights.map((list) => list.reduce((s, [, w]) => s + w, 0));
  let score = new Array<number>(n).fill(1);
  const damping = 0.85;
  for (let iteration = 0; iteration < 30; iteration++) {
    const next = new Array<number>(n).fill(1 - damping);
    for (let j = 0; j < n; j++) {
      if (!outSum[j]) continue;
      const share = (damping * score[j]!) / outSum[j]!;
      for (const [i, w] of weights[j]!) next[i]! += share * w;
    }
    score = next;
  }

  const phraseTerms = keyPhrases
    .slice(0, 12)
    .map((phrase, k) => ({ terms: termsOf(phrase), weight: 1 / (k + 2) }));
  for (const [i, c] of candidates.entries()) {
    const own = new Set(c.terms);
    let boost = 0;
    for (const p of phraseTerms) if (p.terms.length && p.terms.every((t) => own.has(t))) boost += p.weight;
    // Very long sentences read badly in every format; very short ones say little.
    const lengthFit = c.words < 6 ? 0.7 : c.words > 35 ? 0.8 : 1;
    c.rank = (score[i]! + boost) * lengthFit;
  }
  return candidates;
}

/** The best `count` candidates, back in the order they were said. */
export function topInOrder(
  candidates: Candidate[],
  count: number,
  exclude: Set<number> = new Set(),
): Candidate[] {
  return candidates
    .filter((c) => !exclude.has(c.index))
    .sort((a, b) => b.rank - a.rank || a.index - b.index)
    .slice(0, count)
    .sort((a, b) => a.index - b.index);
}

export const totalWords = (candidates: Candidate[]) => candidates.reduce((n, c) => n + c.words, 0);
