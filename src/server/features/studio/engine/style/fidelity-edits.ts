/**
 * What Echo did to the user's words in a draft, for the fidelity score. An extractive draft is made
 * of the user's sentences, so its style alone says "yours"; what can make it less the user's is
 * what the planner changed:
 *  - words Echo added inside the user's blocks (not theirs at all): the share of the draft's words
 *    that are the user's as said (`authorship`, word alignment against `said`);
 *  - what it cut from the sentences it used (fillers aside: dropping "um" keeps the voice):
 *    `cutShare`, counted at half weight, because a cut leaves only the user's words, but not all of
 *    them, and a clause cut can change what they meant;
 *  - the order: sentences moved before ones they followed in the notes (`reorderShare`), at a
 *    tenth, because the order of an argument is part of how someone speaks, but a small part.
 * Echo's own blocks (`origin: 'echo'`: headings, calls to action, a thread's counter) are left out
 * of everything: they are not offered as the user's words.
 * The factor is authorship x (1 - CUT_WEIGHT x cutShare) x (1 - REORDER_WEIGHT x reorderShare):
 * the share of what the reader gets that is the user's, as they said it and in their order.
 */
import { splitSentences, tokenize, writtenForm } from '../text/index.ts';

export interface FidelityBlock {
  text: string;
  /** 'echo' blocks are Echo's words and are not scored; default 'user'. */
  origin?: 'user' | 'echo' | 'guest';
  /** The source sentence(s) as the user said them, when Echo edited them (absent: verbatim). */
  said?: string;
  /**
   * Where the block's source sentences sit in the user's notes (note order, then sentence order),
   * when known: used to see sentences moved out of order.
   */
  positions?: readonly number[];
}

export interface EditMeasures {
  /** Words in the user's blocks of the draft. */
  userWords: number;
  /** Of those, words Echo added (not in what the user said). */
  addedWords: number;
  /** Words the user said in the sentences used. */
  saidWords: number;
  /** Of those, words left out (fillers not counted). */
  cutWords: number;
  /** Adjacent user blocks out of the notes' order, of the adjacent pairs whose order is known. */
  moves: number;
  pairs: number;
  echoBlocks: number;
  authorship: number;
  cutShare: number;
  reorderShare: number;
  factor: number;
}

export const CUT_WEIGHT = 0.5;
export const REORDER_WEIGHT = 0.1;
/** Above this many cells the alignment falls back to counting shared words (linear). */
const MAX_CELLS = 250_000;

/** Length of the longest common subsequence of two word lists (or the multiset overlap if huge). */
export function sharedWords(a: readonly string[], b: readonly string[]): number {
  if (a.length === 0 || b.length === 0) return 0;
  if (a.length * b.length > MAX_CELLS) {
    const counts = new Map<string, number>();
    for (const w of a) counts.set(w, (counts.get(w) ?? 0) + 1);
    let shared = 0;
    for (const w of b) {
      const left = counts.get(w) ?? 0;
      if (left > 0) {
        shared++;
        counts.set(w, left - 1);
      }
    }
    return shared;
  }
  let previous = new Uint32Array(b.length + 1);
  let current = new Uint32Array(b.length + 1);
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      current[j] = a[i - 1] === b[j - 1] ? previous[j - 1]! + 1 : Math.max(previous[j]!, current[j - 1]!);
    }
    [previous, current] = [current, previous];
  }
  return previous[b.length]!;
}

/**
 * The words of what was said, all of them and without fillers ("um", "you know", a restart), with
 * its numbers in written form: "$85" for "eighty-five dollars" is neither added nor cut.
 */
function saidWordsOf(said: string): { words: string[]; meant: string[] } {
  const words: string[] = [];
  const meant: string[] = [];
  for (const sentence of splitSentences(writtenForm(said))) {
    for (const token of tokenize(sentence.text)) {
      words.push(token.norm);
      if (!sentence.filler && !sentence.fillers.some((f) => token.start >= f.start && token.end <= f.end))
        meant.push(token.norm);
    }
  }
  return { words, meant };
}

export function measureEdits(blocks: readonly FidelityBlock[]): EditMeasures {
  let userWords = 0;
  let addedWords = 0;
  let saidWords = 0;
  let cutWords = 0;
  let moves = 0;
  let pairs = 0;
  let echoBlocks = 0;
  let previous: readonly number[] | undefined;
  for (const block of blocks) {
    if (block.origin === 'echo') {
      echoBlocks++;
      continue;
    }
    const words = tokenize(block.text).map((t) => t.norm);
    userWords += words.length;
    if (block.said !== undefined) {
      const said = saidWordsOf(block.said);
      addedWords += words.length - sharedWords(words, said.words);
      // Fillers cut keep the voice: only the words meant count as cut.
      saidWords += said.meant.length;
      cutWords += said.meant.length - sharedWords(words, said.meant);
    } else saidWords += words.length;
    if (block.positions && block.positions.length > 0) {
      if (previous) {
        pairs++;
        if (Math.min(...block.positions) < Math.max(...previous)) moves++;
      }
      previous = block.positions;
    }
  }
  const authorship = userWords === 0 ? 1 : (userWords - addedWords) / userWords;
  const cutShare = saidWords === 0 ? 0 : Math.min(1, cutWords / saidWords);
  const reorderShare = pairs === 0 ? 0 : moves / pairs;
  return {
    userWords,
    addedWords,
    saidWords,
    cutWords,
    moves,
    pairs,
    echoBlocks,
    authorship,
    cutShare,
    reorderShare,
    factor: authorship * (1 - CUT_WEIGHT * cutShare) * (1 - REORDER_WEIGHT * reorderShare),
  };
}

/** The text of the user's blocks, the part of a draft whose style is scored. */
export function userTextOf(blocks: readonly FidelityBlock[]): string {
  return blocks
    .filter((b) => b.origin !== 'echo')
    .map((b) => b.text)
    .join(' ');
}
