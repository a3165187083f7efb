import { DRAFT_MIN_WORDS } from '#contract/studio-drafts.ts';
/**
 * Show notes, an interview's own format: the guest line, a one-paragraph summary of what the guests
 * and the host covered, chapters with their mm:ss times (at topic shifts, chapters.ts; no times for
 * a transcript without them) and the three to five best quotes with their speaker and time. The
 * frame is Echo's (marked as Echo's); the quotes are the speakers' own words, each named.
 */

import type { Analysis, FormatResult } from '../extractive/index.ts';
import { BlockList, ownLine, tooShortMessage } from '../extractive/index.ts';
import { keyPhrases } from '../text/index.ts';
import { asSaid, chaptersOf, hostOf } from './chapters.ts';
import { addQuote, bestQuotes } from './conversation.ts';
import { namesOf, refKey, stampOf, type Talk } from './speakers.ts';

export const SHOWNOTES_MIN_WORDS = DRAFT_MIN_WORDS.shownotes!;
const QUOTES_MIN = 3;
const QUOTES_MAX = 5;

export const NOT_A_CONVERSATION =
  'show notes are made from a conversation: this note has one speaker (name the speakers in the note first)';

const joinPhrases = (phrases: readonly string[]) => namesOf([...phrases]);

const wordsOf = (phrase: string) =>
  phrase
    .toLowerCase()
    .split(/\s+/)
    .map((w) => w.replace(/s$/, ''));
/**
 * The first `count` phrases that say something new: "team" or "teams" after "remote team" (or the
 * other way round) says nothing a summary line needs twice.
 */
function distinct(phrases: readonly string[], count: number): string[] {
  const kept: string[][] = [];
  const out: string[] = [];
  for (const phrase of phrases) {
    if (out.length >= count) break;
    const words = wordsOf(phrase);
    const overlaps = (a: string[], b: string[]) => a.every((w) => b.includes(w));
    if (kept.some((k) => overlaps(words, k) || overlaps(k, words))) continue;
    kept.push(words);
    out.push(phrase);
  }
  return out;
}

export function showNotes(whole: Analysis, talk: Talk | undefined): FormatResult {
  if (!talk || talk.speakers.length < 2)
    return { ok: false, format: 'shownotes', message: NOT_A_CONVERSATION };
  if (whole.words < SHOWNOTES_MIN_WORDS)
    return {
      ok: false,
      format: 'shownotes',
      message: tooShortMessage(SHOWNOTES_MIN_WORDS, whole.words, 'show notes', whole.noteCount),
    };
  const host = hostOf(whole, talk)!;
  const guests = talk.speakers.filter((s) => s.name !== host.name);
  const guestNames = namesOf(guests.map((g) => g.name));
  const phrasesOf = (name: string | undefined, count: number) => {
    const units = whole.units.filter(
      (u) => !u.filler && (name === undefined || talk.speakerOf.get(refKey(u.ref))?.name === name),
    );
    return distinct(
      keyPhrases(
        units.map((u) => ({ text: u.spoken, fillers: [] })),
        count * 3,
      ).map((p) => asSaid(p.phrase, units)),
      count,
    );
  };

  const list = new BlockList();
  const title = `A conversation with ${guestNames}`;
  list.add('title', [ownLine(title)], title);
  list.add('paragraph', [
    ownLine(`${guests.length > 1 ? 'Guests' : 'Guest'}: ${guestNames} · Host: ${host.name}`),
  ]);
  const topics = phrasesOf(undefined, 3);
  const summary = [
    `${host.name} talks with ${guestNames}${topics.length ? ` about ${joinPhrases(topics)}` : ''}.`,
    ...guests.flatMap((guest) => {
      const theirs = phrasesOf(guest.name, 2);
      return theirs.length ? [`${guest.name} covers ${joinPhrases(theirs)}.`] : [];
    }),
  ];
  const asked = phrasesOf(host.name, 2);
  if (asked.length) summary.push(`${host.name} asks about ${joinPhrases(asked)}.`);
  list.add('paragraph', [ownLine(summary.join(' '))]);

  const chapters = chaptersOf(whole, talk);
  const chapterMeta: Array<{ blockId: string; startMs?: number; title: string }> = [];
  list.add('heading', [ownLine('Chapters')], 'Chapters');
  for (const chapter of chapters) {
    const line =
      chapter.startMs !== undefined ? `${stampOf(chapter.startMs)} ${chapter.title}` : chapter.title;
    const block = list.add('paragraph', [ownLine(line)]);
    chapterMeta.push({
      blockId: block.id,
      title: chapter.title,
      ...(chapter.startMs !== undefined ? { startMs: chapter.startMs } : {}),
    });
  }
  // The guests' best lines; the host's own only to make up three.
  let quotes = bestQuotes(whole, talk, { max: QUOTES_MAX });
  if (quotes.length < QUOTES_MIN) quotes = bestQuotes(whole, talk, { max: QUOTES_MIN, guestsOnly: false });
  if (quotes.length > 0) {
    list.add('heading', [ownLine('Quotes')], 'Quotes');
    for (const [nth, quote] of quotes.entries()) addQuote(list, 'quote', 'shownotes', quote, nth);
  }
  return {
    ok: true,
    format: 'shownotes',
    blocks: list.blocks,
    meta: {
      chapters: chapterMeta,
      quotes: quotes.length,
      host: host.name,
      guests: guests.map((g) => g.name),
      ...(quotes.length < QUOTES_MIN
        ? { warnings: ['Fewer than three lines of this conversation stand alone as quotes.'] }
        : {}),
    },
  };
}
