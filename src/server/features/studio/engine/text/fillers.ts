/**
 * Filler words in one sentence ("um", "uh", "you know" and "I mean" used as fillers, "like" in
 * filler positions, immediate repeats): marked with offsets, never removed from the source.
 */
import { tokenize } from './tokens.ts';

export interface Span {
  /** Offsets relative to the sentence's own text. */
  start: number;
  end: number;
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

/** Words that can end a clause, so "fixed it, it wasn't" is two clauses, not a restart. */
const CLAUSE_ENDERS = new Set([
  'it',
  'you',
  'them',
  'him',
  'her',
  'me',
  'us',
  'this',
  'that',
  'there',
  'here',
  'now',
  'then',
  'too',
  'up',
  'out',
  'in',
  'on',
  'off',
  'down',
  'back',
  'over',
  'today',
]);
const endsClauseBeforeComma = (word: string, separator: string, clauseStart: boolean) =>
  separator.includes(',') && !clauseStart && CLAUSE_ENDERS.has(word);

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
    } else if (
      next === word &&
      !LEGIT_REPEATS.has(word) &&
      /^[\s,—–-]*$/.test(after(i)) &&
      !endsClauseBeforeComma(word, after(i), atStart(i))
    ) {
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
export function withoutFillers(sentence: { text: string; fillers: Span[] }): string {
  let out = '';
  let cursor = 0;
  for (const span of sentence.fillers) {
    out += sentence.text.slice(cursor, span.start);
    cursor = span.end;
    // The comma after a filler goes with it ("So um, we" -> "So we"); one set off by two commas
    // leaves one ("the economy, uh, the jobs" -> "the economy, the jobs").
    const rest = /^\s*,/.exec(sentence.text.slice(cursor));
    if (rest) cursor += rest[0].length;
  }
  out += sentence.text.slice(cursor);
  out = out
    // Spaces before punctuation go; matched from the start of a run only (linear on long runs).
    .replace(/(?<!\s)\s+(?=[,.!?;:])/g, '')
    .replace(/,\s*([.!?])/g, '$1')
    .replace(/^[\s,;:—–-]+/, '')
    .replace(/\s{2,}/g, ' ')
    .trim();
  return out.length > 0 ? out[0]!.toUpperCase() + out.slice(1) : out;
}
