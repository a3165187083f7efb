/**
 * Drafts of a conversation note (an interview, a call, a panel): the owner's turns are written in
 * the first person as in a solo note; anyone else's words appear only as attributed quotes
 * (`origin: 'guest'`, with `speaker`): "As Priya put it: “…”" in a post, a pull quote with her name
 * in a blog, a slide ending "— Priya". When the owner said too little for a format (a host who
 * mostly asks), the draft becomes an interview post: Echo's introduction of the guests (marked as
 * Echo's), their best points as their words, and the owner's own statements.
 */

import type { Analysis, Block, Format, FormatResult, Part, Unit } from '../extractive/index.ts';
import { BlockList, countWordsOf, ownLine, slugOf, tooShortMessage } from '../extractive/index.ts';
import { keyPhrases } from '../text/index.ts';
import { CAROUSEL_MIN_WORDS, SLIDE_MAX_WORDS } from './carousel.ts';
import { asSaid, chaptersOf, hostOf, MOVES_ON } from './chapters.ts';
import { LINKEDIN_MAX, LINKEDIN_MIN_WORDS, POST_MAX, THREAD_MIN_WORDS } from './social.ts';
import { namesOf, refKey, type Speaker, speakerOfUnit, stampOf, type Talk } from './speakers.ts';

export const BLOG_INTERVIEW_MIN_WORDS = 150;
/** The owner's share of a conversation's words from which a draft is their own post with quotes. */
export const OWN_SHARE_MIN = 0.35;

export interface Quote {
  units: Unit[];
  speaker: Speaker;
  /** The words quoted (lightly edited as a draft's sentences are), without quotation marks. */
  text: string;
  index: number;
  startMs?: number;
  score: number;
}

/** A sentence that can be quoted on its own: a statement of a few words that leans on nothing. */
const quotable = (unit: Unit, maxWords: number) =>
  unit.usable &&
  unit.words >= 6 &&
  unit.words <= maxWords &&
  !unit.question &&
  !unit.dangling &&
  !unit.roles.pointsBack &&
  unit.roles.item === 0 &&
  unit.roles.announces === 0 &&
  // "Next question, and this one is personal": a line that moves the talk on says nothing itself.
  !MOVES_ON.test(unit.clean);

/**
 * The best quotable moments of the named speakers (each one or two sentences of one turn, never cut
 * mid-sentence), the best of each speaker first, then by rank; in reading order.
 */
export function bestQuotes(
  whole: Analysis,
  talk: Talk,
  { max, maxWords = 40, guestsOnly = true }: { max: number; maxWords?: number; guestsOnly?: boolean },
): Quote[] {
  const candidates: Quote[] = [];
  const units = whole.units;
  for (const [i, unit] of units.entries()) {
    const speaker = talk.speakerOf.get(refKey(unit.ref));
    if (!speaker?.name || (guestsOnly && speaker.me) || !quotable(unit, maxWords)) continue;
    const taken = [unit];
    const next = units[i + 1];
    // A short line and the one that carries it on, in the same turn.
    if (
      unit.words < 12 &&
      next &&
      next.usable &&
      !next.question &&
      talk.speakerOf.get(refKey(next.ref)) === speaker &&
      unit.words + next.words <= maxWords
    )
      taken.push(next);
    const score =
      (speaker.me ? 0.5 : 1) *
      taken.reduce((n, u) => n + u.score, 0) *
      (taken.some((u) => u.roles.lesson) ? 1.5 : 1) *
      (taken.some((u) => u.facts.length > 0) ? 1.2 : 1);
    candidates.push({
      units: taken,
      speaker,
      text: taken.map((u, k) => (k === 0 ? u.standalone : u.clean)).join(' '),
      index: unit.index,
      ...(unit.startMs !== undefined ? { startMs: unit.startMs } : {}),
      score,
    });
  }
  const ranked = [...candidates].sort((a, b) => b.score - a.score || a.index - b.index);
  const picked: Quote[] = [];
  const overlaps = (q: Quote) =>
    picked.some((p) => q.units.some((u) => p.units.includes(u)) || Math.abs(p.index - q.index) < 2);
  // Every speaker's best line first (a panel quotes each guest), then the rest by rank.
  for (const speaker of talk.speakers) {
    if (picked.length >= max || speaker.me) continue;
    const best = ranked.find((q) => q.speaker.name === speaker.name && !overlaps(q));
    if (best) picked.push(best);
  }
  // The owner's own line at most once: the quotes are the guests'.
  const mine = () => picked.filter((q) => q.speaker.me).length;
  for (const quote of ranked) {
    if (picked.length >= max) break;
    if (!picked.includes(quote) && !overlaps(quote) && !(quote.speaker.me && mine() >= 1)) picked.push(quote);
  }
  return picked.sort((a, b) => a.index - b.index);
}

const ATTRIBUTIONS: ReadonlyArray<(name: string, quote: string) => string> = [
  (name, quote) => `As ${name} put it: “${quote}”`,
  (name, quote) => `In ${name}’s words: “${quote}”`,
  (name, quote) => `${name}: “${quote}”`,
];

/** A quote as the format shows it, its speaker named in its text (what exports and posts carry). */
export function attributed(format: Format, quote: Quote, nth: number): string {
  if (format === 'linkedin' || format === 'thread')
    return ATTRIBUTIONS[nth % ATTRIBUTIONS.length]!(quote.speaker.name, quote.text);
  const time = format === 'shownotes' && quote.startMs !== undefined ? `, ${stampOf(quote.startMs)}` : '';
  return `“${quote.text}” — ${quote.speaker.name}${time}`;
}

/** The parts of a quote: its sentences, each citing its source (the block's text is the attributed one). */
const quoteParts = (quote: Quote): Part[] =>
  quote.units.map((u, k) => ({
    text: k === 0 ? u.standalone : u.clean,
    sources: [u.ref],
    supported: true,
    ...(u.cuts.length > 0 ? { said: u.original } : {}),
  }));

/** Adds a quote as a block: the guest's when they are not the owner, naming them. */
export function addQuote(
  list: BlockList,
  kind: Block['kind'],
  format: Format,
  quote: Quote,
  nth: number,
): Block {
  const block = list.add(kind, quoteParts(quote), attributed(format, quote, nth));
  if (!quote.speaker.me) {
    block.origin = 'guest';
    block.speaker = quote.speaker.name;
  }
  return block;
}

/** How many guest quotes each format carries beside the owner's own post. */
const QUOTES_BESIDE: Partial<Record<Format, number>> = { linkedin: 2, thread: 2, blog: 2, carousel: 2 };
const BLOCK_KIND: Partial<Record<Format, Block['kind']>> = {
  linkedin: 'paragraph',
  thread: 'post',
  blog: 'quote',
  carousel: 'slide',
};
const QUOTE_WORDS: Partial<Record<Format, number>> = {
  linkedin: 45,
  thread: 40,
  blog: 40,
  carousel: SLIDE_MAX_WORDS - 3,
};
const CAROUSEL_MAX_SLIDES = 10;
const fitsFormat = (format: Format, text: string) =>
  format !== 'thread' || text.length <= POST_MAX - 6 || countWordsOf(text) === 0;

/** The owner's statements that can stand in a draft, best first (never a question they asked). */
function ownLines(whole: Analysis, talk: Talk, max: number, maxWords: number): Unit[] {
  const ownKeys = new Set(
    talk.own.flatMap((n) => n.sentences.map((s) => refKey({ noteId: n.id, sentenceId: s.id }))),
  );
  return whole.units
    .filter((u) => ownKeys.has(refKey(u.ref)) && quotable(u, maxWords))
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .slice(0, max)
    .sort((a, b) => a.index - b.index);
}

/**
 * A draft of the owner's own words with the guests' best lines placed where they were said: never
 * before the opening block nor after the owner's closing one.
 */
function withQuotes(draft: FormatResult & { ok: true }, whole: Analysis, talk: Talk): FormatResult {
  const format = draft.format;
  let room = QUOTES_BESIDE[format] ?? 0;
  if (format === 'carousel') room = Math.min(room, CAROUSEL_MAX_SLIDES - draft.blocks.length);
  const quotes = room > 0 ? bestQuotes(whole, talk, { max: room, maxWords: QUOTE_WORDS[format]! }) : [];
  const order = new Map(whole.units.map((u) => [refKey(u.ref), u.index]));
  const positions: number[] = new Array(draft.blocks.length);
  let next = Number.POSITIVE_INFINITY;
  for (let i = draft.blocks.length - 1; i >= 0; i--) {
    const at = draft.blocks[i]!.sources.map((s) => order.get(refKey(s)) ?? next);
    if (at.length > 0) next = Math.min(...at);
    positions[i] = next;
  }
  const last = draft.blocks.at(-1);
  const end =
    last && (last.kind === 'closing' || format === 'carousel')
      ? draft.blocks.length - 1
      : draft.blocks.length;
  const list = new BlockList();
  const placed = new Map<number, Block[]>();
  // A LinkedIn post stays within its length with the quotes in it.
  let chars = draft.blocks.map((b) => b.text).join('\n\n').length;
  quotes.forEach((quote, nth) => {
    const text = attributed(format, quote, nth);
    if (!fitsFormat(format, text)) return;
    if (format === 'linkedin' && chars + text.length + 2 > LINKEDIN_MAX) return;
    chars += text.length + 2;
    let at = positions.findIndex((p, i) => i >= 1 && p > quote.index);
    if (at < 0 || at > end) at = end;
    at = Math.max(Math.min(1, draft.blocks.length), at);
    placed.set(at, [...(placed.get(at) ?? []), addQuote(list, BLOCK_KIND[format]!, format, quote, nth)]);
  });
  const blocks = draft.blocks.flatMap((block, i) => [...(placed.get(i) ?? []), block]);
  blocks.push(...(placed.get(draft.blocks.length) ?? []));
  return { ...draft, blocks: renumber(blocks), meta: { ...draft.meta, ...countsOf(format, blocks) } };
}

const renumber = (blocks: Block[]): Block[] => blocks.map((b, i) => ({ ...b, id: `b${i + 1}` }));

function countsOf(format: Format, blocks: readonly Block[]): Record<string, unknown> {
  if (format === 'thread') return { posts: blocks.length };
  if (format === 'carousel') return { slides: blocks.length };
  if (format === 'linkedin') return { chars: blocks.map((b) => b.text).join('\n\n').length };
  return {};
}

/** What the guests talk about most (their key phrases), for Echo's introduction. */
function topicsOf(whole: Analysis, talk: Talk, count: number): string[] {
  const theirs = whole.units.filter((u) => !u.filler && speakerOfUnit(talk, u));
  return keyPhrases(
    theirs.map((u) => ({ text: u.spoken, fillers: [] })),
    count,
  ).map((p) => asSaid(p.phrase, theirs));
}

/** The guests: everyone named but the owner (and, when nobody is marked as the owner, the host). */
export function guestsOf(talk: Talk, whole: Analysis): Speaker[] {
  const host = talk.me ? undefined : hostOf(whole, talk);
  return talk.speakers.filter((s) => !s.me && s.name !== host?.name);
}

/**
 * An interview draft: Echo's introduction (marked as Echo's), the guests' best points as their
 * attributed words, the owner's own statements among them, and the owner's own call to action when
 * they made one. Too short when nobody said enough that can be quoted.
 */
function interviewDraft(format: Format, whole: Analysis, talk: Talk, byline?: string): FormatResult {
  const min = { linkedin: LINKEDIN_MIN_WORDS, thread: THREAD_MIN_WORDS, carousel: CAROUSEL_MIN_WORDS }[
    format as 'linkedin'
  ];
  const what = {
    linkedin: 'a LinkedIn post',
    thread: 'a thread',
    carousel: 'a carousel',
    blog: 'a blog post',
  }[format as 'linkedin'];
  const need = format === 'blog' ? BLOG_INTERVIEW_MIN_WORDS : (min ?? 0);
  if (whole.words < need)
    return { ok: false, format, message: tooShortMessage(need, whole.words, what, whole.noteCount) };
  const guests = guestsOf(talk, whole);
  const names = namesOf(guests.map((g) => g.name)) || 'my guest';
  // "in Priya’s words": one guest is named, not "they".
  const whose = guests.length === 1 ? `${names}’s` : 'their';
  const [topic, second] = topicsOf(whole, talk, 2);
  const about = topic ? ` about ${topic}${second ? ` and ${second}` : ''}` : '';
  const maxQuotes = { linkedin: 4, thread: 6, carousel: 6, blog: 8 }[format as 'linkedin'] ?? 4;
  const quotes = bestQuotes(whole, talk, { max: maxQuotes, maxWords: QUOTE_WORDS[format] ?? 40 }).filter(
    (q) => fitsFormat(format, attributed(format, q, 0)),
  );
  const mine = ownLines(whole, talk, format === 'blog' ? 6 : 2, QUOTE_WORDS[format] ?? 40);
  if (quotes.length === 0)
    return {
      ok: false,
      format,
      message: `needs more of your own words for ${what}, or lines of your guests' that can be quoted`,
    };
  const list = new BlockList();
  const meta: Record<string, unknown> = {};
  const items = [
    ...quotes.map((quote) => ({ index: quote.index, quote })),
    ...mine.map((unit) => ({ index: unit.index, unit })),
  ].sort((a, b) => a.index - b.index);
  const kind = BLOCK_KIND[format]!;
  const addItems = (from: typeof items, quoteKind = kind, ownKind = kind) => {
    for (const item of from) {
      if ('quote' in item && item.quote)
        addQuote(list, quoteKind, format, item.quote, quotes.indexOf(item.quote));
      else if ('unit' in item && item.unit) list.addUnits(ownKind, [item.unit]);
    }
  };
  if (format === 'linkedin' || format === 'thread') {
    const intro = `I talked with ${names}${about}. ${format === 'thread' ? 'A thread of' : 'Here is'} what stayed with me, in ${whose} words${format === 'thread' ? ':' : '.'}`;
    list.add(format === 'linkedin' ? 'hook' : 'post', [ownLine(intro)]);
    addItems(items);
  } else if (format === 'carousel') {
    const title = topic ? `${names} on ${topic}` : `What ${names} said`;
    list.add('slide', [ownLine(capital(title))]);
    addItems(items.slice(0, CAROUSEL_MAX_SLIDES - 2));
    list.add('closing', [ownLine(byline ? `Follow ${byline} for more.` : 'Save this for later.')]);
    if (list.blocks.length < 5)
      return {
        ok: false,
        format,
        message: tooShortMessage(CAROUSEL_MIN_WORDS + 60, whole.words, what, whole.noteCount),
      };
    meta.slides = list.blocks.length;
    meta.author = byline ?? null;
  } else {
    const title = capital(topic ? `${names} on ${topic}` : `A conversation with ${names}`);
    list.add('title', [ownLine(title)], title);
    const intro = `I talked with ${names}${about}. ${guests.length === 1 ? `Here is what ${names} said, word for word.` : 'Here is what they said, in their own words.'}`;
    list.add('paragraph', [ownLine(intro)]);
    const chapters = chaptersOf(whole, talk);
    chapters.forEach((chapter, c) => {
      const to = chapters[c + 1]?.unit.index ?? Number.POSITIVE_INFINITY;
      const inside = items.filter((item) => item.index >= chapter.unit.index && item.index < to);
      if (inside.length === 0) return;
      if (chapters.length > 1) list.add('heading', [ownLine(chapter.title)], chapter.title);
      addItems(inside, 'quote', 'paragraph');
    });
    Object.assign(meta, {
      title,
      slug: slugOf(title),
      description: intro.length <= 160 ? intro : `${intro.slice(0, 157).replace(/\s+\S*$/, '')}…`,
      descriptionSources: [],
      keywords: whole.phrases.slice(0, 6).map((p) => p.phrase),
      words: list.blocks.filter((b) => b.kind !== 'title').reduce((n, b) => n + countWordsOf(b.text), 0),
    });
  }
  const own = list.blocks.filter((b) => b.origin === 'user').length;
  return {
    ok: true,
    format,
    blocks: list.blocks,
    meta: {
      ...meta,
      ...countsOf(format, list.blocks),
      interview: true,
      ...(own === 0 ? { guests_only: true } : {}),
    },
  };
}

const capital = (s: string) => (s ? s[0]!.toUpperCase() + s.slice(1) : s);

/** Clip hooks of a conversation: a clip whose hook line is a guest's names them. */
function attributedClips(draft: FormatResult & { ok: true }, whole: Analysis, talk: Talk): FormatResult {
  const byKey = new Map(whole.units.map((u) => [refKey(u.ref), u]));
  const blocks = draft.blocks.map((block) => {
    const unit = block.sources[0] && byKey.get(refKey(block.sources[0]));
    const speaker = unit && speakerOfUnit(talk, unit);
    if (!unit || !speaker) return block;
    return {
      ...block,
      text: `“${block.text}” — ${speaker.name}`,
      origin: 'guest' as const,
      speaker: speaker.name,
    };
  });
  return { ...draft, blocks };
}

/** Who the draft speaks as, and whom it quotes: the draft's `conversation` meta. */
export function conversationMeta(
  talk: Talk,
  whole: Analysis,
): { speaks_as: string | null; guests: string[] } {
  return { speaks_as: talk.me ?? null, guests: guestsOf(talk, whole).map((g) => g.name) };
}

/**
 * A format of a conversation: `own` is the format written from the owner's sentences alone (too
 * short when they said too little), `whole` the analysis of every sentence.
 */
export function conversationDraft(
  format: Format,
  own: FormatResult,
  whole: Analysis,
  talk: Talk,
  { byline, ownAnalysisWords }: { byline?: string; ownAnalysisWords: number },
): FormatResult {
  if (format === 'clips') return own.ok ? attributedClips(own, whole, talk) : own;
  if (format === 'shownotes') return own;
  // The owner's own post stands when their statements alone fill it; else the draft is an interview.
  const ownWords = own.ok
    ? own.blocks.filter((b) => b.origin === 'user').reduce((n, b) => n + countWordsOf(b.text), 0)
    : 0;
  const enough = { linkedin: LINKEDIN_MIN_WORDS, thread: THREAD_MIN_WORDS, carousel: 40, blog: 120 }[
    format as 'linkedin'
  ];
  // ...and when the conversation is mostly theirs (a coach, a guest on someone else's show): a
  // host's few statements make a poor post of their own.
  const ownShare = whole.words === 0 ? 0 : ownAnalysisWords / whole.words;
  return own.ok && ownWords >= (enough ?? 0) && ownShare >= OWN_SHARE_MIN
    ? withQuotes(own, whole, talk)
    : interviewDraft(format, whole, talk, byline);
}
