/** Pieces every format uses: blocks, hooks, titles, closing questions, cutting text to a length. */
import { type Analysis, partsInOrder, type Unit, uniqueSources } from './analyse.ts';
import type { Block, BlockKind, Part } from './types.ts';

export class BlockList {
  readonly blocks: Block[] = [];

  add(kind: BlockKind, parts: Part[], text?: string): Block {
    const block: Block = {
      id: `b${this.blocks.length + 1}`,
      kind,
      text: text ?? parts.map((p) => p.text).join(' '),
      parts,
      sources: uniqueSources(parts),
      supported: parts.every((p) => p.supported),
    };
    this.blocks.push(block);
    return block;
  }

  addUnits(kind: BlockKind, units: readonly Unit[]): Block {
    return this.add(kind, partsInOrder(units));
  }
}

/** A connective line the engine adds itself: no source, marked unsupported. */
export function ownLine(text: string): Part {
  return { text, sources: [], supported: false };
}

const STRONG_OPENERS =
  /^(?:most|nobody|no one|every|here's|here is|the (?:biggest|best|worst|first|one|real)|stop|never|always|if you|what|why|how)\b/i;
const NUMBER =
  /\b(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten|twenty|thirty|forty|fifty|hundred|thousand|million|percent|half|double|twice)\b/i;

/** How well a sentence works as an opening line on its own. */
export function hookScore(unit: Unit): number {
  if (!unit.usable || unit.dangling || unit.words < 6) return 0;
  let score = unit.score;
  if (STRONG_OPENERS.test(unit.standalone)) score *= 1.4;
  if (NUMBER.test(unit.standalone)) score *= 1.15;
  if (
    /\b(?:wrong|mistake|truth|secret|lesson|learned|never|nobody|surprise|terrified|changed)\b/i.test(
      unit.standalone,
    )
  )
    score *= 1.25;
  if (unit.hasFillers) score *= 0.85;
  if (unit.words > 30) score *= 0.7;
  if (!startsAsSentence(unit)) score *= 0.5;
  return score;
}

/** The best opening sentence that fits in `maxChars`. */
export function bestHook(
  analysis: Analysis,
  maxChars: number,
  exclude = new Set<number>(),
): Unit | undefined {
  let best: Unit | undefined;
  let bestScore = 0;
  for (const unit of analysis.units) {
    if (exclude.has(unit.index) || unit.standalone.length > maxChars || unit.question) continue;
    const score = hookScore(unit);
    if (score > bestScore) {
      bestScore = score;
      best = unit;
    }
  }
  return best;
}

/**
 * The user's own closing question to the audience: at least 6 words, speaking to "you" (or "we"),
 * not addressed to one person ("Jack, would you stand up?"); the best-ranked one in the last third
 * of the source, else anywhere.
 */
export function closingQuestion(analysis: Analysis, maxChars = 280): Unit | undefined {
  const questions = analysis.units.filter(
    (u) =>
      u.question &&
      !u.filler &&
      u.words >= 6 &&
      !u.dangling &&
      u.standalone.length <= maxChars &&
      /\b(?:you|your|you've|you're|we|us)\b/i.test(u.standalone) &&
      !/^\p{Lu}\p{Ll}+,/u.test(u.original),
  );
  if (questions.length === 0) return undefined;
  const late = questions.filter((u) => u.index >= analysis.units.length * 0.66);
  const pool = late.length > 0 ? late : questions;
  return pool.reduce((a, b) => (b.score + b.index / 1e6 > a.score + a.index / 1e6 ? b : a));
}

/** Whether the sentence began as one (not a piece cut out of a long unpunctuated run). */
export function startsAsSentence(unit: Unit): boolean {
  return /^["'“‘(]?[\p{Lu}\d]/u.test(unit.original);
}

/** A title from the user's words: a short declarative sentence that ranks high, or the top key phrase. */
export function titleUnit(analysis: Analysis): Unit | undefined {
  let best: Unit | undefined;
  let bestScore = 0;
  for (const unit of analysis.units) {
    if (!unit.usable || unit.dangling || unit.question || unit.words < 4 || unit.words > 12) continue;
    if (/^(?:i think|i mean|i was|i did|we did|and|but|so)\b/i.test(unit.standalone)) continue;
    // A title begins with a capital letter ("000, while..." is a piece of a number) and stands on its own.
    if (
      !/^["'“‘(]?\p{Lu}/u.test(unit.standalone) ||
      /\bas (?:i|we) (?:have )?(?:said|stated|mentioned)\b/i.test(unit.standalone)
    )
      continue;
    // Short lines make better titles; a piece of a run-on sentence rarely does.
    let score = unit.score * (1 + 0.08 * (12 - unit.words)) * (startsAsSentence(unit) ? 1 : 0.3);
    if (analysis.phrases.slice(0, 3).some((p) => p.key.split(' ').every((s) => unit.stems.has(s))))
      score *= 1.5;
    if (score > bestScore) {
      bestScore = score;
      best = unit;
    }
  }
  return best;
}

export function titleText(unit: Unit | undefined, analysis: Analysis): string {
  if (unit) return unit.standalone.replace(/[.!]+$/, '');
  const phrase = analysis.phrases[0]?.phrase ?? 'Notes';
  return phrase[0]!.toUpperCase() + phrase.slice(1);
}

export function slugOf(title: string, max = 60): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  if (slug.length <= max) return slug;
  const cut = slug.slice(0, max + 1);
  return cut.slice(0, cut.lastIndexOf('-') > 0 ? cut.lastIndexOf('-') : max);
}

/** Cuts text to at most `max` characters at a word boundary, adding "…" when cut. */
export function cutAtWord(text: string, max: number): string {
  if (text.length <= max) return text;
  const room = text.slice(0, max - 1);
  const space = room.lastIndexOf(' ');
  return `${(space > max * 0.5 ? room.slice(0, space) : room).replace(/[\s,;:—–-]+$/, '')}…`;
}

/**
 * Splits a sentence longer than `max` characters into pieces of at most `max`, at a clause
 * boundary (", ", "; ", " — ") when one falls in the second half of the room, else between words;
 * never inside a word.
 */
export function splitToFit(text: string, max: number): string[] {
  const pieces: string[] = [];
  let rest = text.trim();
  while (rest.length > max) {
    const room = rest.slice(0, max + 1);
    let cut = -1;
    for (const mark of ['; ', ', ', ' — ', ' – ', ': ']) {
      const at = room.lastIndexOf(mark, max - 1);
      if (at > max * 0.45 && at + mark.trimEnd().length > cut) cut = at + mark.trimEnd().length;
    }
    if (cut < 0) cut = room.lastIndexOf(' ', max);
    if (cut <= 0) cut = max; // one word longer than the room (a URL): hard cut is all that is left
    pieces.push(rest.slice(0, cut).trim());
    rest = rest.slice(cut).trim();
  }
  if (rest.length > 0) pieces.push(rest);
  return pieces;
}

export function countWordsOf(text: string): number {
  return (text.match(/[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu) ?? []).length;
}
