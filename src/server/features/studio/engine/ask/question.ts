import { ASK_QUESTION_MAX_CHARS } from '#contract/studio-ask.ts';
import { STOP_WORDS, wordsOf, writtenForm } from '../text/index.ts';
import {
  ASKS_AHEAD,
  joinPhrases,
  keyOf,
  phrasesOf,
  SYNONYM_WEIGHT,
  SYNONYMS,
  tellsPastOnly,
} from './words.ts';

/**
 * Reading a question asked of the owner's notes: what it asks for (an answer, what was said across
 * notes, when something was first said) and its terms, each with the forms a note may use instead:
 * the word's stem, a number in the other form ("18,000" and "eighteen thousand") and a few words
 * people use for the same thing. Pure and linear in the question's length.
 */

/** What a question asks for. */
export type AskIntent = 'answer' | 'across' | 'first';

export interface AskTerm {
  /** The word as asked (or the number as written). */
  word: string;
  /** Canonical keys a sentence may hold (see `canonicalKeys`), each with how well it stands for the word. */
  keys: ReadonlyMap<string, number>;
  /** The forms to look for in the full-text search (single words or phrases). */
  forms: readonly string[];
  /** What "how many" or "how much" counts ("hours" in "how many hours did we save"). */
  counted?: boolean;
}

export interface AskQuestion {
  intent: AskIntent;
  /** What kind of answer the question asks for, when it says ("how much", "when", "how often"). */
  wants: AnswerKind | null;
  /** A time question about now or what is to come ("when is the launch"), not what was. */
  ahead: boolean;
  terms: AskTerm[];
  /** websearch_to_tsquery text: every form of every term, any of them ("a or b or \"c d\""). */
  search: string;
}

/** Terms read from one question: a question names a few things, and each costs the search. */
export const ASK_MAX_TERMS = 12;
/**
 * Words that ask rather than name what is asked about, beside the stop words: "what did I say about
 * pricing" asks about pricing.
 */
const ASKING_WORDS = new Set([
  'what',
  'when',
  'where',
  'why',
  'how',
  'who',
  'whom',
  'which',
  'whose',
  'did',
  'do',
  'does',
  'have',
  'has',
  'had',
  'say',
  'said',
  'talk',
  'talked',
  'talking',
  'mention',
  'mentioned',
  'speak',
  'spoke',
  'write',
  'wrote',
  'written',
  'note',
  'notes',
  'ever',
  'much',
  'many',
  'anything',
  'everything',
  'something',
  'thing',
  'things',
  'tell',
  'told',
  'me',
  'my',
  'i',
  'about',
  'recording',
  'recordings',
  'remember',
  'kind',
  'sort',
  'type',
  'idea',
  'happen',
  'happened',
  'happens',
  'long',
  'often',
  'far',
  'old',
  'soon',
]);

/** Words that ask when something was first said, in such a question; elsewhere they name which. */
const FIRST_WORDS = new Set(['first', 'earliest', 'start', 'started', 'begin']);

/**
 * The kinds of answer a question may ask for: money ("how much did it cost", "what do they pay"),
 * an amount ("how much", "how many"), a time ("when", "what year") or how often ("how often").
 */
export type AnswerKind = 'money' | 'amount' | 'time' | 'frequency';
/** Words of paying: a question about them asks for money; a sentence with them and a figure holds it. */
const MONEY_WORDS =
  /\b(?:pay|pays|paid|paying|cost|costs|costing|charge|charges|charged|charging|price|priced|prices|fee|fees|salary|revenue|spend|spent|earn|earns|earned|bill|billed|money|income)\b/i;
const WANTS: ReadonlyArray<[AnswerKind, RegExp]> = [
  ['frequency', /\bhow often\b/i],
  ['money', new RegExp(`(?:\\bhow much\\b|\\bwhat\\b).*${MONEY_WORDS.source}`, 'i')],
  ['amount', /\bhow (?:much|many|long|old|big|far)\b/i],
  // "When did..." asks for a time; "what do I do when I can't sleep" does not.
  [
    'time',
    /^\W*when\b|\bwhen (?:did|do|does|was|were|is|are|will|would|should|can)\b|\bwhat (?:time|year|day|date|month)\b|\bhow soon\b/i,
  ],
];
// biome-ignore format: a word list
const TIME_WORDS = /\b(?:january|february|march|april|may|june|july|august|september|october|november|december|(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)s?|today|morning|afternoon|evening|night|noon|midnight|ago|later|weekend|spring|summer|autumn|winter|yesterday|tomorrow|tonight)\b|\b(?:last|next|this) (?:week|month|year|quarter)\b/i;
const FREQUENCY_WORDS =
  /\b(?:every|each|per|daily|weekly|monthly|yearly|once|twice)\b|\b(?:a|an) (?:day|week|month|year|hour)\b/i;
const AMOUNT_WORDS = /\b(?:half|third|quarter|dozen|double|twice|times)\b/i;
const MONTH = '(?:january|february|march|april|may|june|july|august|september|october|november|december)';
const DAY_OF_MONTH = new RegExp(
  `\\b${MONTH}\\s+(?:the\\s+)?\\d{1,2}(?:st|nd|rd|th)?\\b|\\b\\d{1,2}(?:st|nd|rd|th)?\\s+(?:of\\s+)?${MONTH}\\b|\\b\\d+(?:st|nd|rd|th)\\b`,
  'gi',
);
/** A year as a time ("in 2020", "March 2022"), not "two thousand of them". */
const YEAR = new RegExp(
  `\\b(?:in|since|by|from|until|till|of|around|early|late|mid|${MONTH.slice(3, -1)}|spring|summer|autumn|winter)\\s+(?:19|20)\\d{2}\\b(?!,\\d)`,
  'i',
);
/** "At 4", "at seven": an hour of the day. */
const AT_HOUR =
  /\bat (?:[1-9]|1[0-2])(?!\d|,\d)(?:\s*[ap]\.?m\.?)?\b(?!\s*(?:%|percent|dollars?|euros?|pounds?))/i;
const isYear = (value: number) => Number.isInteger(value) && value >= 1900 && value <= 2100;

/**
 * How strongly a sentence holds each kind of answer: 1 for a figure ("18,000", "$7", "30%", a
 * date), a time word or a frequency; 0.5 for a small number said in words ("three calls"), which
 * is as often a count in passing as the answer.
 */
export function answerKindsOf(text: string, written = writtenForm(text)): Map<AnswerKind, number> {
  const kinds = new Map<AnswerKind, number>();
  const small = wordsOf(written).some((w) => SMALL_VALUE.has(w)) ? 0.5 : 0;
  // A date's day ("January 8", "the 18th") is a time, not an amount.
  const counted = figuresOf(written.replace(DAY_OF_MONTH, ' '));
  const amount = counted.some((f) => !isYear(f.value)) || AMOUNT_WORDS.test(written) ? 1 : small;
  if (amount) kinds.set('amount', amount);
  // Money: a figure in a currency ("$7", "ninety-nine euros"), or a figure beside a word of paying
  // ("they pay eighteen thousand a month").
  const currency = /[$€£¥]\s?\d|\d\s?(?:dollars?|euros?|pounds?|cents?|bucks|quid|k)\b/i.test(written);
  if (currency || (amount === 1 && MONEY_WORDS.test(written))) kinds.set('money', 1);
  // A time is a date, a year, a clock, a day or a time word: "eighty thousand strides" is none.
  CLOCK.lastIndex = 0;
  DAY_OF_MONTH.lastIndex = 0;
  const time =
    YEAR.test(written) ||
    DAY_OF_MONTH.test(written) ||
    TIME_WORDS.test(written) ||
    CLOCK.test(written) ||
    AT_HOUR.test(written);
  if (time) kinds.set('time', 1);
  if (FREQUENCY_WORDS.test(written)) kinds.set('frequency', 1);
  return kinds;
}

// ---------------------------------------------------------------- numbers in both forms

// biome-ignore format: a word list
const SMALL = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten',
  'eleven', 'twelve', 'thirteen', 'fourteen', 'fifteen', 'sixteen', 'seventeen', 'eighteen', 'nineteen'];
// biome-ignore format: a word list
const TENS = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];
const SMALL_VALUE: ReadonlyMap<string, number> = new Map([
  ...SMALL.map((word, value) => [word, value] as const),
  ...TENS.slice(2).map((word, i) => [word, (i + 2) * 10] as const),
]);

function under1000(n: number, and: boolean): string[] {
  const out: string[] = [];
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  if (hundreds > 0) out.push(SMALL[hundreds]!, 'hundred');
  if (rest > 0) {
    if (hundreds > 0 && and) out.push('and');
    if (rest < 20) out.push(SMALL[rest]!);
    else out.push(rest % 10 ? `${TENS[Math.floor(rest / 10)]}-${SMALL[rest % 10]}` : TENS[rest / 10]!);
  }
  return out;
}

/**
 * A whole number as said: 18000 -> "eighteen thousand", 112 -> "one hundred and twelve" (with
 * `and`), 2020 -> also "twenty twenty" (see `spokenForms`). Numbers of a trillion and more, and
 * fractions, have none.
 */
export function spokenNumber(value: number, and = true): string | undefined {
  if (!Number.isInteger(value) || value < 0 || value >= 1e12) return undefined;
  if (value === 0) return 'zero';
  const parts: string[] = [];
  let rest = value;
  for (const [word, scale] of [
    ['billion', 1e9],
    ['million', 1e6],
    ['thousand', 1e3],
  ] as const) {
    const count = Math.floor(rest / scale);
    if (count > 0) parts.push(...under1000(count, and), word);
    rest %= scale;
  }
  if (rest > 0) {
    if (parts.length > 0 && rest < 100 && and) parts.push('and');
    parts.push(...under1000(rest, and));
  }
  return parts.join(' ');
}

/** Every way a note may say a number: "18,000", "18000", "eighteen thousand", "2020" as "twenty twenty". */
export function spokenForms(value: number): string[] {
  const forms = new Set<string>();
  if (Number.isInteger(value)) {
    forms.add(String(value));
    if (value >= 1000) forms.add(value.toLocaleString('en-US'));
  } else forms.add(String(value));
  for (const and of [true, false]) {
    const said = spokenNumber(value, and);
    // "a hundred and twelve" and "one hundred and twelve" both hold "hundred and twelve".
    if (said) forms.add(said.replace(/^one (?=hundred|thousand|million|billion)/, ''));
  }
  if (Number.isInteger(value) && value >= 1910 && value <= 2099 && value % 100 >= 10) {
    forms.add(`${spokenNumber(Math.floor(value / 100))} ${spokenNumber(value % 100)}`);
  }
  for (const [word, scale] of [
    ['million', 1e6],
    ['billion', 1e9],
  ] as const) {
    if (value >= scale && Number.isInteger((value / scale) * 100)) forms.add(`${value / scale} ${word}`);
  }
  return [...forms];
}

/**
 * The numbers a text says, in written form: digits as written ("18,000", "$85", "40%", "18k",
 * "1.5 million") and spoken numbers ("eighteen thousand", read by `writtenForm`), with where each
 * stands in the written text.
 */
const FIGURE = /(?<![\d:])\d+(?:,\d{3})*(?:\.\d+)?(?![\d:])(?:\s*(k|thousand|million|billion)\b)?(\s*%)?/gi;
/** A clock time ("4:30"): neither figure is an amount. */
const CLOCK = /\b\d{1,2}:\d{2}\b/g;

function figuresOf(written: string): Array<{ value: number; percent: boolean }> {
  const out: Array<{ value: number; percent: boolean }> = [];
  for (const match of written.replace(CLOCK, ' ').matchAll(FIGURE)) {
    const base = Number(match[0].replace(/[^\d.]/g, ''));
    if (!Number.isFinite(base)) continue;
    const scale = match[1]?.toLowerCase();
    const times =
      scale === 'k' || scale === 'thousand' ? 1e3 : scale === 'million' ? 1e6 : scale === 'billion' ? 1e9 : 1;
    out.push({ value: Math.round(base * times * 100) / 100, percent: match[2] !== undefined });
  }
  return out;
}

// ---------------------------------------------------------------- canonical keys

/** Words that say "not"; both a question's and a sentence's are read as the key `NOT`. */
// biome-ignore format: a word list
const NEGATIONS = new Set(["can't", 'cannot', "couldn't", "don't", "doesn't", "didn't", "won't", "isn't", "aren't",
  "wasn't", "weren't", 'not', 'never', 'no', 'nobody', 'nothing']);
const NOT = '~not';
/** A negation says less about what is asked than a word of it. */
const NOT_WEIGHT = 0.5;
const SCALE_WORDS = new Set(['k', 'thousand', 'million', 'billion', 'hundred']);

/**
 * A text's canonical keys, what questions and sentences are compared on: spoken numbers in written
 * form and then as plain digits ("eighteen thousand" and "18,000" both "18000"; "five" "5"), the
 * other words stemmed ("pricing" "pric").
 */
export function canonicalKeys(text: string, written = writtenForm(text)): Set<string> {
  const keys = new Set<string>();
  for (const { value, percent } of figuresOf(written)) {
    keys.add(String(value));
    if (percent) keys.add(`${value}%`);
  }
  const words = joinPhrases(wordsOf(written.replace(CLOCK, ' ').replace(FIGURE, ' ')));
  for (const word of words) {
    const small = SMALL_VALUE.get(word);
    if (small !== undefined) keys.add(String(small));
    else if (!SCALE_WORDS.has(word)) keys.add(keyOf(word));
    if (NEGATIONS.has(word)) keys.add(NOT);
  }
  return keys;
}

// ---------------------------------------------------------------- the question

const FIRST =
  /\bwhen did (?:i|we) (?:first|start|begin)\b|\bfirst time (?:i|we)\b|\b(?:first|earliest) (?:time|note|mention)\b|\bwhen was the first\b/i;
const ACROSS =
  /\b(?:what|everything|anything)\b.*?\b(?:have|did|do) (?:i|we) (?:said|say|talked|talk|mentioned|mention|written|write|spoken|speak)\b.*?\babout\b|\beverything (?:i|we)\b|\b(?:across|all) (?:my|of my|the) notes\b|\bin all my\b/i;

const COUNTED = /\bhow (?:many|much) ([\p{L}'-]+)/iu;

/** A form made safe for websearch_to_tsquery: letters, digits, inner apostrophes, commas and dots. */
const searchForm = (form: string): string | null => {
  const clean = form
    .replace(/[^\p{L}\p{N}\s',.-]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (!clean) return null;
  return /\s/.test(clean) ? `"${clean}"` : clean;
};

/** Reads a question into its intent and terms (at most ASK_MAX_TERMS, in the order asked). */
export function readQuestion(question: string): AskQuestion {
  const text = question.slice(0, ASK_QUESTION_MAX_CHARS);
  const intent: AskIntent = FIRST.test(text) ? 'first' : ACROSS.test(text) ? 'across' : 'answer';
  const terms: AskTerm[] = [];
  const seen = new Set<string>();
  const written = writtenForm(text);
  // Numbers first: each is one term whatever form it was asked in.
  for (const { value, percent } of figuresOf(written)) {
    const key = String(value);
    if (seen.has(key)) continue;
    seen.add(key);
    const keys = new Map([[key, percent ? 0.8 : 1]]);
    if (percent) keys.set(`${value}%`, 1);
    terms.push({ word: key, keys, forms: spokenForms(value) });
  }
  for (const word of joinPhrases(wordsOf(written.replace(CLOCK, ' ').replace(FIGURE, ' ')))) {
    if (terms.length >= ASK_MAX_TERMS) break;
    const small = SMALL_VALUE.get(word);
    if (small !== undefined) {
      // A small number asked in words ("five customers") is also written in figures.
      const key = String(small);
      if (seen.has(key) || small === 1) continue;
      seen.add(key);
      terms.push({ word, keys: new Map([[key, 1]]), forms: [word, key] });
      continue;
    }
    // "first" asks in "when did I first..."; in "the first group" it names which.
    const naming = FIRST_WORDS.has(word) && intent !== 'first';
    if (word.length < 2 || SCALE_WORDS.has(word) || ASKING_WORDS.has(word)) continue;
    if (!naming && (STOP_WORDS.has(word) || FIRST_WORDS.has(word))) continue;
    const key = keyOf(word);
    if (seen.has(key)) continue;
    seen.add(key);
    const keys = new Map<string, number>([[key, 1]]);
    const forms = [word, ...phrasesOf(key)];
    for (const other of SYNONYMS.get(key) ?? []) {
      const otherKey = keyOf(other);
      if (!keys.has(otherKey)) keys.set(otherKey, SYNONYM_WEIGHT);
      forms.push(other, ...phrasesOf(otherKey));
    }
    terms.push({ word, keys, forms });
  }
  const forms = [...new Set(terms.slice(0, ASK_MAX_TERMS).flatMap((t) => t.forms))]
    .map(searchForm)
    .filter((f): f is string => f !== null);
  // "What do I do when I can't sleep" asks about not sleeping: the negation is a term, below a word.
  if (terms.length > 0 && terms.length < ASK_MAX_TERMS && wordsOf(written).some((w) => NEGATIONS.has(w)))
    terms.push({ word: NOT, keys: new Map([[NOT, NOT_WEIGHT]]), forms: [] });
  const counted = keyOf(COUNTED.exec(written)?.[1]?.toLowerCase() ?? '');
  for (const term of terms) if (term.keys.get(counted) === 1) term.counted = true;
  // "When did I first..." is answered by the note's date, not by a time said in it.
  const wants = intent === 'first' ? null : (WANTS.find(([, pattern]) => pattern.test(text))?.[0] ?? null);
  return {
    intent,
    wants,
    ahead: wants === 'time' && ASKS_AHEAD.test(text),
    terms: terms.slice(0, ASK_MAX_TERMS),
    search: forms.join(' or '),
  };
}

/** A sentence as the answer reads it: its keys and the kinds of answer it holds. */
export interface ReadSentence {
  keys: ReadonlySet<string>;
  kinds: ReadonlyMap<AnswerKind, number>;
  /** It tells of the past only (`tellsPastOnly`). */
  past: boolean;
}

/**
 * Sentences read lately, by text: what a sentence holds does not depend on the question, and the
 * same notes are read again for the owner's next question. Bounded; the oldest read goes first.
 */
const READ_CACHE = new Map<string, ReadSentence>();
export const READ_CACHE_SIZE = 10_000;

/** A sentence as the answer reads it (one written-form pass, then remembered). */
export function readSentence(text: string): ReadSentence {
  const cached = READ_CACHE.get(text);
  if (cached) {
    READ_CACHE.delete(text);
    READ_CACHE.set(text, cached);
    return cached;
  }
  const written = writtenForm(text);
  const read = {
    keys: canonicalKeys(text, written),
    kinds: answerKindsOf(text, written),
    past: tellsPastOnly(text, wordsOf(text)),
  };
  READ_CACHE.set(text, read);
  if (READ_CACHE.size > READ_CACHE_SIZE) READ_CACHE.delete(READ_CACHE.keys().next().value!);
  return read;
}
