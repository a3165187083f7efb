import { MONTHS as MONTH_NAMES, WEEKDAYS as WEEKDAY_NAMES } from '../text/index.ts';

/**
 * The time a question sets ("how many kilometres did Daniela run last week", "in 2019") and whether
 * a sentence can answer within it: a sentence about Daniela's running that tells of another time, in
 * a note made at another time, says nothing of last week. Pure.
 */

const DAY = 24 * 3600 * 1000;
const lower = (words: ReadonlySet<string>) => [...words].map((w) => w.toLowerCase());
/** In the calendar's order: a month's index is its number less one. */
const MONTHS = lower(MONTH_NAMES);
const WEEKDAYS = lower(WEEKDAY_NAMES);
const SEASONS = ['spring', 'summer', 'autumn', 'fall', 'winter'];
/** "Last year" said in a note made in 2026 is 2025. */
const SAYS_YEAR = /\b(last|this|next) year\b/gi;
const YEAR_OFFSET: Readonly<Record<string, number>> = { last: -1, this: 0, next: 1 };

/** A time a question asks within. */
export interface TimeFrame {
  /** The frame as asked ("last week", "2019"). */
  asked: string;
  /** A sentence (or a neighbour) saying this says the same time ("last week"; "april"; "2019"). */
  said: RegExp;
  /** The year it falls in, when one: "in 2019", or "last year" asked at a known time. */
  year?: number;
  /** The year as the question writes it ("in 2019"): a figure of the question that is no term of it. */
  figure?: number;
  /** The span a note made then tells of, when the time asked is known ("last week": the 14 days before). */
  from?: number;
  to?: number;
  /** The month it names ("in April", "last October"): a note made that month tells of it. */
  month?: number;
}

const FRAME = new RegExp(
  [
    String.raw`\b(yesterday)\b`,
    String.raw`\b(last|this|next) (week|weekend|month|quarter|year)\b`,
    String.raw`\b(last|this|next) (${WEEKDAYS.join('|')})\b`,
    String.raw`\b(?:(last|this|next)|in|during|back in) (${MONTHS.join('|')})\b`,
    String.raw`\b(?:(last|this|next)|in|during) (${SEASONS.join('|')})\b`,
    String.raw`\b(?:in|during|back in|of) ((?:19|20)\d{2})\b(?!,?\d)`,
  ].join('|'),
  'i',
);

const startOfDay = (t: number) => t - (t % DAY);

/**
 * The time frame a question asks within, if it says one; `now` (ms) is when it is asked, which
 * places "last week" among the notes' dates. "The last coffee", "in the first month", "every week"
 * set none; nor does "now" or "today", which ask how things are.
 */
export function timeFrameOf(question: string, now?: number): TimeFrame | null {
  const m = FRAME.exec(question);
  if (!m) return null;
  const [asked] = m;
  const year = now === undefined ? undefined : new Date(now).getUTCFullYear();
  if (m[1]) {
    const from = now === undefined ? undefined : startOfDay(now) - DAY;
    return { asked, said: /\byesterday\b/i, from, to: from === undefined ? undefined : from + DAY };
  }
  if (m[2]) {
    const which = m[2].toLowerCase();
    const unit = m[3]!.toLowerCase();
    const said = new RegExp(`\\b${which} ${unit}\\b`, 'i');
    if (unit === 'year')
      return { asked, said, year: year === undefined ? undefined : year + YEAR_OFFSET[which]! };
    if (now === undefined || which === 'next') return { asked, said };
    // A note made in the span tells of it: loosely, as people say "last week" of the days just gone.
    const span = { week: 14, weekend: 9, month: 62, quarter: 184 }[unit]! * DAY;
    return { asked, said, from: which === 'last' ? now - span : now - span / 2, to: now };
  }
  if (m[4]) {
    const which = m[4].toLowerCase();
    const said = new RegExp(`\\b${which} ${m[5]}\\b`, 'i');
    if (now === undefined || which === 'next') return { asked, said };
    return { asked, said, from: now - 8 * DAY, to: now };
  }
  if (m[7])
    return { asked, said: new RegExp(`\\b${m[7]}\\b`, 'i'), month: MONTHS.indexOf(m[7].toLowerCase()) };
  if (m[9]) {
    const season = m[9].toLowerCase() === 'fall' ? 'autumn|fall' : m[9];
    return { asked, said: new RegExp(`\\b(?:${season})\\b`, 'i') };
  }
  const asYear = Number(m[10]);
  return { asked, said: new RegExp(`\\b${asYear}\\b`), year: asYear, figure: asYear };
}

/** A sentence as `frameHolds` reads it: its text and its keys (a year said in words is a figure there). */
export interface FramedSentence {
  text: string;
  keys: ReadonlySet<string>;
}

/**
 * Whether a sentence, with its neighbours (`said`), in a note made at `createdAt` (ISO), can tell
 * of the time frame asked: it or a neighbour says that time ("twenty nineteen" is 2019; "last year"
 * in a note made in 2020 is 2019), or the note was made within it.
 */
export function frameHolds(frame: TimeFrame, said: readonly FramedSentence[], createdAt: string): boolean {
  const texts = said.map((s) => s.text);
  if (texts.some((t) => frame.said.test(t))) return true;
  if (frame.year !== undefined && said.some((s) => s.keys.has(String(frame.year)))) return true;
  const made = Date.parse(createdAt);
  if (Number.isNaN(made)) return false;
  const madeYear = new Date(made).getUTCFullYear();
  if (frame.year !== undefined) {
    const told = texts.flatMap((t) =>
      [...t.matchAll(SAYS_YEAR)].map((m) => madeYear + YEAR_OFFSET[m[1]!.toLowerCase()]!),
    );
    return told.length > 0 ? told.includes(frame.year) : madeYear === frame.year;
  }
  if (frame.month !== undefined) return new Date(made).getUTCMonth() === frame.month;
  return frame.from !== undefined && frame.to !== undefined && made >= frame.from && made < frame.to;
}
