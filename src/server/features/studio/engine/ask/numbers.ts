/**
 * Numbers in both forms, for questions and notes alike: a figure as said ("18,000" is "eighteen
 * thousand") and the figures a text says, read in written form. Pure.
 */

// biome-ignore format: a word list
const SMALL = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten',
  'eleven', 'twelve', 'thirteen', 'fourteen', 'fifteen', 'sixteen', 'seventeen', 'eighteen', 'nineteen'];
// biome-ignore format: a word list
const TENS = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];
export const SMALL_VALUE: ReadonlyMap<string, number> = new Map([
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
export const FIGURE =
  /(?<![\d:])\d+(?:,\d{3})*(?:\.\d+)?(?![\d:])(?:\s*(k|thousand|million|billion)\b)?(\s*%)?/gi;
/** A clock time ("4:30"): neither figure is an amount. */
export const CLOCK = /\b\d{1,2}:\d{2}\b/g;

export function figuresOf(written: string): Array<{ value: number; percent: boolean }> {
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
