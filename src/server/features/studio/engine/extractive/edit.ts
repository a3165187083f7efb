/**
 * Light, traceable editing of one spoken sentence for a written draft: fillers, discourse markers,
 * tag questions, restarts and asides a written post would not keep are cut, and an over-long
 * sentence can be shortened at a clause boundary. Every cut is recorded; no word is ever added
 * (only a capital letter or a final full stop change), and a cut that would remove a pinned phrase
 * is not made.
 */
import { type Span, withoutFillers } from '../text/index.ts';
import { holdsFact } from './facts.ts';

export interface Edited {
  text: string;
  /** What was cut, as said ("um", "Here's the thing,", ", right?"). */
  cuts: string[];
}

const capitalise = (text: string) => (text.length > 0 ? text[0]!.toUpperCase() + text.slice(1) : text);

/** Discourse markers that open a spoken sentence and carry nothing ("Okay, so", "Now,", "Look,"). */
const OPENING_MARKERS =
  /^(?:(?:okay|ok|so|well|now|look|listen|anyway|alright|right|yeah|see|and so|and|but)\s*,\s*|(?:okay|ok|alright|yeah)\s+so\b,?\s*)+/i;
/** Lead-ins that announce a point instead of making it, set off by a comma. */
const LEAD_INS =
  /^(?:and\s+|but\s+|so\s+)?(?:here's the thing|here is the thing|the thing is|you know what|let me tell you|i'll be honest|to be honest|truth is|look)\s*,\s*/i;
/** Asides set off by commas ("launch something, honestly, launch..."). */
const ASIDES =
  /(^|,)\s*(?:honestly|frankly|basically|literally|obviously|seriously|to be honest|to be fair|i think|i guess|i mean|you see|you know|if you will|so to speak|in a way)\s*,\s*/gi;
/** A tag question closing a statement ("That felt smart at the time, right?"). */
const TAG_QUESTION =
  /,\s*(?:right|you know|yeah|okay|ok|no|isn't it|aren't they|don't you think|wouldn't you say|see)\s*\?\s*$/i;
/** A restart after a hedge: "the first four just, they sounded stiff" -> "the first four sounded stiff". */
const HEDGED_RESTART =
  /(\p{L}[\p{L}'’]*)\s+(?:just|like|kind of|sort of|basically|really|um|uh),\s+(?:they|it|he|she|we|i|you)\s+(?=\p{L})/iu;
/** A restart at the start: "They just, they look at" -> "They look at". */
const OPENING_RESTART = /^(\p{L}+)(?:\s+\p{L}+){0,2},\s+(?=\1\b)/iu;
/** A bracketed aside without figures (number words are checked when it is cut). */
const BRACKETED = /\s*\((?![^)]*\d)[^()]{1,80}\)/g;

const STRAY_COMMA =
  /\b(which|who|that|because|is|was|were|are|the|a|to|me|him|her|us|them|asked|told|said)\s*,\s+/gi;

export interface EditOptions {
  /** Phrases the user pinned: a cut never removes one. */
  pins?: readonly string[];
}

function keepsPins(cut: string, pins: readonly string[]): boolean {
  const lower = cut.toLowerCase();
  return !pins.some((pin) => pin.length > 0 && lower.includes(pin.toLowerCase()));
}

/**
 * The sentence as written: fillers marked in `fillers` dropped, then markers, lead-ins, asides, tag
 * questions, restarts and bracketed asides cut. Returns the text and what was cut.
 */
export function editSentence(
  sentence: { text: string; fillers: readonly Span[] },
  options: EditOptions = {},
): Edited {
  const pins = options.pins ?? [];
  const cuts: string[] = [];
  const spans = sentence.fillers.filter((span) => keepsPins(sentence.text.slice(span.start, span.end), pins));
  for (const span of spans) cuts.push(sentence.text.slice(span.start, span.end).trim());
  let text = withoutFillers({ text: sentence.text.trim(), fillers: [...spans] });
  const cut = (
    pattern: RegExp,
    replace: (match: RegExpExecArray) => string,
    keepsFacts: (removed: string) => boolean = () => true,
  ) => {
    const match = pattern.exec(text);
    pattern.lastIndex = 0;
    if (!match || !keepsPins(match[0], pins) || !keepsFacts(match[0])) return;
    const rest = text.slice(0, match.index) + replace(match) + text.slice(match.index + match[0].length);
    // Never cut a sentence down to nothing or to a stub.
    if (rest.split(/\s+/).filter(Boolean).length < 2) return;
    // What was cut, without what the replacement keeps ("four just, they" keeps "four").
    const kept = replace(match).trim();
    const removed = kept && match[0].trim().startsWith(kept) ? match[0].trim().slice(kept.length) : match[0];
    cuts.push(removed.trim());
    text = rest;
  };
  for (let round = 0; round < 2; round++) {
    cut(OPENING_MARKERS, () => '');
    cut(LEAD_INS, () => '');
  }
  for (let i = 0; i < 3; i++) cut(ASIDES, (m) => (m[1] ? ', ' : ''));
  cut(TAG_QUESTION, () => '.');
  cut(HEDGED_RESTART, (m) => `${m[1]} `);
  // "They just, they look at" is a restart; "We shipped late, we shipped broken" is said on purpose.
  const restart = OPENING_RESTART.exec(text);
  const again = restart && text.slice(restart[0].length).split(/\s+/);
  if (restart && again && restart[0].split(/[\s,]+/)[1]?.toLowerCase() !== again[1]?.toLowerCase())
    cut(OPENING_RESTART, () => '');
  // "(about forty of them)" is a figure said in passing: it stays.
  cut(
    BRACKETED,
    () => '',
    (removed) => !holdsFact(removed.replace(/^\s*\(|\)$/g, '')),
  );
  // "which, honestly, was" -> "which was", "asked me, you know, how" -> "asked me how": once something
  // was cut, no comma is left after a word that cannot end a clause.
  if (cuts.length > 0) text = text.replace(STRAY_COMMA, '$1 ');
  text = text
    .replace(/\s+([,.!?;:])/g, '$1')
    .replace(/,\s*,/g, ',')
    // "and, it felt safe" (a filler cut between the two): the comma goes, never a word.
    .replace(/(,\s*)(and|but|so|because|then),\s+/gi, '$1$2 ')
    .replace(/^[\s,;:—–-]+/, '')
    .replace(/\s{2,}/g, ' ')
    .trim();
  return { text: capitalise(text), cuts: cuts.filter(Boolean) };
}

const CLAUSE =
  /(?:,|;|\s—|\s–)\s+(?=(?:and|but|which|because|so|while|although|though|where|when|since|as|or|who)\b)|;\s+|\s[—–]\s+/gi;

const wordsIn = (text: string) => text.split(/\s+/).filter(Boolean).length;

/**
 * The sentence shortened at a clause boundary to at most `maxWords` words (the longest first part
 * that fits and has at least `minWords`), ending with a full stop; undefined when no boundary fits.
 * A clause holding a fact (a figure, an amount, a date, a name, a comparison: facts.ts) is never
 * cut: "…$85 an hour, and our other clients were paying us closer to $140 an hour" keeps its second half,
 * or the sentence is not shortened at all (the format then keeps it whole or leaves it out whole,
 * with what leans on it).
 */
export function shortenAtClause(text: string, maxWords: number, minWords = 6): Edited | undefined {
  if (wordsIn(text) <= maxWords) return { text, cuts: [] };
  let best: number | undefined;
  for (const match of text.matchAll(CLAUSE)) {
    const head = text.slice(0, match.index);
    const n = wordsIn(head);
    if (n >= minWords && n <= maxWords && !holdsFact(text.slice(match.index))) best = match.index;
  }
  if (best === undefined) return undefined;
  const head = text.slice(0, best).replace(/[,;:\s—–-]+$/, '');
  return {
    text: `${head}.`,
    cuts: [
      text
        .slice(best)
        .replace(/^[,;\s]+/, '')
        .trim(),
    ],
  };
}
