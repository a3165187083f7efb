/**
 * Sentence splitting for notes and transcripts (pure, deterministic). `sbd` finds the boundaries
 * (abbreviations, decimals, e-mails and URLs); each sentence keeps its offsets into the ORIGINAL
 * text (`text.slice(startChar, endChar) === sentence.text`), long unpunctuated runs (auto captions)
 * are cut at sensible points, times come from speech-to-text segments, and filler words are marked,
 * never removed.
 */
import sbd from 'sbd';
import { type Token, tokenize } from './tokens.ts';

export interface Span {
  /** Offsets relative to the sentence's own text. */
  start: number;
  end: number;
}

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
  return out.filter(([start, end]) => end > start);
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

const SIMPLE_FILLERS = new Set([
  'um',
  'umm',
  'uh',
  'uhh',
  'uhm',
  'erm',
  'er',
  'ah',
  'ahh',
  'hmm',
  'hm',
  'mm',
  'mhm',
]);
const BACKCHANNEL = new Set([
  'yeah',
  'yes',
  'okay',
  'ok',
  'so',
  'well',
  'right',
  'alright',
  'anyway',
  'and',
  'but',
  'oh',
  'like',
  'mhm',
  'hmm',
  'sure',
  'cool',
]);
/** Words after "you know" that make it a real verb ("you know what I did"). */
const KNOW_OBJECTS = new Set([
  'what',
  'that',
  'how',
  'why',
  'who',
  'where',
  'when',
  'the',
  'a',
  'an',
  'this',
  'these',
  'those',
  'it',
  'him',
  'her',
  'them',
  'me',
  'us',
  'about',
  'if',
  'whether',
  'anything',
  'something',
  'nothing',
  'everything',
  'everyone',
  'someone',
  'my',
  'your',
  'his',
  'our',
  'their',
  'exactly',
  'more',
  'better',
  'which',
  'each',
]);
const KNOW_SUBJECTS = new Set([
  'do',
  'did',
  "don't",
  "didn't",
  'if',
  'as',
  'what',
  'how',
  'whether',
  'would',
  'will',
  'now',
  'to',
]);
const MEAN_OBJECTS = new Set([
  'it',
  'that',
  'this',
  'what',
  'to',
  'you',
  'him',
  'her',
  'them',
  'well',
  'business',
  'something',
  'anything',
]);
const LEGIT_REPEATS = new Set([
  'had',
  'that',
  'very',
  'really',
  'so',
  'bye',
  'no',
  'yes',
  'yeah',
  'ha',
  'blah',
  'well',
  'is',
  'go',
  'knock',
  'more',
  'many',
  'far',
  'again',
]);

const LIKE_BEFORE = new Set(['was', 'is', "it's", 'were', 'and', 'just', 'um', 'uh', "that's", 'so', 'but']);

const isFillerPunct = (s: string) => /^\s*[,.!?;…—–-]/.test(s);

/** Marks fillers in one sentence; offsets are relative to the sentence. */
export function markFillers(sentence: string): { fillers: Span[]; filler: boolean } {
  const tokens = tokenize(sentence);
  const spans: Span[] = [];
  const covered = new Array<boolean>(tokens.length).fill(false);
  const mark = (from: number, to: number, end = tokens[to]!.end) => {
    spans.push({ start: tokens[from]!.start, end });
    for (let k = from; k <= to; k++) covered[k] = true;
  };
  const before = (i: number) => sentence.slice(i > 0 ? tokens[i - 1]!.end : 0, tokens[i]!.start);
  const after = (i: number) =>
    sentence.slice(tokens[i]!.end, i + 1 < tokens.length ? tokens[i + 1]!.start : undefined);
  const atStart = (i: number) => i === 0 || /[,;:—–(]\s*$/.test(before(i));

  for (let i = 0; i < tokens.length; i++) {
    if (covered[i]) continue;
    const word = tokens[i]!.norm;
    const next = tokens[i + 1]?.norm;
    if (SIMPLE_FILLERS.has(word)) {
      mark(i, i);
    } else if (word === 'you' && next === 'know') {
      const prev = tokens[i - 1]?.norm;
      const following = tokens[i + 2]?.norm;
      const punctuatedAfter = i + 2 >= tokens.length || isFillerPunct(after(i + 1));
      const free = !(prev && KNOW_SUBJECTS.has(prev));
      if (free && (punctuatedAfter || (atStart(i) && following && !KNOW_OBJECTS.has(following))))
        mark(i, i + 1);
    } else if (word === 'i' && next === 'mean') {
      const prev = tokens[i - 1]?.norm;
      const following = tokens[i + 2]?.norm;
      const punctuatedAfter = i + 2 >= tokens.length || isFillerPunct(after(i + 1));
      const free = !(prev && ['what', 'do', 'you', 'that', 'if'].includes(prev));
      if (free && (punctuatedAfter || (atStart(i) && following && !MEAN_OBJECTS.has(following))))
        mark(i, i + 1);
    } else if (word === 'like') {
      // Only "like," or ", like," (a pause word), never "I like it" or "like a pro".
      const prev = tokens[i - 1]?.norm ?? '';
      if (/^\s*,/.test(after(i)) && (atStart(i) || LIKE_BEFORE.has(prev))) mark(i, i);
    } else if (next === word && !LEGIT_REPEATS.has(word) && /^[\s,—–-]*$/.test(after(i))) {
      // "the the": the first copy and its separator are the filler.
      mark(i, i, tokens[i + 1]!.start);
    } else if (
      i + 3 < tokens.length &&
      word === tokens[i + 2]!.norm &&
      next === tokens[i + 3]!.norm &&
      /^[\s,—–-]*$/.test(after(i + 1))
    ) {
      // "I was I was going": the first pair.
      mark(i, i + 1, tokens[i + 2]!.start);
    }
  }

  const remaining = tokens.filter((_, i) => !covered[i]);
  const abandoned = /(?:—|–|-|--|\.\.\.|…)\s*$/.test(sentence.trimEnd()) && remaining.length <= 6;
  const filler =
    tokens.length > 0 &&
    (remaining.length === 0 || remaining.every((t) => BACKCHANNEL.has(t.norm)) || abandoned);
  return { fillers: spans.sort((a, b) => a.start - b.start), filler };
}

/** The sentence without its fillers, for output (source text stays untouched elsewhere). */
export function withoutFillers(sentence: Pick<Sentence, 'text' | 'fillers'>): string {
  let out = '';
  let cursor = 0;
  for (const span of sentence.fillers) {
    out += sentence.text.slice(cursor, span.start);
    cursor = span.end;
    // Swallow the comma that set the filler off: "So, um, we" -> "So, we".
    const rest = /^\s*,/.exec(sentence.text.slice(cursor));
    if (rest && (/,\s*$/.test(out) || out.trim() === '')) cursor += rest[0].length;
  }
  out += sentence.text.slice(cursor);
  out = out
    .replace(/\s+([,.!?;:])/g, '$1')
    .replace(/,\s*([.!?])/g, '$1')
    .replace(/^[\s,;:—–-]+/, '')
    .replace(/\s{2,}/g, ' ')
    .trim();
  return out.length > 0 ? out[0]!.toUpperCase() + out.slice(1) : out;
}

export type { Token };
