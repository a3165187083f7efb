import { wordsOf, writtenForm } from '../text/index.ts';
import { CLOCK, figuresOf, SMALL_VALUE } from './numbers.ts';

/**
 * The kind of answer a question asks for and the kinds a sentence holds: a question's "how much"
 * is answered by a figure, its "when" by a time, its "why" by a reason. Pure.
 */

/**
 * The kinds of answer a question may ask for: money ("how much did it cost", "what do they pay"),
 * an amount ("how much", "how many"), a duration ("how long", "how late"), a time ("when", "what
 * year"), how often ("how often") or a reason ("why").
 */
export type AnswerKind = 'money' | 'amount' | 'duration' | 'time' | 'frequency' | 'reason' | 'name' | 'place';
/**
 * The kinds a figure answers, and a name ("what is the course called": "it's called Books in a
 * Weekend"), which is held as one; a reason is a clause.
 */
export const FIGURE_KINDS: ReadonlySet<AnswerKind> = new Set([
  'money',
  'amount',
  'duration',
  'time',
  'frequency',
  'name',
  'place',
]);
/** Words of paying: a question about them asks for money; a sentence with them and a figure holds it. */
export const MONEY_WORDS =
  /\b(?:pay|pays|paid|paying|cost|costs|costing|charge|charges|charged|charging|price|priced|prices|fee|fees|salary|revenue|spend|spent|earn|earns|earned|bill|billed|money|income)\b/i;
const WANTS: ReadonlyArray<[AnswerKind, RegExp]> = [
  // "Why did we raise the price" asks for a reason, though it names money.
  [
    'reason',
    /^\W*why\b|\bwhy (?:did|do|does|was|were|is|are|would|should|didn't|don't|doesn't|isn't|wasn't)\b|\bwhat (?:made|makes) (?:me|us|you|them|him|her|people)\b|\bfor what reason\b/i,
  ],
  ['frequency', /\bhow often\b/i],
  // "Where is the new studio?": a named place ("on Mill Lane", "in Leeds").
  ['place', /^\W*where\b|\bwhere (?:is|are|was|were|will|do|does|did)\b/i],
  // "What is the new course called?", "what's the name of the studio?"
  [
    'name',
    /\bwhat(?:'s|’s| is| was| are| were)\b.*\b(?:called|named)\W*$|\bwhat(?:'s|’s| is| was) (?:the|its|their|her|his) (?:name|title)\b/i,
  ],
  ['money', new RegExp(`(?:\\bhow much\\b|\\bwhat\\b).*${MONEY_WORDS.source}`, 'i')],
  // "How long did it take", "how late did they pay": a figure of time ("four months", "sixty days").
  ['duration', /\bhow (?:long|late)\b/i],
  ['amount', /\bhow (?:much|many|old|big|far)\b/i],
  // "When did..." asks for a time; "what do I do when I can't sleep" does not.
  [
    'time',
    /^\W*when\b|\bwhen (?:did|do|does|was|were|is|are|will|would|should|can)\b|\bwhat (?:time|year|day|date|month)\b|\bhow soon\b/i,
  ],
];

/** What kind of answer a question asks for, when it says. */
export const wantedKind = (question: string): AnswerKind | null =>
  WANTS.find(([, pattern]) => pattern.test(question))?.[0] ?? null;

const NUMBER_WORDS = [...SMALL_VALUE.keys()].filter((w) => w !== 'zero').join('|');
/**
 * A figure of time ("45 minutes", "eleven weeks", "a twelve-week program", "half an hour"), read in
 * written form: spoken numbers from thirteen up are digits there, smaller ones stay words.
 */
const DURATION = new RegExp(
  `(?:\\b\\d+(?:\\.\\d+)?|\\b(?:${NUMBER_WORDS}|a few|a couple of|several|half an?))[\\s-]+(?:(?:more|whole|full|long)\\s+)?(?:second|minute|hour|day|night|week|month|year|decade)s?\\b`,
  'i',
);
/** A sentence that gives a reason: "because", "'cause" (not "treat the cause"), "that's why", "..., so". */
const REASON =
  /\b(?:because|(?<!\b(?:the|a|root|real|main|good) )cause|so that|(?:that's|that is|which is|this is) why|the reason|due to|thanks to)\b|,\s*so\b/i;
/** A sentence giving a name: "It's called Books in a Weekend", "a dog named Pip". */
const NAMED =
  /\b(?:called|named|titled)\s+["“'‘]?\p{Lu}|\b(?:the|its|her|his|their) (?:name|title) (?:is|was)\b/u;
/** The words a spoken sentence opens on before it says anything: "Okay, so, last March..." gives no reason. */
const OPENER = /^\W*(?:(?:okay|ok|right|so|well|um|uh|yeah|hey|and)\b[\s,.]*)+/i;
/** A sentence that opens on what followed from the one before: "So I got curious", "That's why". */
export const OPENS_ON_CONSEQUENCE =
  /^\W*(?:(?:and|but)\s+)?(?:so|that's why|that is why|which is why|this is why|that's how|because of that|as a result)\b(?!\s+(?:much|many|far|long)\b)/i;
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
/**
 * A named place: "on Mill Lane", "in Leeds", "to Porto" (a capital after a word of place), not a
 * month or a day ("in April", "on Saturday").
 */
// biome-ignore format: a word list
const PLACE = /\b(?:in|on|at|to|from|near|into)\s+(?:the\s+)?(?!(?:January|February|March|April|May|June|July|August|September|October|November|December|Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)\b)\p{Lu}\p{Ll}/u;
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
  if (DURATION.test(written)) kinds.set('duration', 1);
  if (REASON.test(written.replace(OPENER, ''))) kinds.set('reason', 1);
  if (NAMED.test(text)) kinds.set('name', 1);
  if (PLACE.test(text)) kinds.set('place', 1);
  return kinds;
}
