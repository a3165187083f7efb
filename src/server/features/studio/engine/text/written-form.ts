/**
 * Written form: spoken numbers as a reader expects them in a draft ("eighty-five dollars" -> "$85",
 * "eighteen thousand a month" -> "18,000 a month", "forty percent" -> "40%", "three hours fifty-two"
 * -> "3:52", "March the third" -> "March 3", "sixty, seventy dollars" -> "$60-70", "twenty twenty-six"
 * -> "2026"). Numbers under ten stay words unless they are money, a percentage, a time or a date
 * (house style for prose); idioms stay as said ("one of them", "nine times out of ten", "a hundred
 * percent sure", "a million things"), and so does a run of numbers that is no one number nor a known
 * pair ("one two three four" read out, "forty forty", "twenty-four seven").
 *
 * One pass over the words, each looked at a bounded number of times (`stats.steps` counts them), so
 * the work is linear in the text. Only the text changes: callers keep what was said beside it.
 */

import {
  CLOCK_BEFORE,
  COMPARED_BEFORE,
  CURRENCY,
  MONTHS,
  PERIODS,
  PRICE_WORDS,
  RATE_WORDS,
  readNumber,
  type Said,
  type Token,
  tokensOf,
  type WrittenFormStats,
  YEAR_BEFORE,
} from './number-words.ts';

export type { WrittenFormStats };

const SUFFIX = (n: number) => {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return 'th';
  return ['th', 'st', 'nd', 'rd'][n % 10] ?? 'th';
};

/** A figure: "18,000", "1.5 million", "2.5", "2026" (a year: no comma). */
function figure(value: number, year = false): string {
  if (year) return String(value);
  for (const [word, scale] of [
    ['trillion', 1e12],
    ['billion', 1e9],
    ['million', 1e6],
  ] as const) {
    if (value >= scale) {
      const q = value / scale;
      if (Number.isInteger(q * 100)) return `${q} ${word}`;
      break;
    }
  }
  if (Number.isInteger(value)) return value.toLocaleString('en-US');
  return String(Number(value.toPrecision(12)));
}

/**
 * Money said as an adjective in one hyphenated word ("a twelve-dollar loaf", "a three-hundred-euro
 * course"): its amount and currency symbol. The noun after it stays.
 */
function compoundMoney(token: Token, stats: WrittenFormStats): { value: number; symbol: string } | undefined {
  const cut = token.lower.lastIndexOf('-');
  const symbol = cut > 0 ? CURRENCY[token.lower.slice(cut + 1)] : undefined;
  if (!symbol) return undefined;
  // Its pieces as words said apart: "three-hundred" as "three hundred", "forty-five" as "forty five".
  const amount = tokensOf(token.text.slice(0, cut).replaceAll('-', ' '));
  const said = amount.length > 0 ? readNumber(amount, 0, stats) : undefined;
  return said?.to === amount.length && !said.ordinal ? { value: said.value, symbol } : undefined;
}

const isYearPiece = (said: Said) => said.simple && said.value >= 10 && said.value <= 99;

export interface Replacement {
  start: number;
  end: number;
  text: string;
}

/** The text with its spoken numbers in written form. */
export function writtenForm(text: string, stats: WrittenFormStats = { steps: 0 }): string {
  const out = writtenSpans(text, stats);
  if (out.length === 0) return text;
  let result = '';
  let at = 0;
  for (const replacement of out) {
    result += text.slice(at, replacement.start) + replacement.text;
    at = replacement.end;
  }
  return result + text.slice(at);
}

/**
 * Where the text says a number that reads as a figure, and that figure: `{ start, end, text }` in
 * text order (what `writtenForm` replaces; search highlights the words a figure was found by).
 */
export function writtenSpans(text: string, stats: WrittenFormStats = { steps: 0 }): Replacement[] {
  const tokens = tokensOf(text);
  if (tokens.length === 0) return [];
  // Per sentence: whether it talks prices, and the currency it names.
  const prices: boolean[] = [];
  const currencies: (string | undefined)[] = [];
  for (const token of tokens) {
    stats.steps++;
    if (PRICE_WORDS.test(token.lower)) prices[token.sentence] = true;
    if (token.lower in CURRENCY && currencies[token.sentence] === undefined)
      currencies[token.sentence] = CURRENCY[token.lower];
  }
  const out: Replacement[] = [];
  const word = (k: number) => tokens[k]?.lower;
  // The sentence's last amount of money: its currency and its rate ("an hour"), which a bare
  // figure compared with it keeps ("closer to a hundred and forty" -> "closer to $140 an hour").
  let money: { sentence: number; symbol: string; rate?: string } | undefined;
  const rateAt = (k: number) =>
    RATE_WORDS.test(word(k) ?? '') && PERIODS.has(word(k + 1) ?? '') && tokens[k - 1]!.gap === ' '
      ? `${tokens[k]!.text} ${tokens[k + 1]!.text}`
      : undefined;
  let i = 0;
  while (i < tokens.length) {
    stats.steps++;
    const said = readNumber(tokens, i, stats);
    if (!said) {
      const compound = compoundMoney(tokens[i]!, stats);
      if (compound) {
        const { start, end, sentence } = tokens[i]!;
        out.push({ start, end, text: `${compound.symbol}${figure(compound.value)}` });
        money = { sentence, symbol: compound.symbol };
      }
      i++;
      continue;
    }
    // The run: numbers one after another with only a space between ("one two three four").
    const run: Said[] = [said];
    for (;;) {
      const last = run[run.length - 1]!;
      // An ordinal ends a run: "the first thirty days" is "the first 30 days".
      if (last.to >= tokens.length || tokens[last.to - 1]!.gap !== ' ' || last.digits || last.ordinal) break;
      const next = readNumber(tokens, last.to, stats);
      if (!next || next.digits) break;
      run.push(next);
    }
    const runEnd = run[run.length - 1]!.to;
    const before = word(i - 1);
    const spanOf = (from: number, to: number) => ({ start: tokens[from]!.start, end: tokens[to - 1]!.end });
    if (run.length === 2) {
      const [a, b] = run as [Said, Said];
      // "twenty twenty-six", "nineteen ninety-eight": a year.
      if ((a.value === 19 || a.value === 20) && a.simple && isYearPiece(b)) {
        out.push({ ...spanOf(a.from, b.to), text: String(a.value * 100 + b.value) });
        i = runEnd;
        continue;
      }
      // "one ninety-nine instead of two ninety-nine" in a sentence about prices.
      if (prices[tokens[i]!.sentence] && a.simple && a.value >= 1 && a.value <= 9 && isYearPiece(b)) {
        const symbol = currencies[tokens[i]!.sentence] ?? '';
        const after = word(b.to);
        const named = after !== undefined && after in CURRENCY;
        out.push({
          start: tokens[a.from]!.start,
          end: named ? tokens[b.to]!.end : tokens[b.to - 1]!.end,
          text: `${symbol}${a.value * 100 + b.value}`,
        });
        i = named ? b.to + 1 : runEnd;
        continue;
      }
      // "at seven thirty": a clock time.
      if (
        before &&
        CLOCK_BEFORE.has(before) &&
        a.simple &&
        a.value >= 1 &&
        a.value <= 12 &&
        b.simple &&
        b.value >= 10 &&
        b.value <= 59
      ) {
        out.push({ ...spanOf(a.from, b.to), text: `${a.value}:${b.value}` });
        i = runEnd;
        continue;
      }
    }
    if (run.length > 1) {
      // Digits read out, "forty forty", "twenty-four seven": left as said.
      i = runEnd;
      continue;
    }
    const next = word(said.to);
    const next2 = word(said.to + 1);
    const gapAfter = tokens[said.to - 1]!.gap;
    const joined = gapAfter === ' ';
    // "nine times out of ten": left as said, both numbers.
    if (joined && next === 'times' && next2 === 'out' && word(said.to + 2) === 'of') {
      const other = readNumber(tokens, said.to + 3, stats);
      i = other ? other.to : said.to + 3;
      continue;
    }
    // "one in a million".
    if (said.article && before === 'in') {
      i = said.to;
      continue;
    }
    // "a 12-dollar loaf" (figures and a hyphen) as "12 dollars".
    const hyphenMoney = gapAfter === '-' && said.digits && (next === 'dollar' || next === 'euro');
    const symbolAfter = (joined || hyphenMoney) && next !== undefined ? CURRENCY[next] : undefined;
    const percent = joined && (next === 'percent' || (next === 'per' && word(said.to + 1) === 'cent'));
    // "a hundred percent sure": a figure of speech; "a hundred percent of them" is an amount.
    if (percent && said.value === 100 && (said.article || (!said.digits && tokens[i]!.lower === 'one'))) {
      const after = word(said.to + (next === 'per' ? 2 : 1));
      if (after !== 'of') {
        i = said.to;
        continue;
      }
    }
    // A range: "sixty, seventy dollars", "five to ten percent", "two or three dollars".
    const rangeWord = joined && (next === 'to' || next === 'or') ? said.to + 1 : undefined;
    const rangeStart = rangeWord ?? (/^\s*[,–-]\s*$/.test(gapAfter) ? said.to : undefined);
    if (!said.ordinal && rangeStart !== undefined && rangeStart < tokens.length) {
      if (rangeWord === undefined || tokens[said.to]!.gap === ' ') {
        const other = readNumber(tokens, rangeStart, stats);
        if (
          other &&
          !other.ordinal &&
          !other.article &&
          other.value > said.value &&
          other.to <= tokens.length
        ) {
          const unit = word(other.to);
          const otherJoined = tokens[other.to - 1]!.gap === ' ';
          const currency = otherJoined && unit !== undefined ? CURRENCY[unit] : undefined;
          const pct = otherJoined && unit === 'percent';
          const both = `${figure(said.value)}-${figure(other.value)}`;
          if (currency || pct) {
            if (currency)
              money = { sentence: tokens[i]!.sentence, symbol: currency, rate: rateAt(other.to + 1) };
            out.push({
              start: tokens[said.from]!.start,
              end: tokens[other.to]!.end,
              text: currency ? `${currency}${both}` : `${both}%`,
            });
            i = other.to + 1;
            continue;
          }
          // "twenty, thirty people": a range said with a comma.
          if (
            rangeWord === undefined &&
            said.value >= 10 &&
            other.value >= 10 &&
            !said.digits &&
            !other.digits
          ) {
            out.push({ start: tokens[said.from]!.start, end: tokens[other.to - 1]!.end, text: both });
            i = other.to;
            continue;
          }
        }
      }
    }
    if (symbolAfter && !said.ordinal) {
      let last = said.to;
      let amount = figure(said.value);
      // The cents: "four dollars and fifty cents", "four dollars fifty cents", "three dollars ninety".
      const afterAnd = word(last + 1) === 'and' && tokens[last + 1]!.gap === ' ' ? last + 2 : last + 1;
      const cents =
        Number.isInteger(said.value) && tokens[last]!.gap === ' ' && afterAnd < tokens.length
          ? readNumber(tokens, afterAnd, stats)
          : undefined;
      if (cents?.simple && cents.value >= 1) {
        const named = tokens[cents.to - 1]!.gap === ' ' && /^(?:cents?|pence)$/.test(word(cents.to) ?? '');
        if (named || (afterAnd === last + 1 && cents.value >= 10)) {
          amount = `${amount}.${String(cents.value).padStart(2, '0')}`;
          last = named ? cents.to : cents.to - 1;
        }
      }
      out.push({ start: tokens[said.from]!.start, end: tokens[last]!.end, text: `${symbolAfter}${amount}` });
      money = { sentence: tokens[i]!.sentence, symbol: symbolAfter, rate: rateAt(last + 1) };
      i = last + 1;
      // "from twenty-nine dollars to a hundred and forty.": the second amount is in the same currency.
      if (word(i) === 'to' && tokens[last]!.gap === ' ' && tokens[i]!.gap === ' ' && i + 1 < tokens.length) {
        const other = readNumber(tokens, i + 1, stats);
        const ends = other && (/[.!?;,]/.test(tokens[other.to - 1]!.gap) || other.to >= tokens.length);
        const per = other && /^(?:a|an|per|each|every)$/.test(word(other.to) ?? '');
        if (other && !other.digits && !other.ordinal && (ends || per)) {
          out.push({ ...spanOf(other.from, other.to), text: `${symbolAfter}${figure(other.value)}` });
          i = other.to;
        }
      }
      continue;
    }
    if (percent && !said.ordinal) {
      const endToken = next === 'per' ? said.to + 1 : said.to;
      out.push({
        start: tokens[said.from]!.start,
        end: tokens[endToken]!.end,
        text: `${figure(said.value)}%`,
      });
      i = endToken + 1;
      continue;
    }
    if (said.digits) {
      i = said.to;
      continue;
    }
    // "three hours fifty-two", "four minutes thirty": a time on a clock.
    if (
      joined &&
      !said.ordinal &&
      Number.isInteger(said.value) &&
      /^(?:hours?|minutes?)$/.test(next ?? '') &&
      tokens[said.to]!.gap === ' '
    ) {
      const minutes = readNumber(tokens, said.to + 1, stats);
      const unitAfter = minutes ? word(minutes.to) : undefined;
      if (
        minutes?.simple &&
        minutes.value >= 10 &&
        minutes.value <= 59 &&
        !/^(?:minutes?|seconds?|hours?)$/.test(unitAfter ?? '')
      ) {
        out.push({
          start: tokens[said.from]!.start,
          end: tokens[minutes.to - 1]!.end,
          text: `${said.value}:${String(minutes.value).padStart(2, '0')}`,
        });
        i = minutes.to;
        continue;
      }
    }
    // Dates: "March the third", "March 3rd", "the third of March".
    const month =
      tokens[i - 1] && MONTHS.has(tokens[i - 1]!.text)
        ? i - 1
        : before === 'the' && tokens[i - 2] && MONTHS.has(tokens[i - 2]!.text)
          ? i - 2
          : undefined;
    if (month !== undefined && said.ordinal && said.value >= 1 && said.value <= 31) {
      out.push({
        start: tokens[month]!.start,
        end: tokens[said.to - 1]!.end,
        text: `${tokens[month]!.text} ${said.value}`,
      });
      i = said.to;
      continue;
    }
    if (
      said.ordinal &&
      before === 'the' &&
      next === 'of' &&
      tokens[said.to + 1] &&
      MONTHS.has(tokens[said.to + 1]!.text) &&
      said.value <= 31
    ) {
      out.push({
        start: tokens[i - 1]!.start,
        end: tokens[said.to + 1]!.end,
        text: `${tokens[said.to + 1]!.text} ${said.value}`,
      });
      i = said.to + 2;
      continue;
    }
    // A bare amount compared with the sentence's earlier money ("paid us eighty-five dollars an
    // hour, and others closer to a hundred and forty"): in its currency, with its rate when the
    // figure ends the clause.
    if (
      money?.sentence === tokens[i]!.sentence &&
      !said.ordinal &&
      before !== undefined &&
      // "ten dollars a month, or ninety-nine a year": the other price, in its own period.
      (COMPARED_BEFORE.has(before) || (before === 'or' && joined && rateAt(said.to) !== undefined)) &&
      said.value >= 1
    ) {
      const ends = said.to >= tokens.length || /[.!?;,:]/.test(gapAfter);
      const ownRate = joined ? rateAt(said.to) : undefined;
      if (ends || ownRate) {
        const rate = !ownRate && money.rate ? ` ${money.rate}` : '';
        out.push({ ...spanOf(said.from, said.to), text: `${money.symbol}${figure(said.value)}${rate}` });
        i = said.to;
        continue;
      }
    }
    // "a thousand" alone is a figure of speech ("a million things", "a hundred times").
    if (said.article && Number.isInteger(Math.log10(said.value))) {
      const amount = joined && next === 'a' && PERIODS.has(next2 ?? '');
      if (!amount) {
        i = said.to;
        continue;
      }
    }
    // Under ten stays a word in prose ("three calls", "the first time"), as does "zero"; not an
    // hour on the clock ("nine a.m." is "9 a.m.").
    const clock =
      joined &&
      !said.ordinal &&
      said.value >= 1 &&
      /^(?:a\.?m|p\.?m|am|pm|o'clock)\b/i.test(text.slice(tokens[said.to - 1]!.end + 1));
    if (said.value < 10 && Number.isInteger(said.value) && !clock) {
      i = said.to;
      continue;
    }
    // "in two thousand and nine", "two thousand and twenty-six": a year, written without a comma.
    const year =
      Number.isInteger(said.value) &&
      !said.ordinal &&
      ((said.value >= 1900 && said.value <= 2099 && before !== undefined && YEAR_BEFORE.has(before)) ||
        (said.value > 2000 && said.value < 2100));
    const written = said.ordinal ? `${figure(said.value)}${SUFFIX(said.value)}` : figure(said.value, year);
    out.push({ ...spanOf(said.from, said.to), text: written });
    i = said.to;
  }
  return out;
}

/** A figure as search reads it: no currency sign, percent sign or thousands commas ("$18,000" -> "18000"). */
const searchNumber = (figure: string) => figure.replace(/[$€£%]/g, '').replace(/(\d),(?=\d{3}(?!\d))/g, '$1');

const FIGURE = /[$€£]?\d+(?:,\d{3})*(?:\.\d+)?%?/g;

/**
 * The numbers a text says, as figures search can match ("forty-two runners, eighteen thousand a
 * month, $1,500" -> "42 18000 1500"): its written form's figures, each once, written as a search
 * query's figures are (`searchQueryFigures`). Empty when the text holds none. Linear in the text.
 */
export function searchFigures(text: string): string {
  const seen = new Set<string>();
  for (const match of writtenForm(text).matchAll(FIGURE)) seen.add(searchNumber(match[0]));
  return [...seen].join(' ');
}

/** A search query with its figures as `searchFigures` stores them ("$18,000" -> "18000"). */
export const searchQueryFigures = (query: string): string =>
  query.replace(FIGURE, (figure) => searchNumber(figure));

/**
 * Where the text says one of `figures` (as `searchFigures` writes them) in words: the spans a
 * search hit found by its figures highlights ("forty-two" for a search for "42").
 */
export function figureSpans(
  text: string,
  figures: ReadonlySet<string>,
): Array<{ start: number; end: number }> {
  const out: Array<{ start: number; end: number }> = [];
  for (const span of writtenSpans(text))
    for (const match of span.text.matchAll(FIGURE))
      if (figures.has(searchNumber(match[0]))) {
        out.push({ start: span.start, end: span.end });
        break;
      }
  return out;
}
