/**
 * A banned word (the user's voice settings) leaves a sentence with the filler around it, and the
 * sentence stays when it still reads without it: "I ran Boston in 3:52, and honestly, the plan I
 * used…" -> "I ran Boston in 3:52, and the plan I used…". A word the sentence needs ("I'm not saying
 * meetings are evil.") cannot be taken out: that sentence leaves, and the draft says so.
 */

/** Words a sentence reads without: hedges, intensifiers and asides. */
const DISPENSABLE = new Set([
  'honestly',
  'actually',
  'literally',
  'basically',
  'really',
  'very',
  'just',
  'totally',
  'super',
  'truly',
  'seriously',
  'obviously',
  'definitely',
  'absolutely',
  'simply',
  'frankly',
  'clearly',
  'incredibly',
  'extremely',
  'insanely',
  'genuinely',
  'kind of',
  'sort of',
  'pretty',
  'quite',
  'to be honest',
  'to be fair',
  'i mean',
  'you know',
  'anyway',
]);

/** A sentence cannot pause on these: an aside after one takes its commas with it. */
const GLUE =
  /\b(?:is|was|are|were|be|been|the|a|an|to|and|but|or|so|of|that|which|who|it's|i'm|we're|very|really)$/i;
const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const wordsIn = (text: string) => text.split(/\s+/).filter(Boolean).length;

export interface TakenOut {
  text: string;
  /** What was taken out, as it stood ("honestly,"). */
  cuts: string[];
}

/**
 * The sentence without its banned phrases, or undefined when one of them cannot go: it is not a
 * word the sentence reads without, nor set off by commas as an aside.
 */
export function takeOutBanned(text: string, bans: readonly string[]): TakenOut | undefined {
  let out = text;
  const cuts: string[] = [];
  for (const ban of bans) {
    const word = ban.trim();
    if (!word) continue;
    const pattern = new RegExp(
      // An aside set off by commas or opening the sentence, or the word alone, with its comma.
      `(^|,\\s*|\\s)(${escapeRegExp(word)})(?![\\p{L}\\p{N}])(\\s*,)?`,
      'giu',
    );
    let changed = false;
    let refused = false;
    out = out.replace(
      pattern,
      (match, before: string, found: string, comma: string | undefined, at: number, all: string) => {
        const setOff = (before.includes(',') || at === 0) && comma !== undefined;
        if (!setOff && !DISPENSABLE.has(found.toLowerCase())) {
          refused = true;
          return match;
        }
        changed = true;
        cuts.push(`${found}${comma ? ',' : ''}`);
        // ", honestly, the plan" -> ", the plan"; "Honestly, when" -> "when"; "and honestly, the" -> "and
        // the"; "is actually our" -> "is our".
        if (at === 0) return '';
        // "The plan was, frankly, a mess": the commas went with the aside ("The plan was a mess").
        if (before.includes(',') && comma && GLUE.test(all.slice(0, at))) return ' ';
        if (before.includes(',')) return comma ? ', ' : '';
        return ' ';
      },
    );
    if (refused || !changed) return undefined;
  }
  out = out
    .replace(/\s+([,.;:!?])/g, '$1')
    .replace(/,\s*,/g, ',')
    .replace(/^[\s,]+/, '')
    .replace(/\s{2,}/g, ' ')
    .trim();
  if (wordsIn(out) < 3) return undefined;
  return { text: out[0]!.toUpperCase() + out.slice(1), cuts };
}
