/**
 * Reading spoken numbers: the number words and the words around them that decide their written
 * form, the text's tokens, and one number as said ("a hundred and forty", "eighty-five",
 * "twenty-first") over the tokens. written-form.ts decides how each is written.
 */
/** A lookup table without a prototype: "constructor" or "__proto__" is no number word. */
const table = <T>(entries: Record<string, T>): Readonly<Record<string, T>> =>
  Object.assign(Object.create(null) as Record<string, T>, entries);

const UNITS = table<number>({
  zero: 0,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
});
const TEENS = table<number>({
  ten: 10,
  eleven: 11,
  twelve: 12,
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  sixteen: 16,
  seventeen: 17,
  eighteen: 18,
  nineteen: 19,
});
const TENS = table<number>({
  twenty: 20,
  thirty: 30,
  forty: 40,
  fifty: 50,
  sixty: 60,
  seventy: 70,
  eighty: 80,
  ninety: 90,
});
const SCALES = table<number>({
  thousand: 1e3,
  million: 1e6,
  billion: 1e9,
  trillion: 1e12,
});
/** Ordinal words and the cardinal each stands for. */
const ORDINALS = table<string>({
  first: 'one',
  second: 'two',
  third: 'three',
  fourth: 'four',
  fifth: 'five',
  sixth: 'six',
  seventh: 'seven',
  eighth: 'eight',
  ninth: 'nine',
  tenth: 'ten',
  eleventh: 'eleven',
  twelfth: 'twelve',
  thirteenth: 'thirteen',
  fourteenth: 'fourteen',
  fifteenth: 'fifteen',
  sixteenth: 'sixteen',
  seventeenth: 'seventeen',
  eighteenth: 'eighteen',
  nineteenth: 'nineteen',
  twentieth: 'twenty',
  thirtieth: 'thirty',
  fortieth: 'forty',
  fiftieth: 'fifty',
  sixtieth: 'sixty',
  seventieth: 'seventy',
  eightieth: 'eighty',
  ninetieth: 'ninety',
  hundredth: 'hundred',
  thousandth: 'thousand',
  millionth: 'million',
});

export const CURRENCY = table<string>({
  dollar: '$',
  dollars: '$',
  bucks: '$',
  euro: '€',
  euros: '€',
  quid: '£',
});
export const MONTHS = new Set([
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
]);
export const WEEKDAYS = new Set([
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
  'Sunday',
]);
/** Words that put a sentence's bare numbers in prices ("one ninety-nine instead of two ninety-nine"). */
export const PRICE_WORDS =
  /^(?:price|prices|priced|pricing|rate|rates|charge|charged|charging|cost|costs|costing|pay|paid|paying|sell|sells|sold|selling|fee|fees|dollars?|bucks|euros?|quid|cents)$/;
/** Words before a rate's period ("an hour", "per month"). */
export const RATE_WORDS = /^(?:a|an|per|each|every)$/;
/** Words before an amount compared with one said earlier ("closer to", "more than", "paying"). */
export const COMPARED_BEFORE = new Set([
  'to',
  'than',
  'about',
  'around',
  'roughly',
  'nearly',
  'almost',
  'over',
  'under',
  'paying',
  'paid',
  'pay',
  'charging',
  'charged',
  'charge',
  'earning',
  'earned',
  'making',
  'made',
]);

/** Words before a clock time ("at seven thirty"). */
export const CLOCK_BEFORE = new Set([
  'at',
  'by',
  'until',
  'till',
  'around',
  'from',
  'before',
  'after',
  'about',
]);
/** Words before a year ("in two thousand and nine", "since nineteen ninety-eight"). */
export const YEAR_BEFORE = new Set([
  'in',
  'since',
  'by',
  'until',
  'till',
  'from',
  'of',
  'year',
  'before',
  'after',
]);
/** "a hundred a month": what makes "a" and a round number an amount rather than a figure of speech. */
export const PERIODS = new Set([
  'hour',
  'day',
  'week',
  'month',
  'year',
  'session',
  'client',
  'head',
  'piece',
]);

export interface Token {
  text: string;
  lower: string;
  start: number;
  end: number;
  /** Characters between this token and the next (or the end). */
  gap: string;
  sentence: number;
}

/** One number as said, over tokens [from, to). */
export interface Said {
  from: number;
  to: number;
  value: number;
  ordinal: boolean;
  /** Started with the article "a" ("a hundred"). */
  article: boolean;
  /** Said as digits already ("85 dollars"). */
  digits: boolean;
  /** A single word under a hundred ("seven", "ninety-nine", "fifteen"): one piece of a pair. */
  simple: boolean;
}

export interface WrittenFormStats {
  /** Token visits: at most a fixed number per token, whatever the text. */
  steps: number;
}

const TOKEN = /\p{L}[\p{L}'’]*(?:-\p{L}[\p{L}'’]*)*|\d(?:[\d,.]*\d)?/gu;
const DIGITS = /^(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?$/;

export function tokensOf(text: string): Token[] {
  const tokens: Token[] = [];
  let sentence = 0;
  for (const match of text.matchAll(TOKEN)) {
    const previous = tokens[tokens.length - 1];
    if (previous) {
      previous.gap = text.slice(previous.end, match.index);
      if (/[.!?;:]/.test(previous.gap)) sentence++;
    }
    tokens.push({
      text: match[0],
      lower: match[0].toLowerCase(),
      start: match.index,
      end: match.index + match[0].length,
      gap: '',
      sentence,
    });
  }
  const last = tokens[tokens.length - 1];
  if (last) last.gap = text.slice(last.end);
  return tokens;
}

/** The pieces of one word: "forty-two" -> ["forty", "two"]; "twenty-first" -> ["twenty", "first"]. */
const piecesOf = (lower: string) => (lower.includes('-') ? lower.split('-') : [lower]);
const isNumberPiece = (piece: string) =>
  piece in UNITS ||
  piece in TEENS ||
  piece in TENS ||
  piece in SCALES ||
  piece === 'hundred' ||
  piece in ORDINALS;
/** A word that is a number or part of one ("forty-two", "hundred", "third"); not "fifty-fifty". */
function isNumberWord(lower: string): boolean {
  const pieces = piecesOf(lower);
  if (pieces.length > 2 || !pieces.every(isNumberPiece)) return false;
  return pieces.length === 1 || (pieces[0]! in TENS && (pieces[1]! in UNITS || pieces[1]! in ORDINALS));
}

/**
 * The number said from token `i` on, the longest that is one number ("a hundred and forty",
 * "seventy two thousand", "a million and a half", "two point five"); undefined when none starts there.
 */
export function readNumber(tokens: readonly Token[], i: number, stats: WrittenFormStats): Said | undefined {
  const first = tokens[i]!;
  if (DIGITS.test(first.text)) {
    const value = Number(first.text.replace(/,/g, ''));
    return { from: i, to: i + 1, value, ordinal: false, article: false, digits: true, simple: false };
  }
  let j = i;
  let article = false;
  if (
    first.lower === 'a' &&
    first.gap === ' ' &&
    tokens[i + 1] &&
    /^(?:hundred|thousand|million|billion|trillion)$/.test(tokens[i + 1]!.lower)
  ) {
    article = true;
    j++;
  }
  let total = 0;
  let group = article ? 1 : 0;
  let hasHundred = false;
  let hasTens = false;
  let hasUnit = article;
  let lastScale = Number.POSITIVE_INFINITY;
  let words = 0;
  let ordinal = false;
  let end = j;
  let half = false;
  let decimals = '';
  // Each piece either continues the number or ends it.
  const take = (piece: string): boolean => {
    const cardinal = ORDINALS[piece] ?? piece;
    if (cardinal in UNITS) {
      if (hasUnit || (group % 100 !== 0 && !hasTens)) return false;
      if (UNITS[cardinal] === 0 && (group > 0 || total > 0 || words > 0)) return false;
      group += UNITS[cardinal]!;
      hasUnit = true;
    } else if (cardinal in TEENS) {
      if (hasUnit || hasTens || group % 100 !== 0) return false;
      group += TEENS[cardinal]!;
      hasUnit = true;
    } else if (cardinal in TENS) {
      if (hasUnit || hasTens || group % 100 !== 0) return false;
      group += TENS[cardinal]!;
      hasTens = true;
    } else if (cardinal === 'hundred') {
      if (hasHundred || group === 0 || group >= 100) return false;
      group *= 100;
      hasHundred = true;
      hasTens = false;
      hasUnit = false;
    } else if (cardinal in SCALES) {
      const scale = SCALES[cardinal]!;
      if (group === 0 || scale >= lastScale) return false;
      total += group * scale;
      group = 0;
      lastScale = scale;
      hasHundred = false;
      hasTens = false;
      hasUnit = false;
    } else return false;
    if (piece !== cardinal) ordinal = true;
    return true;
  };
  while (j < tokens.length && !ordinal) {
    stats.steps++;
    const token = tokens[j]!;
    // Only plain spaces join the words of one number ("sixty, seventy" are two).
    if (j > i && !/^ $/.test(tokens[j - 1]!.gap)) break;
    if (token.lower === 'and' && (hasHundred || lastScale !== Number.POSITIVE_INFINITY) && words > 0) {
      const next = tokens[j + 1];
      // "a million and a half", "two and a half million" (below, after the group).
      if (next?.lower === 'a' && tokens[j + 2]?.lower === 'half' && group === 0 && lastScale < 1e15) {
        half = true;
        end = j + 3;
        break;
      }
      if (
        next &&
        token.gap === ' ' &&
        isNumberWord(next.lower) &&
        !(next.lower in SCALES) &&
        next.lower !== 'hundred'
      ) {
        j++;
        continue;
      }
      break;
    }
    if (
      token.lower === 'and' &&
      words > 0 &&
      group > 0 &&
      group < 100 &&
      tokens[j + 1]?.lower === 'a' &&
      tokens[j + 2]?.lower === 'half'
    ) {
      const scale = tokens[j + 3];
      if (scale && scale.lower in SCALES && SCALES[scale.lower]! < lastScale) {
        total += (group + 0.5) * SCALES[scale.lower]!;
        group = 0;
        lastScale = SCALES[scale.lower]!;
        end = j + 4;
        j += 4;
        words += 3;
        continue;
      }
      break;
    }
    if (token.lower === 'point' && words > 0 && lastScale === Number.POSITIVE_INFINITY && !hasHundred) {
      let k = j + 1;
      let digits = '';
      while (k < tokens.length && tokens[k - 1]!.gap === ' ' && digits.length < 6) {
        stats.steps++;
        const lower = tokens[k]!.lower;
        const digit = lower === 'oh' ? 0 : UNITS[lower];
        if (digit === undefined) break;
        digits += String(digit);
        k++;
      }
      if (digits === '') break;
      decimals = digits;
      end = k;
      j = k;
      // "two point five million".
      const scale = tokens[k];
      if (scale && tokens[k - 1]!.gap === ' ' && scale.lower in SCALES) {
        total += Number(`${group}.${decimals}`) * SCALES[scale.lower]!;
        group = 0;
        decimals = '';
        end = k + 1;
      }
      break;
    }
    const pieces = piecesOf(token.lower);
    if (!isNumberWord(token.lower)) break;
    const saved = { group, total, hasHundred, hasTens, hasUnit, lastScale, ordinal };
    if (!pieces.every(take)) {
      ({ group, total, hasHundred, hasTens, hasUnit, lastScale, ordinal } = saved);
      break;
    }
    words++;
    j++;
    end = j;
  }
  if (words === 0) return undefined;
  let value = total + (decimals ? Number(`${group}.${decimals}`) : group);
  if (half) value += lastScale / 2;
  if (!Number.isSafeInteger(Math.round(value))) return undefined;
  const simple = !article && !ordinal && !decimals && !half && value < 100;
  return { from: i, to: end, value, ordinal, article, digits: false, simple };
}
