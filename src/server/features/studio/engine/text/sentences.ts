/**
 * Sentence splitting for notes and transcripts (pure, deterministic). `sbd` finds the boundaries
 * (abbreviations, decimals, e-mails and URLs); each sentence keeps its offsets into the ORIGINAL
 * text (`text.slice(startChar, endChar) === sentence.text`), long unpunctuated runs (auto captions)
 * are cut at sensible points, times come from speech-to-text segments, and filler words are marked,
 * never removed.
 */
import sbd from 'sbd';
import type { Span } from './fillers.ts';
import { markFillers, withoutFillers } from './fillers.ts';
import { type Token, tokenize } from './tokens.ts';

export type { Span };

export interface Sentence {
  text: string;
  startChar: number;
  endChar: number;
  startMs?: number;
  endMs?: number;
  /** True when the sentence is nothing but filler, a backchannel ("Yeah.") or an abandoned start. */
  filler: boolean;
  /** Filler words inside the sentence (offsets relative to `text`). */
  fillers: Span[];
}

export interface TranscriptSegment {
  startMs: number;
  endMs: number;
  text: string;
}

/** A run longer than this many words without an end mark is cut. */
const RUN_MAX_WORDS = 25;
const RUN_MAX_ENDED = 60;
const RUN_MIN_PIECE = 5;
const RUN_TARGET = 14;
const RUN_HARD_MAX = 30;

export function splitSentences(text: string, segments?: TranscriptSegment[]): Sentence[] {
  const timing = segments && segments.length > 0 ? segmentRanges(text, segments) : undefined;
  const segmentEnds = new Set(timing?.map((range) => range.end));
  const spans = boundaries(text).flatMap(([start, end]) => splitLongRun(text, start, end, segmentEnds));
  return spans.map(([startChar, endChar]) => {
    const sentenceText = text.slice(startChar, endChar);
    const { fillers, filler } = markFillers(sentenceText);
    const sentence: Sentence = { text: sentenceText, startChar, endChar, filler, fillers };
    if (timing) {
      const startMs = timeAt(timing, startChar, 'start');
      const endMs = timeAt(timing, endChar, 'end');
      if (startMs !== undefined && endMs !== undefined) {
        sentence.startMs = startMs;
        sentence.endMs = Math.max(startMs, endMs);
      }
    }
    return sentence;
  });
}

/** sbd's sentences located back in the original text by walking non-space characters. */
function boundaries(text: string): [number, number][] {
  let found: string[];
  try {
    found = sbd.sentences(text, { newline_boundaries: true, sanitize: false });
  } catch {
    // sbd throws on some texts of symbols alone ("****": it finds no sentence, then joins one):
    // the text is then one run, which splitLongRun cuts like any other.
    found = [text];
  }
  const out: [number, number][] = [];
  let cursor = 0;
  for (const piece of found) {
    const target = piece.replace(/\s+/g, '');
    if (target.length === 0) continue;
    while (cursor < text.length && /\s/.test(text[cursor]!)) cursor++;
    if (cursor >= text.length) break;
    const start = cursor;
    let matched = 0;
    let end = cursor;
    while (cursor < text.length && matched < target.length) {
      const ch = text[cursor]!;
      if (/\s/.test(ch)) {
        cursor++;
        continue;
      }
      if (ch === target[matched]) matched++;
      cursor++;
      end = cursor;
    }
    out.push([start, end]);
  }
  // Anything sbd did not return (it never should) becomes one more sentence.
  while (cursor < text.length && /\s/.test(text[cursor]!)) cursor++;
  if (cursor < text.length) out.push([cursor, text.trimEnd().length]);
  return joinClockZones(
    text,
    out.filter(([start, end]) => end > start),
  ).flatMap(([start, end]) => splitShortStarts(text, start, end));
}

/** A time zone after "a.m." / "p.m.": "at 9 a.m. Eastern" is one sentence. */
const CLOCK_END = /\b[ap]\.m\.$/i;
const ZONE_START =
  /^(?:Eastern|Pacific|Central|Mountain|Atlantic|GMT|UTC|BST|CET|CEST|EST|EDT|PST|PDT|CST|CDT|ET|PT|CT|time)\b/;
function joinClockZones(text: string, spans: [number, number][]): [number, number][] {
  const out: [number, number][] = [];
  for (const span of spans) {
    const last = out.at(-1);
    if (last && CLOCK_END.test(text.slice(last[0], last[1])) && ZONE_START.test(text.slice(span[0], span[1])))
      last[1] = span[1];
    else out.push([...span]);
  }
  return out;
}

/** Abbreviations sbd's "short capitalised word" rule is right about ("Mr. Smith", "Jan. 5"). */
const TITLES = new Set(
  'mr mrs ms dr prof st jr sr gen col capt lt sgt rev hon mt ft inc ltd co corp jan feb mar apr jun jul aug sep sept oct nov dec mon tue wed thu fri sat sun vol fig ave blvd rd dept univ est vs etc al gov sen rep pres ph'.split(
    ' ',
  ),
);

/**
 * sbd keeps "Yeah. So we..." and "Um. Yeah." together (it takes a short capitalised word before a
 * dot for a name abbreviation); split there unless the word is a real abbreviation.
 */
function splitShortStarts(text: string, start: number, end: number): [number, number][] {
  const out: [number, number][] = [];
  const pattern = /(?<=^|\s)([A-Z][a-z]{0,5})\.(\s+)(?=["'“‘]?[A-Z])/g;
  const piece = text.slice(start, end);
  let from = 0;
  for (let match = pattern.exec(piece); match !== null; match = pattern.exec(piece)) {
    const word = match[1]!;
    if (word.length === 1 || TITLES.has(word.toLowerCase())) continue;
    const cut = match.index + word.length + 1;
    out.push([start + from, start + cut]);
    from = cut + match[2]!.length;
  }
  out.push([start + from, end]);
  return out;
}

const DISCOURSE = new Map<string, number>([
  ['so', 2],
  ['but', 2],
  ['then', 1.5],
  ['anyway', 2],
  ['okay', 2],
  ['now', 1.5],
  ['also', 1],
  ['plus', 1],
  ['well', 1],
  ['yeah', 1.5],
  ['and', 1],
  ['because', 0.5],
]);
const SUBJECTS = new Set(
  "i we they you he she it there i'm we're they're you're it's that's i've we've i'd we'd what's here's nobody people".split(
    ' ',
  ),
);
/** Words a sentence does not end on ("the", "to", "and", "is"). */
const NO_END = new Set(
  "then like twenty thirty forty fifty sixty seventy eighty ninety hundred a an the to of for with at by from because if when and but or is are was were be been do did does have has had will would can could should my our your their his her its than as very really just not don't didn't what how who which where i we they he she i'm we're they're it's that's".split(
    ' ',
  ),
);
/** Words a sentence does not start on. */
const NO_START = new Set([
  'of',
  'to',
  'than',
  'as',
  'is',
  'are',
  'was',
  'were',
  'for',
  'with',
  'at',
  'by',
  'from',
]);

/**
 * Cuts a run with no end mark longer than 25 words (or any sentence over 60) into pieces of 5-30
 * words, choosing the cuts together (dynamic programming) to prefer punctuation, speech-to-text
 * segment ends, a discourse word or a subject pronoun next, never after "the" or "to", and pieces
 * near 14 words.
 */
function splitLongRun(
  text: string,
  start: number,
  end: number,
  segmentEnds: ReadonlySet<number>,
): [number, number][] {
  const tokens = tokenize(text.slice(start, end), start);
  const ended = /[.!?…]["'”’)\]]*$/.test(text.slice(start, end));
  const n = tokens.length;
  if (n <= (ended ? RUN_MAX_ENDED : RUN_MAX_WORDS)) return [[start, end]];
  const cutScore = (i: number) => {
    const prev = tokens[i]!.norm;
    const next = tokens[i + 1]!.norm;
    const between = text.slice(tokens[i]!.end, tokens[i + 1]!.start);
    let score = 0;
    if (/[,;:—–]/.test(between) || /\s-\s/.test(between)) score += 3;
    if (segmentEnds.has(tokens[i]!.end)) score += 0.5;
    score += DISCOURSE.get(next) ?? 0;
    if (SUBJECTS.has(next) && !NO_END.has(prev)) score += 1.5;
    if (NO_END.has(prev)) score -= 4;
    if (NO_START.has(next)) score -= 2;
    return score;
  };
  const cost = new Float64Array(n + 1).fill(Number.POSITIVE_INFINITY);
  const from = new Int32Array(n + 1).fill(-1);
  cost[0] = 0;
  for (let j = RUN_MIN_PIECE; j <= n; j++) {
    const bonus = j < n ? cutScore(j - 1) : 0;
    for (let length = RUN_MIN_PIECE; length <= Math.min(RUN_HARD_MAX, j); length++) {
      const previous = cost[j - length]!;
      if (!Number.isFinite(previous)) continue;
      const candidate = previous + ((length - RUN_TARGET) / 10) ** 2 - bonus;
      if (candidate < cost[j]!) {
        cost[j] = candidate;
        from[j] = j - length;
      }
    }
  }
  if (!Number.isFinite(cost[n]!)) return [[start, end]];
  const cuts: number[] = [];
  for (let j = n; j > 0; j = from[j]!) cuts.unshift(j);
  const pieces: [number, number][] = [];
  let first = 0;
  for (const cut of cuts) {
    const pieceStart = first === 0 ? start : tokens[first]!.start;
    let pieceEnd = cut === n ? end : tokens[cut - 1]!.end;
    if (cut < n && /^[,;:]/.test(text.slice(pieceEnd, tokens[cut]!.start))) pieceEnd += 1;
    pieces.push([pieceStart, pieceEnd]);
    first = cut;
  }
  return pieces;
}

interface Timed {
  start: number;
  end: number;
  startMs: number;
  endMs: number;
}

/**
 * Character range of each segment in `text`: its words are matched in order against the text's
 * words (resyncing over small differences); when the segments do not match the text at all, the
 * text is shared out in proportion to each segment's length.
 */
function segmentRanges(text: string, segments: TranscriptSegment[]): Timed[] {
  const words = tokenize(text);
  const out: Timed[] = [];
  let cursor = 0;
  let matchedAny = 0;
  for (const segment of segments) {
    const segmentWords = tokenize(segment.text);
    let first = -1;
    let last = -1;
    for (const word of segmentWords) {
      let k = cursor;
      const limit = Math.min(words.length, cursor + 6);
      while (k < limit && words[k]!.norm !== word.norm) k++;
      if (k < limit) {
        if (first < 0) first = k;
        last = k;
        cursor = k + 1;
        matchedAny++;
      }
    }
    if (first >= 0) {
      out.push({
        start: words[first]!.start,
        end: words[last]!.end,
        startMs: segment.startMs,
        endMs: segment.endMs,
      });
    }
  }
  const totalSegmentWords = segments.reduce((n, s) => n + tokenize(s.text).length, 0);
  if (matchedAny >= totalSegmentWords * 0.5 && out.length > 0) return out;
  // Proportional fallback.
  const lengths = segments.map((segment) => Math.max(1, segment.text.length));
  const total = lengths.reduce((a, b) => a + b, 0);
  let position = 0;
  return segments.map((segment, i) => {
    const start = position;
    position += (lengths[i]! / total) * text.length;
    return {
      start: Math.round(start),
      end: Math.round(position),
      startMs: segment.startMs,
      endMs: segment.endMs,
    };
  });
}

function timeAt(ranges: Timed[], position: number, side: 'start' | 'end'): number | undefined {
  // Last range starting at or before the position (ranges are in text order).
  let lo = 0;
  let hi = ranges.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const probe = side === 'start' ? position : position - 1;
    if (ranges[mid]!.start <= probe) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  if (found < 0) return ranges[0]?.startMs;
  const range = ranges[found]!;
  if (side === 'start' && position >= range.end) return ranges[found + 1]?.startMs ?? range.endMs;
  if (side === 'end' && position > range.end) return range.endMs;
  const width = Math.max(1, range.end - range.start);
  const fraction = Math.min(1, Math.max(0, (position - range.start) / width));
  return Math.round(range.startMs + fraction * (range.endMs - range.startMs));
}

export type { Token };
export { markFillers, withoutFillers };
