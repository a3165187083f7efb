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
const RUN_MAX_WORDS = 40;
const RUN_MIN_PIECE = 8;
const RUN_TARGET = 20;
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
  const found = sbd.sentences(text, { newline_boundaries: true, sanitize: false });
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
  return out
    .filter(([start, end]) => end > start)
    .flatMap(([start, end]) => splitShortStarts(text, start, end));
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

const DISCOURSE = new Set(['so', 'but', 'and', 'then', 'because', 'anyway', 'okay', 'now', 'also', 'plus']);

/**
 * Cuts a long run with no end mark (or an absurdly long one) into pieces of 8-30 words, preferring
 * a speech-to-text segment boundary, then a comma, then a discourse word ("so", "but", "and").
 */
function splitLongRun(
  text: string,
  start: number,
  end: number,
  segmentEnds: ReadonlySet<number>,
): [number, number][] {
  const tokens = tokenize(text.slice(start, end), start);
  const ended = /[.!?…]["'”’)\]]*$/.test(text.slice(start, end));
  if (!ended && segmentEnds.size > 0 && tokens.length >= RUN_MIN_PIECE * 2) {
    // An unpunctuated transcript: the recogniser's segments are the pauses; cut there first.
    const cuts: [number, number][] = [];
    let first = 0;
    for (let i = RUN_MIN_PIECE - 1; i < tokens.length - RUN_MIN_PIECE; i++) {
      if (i - first + 1 >= RUN_MIN_PIECE && segmentEnds.has(tokens[i]!.end)) {
        cuts.push([first === 0 ? start : tokens[first]!.start, tokens[i]!.end]);
        first = i + 1;
      }
    }
    if (cuts.length > 0) {
      cuts.push([tokens[first]!.start, end]);
      return cuts.flatMap(([a, b]) => splitLongRun(text, a, b, new Set()));
    }
  }
  if (tokens.length <= RUN_MAX_WORDS || (ended && tokens.length <= RUN_MAX_WORDS * 2)) return [[start, end]];
  const pieces: [number, number][] = [];
  let first = 0; // index of the first token of the current piece
  while (tokens.length - first > RUN_HARD_MAX) {
    let best = -1;
    let bestScore = -1;
    for (let i = first + RUN_MIN_PIECE - 1; i < Math.min(tokens.length - 1, first + RUN_HARD_MAX); i++) {
      const between = text.slice(tokens[i]!.end, tokens[i + 1]!.start);
      let score = 0;
      if (segmentEnds.has(tokens[i]!.end)) score += 3;
      if (/[,;:—–]/.test(between) || /\s-\s/.test(between)) score += 2;
      if (DISCOURSE.has(tokens[i + 1]!.norm)) score += tokens[i + 1]!.norm === 'and' ? 0.5 : 1;
      score -= Math.abs(i + 1 - first - RUN_TARGET) / 40;
      if (score > bestScore) {
        bestScore = score;
        best = i;
      }
    }
    const cut = best >= 0 ? best : first + RUN_TARGET - 1;
    const pieceStart = first === 0 ? start : tokens[first]!.start;
    let pieceEnd = tokens[cut]!.end;
    const trailing = /^[,;:]/.exec(text.slice(pieceEnd, tokens[cut + 1]!.start));
    if (trailing) pieceEnd += 1;
    pieces.push([pieceStart, pieceEnd]);
    first = cut + 1;
  }
  pieces.push([tokens[first]!.start, end]);
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
