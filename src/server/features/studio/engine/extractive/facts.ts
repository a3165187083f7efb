/**
 * A note's facts, what a reader of a draft must not lose without being told: figures, amounts,
 * percentages, dates, times and durations, names, comparisons and the lesson. Each is read from the
 * sentence in written form ("eighty-five dollars" and "$85" are one fact) and checked against a
 * draft's text the same way, so an owner who types "85 dollars" still keeps "$85".
 */

import type { FactKind } from '#contract/studio-drafts.ts';
import { MONTHS, STOP_WORDS, stem, tokenize, writtenForm } from '../text/index.ts';
import { rolesOf } from './roles.ts';

export interface Fact {
  /** "f1", "f2", ... in reading order. */
  id: string;
  kind: FactKind;
  /** As a reader sees it: in written form ("closer to $140 an hour", "$85 an hour", "March 3", "Priya"). */
  text: string;
  /** The sentences that state it, in reading order. */
  sentenceIds: string[];
}

export interface FactSentence {
  id: string | number;
  text: string;
  filler?: boolean;
}

/** A checklist holds at most this many facts (a long note's first ones; the rest are not listed). */
export const FACTS_MAX = 100;
/** A lesson is kept when the draft holds this share of its content words. */
const LESSON_KEPT = 0.6;

const MONTH = [...MONTHS].join('|');
const WEEKDAY = 'Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday';
const UNIT = '(?:second|minute|hour|day|week|month|year)s?';
const SMALL: Record<string, number> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
};
const SMALL_WORD = Object.keys(SMALL).join('|');
const NUM = String.raw`[$€£]?\d[\d,]*(?:\.\d+)?(?:-\d[\d,]*)?(?:%|:\d{2}|(?:st|nd|rd|th)\b|k\b)?`;
const PER = String.raw`(?:\s(?:an?|per)\s(?:hour|day|week|month|year|session|client|head|piece|loaf|night))?`;

/** The kinds read from a sentence in written form, first match wins at each place. */
const PATTERNS: Array<{ kind: FactKind; re: RegExp }> = [
  // "closer to $140 an hour", "more than 2,000 emails", "twice as many"
  {
    kind: 'comparison',
    re: new RegExp(
      String.raw`\b(?:closer to|more than|less than|fewer than|twice|double|triple|half)\s+(?:${NUM}${PER}|as \p{L}+(?: \p{L}+)? as\b|the \p{L}+)`,
      'giu',
    ),
  },
  {
    kind: 'comparison',
    re: /\b(?:\d+|two|three|four|five|ten) times (?:as \p{L}+|more|less|the \p{L}+|bigger|faster|cheaper)\b/giu,
  },
  {
    kind: 'comparison',
    re: /\b(?:more|less|fewer|better|worse|bigger|smaller|cheaper|faster|slower|higher|lower|longer|shorter|harder|easier) (?:\p{L}+ )?than (?:\p{L}+ ){0,2}\p{L}+/giu,
  },
  { kind: 'time', re: /\b\d{1,2}:\d{2}(?:\s?(?:am|pm|a\.m\.|p\.m\.))?|\b\d{1,2}\s?(?:am|pm)\b/giu },
  { kind: 'percent', re: /\d[\d.,]*(?:-\d+)?%/gu },
  {
    kind: 'money',
    re: new RegExp(
      String.raw`[$€£]\d[\d,]*(?:\.\d+)?(?:-\d[\d,]*)?(?:\s?(?:k|million|billion)\b)?${PER}`,
      'giu',
    ),
  },
  // "180 pounds", "28 pounds an hour": written form gives pounds no symbol (they may be a weight).
  {
    kind: 'money',
    re: new RegExp(String.raw`\b\d[\d,]*(?:\.\d+)?\s(?:pounds|pence|cents)\b${PER}`, 'giu'),
  },
  {
    kind: 'date',
    re: new RegExp(
      String.raw`\b(?:${MONTH})(?:\s\d{1,2}(?:st|nd|rd|th)?)?(?:,?\s(?:19|20)\d{2})?\b|\b\d{1,2}(?:st|nd|rd|th)? of (?:${MONTH})\b|\b(?:${WEEKDAY})\b|\b(?:19|20)\d{2}\b(?!\s*(?:%|[,.]\d))`,
      'gu',
    ),
  },
  {
    kind: 'time',
    re: new RegExp(String.raw`\b(?:\d[\d,.]*|${SMALL_WORD})[\s-]${UNIT}\b`, 'giu'),
  },
  {
    kind: 'figure',
    re: new RegExp(
      String.raw`(?<![\p{L}\d])\d[\d,]*(?:\.\d+)?(?:st|nd|rd|th)?(?:\s(?!(?:of|and|or|to|in|a|the)\b)\p{Ll}+)?${PER}`,
      'gu',
    ),
  },
];

const NOT_NAMES = new Set(['I', "I'm", "I've", "I'd", "I'll", 'OK', 'Okay', ...MONTHS]);
/** A run of capitalised words ("Canal Street", "Dr. Okafor", "St Mary's"). */
const NAME_RUN = /\p{Lu}[\p{Ll}'’]+\.?(?:\s(?:(?:in|of|a|the|on)\s){0,2}\p{Lu}[\p{Ll}'’]+)*/gu;

/** "22nd while" -> "22nd", "better than anyone else in" -> "better than anyone else". */
function withoutTrailingStopWords(text: string): string {
  const words = text.split(' ');
  while (words.length > 1 && STOP_WORDS.has(words.at(-1)!.toLowerCase()) && !/\d/.test(words.at(-1)!))
    words.pop();
  return words.join(' ');
}

/** Whether a capitalised word at this offset starts the sentence (or a quotation), where any word is capitalised. */
function atSentenceStart(text: string, at: number): boolean {
  const before = text.slice(0, at).trimEnd();
  return before === '' || /[.!?:"“‘(]$/.test(before) || /^["“‘(]$/.test(before);
}

/**
 * The facts of one sentence in written form (figures, amounts, dates, times, names, comparisons),
 * each with its kind, in order; `names` are the capitalised words seen mid-sentence anywhere in the
 * note (so "Priya said..." at a sentence's start counts too).
 */
function factsInSentence(
  written: string,
  names: ReadonlySet<string>,
  midSentence = false,
): Array<{ kind: FactKind; text: string }> {
  const taken: Array<[number, number]> = [];
  const found: Array<{ at: number; kind: FactKind; text: string }> = [];
  const free = (start: number, end: number) => taken.every(([s, e]) => end <= s || start >= e);
  for (const { kind, re } of PATTERNS) {
    for (const match of written.matchAll(re)) {
      const said = match[0].replace(/[\s,.;:]+$/, '');
      const text = kind === 'figure' || kind === 'comparison' ? withoutTrailingStopWords(said) : said;
      // "better than anyone else" says no more than "better": no comparison to keep.
      if (kind === 'comparison' && (!/\s/.test(text) || /\bthan$/.test(text))) continue;
      const start = match.index;
      const end = start + text.length;
      if (!text || !free(start, end)) continue;
      taken.push([start, end]);
      found.push({ at: start, kind, text });
    }
  }
  for (const match of written.matchAll(NAME_RUN)) {
    const start = match.index;
    // The run without a first word that only starts the sentence ("Last March", "Then Priya").
    let words = match[0].replace(/\.$/, '').split(' ');
    if (!midSentence && atSentenceStart(written, start) && !names.has(words[0]!)) words = words.slice(1);
    words = words.filter((w) => !NOT_NAMES.has(w.replace(/[’']s$/, '')));
    while (words.length > 0 && !/^\p{Lu}/u.test(words[0]!)) words.shift();
    while (words.length > 0 && !/^\p{Lu}/u.test(words.at(-1)!)) words.pop();
    if (words.length === 0) continue;
    const text = words.join(' ').replace(/[’']s$/, '');
    const at = written.indexOf(text, start);
    if (at < 0 || !free(at, at + text.length)) continue;
    taken.push([at, at + text.length]);
    found.push({ at, kind: 'name', text });
  }
  return found.sort((a, b) => a.at - b.at).map(({ kind, text }) => ({ kind, text }));
}

/** Capitalised words a note uses mid-sentence: its names. */
function namesOf(sentences: readonly string[]): Set<string> {
  const out = new Set<string>();
  for (const text of sentences)
    for (const match of text.matchAll(NAME_RUN))
      if (!atSentenceStart(text, match.index))
        for (const word of match[0].replace(/\.$/, '').split(' '))
          if (/^\p{Lu}/u.test(word) && !NOT_NAMES.has(word)) out.add(word.replace(/[’']s$/, ''));
  return out;
}

const LESSON_CUE =
  /\b(?:the lesson|lesson (?:is|was|here)|what i learned|i learned|we learned|the point is|the takeaway|the truth is|the real (?:problem|lesson|reason)|what matters|the trick is|the secret is|my advice|moral)\b/i;

/** The note's lesson: sentences naming it, else its last piece of advice in its last part. */
function lessonsOf(sentences: readonly { written: string; position: number }[]): number[] {
  const named = sentences.flatMap((s, i) => (LESSON_CUE.test(s.written) ? [i] : []));
  if (named.length > 0) return named.slice(-2);
  for (let i = sentences.length - 1; i >= 0; i--) {
    const s = sentences[i]!;
    if (s.position < 0.6) break;
    const roles = rolesOf(s.written, s.position, i === 0);
    if (roles.lesson && !roles.cta) return [i];
  }
  return [];
}

const normal = (text: string) =>
  text
    .toLowerCase()
    .replace(/[’]/g, "'")
    .replace(/[^\p{L}\p{N}$€£%:'.\s-]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/**
 * The notes' facts in reading order (filler sentences hold none), each once (the same fact said
 * twice cites both sentences), at most FACTS_MAX.
 */
export function factsOfNotes(sentences: readonly FactSentence[]): Fact[] {
  const spoken = sentences.filter((s) => !s.filler && s.text.trim());
  const written = spoken.map((s) => writtenForm(s.text.trim()));
  const names = namesOf(written);
  const byKey = new Map<string, Fact>();
  const add = (kind: FactKind, text: string, sentenceId: string) => {
    const key = `${kind === 'lesson' ? 'lesson' : ''}${normal(text)}`;
    const fact = byKey.get(key);
    if (fact) {
      if (!fact.sentenceIds.includes(sentenceId)) fact.sentenceIds.push(sentenceId);
      return;
    }
    if (byKey.size >= FACTS_MAX) return;
    byKey.set(key, { id: `f${byKey.size + 1}`, kind, text, sentenceIds: [sentenceId] });
  };
  const lessons = new Set(
    lessonsOf(written.map((w, i) => ({ written: w, position: i / Math.max(1, written.length - 1) }))),
  );
  written.forEach((text, i) => {
    const id = String(spoken[i]!.id);
    for (const fact of factsInSentence(text, names)) add(fact.kind, fact.text, id);
    if (lessons.has(i)) add('lesson', text, id);
  });
  return [...byKey.values()];
}

/**
 * What a text says with numbers, as comparable tokens: "$85" gives "$85" and "85"; "3 weeks" gives
 * "3", "3 week"; "March 3" gives "march", "3", "march 3"; number words one to twelve count as
 * their figures ("three weeks" is "3 weeks").
 */
function numberTokens(text: string): Set<string> {
  const out = new Set<string>();
  const lower = writtenForm(text).toLowerCase().replace(/[’]/g, "'");
  const re = new RegExp(
    String.raw`([$€£])?(\d[\d,]*(?:\.\d+)?|\b(?:${SMALL_WORD})\b)(?:-(\d[\d,]*))?(%|:\d{2}|st|nd|rd|th|k)?(?:[\s-](${UNIT.replace('?:', '')}))?`,
    'giu',
  );
  for (const m of lower.matchAll(re)) {
    const raw = m[2]!;
    const n = /\d/.test(raw) ? raw.replace(/,/g, '') : String(SMALL[raw]);
    const suffix = m[4] && !/^(?:st|nd|rd|th)$/.test(m[4]) ? m[4] : '';
    out.add(n);
    if (m[1] || suffix) out.add(`${m[1] ?? ''}${n}${suffix}`);
    if (m[3]) out.add(m[3].replace(/,/g, ''));
    if (m[5]) out.add(`${n} ${m[5].replace(/s$/, '')}`);
  }
  for (const month of MONTHS) {
    const at = lower.indexOf(month.toLowerCase());
    if (at < 0) continue;
    out.add(month.toLowerCase());
    const day = /^\s(\d{1,2})\b/.exec(lower.slice(at + month.length));
    if (day) out.add(`${month.toLowerCase()} ${day[1]}`);
  }
  return out;
}

const contentStems = (text: string) =>
  new Set(
    tokenize(text)
      .filter((t) => t.norm.length > 2 && !STOP_WORDS.has(t.norm))
      .map((t) => stem(t.norm)),
  );

/** A draft's text, read once, to check facts against. */
export interface DraftReading {
  lower: string;
  numbers: Set<string>;
  stems: Set<string>;
}

export function readDraft(text: string): DraftReading {
  return { lower: normal(writtenForm(text)), numbers: numberTokens(text), stems: contentStems(text) };
}

const wordIn = (haystack: string, needle: string) =>
  new RegExp(
    `(?<![\\p{L}\\p{N}])${needle.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\p{L}\\p{N}])`,
    'u',
  ).test(haystack);

/** Whether a draft (read by readDraft) still holds the fact. */
export function factKept(fact: Pick<Fact, 'kind' | 'text'>, draft: DraftReading): boolean {
  if (fact.kind === 'lesson') {
    const stems = [...contentStems(fact.text)];
    if (stems.length === 0) return true;
    return stems.filter((s) => draft.stems.has(s)).length / stems.length >= LESSON_KEPT;
  }
  if (fact.kind === 'name') return wordIn(draft.lower, normal(fact.text));
  const needles = numberTokens(fact.text);
  // A comparison without a figure ("twice as many", "cheaper than the gym") is kept in its words.
  if (needles.size === 0) return draft.lower.includes(normal(fact.text));
  return [...needles].every((n) => draft.numbers.has(n));
}

/** Whether a piece of a sentence (a clause a shortened sentence would lose) states a fact. */
export function holdsFact(text: string): boolean {
  const written = writtenForm(text);
  return factsInSentence(written, new Set(), true).length > 0;
}

export interface CheckedFact extends Fact {
  kept: boolean;
}

/**
 * The notes' facts of the last few checklists, by their sentences' ids and words: a request's drafts
 * (up to five formats of the same notes) are checked one after another, and finding the facts reads
 * the whole note where checking one draft reads the draft alone. Notes longer than
 * RECENT_FACTS_MAX_CHARS are read each time (their key would be as long as they are).
 */
const RECENT_FACTS = 8;
const RECENT_FACTS_MAX_CHARS = 1_000_000;
const recentFacts = new Map<string, readonly Fact[]>();

function notesFacts(sentences: readonly FactSentence[]): readonly Fact[] {
  let chars = 0;
  for (const s of sentences) chars += s.text.length;
  if (chars > RECENT_FACTS_MAX_CHARS) return factsOfNotes(sentences);
  const key = sentences.map((s) => `${s.id}\u0000${s.filler ? 1 : 0}\u0000${s.text}`).join('\u0001');
  const known = recentFacts.get(key);
  if (known) {
    // The most recent last: the oldest goes first.
    recentFacts.delete(key);
    recentFacts.set(key, known);
    return known;
  }
  const facts = factsOfNotes(sentences);
  recentFacts.set(key, facts);
  if (recentFacts.size > RECENT_FACTS) recentFacts.delete(recentFacts.keys().next().value!);
  return facts;
}

/** The notes' facts, each marked kept or left out by the draft's text. */
export function factChecklist(
  sentences: readonly FactSentence[],
  draftTexts: readonly string[],
): CheckedFact[] {
  const draft = readDraft(draftTexts.join('\n'));
  return notesFacts(sentences).map((fact) => ({
    ...fact,
    sentenceIds: [...fact.sentenceIds],
    kept: factKept(fact, draft),
  }));
}
