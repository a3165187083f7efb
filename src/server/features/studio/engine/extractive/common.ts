/** Pieces every format uses: blocks, opening lines, slugs, cutting text to a length. */
import { partsInOrder, type Unit, uniqueSources } from './analyse.ts';
import { leadFault, pointWeight } from './lead.ts';
import type { Block, BlockKind, Part } from './types.ts';

export class BlockList {
  readonly blocks: Block[] = [];

  add(kind: BlockKind, parts: Part[], text?: string): Block {
    const sources = uniqueSources(parts);
    const said = parts.some((p) => p.said !== undefined)
      ? parts.map((p) => p.said ?? p.text).join(' ')
      : undefined;
    const block: Block = {
      id: `b${this.blocks.length + 1}`,
      kind,
      text: text ?? parts.map((p) => p.text).join(' '),
      parts,
      sources,
      supported: parts.every((p) => p.supported),
      origin: sources.length > 0 ? 'user' : 'echo',
      ...(said !== undefined ? { said } : {}),
    };
    this.blocks.push(block);
    return block;
  }

  addUnits(kind: BlockKind, units: readonly Unit[]): Block {
    return this.add(kind, partsInOrder(units));
  }
}

/** Echo's own words (a heading, a closing slide): no source, not the user's, marked unsupported. */
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
  // Talk about the talk and an opening question are the planner's to weigh; the rest never lead.
  const fault = leadFault(unit);
  if (fault && fault !== 'about the talk' && fault !== 'question') return 0;
  let score = unit.score * pointWeight(unit);
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

/** Whether the sentence began as one (not a piece cut out of a long unpunctuated run). */
export function startsAsSentence(unit: Unit): boolean {
  return /^["'“‘(]?[\p{Lu}\d]/u.test(unit.original);
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
