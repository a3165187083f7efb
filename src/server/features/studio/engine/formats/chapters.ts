/**
 * Chapters of a conversation: it is cut where the talk moves on (a new turn whose words share
 * little with what came before, a question above all), never inside a sentence or a turn's
 * sentence; each chapter starts at its first sentence's time (none in a transcript without times)
 * and is titled by the question that opens it, else by what it keeps coming back to.
 */
import type { Analysis, Unit } from '../extractive/index.ts';
import { keyPhrases } from '../text/index.ts';
import { MOVES_ON, refKey, type Speaker, type Talk } from './speakers.ts';

export { MOVES_ON };

export interface Chapter {
  /** Its first sentence. */
  unit: Unit;
  title: string;
  startMs?: number;
}

/** About one chapter per this many words, and at most CHAPTERS_MAX. */
const WORDS_PER_CHAPTER = 90;
export const CHAPTERS_MAX = 12;
/** Sentences compared on each side of a possible cut, and the fewest a chapter has. */
const WINDOW = 8;
const MIN_UNITS = 4;
/** Chapters of a timed conversation are at least this long, or this share of a short one. */
const MIN_CHAPTER_MS = 20_000;
const MIN_CHAPTER_SHARE = 1 / 10;
/**
 * A cut this clearly a new topic (a question opening a turn that shares few words with what came
 * before, or a speaker saying they move on) is a chapter even when the conversation is too short
 * for as many by its words: a five-minute episode with four questions has four topics.
 */
const STRONG_SHIFT = -0.28;
const TITLE_MAX_WORDS = 12;
/** "Let's talk about money", "Moving on", "Next question": the speaker says the topic changes. */

function cohesion(a: readonly Unit[], b: readonly Unit[]): number {
  const count = (units: readonly Unit[]) => {
    const m = new Map<string, number>();
    for (const u of units) for (const s of u.stems) m.set(s, (m.get(s) ?? 0) + 1);
    return m;
  };
  const left = count(a);
  const right = count(b);
  let dot = 0;
  for (const [s, v] of left) dot += v * (right.get(s) ?? 0);
  const norm = (m: Map<string, number>) => Math.sqrt([...m.values()].reduce((x, v) => x + v * v, 0));
  return dot / Math.max(1e-9, norm(left) * norm(right));
}

/** Who asks the questions: the named speaker with the most of them (the first to speak on a tie). */
export function hostOf(whole: Analysis, talk: Talk): Speaker | undefined {
  const questions = new Map<string, number>();
  for (const unit of whole.units) {
    const speaker = talk.speakerOf.get(refKey(unit.ref));
    if (speaker?.name && unit.question) questions.set(speaker.name, (questions.get(speaker.name) ?? 0) + 1);
  }
  let host: Speaker | undefined;
  for (const speaker of talk.speakers)
    if (!host || (questions.get(speaker.name) ?? 0) > (questions.get(host.name) ?? 0)) host = speaker;
  return host;
}

const capital = (s: string) => (s ? s[0]!.toUpperCase() + s.slice(1) : s);

function titleOf(units: readonly Unit[], first: boolean): string {
  const question = units.slice(0, 3).find(
    (u) =>
      u.question &&
      u.words >= 3 &&
      u.words <= TITLE_MAX_WORDS &&
      !u.dangling &&
      // "Where are we with that?" names nothing a chapter list can show.
      !/\b(?:that|this|it|them|those|these)\b/i.test(u.standalone),
  );
  if (question) return question.standalone;
  if (first && units.length < MIN_UNITS + 2) return 'Introduction';
  const [phrase] = keyPhrases(
    units.filter((u) => !u.filler).map((u) => ({ text: u.spoken, fillers: [] })),
    1,
  );
  return phrase ? capital(asSaid(phrase.phrase, units)) : first ? 'Introduction' : 'More';
}

/** A phrase with the capitals it was said with ("Saturday coffee", "Leeds"). */
export function asSaid(phrase: string, units: readonly Unit[]): string {
  const pattern = phrase
    .split(' ')
    .map((word) => word.replace(/[^\p{L}\p{N}'’-]/gu, ''))
    .join('\\s+');
  for (const unit of units) {
    const found = new RegExp(`(?<![\\p{L}])${pattern}(?![\\p{L}])`, 'iu').exec(unit.clean);
    if (found) return found[0];
  }
  return phrase;
}

export function chaptersOf(whole: Analysis, talk: Talk): Chapter[] {
  const body = whole.units.filter((u) => !u.filler && u.words > 0);
  if (body.length === 0) return [];
  const speaker = (u: Unit) => talk.speakerOf.get(refKey(u.ref))?.name ?? '';
  const host = hostOf(whole, talk)?.name;
  const turns = body.some((u, i) => i > 0 && speaker(u) !== speaker(body[i - 1]!));
  const candidates: { at: number; score: number }[] = [];
  for (let at = MIN_UNITS; at <= body.length - MIN_UNITS; at++) {
    const unit = body[at]!;
    if (turns && speaker(unit) === speaker(body[at - 1]!)) continue;
    if (unit.noteIndex !== body[at - 1]!.noteIndex) {
      candidates.push({ at, score: -2 });
      continue;
    }
    let score = cohesion(body.slice(Math.max(0, at - WINDOW), at), body.slice(at, at + WINDOW));
    // A turn that asks (in its first two sentences) or says it moves on opens a topic.
    const opening = body.slice(at, at + 2).filter((u) => speaker(u) === speaker(unit));
    const asks = opening.find((u) => u.question);
    if (asks) score -= 0.35;
    if (asks && host && speaker(unit) === host) score -= 0.15;
    if (MOVES_ON.test(unit.clean)) score -= 0.4;
    if (unit.dangling || unit.roles.pointsBack) score += 0.5;
    candidates.push({ at, score });
  }
  const strong = candidates.filter((c) => c.score <= STRONG_SHIFT).length;
  const k = Math.max(
    1,
    Math.min(CHAPTERS_MAX, Math.max(Math.round(whole.words / WORDS_PER_CHAPTER), strong + 1)),
  );
  const cuts: number[] = [0];
  const timeOf = (at: number) => body[at]!.startMs;
  const lastMs = body.at(-1)!.endMs ?? body.at(-1)!.startMs;
  const minMs = lastMs === undefined ? MIN_CHAPTER_MS : Math.min(MIN_CHAPTER_MS, lastMs * MIN_CHAPTER_SHARE);
  for (const candidate of candidates.sort((a, b) => a.score - b.score || a.at - b.at)) {
    if (cuts.length >= k) break;
    const far = cuts.every((c) => {
      if (Math.abs(c - candidate.at) < MIN_UNITS) return false;
      const [a, b] = [timeOf(c), timeOf(candidate.at)];
      return a === undefined || b === undefined || Math.abs(a - b) >= minMs;
    });
    if (far) cuts.push(candidate.at);
  }
  cuts.sort((a, b) => a - b);
  return cuts.map((at, i) => {
    const units = body.slice(at, cuts[i + 1] ?? body.length);
    const first = body[at]!;
    return {
      unit: first,
      title: titleOf(units, i === 0),
      // The first chapter starts the episode (players want 00:00).
      ...(first.startMs !== undefined ? { startMs: i === 0 ? 0 : first.startMs } : {}),
    };
  });
}
