import type { TranscriptSegment } from '../text/index.ts';

/**
 * A transcript edited as a whole text: which of the note's sentences each new sentence is, and when
 * it was said. A new sentence that reads as an old one did (spaces aside), in order, is that
 * sentence: it keeps its id, its times and its word times. Between two such sentences the words are
 * aligned (longest common subsequence, old words timed by the recogniser or by their share of their
 * sentence's time): a changed sentence is said from its first aligned word's start to its last one's
 * end, and keeps the id of the old sentence its first aligned word comes from when no sentence took
 * it before (a split keeps the old id on its first part, a join the first sentence's id), so drafts
 * citing it still find it and see it changed; what is left over is new (inserted) or gone (deleted).
 * Linear in the sentences; each gap's alignment is bounded (`MAX_CELLS`).
 */

/** How far ahead an unchanged sentence is looked for (a repeated "Yeah." far on is not it). */
const LOOK_AHEAD = 64;
/** Above this many cells a gap's words are aligned greedily (each looked for a few words ahead). */
const MAX_CELLS = 250_000;

export interface OldSentence {
  text: string;
  startMs: number | null;
  endMs: number | null;
  words?: Array<{ text: string; startMs: number; endMs: number }> | null;
}

export interface Kept {
  /** The old sentence's index, or null for a new sentence. */
  old: number | null;
  /** Its words changed (then its times are `startMs`/`endMs`; unchanged ones keep theirs). */
  changed: boolean;
  startMs: number | null;
  endMs: number | null;
}

const same = (text: string) => text.replace(/\s+/g, ' ').trim();
const wordsOf = (text: string) =>
  text
    .toLowerCase()
    .split(/\s+/)
    .map((w) => w.replace(/[^\p{L}\p{N}]/gu, ''))
    .filter(Boolean);

interface OldWord {
  norm: string;
  sentence: number;
  startMs: number | null;
  endMs: number | null;
}

/** Pairs (i, j) of equal words of `a` and `b`, in order: LCS when small enough, else greedy. */
function alignWords(a: readonly string[], b: readonly string[]): Array<[number, number]> {
  const pairs: Array<[number, number]> = [];
  if (a.length === 0 || b.length === 0) return pairs;
  if (a.length * b.length > MAX_CELLS) {
    let i = 0;
    for (let j = 0; j < b.length && i < a.length; j++) {
      let k = i;
      while (k < Math.min(a.length, i + 6) && a[k] !== b[j]) k++;
      if (k < a.length && a[k] === b[j]) {
        pairs.push([k, j]);
        i = k + 1;
      }
    }
    return pairs;
  }
  const width = b.length + 1;
  const table = new Uint32Array((a.length + 1) * width);
  for (let i = a.length - 1; i >= 0; i--)
    for (let j = b.length - 1; j >= 0; j--)
      table[i * width + j] =
        a[i] === b[j]
          ? table[(i + 1) * width + j + 1]! + 1
          : Math.max(table[(i + 1) * width + j]!, table[i * width + j + 1]!);
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      pairs.push([i, j]);
      i++;
      j++;
    } else if (table[(i + 1) * width + j]! >= table[i * width + j + 1]!) i++;
    else j++;
  }
  return pairs;
}

/** The changed sentences between two unchanged ones: ids and times from their aligned words. */
function alignGap(
  old: readonly OldSentence[],
  oldRange: [number, number],
  newTexts: readonly string[],
  newRange: [number, number],
  out: Kept[],
): void {
  const oldWords: OldWord[] = [];
  for (let i = oldRange[0]; i < oldRange[1]; i++) {
    const timed = wordsAsSegments([old[i]!]);
    const norms = wordsOf(old[i]!.text);
    // The recogniser's words are timed one for one when they are the text's words; else shared out.
    const own = timed.length === norms.length ? timed : wordsAsSegments([{ ...old[i]!, words: null }]);
    for (const [k, norm] of norms.entries())
      oldWords.push({ norm, sentence: i, startMs: own[k]?.startMs ?? null, endMs: own[k]?.endMs ?? null });
  }
  const newWords: Array<{ norm: string; sentence: number }> = [];
  for (let j = newRange[0]; j < newRange[1]; j++)
    for (const norm of wordsOf(newTexts[j]!)) newWords.push({ norm, sentence: j });
  const matched = new Map<number, OldWord>();
  for (const [i, j] of alignWords(
    oldWords.map((w) => w.norm),
    newWords.map((w) => w.norm),
  ))
    matched.set(j, oldWords[i]!);
  const taken = new Set<number>();
  let w = 0;
  for (let j = newRange[0]; j < newRange[1]; j++) {
    let first: OldWord | undefined;
    let last: OldWord | undefined;
    for (; w < newWords.length && newWords[w]!.sentence === j; w++) {
      const from = matched.get(w);
      if (!from) continue;
      first ??= from;
      last = from;
    }
    const keep = first && !taken.has(first.sentence) ? first.sentence : null;
    if (keep !== null) taken.add(keep);
    out[j] = { old: keep, changed: true, startMs: first?.startMs ?? null, endMs: last?.endMs ?? null };
  }
  // A sentence with no word said before: between its neighbours' times.
  const bounds = {
    start: old[oldRange[0] - 1]?.endMs ?? old[oldRange[0]]?.startMs ?? null,
    end: old[oldRange[1]]?.startMs ?? old[oldRange[1] - 1]?.endMs ?? null,
  };
  for (let j = newRange[0]; j < newRange[1]; j++) {
    const kept = out[j]!;
    if (kept.startMs !== null && kept.endMs !== null) continue;
    const before = j > newRange[0] ? out[j - 1]!.endMs : bounds.start;
    let after: number | null = bounds.end;
    for (let k = j + 1; k < newRange[1]; k++)
      if (out[k]!.startMs !== null) {
        after = out[k]!.startMs;
        break;
      }
    const startMs = kept.startMs ?? before ?? after;
    const endMs = kept.endMs ?? after ?? before;
    out[j] = {
      ...kept,
      startMs,
      endMs: startMs !== null && endMs !== null ? Math.max(startMs, endMs) : endMs,
    };
  }
}

export function alignSentences(old: readonly OldSentence[], newTexts: readonly string[]): Kept[] {
  const at = new Map<string, number[]>();
  for (const [i, s] of old.entries()) {
    const key = same(s.text);
    const list = at.get(key);
    if (list) list.push(i);
    else at.set(key, [i]);
  }
  const next = new Map<string, number>();
  const out: Kept[] = newTexts.map(() => ({ old: null, changed: true, startMs: null, endMs: null }));
  // Unchanged sentences, in order.
  const anchors: Array<[number, number]> = [];
  let cursor = 0;
  for (const [j, text] of newTexts.entries()) {
    const key = same(text);
    const list = at.get(key);
    if (!list) continue;
    let k = next.get(key) ?? 0;
    while (k < list.length && list[k]! < cursor) k++;
    next.set(key, k);
    const i = list[k];
    if (i === undefined || i - cursor > LOOK_AHEAD) continue;
    out[j] = { old: i, changed: false, startMs: old[i]!.startMs, endMs: old[i]!.endMs };
    anchors.push([i, j]);
    cursor = i + 1;
    next.set(key, k + 1);
  }
  let oldFrom = 0;
  let newFrom = 0;
  for (const [i, j] of [...anchors, [old.length, newTexts.length] as [number, number]]) {
    if (j > newFrom) alignGap(old, [oldFrom, i], newTexts, [newFrom, j], out);
    oldFrom = i + 1;
    newFrom = j + 1;
  }
  return out;
}

/**
 * A note's stored sentences as one segment per word, so a text edited beyond one sentence (split,
 * joined, rewritten) gets times where its sentences now start and end: the recogniser's word times
 * where it gave them, else each sentence's time shared out over its words by their length.
 */
export const wordsAsSegments = (
  sentences: Array<{
    startMs: number | null;
    endMs: number | null;
    text: string;
    words?: Array<{ text: string; startMs: number; endMs: number }> | null;
  }>,
): TranscriptSegment[] =>
  sentences.flatMap((s) => {
    if (s.startMs === null || s.endMs === null) return [];
    if (s.words?.length) return s.words.map((w) => ({ startMs: w.startMs, endMs: w.endMs, text: w.text }));
    const words = [...s.text.matchAll(/\S+/g)];
    const span = Math.max(0, s.endMs - s.startMs);
    const total = words.reduce((n, w) => n + w[0].length + 1, 0) || 1;
    let at = 0;
    return words.map((w) => {
      const startMs = s.startMs! + Math.round((at / total) * span);
      at += w[0].length + 1;
      return { startMs, endMs: s.startMs! + Math.round((at / total) * span), text: w[0] };
    });
  });
