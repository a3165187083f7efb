import { stem } from '../text/index.ts';

/**
 * The words a question and a note are compared on, beyond the stemmer: irregular forms, a few
 * phrases that say one thing ("fall asleep" is sleeping), and a small table of words people use for
 * the same thing. Kept small on purpose: a wide thesaurus finds sentences about something else.
 */

/** How much a synonym stands for the word asked (the word itself counts 1). */
export const SYNONYM_WEIGHT = 0.8;

/**
 * Irregular forms the stemmer cannot bring back to their word ("lost" for "lose", "paid" for
 * "pay"): compared as the word.
 */
// biome-ignore format: a word table
const IRREGULAR: ReadonlyMap<string, string> = new Map([
  ['lost', 'lose'], ['paid', 'pay'], ['bought', 'buy'], ['sold', 'sell'], ['spent', 'spend'],
  ['left', 'leave'], ['built', 'build'], ['sent', 'send'], ['won', 'win'], ['ran', 'run'],
  ['slept', 'sleep'], ['woke', 'wake'], ['drank', 'drink'], ['drunk', 'drink'], ['found', 'find'],
  ['grew', 'grow'], ['grown', 'grow'], ['wrote', 'write'], ['written', 'write'], ['taught', 'teach'],
  ['brought', 'bring'], ['began', 'begin'], ['begun', 'begin'], ['fell', 'fall'], ['fallen', 'fall'],
  ['kept', 'keep'], ['met', 'meet'], ['hid', 'hide'], ['chose', 'choose'], ['chosen', 'choose'],
  ['cut', 'cut'], ['quit', 'quit'], ['hired', 'hire'], ['shut', 'shut'], ['rose', 'rise'],
  ['held', 'hold'], ['heard', 'hear'], ['ate', 'eat'], ['eaten', 'eat'], ['flew', 'fly'],
  ['spoke', 'speak'], ['stood', 'stand'], ['understood', 'understand'], ['caught', 'catch'],
]);

/** A word's key: its stem, through its plain form when it is irregular. */
export const keyOf = (word: string): string => stem(IRREGULAR.get(word) ?? word);

/**
 * Words that name the same thing in the owner's notes more often than not; each group is searched
 * as one term. Kept small on purpose: a wide thesaurus finds sentences about something else.
 */
// biome-ignore format: a word list
const SYNONYM_GROUPS: readonly (readonly string[])[] = [
  ['pay', 'paid', 'paying', 'charge', 'charged', 'charging', 'price', 'pricing', 'cost', 'fee', 'expensive', 'costly'],
  ['client', 'customer', 'buyer'],
  ['money', 'revenue', 'income', 'earn', 'earned', 'sales'],
  ['earn', 'earned', 'earning', 'make', 'making'],
  ['hire', 'hired', 'hiring', 'recruit', 'employee'],
  ['quit', 'resign', 'leave', 'left'],
  ['job', 'career'],
  ['launch', 'launched', 'opened', 'open'],
  ['sleep', 'bed', 'asleep', 'bedtime'],
  ['email', 'emails', 'outreach'],
  ['meeting', 'meetings'],
  ['podcast', 'episode', 'show'],
  ['course', 'class', 'workshop'],
  ['student', 'learner', 'participant'],
  ['mistake', 'wrong', 'error', 'fail', 'failed'],
  ['lesson', 'learned', 'learn', 'takeaway'],
  ['raise', 'raised', 'increase', 'increased', 'grow', 'grew', 'rise', 'rose', 'hike'],
  ['cut', 'lower', 'lowered', 'drop', 'dropped', 'decrease', 'reduce'],
  ['scared', 'afraid', 'fear', 'nervous', 'worried'],
  ['advice', 'tip', 'tips', 'recommend', 'suggest'],
  ['member', 'members', 'membership', 'subscriber', 'subscribers', 'signup', 'signups'],
  ['biggest', 'largest', 'big', 'large'],
  ['tester', 'testers', 'user', 'users'],
  ['moving', 'move', 'moved', 'relocate', 'relocating'],
  ['pain', 'hurt', 'ache', 'sore', 'injury'],
  ['tired', 'exhausted', 'exhaustion', 'burnout', 'burned', 'overworked', 'overwork'],
  ['cancel', 'cancelled', 'canceled', 'unsubscribe', 'unsubscribed', 'churn', 'churned'],
  ['enrol', 'enroll', 'enrolled', 'signup', 'register', 'registered', 'join', 'joined'],
  ['group', 'cohort'],
  ['partner', 'cofounder', 'co-founder', 'co-owner'],
  ['shop', 'store', 'bookshop'],
  ['save', 'saved', 'saving'],
  ['publish', 'published', 'release', 'released'],
  ['work', 'working', 'hustle', 'grind'],
  ['team', 'staff'],
  ['phone', 'screens'],
  ['coffee', 'caffeine'],
  ['bread', 'loaf', 'sourdough'],
  ['listen', 'listener', 'listeners', 'audience', 'download', 'downloads'],
];

export const SYNONYMS: ReadonlyMap<string, readonly string[]> = (() => {
  const map = new Map<string, string[]>();
  for (const group of SYNONYM_GROUPS) {
    for (const word of group) {
      const key = keyOf(word);
      const others = map.get(key) ?? [];
      for (const other of group) if (keyOf(other) !== key && !others.includes(other)) others.push(other);
      map.set(key, others);
    }
  }
  return map;
})();

/**
 * Words that report what someone thought or said ("Kofi thought we would lose everyone", "my
 * accountant says"): what a question asking someone's opinion needs said (`ASKS_OPINION`).
 */
// biome-ignore format: a word list
export const REPORTING_WORDS: readonly string[] = ['think', 'thought', 'feel', 'felt', 'believe', 'expect',
  'reckon', 'say', 'said', 'tell', 'told', 'suggest', 'recommend', 'agree', 'complain', 'love', 'hate'];

/**
 * A question asking what someone other than the owner thought or said ("what did the kids think of
 * story hour", "what did Kofi expect"): whom it asks about is group 1, the verb asked group 2.
 */
export const ASKS_OPINION =
  /^\W*(?:what|how)\b[^?]*?\b(?:did|do|does|would|will)\s+(?!(?:i|we|you)\b)([^?]+?)\s(think|feel|believe|expect|reckon|say|tell|suggest|recommend|like|love|hate)\b/i;

/** Someone other than the owner, said as a pronoun: "some of them said it was about time". */
export const THIRD_PERSON = /\b(?:he|she|they|them|him|her|his|their)\b/i;

/**
 * Phrases read as the one word they mean, in questions and notes alike ("got back six hours" saves
 * them, "twenty-nine people signed up"); the word's synonyms follow. Each is also searched as said.
 */
// biome-ignore format: a word table
const PHRASES: ReadonlyArray<readonly [string, readonly string[]]> = [
  ['sleep', ['fall asleep', 'fell asleep', 'falling asleep', 'get to sleep']],
  ['signup', ['sign up', 'signed up', 'signs up', 'signing up']],
  ['save', ['got back', 'get back', 'free up', 'freed up', 'frees up']],
  ['publish', ['go out', 'goes out', 'went out', 'come out', 'comes out', 'came out']],
  ['earn', ['took in', 'take in', 'takes in', 'bring in', 'brings in', 'brought in']],
  ['say', ['wrote back', 'write back', 'writes back']],
  ['refund', ['money back']],
];

/** The phrases by their first word: most words start none, and cost one look-up. */
const PHRASES_FROM: ReadonlyMap<string, ReadonlyArray<readonly [string[], string]>> = (() => {
  const map = new Map<string, Array<readonly [string[], string]>>();
  for (const [word, said] of PHRASES)
    for (const phrase of said) {
      const parts = phrase.split(' ');
      map.set(parts[0]!, [...(map.get(parts[0]!) ?? []), [parts, word] as const]);
    }
  return map;
})();

/** The words (lower-cased, in order) with each phrase of the table replaced by the word it means. */
export function joinPhrases(words: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < words.length; i++) {
    const phrase = PHRASES_FROM.get(words[i]!)?.find(([parts]) => parts.every((p, k) => words[i + k] === p));
    if (phrase) {
      out.push(phrase[1]);
      i += phrase[0].length - 1;
    } else out.push(words[i]!);
  }
  return out;
}

/** The phrases that mean the word of this key, searched as said. */
export const phrasesOf = (key: string): readonly string[] =>
  PHRASES.find(([word]) => keyOf(word) === key)?.[1] ?? [];

/**
 * A sentence that tells of the past only: a past form ("was", "ran", "closed") and nothing said as
 * now or to come ("is", "will", "next"...). A time it holds does not answer "when is..." or "when
 * will...": "in April she ran the marathon" does not say when the marathon is.
 */
export function tellsPastOnly(text: string, words: readonly string[]): boolean {
  if (NOW_OR_AHEAD.test(text.replace(/’/g, "'"))) return false;
  return words.some((w) => PAST_FORMS.has(w) || (w.length > 4 && w.endsWith('ed') && !NOT_PAST.has(w)));
}

// biome-ignore format: a word list
const PAST_FORMS = new Set([...IRREGULAR.keys(), 'was', 'were', 'did', 'had', 'went', 'came', 'got',
  'took', 'made', 'said', 'saw', 'told', 'gave', 'thought', 'felt']);
/** Words in -ed that are no past form. */
// biome-ignore format: a word list
const NOT_PAST = new Set(['hundred', 'need', 'indeed', 'speed', 'seed', 'feed', 'shed', 'exceed',
  'proceed', 'succeed', 'breed']);
const NOW_OR_AHEAD =
  /\b(?:is|are|am|will|shall|won't|going to|gonna|now|today|tomorrow|next|do|does|can|should|must)\b|\b(?:i|you|we|they|it|he|she|that|there|here|what)'(?:ll|re|m|s)\b/i;

/** A question asking when something is or will be ("when is", "what time does"), not when it was. */
export const ASKS_AHEAD =
  /\b(?:when|what time|what day|what date|how soon)\s+(?:is|are|will|does|do|should|can|shall)\b|\bwhen's\b/i;

/**
 * A question about how things were before ("how many hours was I working before the program", "what
 * did I charge before?"), not how they are: "before" ending the question or before what came after,
 * not "before publishing" (what came first).
 */
export const ASKS_BEFORE =
  /\bbefore\W*$|\bbefore (?:the|my|our|i|we|that|it|this)\b|\bused to\b|\bback then\b|\bat first\b|\boriginally\b|\bpreviously\b/i;

/** A sentence that tells how things are now ("I now work about thirty-five hours a week"). */
export const SAYS_NOW = /\b(?:now|nowadays|these days|currently|today|any more|anymore)\b/i;

/** A question about how things are now, not how they were ("how many members does the club have now"). */
export const ASKS_NOW = /\b(?:now|currently|nowadays|these days|at the moment|any more|anymore)\b/i;
