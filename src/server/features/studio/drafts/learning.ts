/**
 * Learning from edits: when a user saves an edited draft, the voice profile learns from
 * the words they wrote, without a note in their library and without counting anything twice.
 *  - Only the user's own new words count: in the user's blocks, the runs of words that are not in
 *    the block's source sentences (nor in what was said), aligned word by word, so a sentence they
 *    only trimmed teaches nothing and one they rewrote teaches its new words; in Echo's blocks (a
 *    heading, a call to action), text they changed, whole.
 *  - One sample per draft (`studio_drafts.learned`), replaced on every save and restore: saving
 *    again, or restoring a version, replaces what this draft taught instead of adding to it; it
 *    goes with the draft. Words that are in a note (the draft's sources) never count.
 *  - The sample's stats are added to the notes' stats when the profile is built; they count as
 *    words, not as a note (`notes: 0`).
 */
import { type NoteStats, noteStats, splitSentences, tokenize, writtenForm } from '../engine/index.ts';
import type { StoredBlock } from './repository.ts';

export interface Learned {
  /** Per block id: the user's own words in it (runs joined by line breaks). */
  blocks: Record<string, string>;
  words: number;
  /** The written sample the profile adds (null when no words are the user's own). */
  stats: NoteStats | null;
}

/** Above this many cells the alignment falls back to words absent from the sources (linear). */
const MAX_CELLS = 250_000;

/** Marks each word of `words` that the longest common subsequence with `source` does not use. */
function unmatched(words: readonly string[], source: readonly string[]): boolean[] {
  const n = words.length;
  const m = source.length;
  if (n * m > MAX_CELLS) {
    const bag = new Set(source);
    return words.map((w) => !bag.has(w));
  }
  const table = Array.from({ length: n + 1 }, () => new Uint16Array(m + 1));
  for (let i = n - 1; i >= 0; i--)
    for (let j = m - 1; j >= 0; j--)
      table[i]![j] =
        words[i] === source[j] ? table[i + 1]![j + 1]! + 1 : Math.max(table[i + 1]![j]!, table[i]![j + 1]!);
  const out = new Array<boolean>(n).fill(true);
  for (let i = 0, j = 0; i < n && j < m; ) {
    if (words[i] === source[j]) {
      out[i] = false;
      i++;
      j++;
    } else if (table[i + 1]![j]! >= table[i]![j + 1]!) i++;
    else j++;
  }
  return out;
}

/** The runs of `text`'s words that are not in `sourceText` (aligned in order), as text. */
export function newWordsOf(text: string, sourceText: string): string[] {
  const runs: string[] = [];
  for (const sentence of splitSentences(text)) {
    const tokens = tokenize(sentence.text);
    const fresh = unmatched(
      tokens.map((t) => t.norm),
      tokenize(sourceText).map((t) => t.norm),
    );
    for (let i = 0; i < tokens.length; ) {
      if (!fresh[i]) {
        i++;
        continue;
      }
      let j = i;
      while (j + 1 < tokens.length && fresh[j + 1]) j++;
      runs.push(sentence.text.slice(tokens[i]!.start, tokens[j]!.end));
      i = j + 1;
    }
  }
  return runs;
}

/** The written sample of the user's words (counted as words, not as a note). */
export function sampleStats(texts: readonly string[]): NoteStats | null {
  const text = texts.filter((t) => t.trim()).join('\n\n');
  if (!text.trim()) return null;
  const stats = noteStats(text, 'written');
  if (stats.words === 0) return null;
  stats.notes = 0;
  stats.phraseNotes = Object.fromEntries(Object.keys(stats.phrases).map((key) => [key, 0]));
  return stats;
}

/**
 * What a draft teaches, from its blocks as they now stand. `sourceOf(sentenceId)` gives a source
 * sentence's text; `changedEcho` are Echo's blocks whose text the user changed in this save;
 * `previous` is what the draft taught before (Echo's blocks the user changed earlier still count
 * while their text stands).
 */
export function learnedFrom(
  blocks: readonly StoredBlock[],
  sourceOf: (sentenceId: string) => string | undefined,
  changedEcho: ReadonlySet<string>,
  previous: Learned | null,
): Learned {
  const taught: Record<string, string> = {};
  for (const block of blocks) {
    // A guest's quote (and its attribution) teaches nothing about the owner's voice.
    if (block.origin === 'guest') continue;
    if (block.origin === 'echo') {
      const before = previous?.blocks[block.id];
      if (changedEcho.has(block.id) || before === block.text) taught[block.id] = block.text;
      continue;
    }
    const sources = block.sources.map((s) => sourceOf(s.sentence_id) ?? '');
    // Echo's figures for spoken numbers ("$85") are not the owner's new words.
    const said = [...sources, block.said ?? ''].join(' ');
    const runs = newWordsOf(block.text, `${said} ${writtenForm(said)}`);
    if (runs.length) taught[block.id] = runs.join('\n');
  }
  const texts = Object.values(taught);
  const stats = sampleStats(texts);
  return { blocks: taught, words: stats?.words ?? 0, stats };
}
