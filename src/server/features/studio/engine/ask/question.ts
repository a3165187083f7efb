import { ASK_QUESTION_MAX_CHARS } from '#contract/studio-ask.ts';
import { STOP_WORDS, tokenize, wordsOf, writtenForm } from '../text/index.ts';
import { type TimeFrame, timeFrameOf } from './frames.ts';
import { type AnswerKind, answerKindsOf, wantedKind } from './kinds.ts';
import { CLOCK, FIGURE, figuresOf, SMALL_VALUE, spokenForms } from './numbers.ts';
import {
  ASKS_AHEAD,
  ASKS_BEFORE,
  ASKS_NOW,
  ASKS_OPINION,
  joinPhrases,
  keyOf,
  phrasesOf,
  REPORTING_WORDS,
  SAYS_NOW,
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
  /**
   * A name ("Lena", "Rotterdam", "Christmas"): it says whom or where the question is about, not
   * what it asks of them, so a sentence holding only names does not answer (`answer.ts`).
   */
  name?: boolean;
  /**
   * What a named subject is asked to have done ("leave" in "why did Lena leave the agency"): the
   * answer says it, in the words asked or others of the table, where it names them.
   */
  predicate?: boolean;
  /**
   * In a question typed in lower case, the word that may be a named subject ("lena" in "why did
   * lena leave"): this term is its verb when the notes spell that word as a name (`evidence.ts`).
   */
  verbOf?: string;
}

export interface AskQuestion {
  intent: AskIntent;
  /** What kind of answer the question asks for, when it says ("how much", "when", "how often"). */
  wants: AnswerKind | null;
  /** A time question about now or what is to come ("when is the launch"), not what was. */
  ahead: boolean;
  /** The question asks how things are now ("how many hours do I coach now"), not how they were. */
  now: boolean;
  /** The question asks how things were before ("...before the program?"), not how they are now. */
  before: boolean;
  /**
   * When the question asks what someone thought or said ("what did the kids think of story hour"):
   * the keys of the words reporting it, and of whom it asks about; an answer says one of the first
   * (in the sentence or beside it) in a sentence naming them or saying "he", "she", "they".
   */
  reports: { words: ReadonlySet<string>; of: ReadonlySet<string> } | null;
  /** The time the question asks within ("last week", "in 2019"), when it says one (`frames.ts`). */
  frame: TimeFrame | null;
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

// ---------------------------------------------------------------- canonical keys

/** Words that say "not"; both a question's and a sentence's are read as the key `NOT_TERM`. */
// biome-ignore format: a word list
const NEGATIONS = new Set(["can't", 'cannot', "couldn't", "don't", "doesn't", "didn't", "won't", "isn't", "aren't",
  "wasn't", "weren't", 'not', 'never', 'no', 'nobody', 'nothing']);
/** The term a negation is read as, in questions and sentences alike. */
export const NOT_TERM = '~not';
/** A negation says less about what is asked than a word of it. */
const NOT_WEIGHT = 0.5;
/** A word saying its verb again: "re-recorded", "re-launch". */
const AGAIN_PREFIX = /^re-(\p{L}{3,})/u;
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
    else if (!SCALE_WORDS.has(word)) {
      keys.add(keyOf(word));
      // "Re-recorded" is recording again: it also holds "record".
      const again = AGAIN_PREFIX.exec(word)?.[1];
      if (again) keys.add(keyOf(again));
    }
    if (NEGATIONS.has(word)) keys.add(NOT_TERM);
  }
  return keys;
}

// ---------------------------------------------------------------- the question

const FIRST =
  /\bwhen did (?:i|we) (?:first|start|begin)\b|\bfirst time (?:i|we)\b|\b(?:first|earliest) (?:time|note|mention)\b|\bwhen was the first\b/i;
const ACROSS =
  /\b(?:what|everything|anything)\b.*?\b(?:have|did|do) (?:i|we) (?:said|say|talked|talk|mentioned|mention|written|write|spoken|speak)\b.*?\babout\b|\beverything (?:i|we)\b|\b(?:across|all) (?:my|of my|the) notes\b|\bin all my\b/i;

/** "How old is Daniela" asks her age. */
const HOW_OLD = /\bhow old\b/i;

/** What "how many" counts ("hours"), or what "how late" measures. */
const COUNTED = /\bhow (?:(?:many|much) ([\p{L}'-]+)|(late|early)\b)/iu;

/** A form made safe for websearch_to_tsquery: letters, digits, inner apostrophes, commas and dots. */
const searchForm = (form: string): string | null => {
  const clean = form
    .replace(/[^\p{L}\p{N}\s',.-]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (!clean) return null;
  return /\s/.test(clean) ? `"${clean}"` : clean;
};

/**
 * The words a question or a sentence spells with a capital inside it (lower-cased as `wordsOf`
 * gives them): its names. The first word is capitalised as any sentence's is, "I" is no name, and a
 * word in capitals ("CTO", "SEO") is a thing, not someone.
 */
export function namesIn(text: string): Set<string> {
  const names = new Set<string>();
  for (const [n, token] of tokenize(text).entries()) {
    const word = text.slice(token.start, token.end);
    if (n === 0 || !/^\p{Lu}/u.test(word) || /^I(?:['’]\p{L}+)?$/u.test(word)) continue;
    if (word.length > 1 && word === word.toUpperCase()) continue;
    names.add(token.norm);
  }
  return names;
}

/**
 * The verb of a named subject in a question asking what, why, when...: "why did Lena leave",
 * "when does the Mill Lane studio open" has none (the subject is no name), nor "did Jamal still...",
 * which asks yes or no; a possessive ("Priya's team") is no subject.
 */
const NAMED_SUBJECT =
  /^\W*(?:why|when|where|how|what|who|which)\b[^?]*?\b(?:did|does|do|will|would|should|can|could|has|have|had)\s+(?:(?:Dr|Mr|Mrs|Ms)\.?\s+)?\p{Lu}[\p{L}-]*(?<!['’]s)(?:\s+(?:and\s+)?\p{Lu}[\p{L}-]*(?<!['’]s))*\s+([a-z][\p{L}'-]*)/u;

/** The same in lower case: "why did lena leave" (one word, no pronoun or article, then its verb). */
const LOWER_SUBJECT =
  /^\W*(?:why|when|where|how|what|who|which)\b[^?]*?\b(?:did|does|do|will|would|should|can|could|has|have|had)\s+(?!(?:i|we|you|they|he|she|it|the|a|an|my|our|your|their|his|her|its|this|that|these|those|people|someone|everyone)\b)([a-z][\p{L}-]*)(?<!'s)\s+([a-z][\p{L}'-]*)/u;

/**
 * Reads a question into its intent and terms (at most ASK_MAX_TERMS, in the order asked); `now`
 * (ms) is when it is asked, which places "last week" among the notes' dates.
 */
export function readQuestion(question: string, now?: number): AskQuestion {
  const text = question.slice(0, ASK_QUESTION_MAX_CHARS);
  const intent: AskIntent = FIRST.test(text) ? 'first' : ACROSS.test(text) ? 'across' : 'answer';
  const terms: AskTerm[] = [];
  const seen = new Set<string>();
  const written = writtenForm(text);
  const names = namesIn(text);
  const opening = text.replace(/^\W*\p{L}/u, (m) => m.toLowerCase());
  const predicate = NAMED_SUBJECT.exec(opening)?.[1];
  const lower = predicate === undefined ? LOWER_SUBJECT.exec(opening) : null;
  // Numbers first: each is one term whatever form it was asked in.
  for (const { value, percent } of figuresOf(written)) {
    const key = String(value);
    if (seen.has(key)) continue;
    seen.add(key);
    const keys = new Map([[key, percent ? 0.8 : 1]]);
    if (percent) keys.set(`${value}%`, 1);
    terms.push({ word: key, keys, forms: spokenForms(value) });
  }
  const words = joinPhrases(wordsOf(written.replace(CLOCK, ' ').replace(FIGURE, ' ')));
  for (const [n, word] of words.entries()) {
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
    // "Record again" is said "re-record": that form answers it best, the word alone less.
    if (words[n + 1] === 'again' && !AGAIN_PREFIX.test(word)) {
      keys.set(key, SYNONYM_WEIGHT);
      keys.set(keyOf(`re-${word}`), 1);
    }
    const forms = [word, ...phrasesOf(key)];
    for (const other of SYNONYMS.get(key) ?? []) {
      const otherKey = keyOf(other);
      if (!keys.has(otherKey)) keys.set(otherKey, SYNONYM_WEIGHT);
      forms.push(other, ...phrasesOf(otherKey));
    }
    const term: AskTerm = { word, keys, forms };
    if (names.has(word)) term.name = true;
    else if (word === predicate) term.predicate = true;
    else if (lower && word === lower[2]) term.verbOf = lower[1];
    terms.push(term);
  }
  // "How old is Daniela" asks her age: "old" is a stop word elsewhere ("the old print works").
  if (HOW_OLD.test(text) && terms.length < ASK_MAX_TERMS && !seen.has(keyOf('age')))
    terms.push({
      word: 'age',
      keys: new Map([
        [keyOf('age'), 1],
        [keyOf('aged'), 1],
        [keyOf('old'), SYNONYM_WEIGHT],
      ]),
      forms: ['age', 'aged', 'old'],
    });
  // "What did the kids think of story hour" asks what they thought: a sentence naming the kids'
  // story hour says nothing of it. A word of reporting must be said (`reports`); a verb asked that
  // is a term ("expect") is held by any of them ("Kofi thought we would lose everyone").
  const opinionOf = ASKS_OPINION.exec(text);
  const opinion = opinionOf?.[2]?.toLowerCase();
  const reports = opinionOf
    ? {
        words: new Set([keyOf(opinion!), ...REPORTING_WORDS.map(keyOf)]),
        of: new Set(
          wordsOf(opinionOf[1]!)
            .filter((w) => !STOP_WORDS.has(w))
            .map(keyOf),
        ),
      }
    : null;
  for (const [k, term] of terms.entries())
    if (reports && term.keys.get(keyOf(opinion!)) === 1) {
      const keys = new Map(term.keys);
      for (const key of reports.words) if (!keys.has(key)) keys.set(key, SYNONYM_WEIGHT);
      terms[k] = { ...term, keys };
    }
  const forms = [...new Set(terms.slice(0, ASK_MAX_TERMS).flatMap((t) => t.forms))]
    .map(searchForm)
    .filter((f): f is string => f !== null);
  // "What do I do when I can't sleep" asks about not sleeping: the negation is a term, below a word.
  if (terms.length > 0 && terms.length < ASK_MAX_TERMS && wordsOf(written).some((w) => NEGATIONS.has(w)))
    terms.push({ word: NOT_TERM, keys: new Map([[NOT_TERM, NOT_WEIGHT]]), forms: [] });
  const asked = COUNTED.exec(written);
  const counted = keyOf((asked?.[1] ?? asked?.[2])?.toLowerCase() ?? '');
  for (const term of terms) if (term.keys.get(counted) === 1) term.counted = true;
  // A year the question asks within ("how many hours did I sleep in 2019") is its frame, not what it
  // is about: a sentence saying only "since twenty nineteen" holds nothing of it.
  const frame = timeFrameOf(text, now);
  const topic = frame?.figure === undefined ? terms : terms.filter((t) => t.word !== String(frame.figure));
  // "When did I first..." is answered by the note's date, not by a time said in it.
  const wants = intent === 'first' ? null : wantedKind(text);
  return {
    intent,
    wants,
    ahead: wants === 'time' && ASKS_AHEAD.test(text),
    now: ASKS_NOW.test(text),
    before: ASKS_BEFORE.test(text),
    frame,
    reports,
    terms: topic.slice(0, ASK_MAX_TERMS),
    search: forms.join(' or '),
  };
}

/** A sentence as the answer reads it: its keys and the kinds of answer it holds. */
export interface ReadSentence {
  keys: ReadonlySet<string>;
  kinds: ReadonlyMap<AnswerKind, number>;
  /** It tells of the past only (`tellsPastOnly`). */
  past: boolean;
  /** It says how things are now ("I now work...", "these days"). */
  now: boolean;
  /** The keys of the words it spells with a capital inside it (`namesIn`): its names. */
  names: ReadonlySet<string>;
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
    now: SAYS_NOW.test(text),
    names: new Set([...namesIn(text)].map(keyOf)),
  };
  READ_CACHE.set(text, read);
  if (READ_CACHE.size > READ_CACHE_SIZE) READ_CACHE.delete(READ_CACHE.keys().next().value!);
  return read;
}
