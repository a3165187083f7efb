/**
 * Shared analysis of the source notes for every format: cleaned sentences (fillers dropped, the
 * user's words kept), key phrases, and a TextRank ranking biased toward sentences that carry the
 * key phrases (Mihalcea & Tarau 2004, with a personalised teleport vector).
 */
import {
  type KeyPhrase,
  keyPhrases,
  markFillers,
  STOP_WORDS,
  stem,
  tokenize,
  writtenForm,
} from '../text/index.ts';
import { takeOutBanned } from './bans.ts';
import { editSentence } from './edit.ts';
import { type Roles, rolesOf } from './roles.ts';
import type { Id, Part, SourceNote, SourceRef } from './types.ts';

export interface Unit {
  /** Position in reading order across all notes. */
  index: number;
  noteIndex: number;
  ref: SourceRef;
  original: string;
  /** Fillers, markers, asides, tag questions and restarts cut (edit.ts), first letter capitalised. */
  spoken: string;
  /** `spoken` with its numbers in written form (text/written-form.ts): what a draft shows. */
  clean: string;
  /** What the light editing cut (empty when the sentence is as said). */
  cuts: string[];
  /**
   * Figures, amounts and names a reader remembers ("340", "ninety percent", "Priya"), lower-cased, as
   * said (`factsOf(clean)` gives them in written form).
   */
  facts: string[];
  /** Banned words (the user's settings) the sentence uses. */
  banned: string[];
  /** Carries one of the user's pinned phrases. */
  pinned: boolean;
  roles: Roles;
  /** Also without a leading "So," / "And" / "But" / "Okay": for use out of its context. */
  standalone: string;
  words: number;
  stems: Set<string>;
  filler: boolean;
  /** Starts with a word that points back ("It", "That", "They"): weak on its own. */
  dangling: boolean;
  question: boolean;
  hasFillers: boolean;
  startMs?: number;
  endMs?: number;
  /** TextRank score times a length factor; mean about 1 over usable sentences. */
  score: number;
  /** Usable in a draft (not filler, at least 4 words). */
  usable: boolean;
}

export interface Analysis {
  units: Unit[];
  settings: Settings;
  phrases: KeyPhrase[];
  /** Words of the notes without fillers. */
  words: number;
  noteCount: number;
}

/** The user's settings, which are law: banned words never appear, pinned phrases are preferred. */
export interface Settings {
  bans?: readonly string[];
  pins?: readonly string[];
}

const NUMBER_WORD =
  /^(?:two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred|thousand|million|billion|percent|dozen|half)$/i;
/** "twenty-two", "forty-one": a number written as words with a hyphen. */
const isNumberWord = (word: string) =>
  NUMBER_WORD.test(word) ||
  (word.includes('-') &&
    word.split('-').every((part, i) => NUMBER_WORD.test(part) || (i > 0 && /^one$/i.test(part))));
const NOT_NAMES = new Set(['i', "i'm", "i've", "i'd", "i'll", 'ok', 'okay']);

/** What a reader remembers: figures, number words, amounts, and capitalised names past the first word. */
export function factsOf(text: string): string[] {
  const out = new Set<string>();
  // "104th" is one figure (an ordinal), not "104" and "th".
  const tokens = text.match(/[$€£]?\d[\d,.]*(?:%|(?:st|nd|rd|th)(?![\p{L}]))?|[\p{L}][\p{L}'’-]*/gu) ?? [];
  tokens.forEach((token, i) => {
    const word = token.replace(/[.,]+$/, '');
    if (/\d/.test(word)) out.add(word.toLowerCase());
    else if (isNumberWord(word)) out.add(word.toLowerCase());
    else if (i > 0 && /^\p{Lu}\p{Ll}/u.test(word) && !NOT_NAMES.has(word.toLowerCase()))
      out.add(word.toLowerCase());
  });
  return [...out];
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** Whole-word, case-insensitive match of each phrase. */
export function phrasesIn(text: string, phrases: readonly string[]): string[] {
  return phrases.filter(
    (p) =>
      p.trim() &&
      new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(p.trim())}(?![\\p{L}\\p{N}])`, 'iu').test(text),
  );
}

const LEAD_IN_ONLY =
  /^(?:(?:so|and|but|okay|ok|now|well)\s*,?\s+)*(?:here's the thing|here is the thing|here's the deal|the thing is|let me tell you|you know what|listen|look)\s*[.!:,]?$/i;

/** Openers a sentence standing alone does without ("So, ...", "And ...", "Now, ..."). */
const LEADING =
  /^(?:(?:(?:okay|ok|so|and|but|anyway|well|yeah|alright|right|also|plus|because)\b,?|(?:now|look|listen|see),)\s+)+/i;
const DANGLING = /^(?:it|it's|that|that's|this|these|those|they|they're|he|she|them|there|which|then)\b/i;
/** "When I raised my prices, those clients…", "The other thing…": leans on what came before. */
const POINTS_BACK = /^(?:\S+\s+){0,6}(?:those|these)\b|^(?:\S+\s+){0,2}(?:other|they|them|he|she)\b/i;

const capitalise = (text: string) => (text.length > 0 ? text[0]!.toUpperCase() + text.slice(1) : text);

/**
 * Auto captions come without punctuation or capitals: such a sentence gets a final full stop and
 * its "i" / "i'm" capitalised (only when it has no capital letter at all).
 */
function punctuate(text: string): string {
  if (text.length === 0) return text;
  let out = text;
  if (!/\p{Lu}/u.test(out.slice(1))) out = out.replace(/\bi(?=\b|')/g, 'I');
  if (!/[.!?…]["'”’)\]]*$/.test(out)) out = `${out.replace(/[,;:\s]+$/, '')}.`;
  return out;
}

export function standaloneOf(clean: string): string {
  const stripped = clean.replace(LEADING, '');
  return stripped.split(/\s+/).length >= 4 ? capitalise(stripped) : clean;
}

function contentStems(text: string): Set<string> {
  const out = new Set<string>();
  for (const token of tokenize(text)) {
    if (token.norm.length > 2 && !STOP_WORDS.has(token.norm) && !/^\d/.test(token.norm))
      out.add(stem(token.norm));
  }
  return out;
}

function lengthFactor(words: number): number {
  if (words < 5) return 0.3;
  if (words < 8) return 0.75;
  if (words <= 30) return 1;
  if (words <= 45) return 0.85;
  return 0.6;
}

/**
 * How far a sentence looks for its links: at most this many sentences per shared stem (the nearest
 * in reading order), and at most this many links of its own. Every sentence's work is then bounded
 * by its own stems, so ranking grows with the note, never with the square of its sentences; a note
 * whose stems each recur in a quarter of its sentences costs what an ordinary note of its length
 * does. An ordinary note's stems recur in fewer sentences than the window holds, so it is ranked
 * as if every pair were compared.
 */
export const LINK_WINDOW = 40;
export const LINKS_PER_SENTENCE = 24;

/** Work done while linking sentences (the test's measure: pairs of sentences looked at). */
export interface LinkMeter {
  comparisons: number;
}

/**
 * Links between sentences that share content stems, weighted by overlap over their lengths
 * (TextRank's similarity): each sentence keeps its LINKS_PER_SENTENCE strongest, found through an
 * index of stems whose lists are read only LINK_WINDOW entries around the sentence. A stem in more
 * than 30% of the sentences (at least 40) links nothing: it says nothing about any one of them.
 * Links go both ways (a sentence chosen by another links back).
 */
export function sentenceLinks(
  stems: readonly ReadonlySet<string>[],
  meter?: LinkMeter,
): Map<number, number>[] {
  const n = stems.length;
  const postings = new Map<string, number[]>();
  /** Each sentence's stems as (posting list, its place in the list). */
  const places: Array<Array<[number[], number]>> = stems.map((set, i) => {
    const own: Array<[number[], number]> = [];
    for (const s of set) {
      let list = postings.get(s);
      if (!list) {
        list = [];
        postings.set(s, list);
      }
      own.push([list, list.length]);
      list.push(i);
    }
    return own;
  });
  const tooCommon = Math.max(40, n * 0.3);
  const norm = stems.map((set) => Math.log(Math.max(2, set.size)));
  const edges: Map<number, number>[] = stems.map(() => new Map());
  let comparisons = 0;
  for (let i = 0; i < n; i++) {
    const overlap = new Map<number, number>();
    for (const [list, place] of places[i]!) {
      if (list.length < 2 || list.length > tooCommon) continue;
      const to = Math.min(list.length, Math.max(0, place - LINK_WINDOW / 2) + LINK_WINDOW + 1);
      for (let k = Math.max(0, to - LINK_WINDOW - 1); k < to; k++) {
        if (k === place) continue;
        comparisons++;
        const j = list[k]!;
        overlap.set(j, (overlap.get(j) ?? 0) + 1);
      }
    }
    const strongest = [...overlap]
      .map(([j, shared]) => [j, shared / (norm[i]! + norm[j]!)] as const)
      .sort((a, b) => b[1] - a[1] || Math.abs(a[0] - i) - Math.abs(b[0] - i) || a[0] - b[0])
      .slice(0, LINKS_PER_SENTENCE);
    for (const [j, weight] of strongest) {
      edges[i]!.set(j, weight);
      edges[j]!.set(i, weight);
    }
  }
  if (meter) meter.comparisons += comparisons;
  return edges;
}

/** Biased TextRank over the usable sentences; writes `score` on each unit. */
function rank(units: Unit[], phrases: KeyPhrase[]): void {
  const nodes = units.filter((u) => u.usable);
  const n = nodes.length;
  if (n === 0) return;
  const edges = sentenceLinks(nodes.map((u) => u.stems));
  const out = new Float64Array(n);
  for (let i = 0; i < n; i++) for (const weight of edges[i]!.values()) out[i] += weight;
  // Teleport toward sentences carrying the key phrases.
  const top = phrases[0]?.score ?? 1;
  const phraseStems = phrases.map((p) => ({ stems: p.key.split(' '), weight: p.score / top }));
  const bias = nodes.map((u) => {
    let hits = 0;
    for (const p of phraseStems) if (p.stems.every((s) => u.stems.has(s))) hits += p.weight;
    return 1 + 2 * hits;
  });
  const biasTotal = bias.reduce((a, b) => a + b, 0);
  const teleport = bias.map((b) => b / biasTotal);
  let r = new Float64Array(n).fill(1 / n);
  const d = 0.85;
  for (let iteration = 0; iteration < 40; iteration++) {
    const next = new Float64Array(n);
    let dangling = 0;
    for (let i = 0; i < n; i++) {
      if (out[i] === 0) {
        dangling += r[i]!;
        continue;
      }
      for (const [j, weight] of edges[i]!) next[j] += (d * r[i]! * weight) / out[i]!;
    }
    for (let i = 0; i < n; i++) next[i] += (1 - d + d * dangling) * teleport[i]!;
    r = next;
  }
  nodes.forEach((unit, i) => {
    unit.score = r[i]! * n * lengthFactor(unit.words);
  });
}

export function analyse(
  notes: readonly SourceNote[],
  extraPhrases: readonly string[] = [],
  settings: Settings = {},
): Analysis {
  const units: Unit[] = [];
  let words = 0;
  const bans = settings.bans ?? [];
  const pins = settings.pins ?? [];
  notes.forEach((note, noteIndex) => {
    note.sentences.forEach((sentence, position) => {
      // Fillers are marked again: the marker's rules improve, the stored spans stay as they were.
      const marked = markFillers(sentence.text);
      const edited = editSentence({ text: sentence.text, fillers: marked.fillers }, { pins });
      // What the planner weighs (length, facts, roles, ranking) is read as said, so writing a number
      // as a figure changes no choice; the text is written with its numbers as a reader expects them
      // ("$85", "3:52"), unless that would break a pinned phrase. `original` keeps them as said.
      const spoken = punctuate(capitalise(edited.text));
      const written = punctuate(capitalise(writtenForm(edited.text)));
      let clean = phrasesIn(written, pins).length < phrasesIn(spoken, pins).length ? spoken : written;
      let cuts = edited.cuts;
      // A banned word leaves with the filler around it; the sentence stays when it still reads (bans.ts).
      const bannedHere = phrasesIn(clean, bans);
      const taken = bannedHere.length > 0 ? takeOutBanned(clean, bannedHere) : undefined;
      if (taken && phrasesIn(taken.text, pins).length === phrasesIn(clean, pins).length) {
        clean = punctuate(taken.text);
        cuts = [...cuts, ...taken.cuts];
      }
      const count = tokenize(spoken).length;
      // A sentence that only announces a point ("So here's the thing.") is a filler, unless pinned.
      const leadIn = LEAD_IN_ONLY.test(spoken) && phrasesIn(spoken, pins).length === 0;
      const filler = sentence.filler || marked.filler || leadIn;
      const banned = phrasesIn(clean, bans);
      const unit: Unit = {
        index: units.length,
        noteIndex,
        ref: { noteId: note.id, sentenceId: sentence.id },
        original: sentence.text.trim(),
        spoken,
        clean,
        cuts,
        facts: filler ? [] : factsOf(spoken),
        banned,
        pinned: pins.length > 0 && phrasesIn(clean, pins).length > 0,
        roles: rolesOf(spoken, position / Math.max(1, note.sentences.length - 1), position === 0),
        standalone: standaloneOf(clean),
        words: filler ? 0 : count,
        stems: contentStems(spoken),
        filler,
        dangling: false,
        question: /\?["'”’)]*$/.test(clean),
        hasFillers: cuts.length > 0,
        score: 0,
        usable: !filler && count >= 4 && banned.length === 0,
      };
      unit.dangling = position > 0 && (DANGLING.test(unit.standalone) || POINTS_BACK.test(unit.standalone));
      if (sentence.startMs !== undefined && sentence.endMs !== undefined) {
        unit.startMs = sentence.startMs;
        unit.endMs = sentence.endMs;
      }
      words += unit.words;
      units.push(unit);
    });
  });
  const phrases = keyPhrases(
    units.filter((u) => !u.filler).map((u) => ({ text: u.spoken, fillers: [] })),
    12,
  );
  for (const extra of extraPhrases) {
    const key = extra.toLowerCase().split(/\s+/).map(stem).join(' ');
    if (!phrases.some((p) => p.key === key))
      phrases.push({ phrase: extra.toLowerCase(), key, score: phrases[0]?.score ?? 1, count: 1 });
  }
  rank(units, phrases);
  for (const unit of units) if (unit.pinned) unit.score *= 1.5;
  return {
    units,
    settings,
    phrases: phrases.filter((p) => phrasesIn(p.phrase, bans).length === 0),
    words,
    noteCount: notes.length,
  };
}

/**
 * One sentence as a draft shows it: fillers, markers, asides and restarts cut (edit.ts), numbers in
 * written form, capitalised and punctuated (what `analyse` makes a unit's `clean`).
 */
export function asWritten(text: string, pins: readonly string[] = []): string {
  const edited = editSentence({ text, fillers: markFillers(text).fillers }, { pins });
  return punctuate(capitalise(writtenForm(edited.text)));
}

const letters = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');

/** A part of the user's words; `said` keeps the sentence as said when the text cut something from it. */
export function userPart(unit: Unit, text: string): Part {
  const part: Part = { text, sources: [unit.ref], supported: true };
  if (letters(text) !== letters(unit.original)) part.said = unit.original;
  return part;
}

/** The part for one unit, in context (after its own predecessor) or standing alone. */
export function partOf(unit: Unit, inContext: boolean): Part {
  return userPart(unit, inContext ? unit.clean : unit.standalone);
}

/** Joins parts in reading order, choosing the in-context form when a sentence follows its predecessor. */
export function partsInOrder(units: readonly Unit[]): Part[] {
  return units.map((unit, i) => partOf(unit, i > 0 && units[i - 1]!.index === unit.index - 1));
}

export function uniqueSources(parts: readonly Part[]): SourceRef[] {
  const seen = new Set<string>();
  const out: SourceRef[] = [];
  for (const part of parts) {
    for (const ref of part.sources) {
      const key = `${String(ref.noteId)}\u0000${String(ref.sentenceId)}`;
      if (!seen.has(key)) {
        seen.add(key);
        out.push(ref);
      }
    }
  }
  return out;
}

export function tooShortMessage(need: number, have: number, what: string, notes: number): string {
  return `needs about ${need} words for ${what}; ${notes > 1 ? 'these notes have' : 'this note has'} ${have}`;
}

export type { Id };
