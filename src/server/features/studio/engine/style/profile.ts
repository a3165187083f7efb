/**
 * The voice profile (offline, deterministic, explainable). `noteStats` reduces one note to
 * mergeable counts (stored per note); `buildProfile` adds any number of them up and derives the
 * profile per register, so a 1,000,000-word profile is recomputed from stored stats in well under
 * a second instead of re-reading the text.
 */
import {
  BUZZ_INDEX,
  FW,
  FW_INDEX,
  hash32,
  splitSentences,
  syllables,
  type Token,
  tokenize,
} from '../text/index.ts';
import { charNgramCounts, encodeChars, forEachChar, forEachWord } from './char-ngrams.ts';
import {
  CHAR_BUCKETS,
  type NoteStats,
  PHRASES_PER_NOTE,
  type Register,
  type RegisterProfile,
  SENTENCE_BINS,
  type Share,
  type SignaturePhrase,
  sentenceBin,
  type VoiceProfile,
  WORD_BUCKETS,
} from './profile-shape.ts';
import { referenceRate } from './reference.ts';
import { TYPICAL_SENTENCE_HISTOGRAM } from './reference-data.ts';

export type { NoteStats, Register, RegisterProfile, SignaturePhrase, VoiceProfile } from './profile-shape.ts';
export { CHAR_BUCKETS, SENTENCE_BINS, sentenceBin, WORD_BUCKETS } from './profile-shape.ts';

const FIRST_PERSON = new Set([
  'i',
  'me',
  'my',
  'mine',
  'myself',
  "i'm",
  "i've",
  "i'll",
  "i'd",
  'we',
  'us',
  'our',
  'ours',
  'ourselves',
  "we're",
  "we've",
  "we'll",
  "we'd",
]);
const EMOJI = /\p{Extended_Pictographic}/gu;
const HASHTAG = /(^|[^\p{L}\p{N}_&])#[\p{L}\p{N}_]+/gu;
const FILLER_WORDS = new Set(['um', 'uh', 'erm', 'er', 'ah', 'hmm', 'mm', 'umm', 'uhm']);

function bump(map: Record<string, number>, key: string, by = 1): void {
  map[key] = (map[key] ?? 0) + by;
}

/** Hashed counts of every word (lower-cased tokens), WORD_BUCKETS long, stored like `chars`. */
export function lexiconOf(words: readonly string[]): Record<string, number> | string {
  const counts: Record<string, number> = {};
  for (const word of words) bump(counts, String(hash32(word) % WORD_BUCKETS));
  return encodeChars(counts, WORD_BUCKETS);
}

/**
 * Statistics of one note. Pure and deterministic; stores counts, not the text. `phrases: false`
 * leaves out its phrases, openers and closers (only the profile reads them; a draft's score does not,
 * and they are over half of the work).
 */
export function noteStats(
  text: string,
  register: Register,
  { phrases = true }: { phrases?: boolean } = {},
): NoteStats {
  const stats: NoteStats = {
    v: 1,
    register,
    notes: 1,
    words: 0,
    sentences: 0,
    paragraphs: 0,
    lengths: new Array<number>(SENTENCE_BINS.length + 1).fill(0),
    sentenceWords: 0,
    questions: 0,
    exclamations: 0,
    emoji: (text.match(EMOJI) ?? []).length,
    hashtags: (text.match(HASHTAG) ?? []).length,
    firstPerson: 0,
    syllables: 0,
    fw: new Array<number>(FW.length).fill(0),
    buzz: {},
    chars: encodeChars(charNgramCounts(text)),
    phrases: {},
    openers: {},
    closers: {},
  };
  stats.paragraphs = text.split(/\n\s*\n/).filter((p) => /[\p{L}\p{N}]/u.test(p)).length;
  const phraseFirstSeen = new Map<string, number>();
  let lastWords: string[] = [];
  const allWords: string[] = [];
  for (const sentence of splitSentences(text)) {
    const tokens = tokenize(sentence.text);
    stats.words += tokens.length;
    for (const token of tokens) {
      allWords.push(token.norm);
      const index = FW_INDEX.get(token.norm);
      if (index !== undefined) stats.fw[index]++;
      if (BUZZ_INDEX.has(token.norm)) bump(stats.buzz, token.norm);
      if (FIRST_PERSON.has(token.norm)) stats.firstPerson++;
      stats.syllables += syllables(token.norm);
    }
    if (sentence.filler || tokens.length === 0) continue;
    const kept = tokens.filter((t) => !sentence.fillers.some((f) => t.start >= f.start && t.end <= f.end));
    stats.sentences++;
    stats.sentenceWords += kept.length;
    stats.lengths[sentenceBin(kept.length)]++;
    const end = sentence.text.trimEnd();
    if (/\?["'”’)]*$/.test(end)) stats.questions++;
    else if (/!["'”’)]*$/.test(end)) stats.exclamations++;
    if (!phrases) continue;
    if (kept.length > 0)
      bump(
        stats.openers,
        kept
          .slice(0, 2)
          .map((t) => t.norm)
          .join(' '),
      );
    collectPhrases(kept, stats.phrases, phraseFirstSeen);
    if (kept.length >= 2) lastWords = kept.slice(-3).map((t) => t.norm);
  }
  if (lastWords.length > 0) bump(stats.closers, lastWords.join(' '));
  if (phrases) stats.phrases = topPhrases(stats.phrases, phraseFirstSeen);
  stats.lexicon = lexiconOf(allWords);
  stats.lexiconWords = stats.words;
  return stats;
}

function collectPhrases(tokens: Token[], into: Record<string, number>, firstSeen: Map<string, number>): void {
  const words = tokens.map((t) => t.norm);
  // Words no phrase may hold (figures, fillers), looked at once each.
  const unfit = words.map((w) => /\d/.test(w) || FILLER_WORDS.has(w));
  for (let n = 2; n <= 4; n++) {
    grams: for (let i = 0; i + n <= words.length; i++) {
      for (let k = i; k < i + n; k++) if (unfit[k]) continue grams;
      const key = words.slice(i, i + n).join(' ');
      if (!firstSeen.has(key)) firstSeen.set(key, firstSeen.size);
      bump(into, key);
    }
  }
}

/** The note's PHRASES_PER_NOTE most frequent n-grams (ties: shorter, then earlier). */
function topPhrases(all: Record<string, number>, firstSeen: Map<string, number>): Record<string, number> {
  const entries = Object.entries(all);
  if (entries.length <= PHRASES_PER_NOTE) return all;
  // Each phrase's words and first place counted once, not in every comparison of the sort.
  const ranked = entries.map(([phrase, count]) => ({
    phrase,
    count,
    words: phrase.split(' ').length,
    seen: firstSeen.get(phrase)!,
  }));
  ranked.sort((a, b) => b.count - a.count || a.words - b.words || a.seen - b.seen);
  return Object.fromEntries(ranked.slice(0, PHRASES_PER_NOTE).map((r) => [r.phrase, r.count]));
}

/** Adds `b` into `a` (in place) and returns `a`. Phrase note counts are kept in `phraseNotes`. */
export function mergeStats(a: NoteStats, b: NoteStats): NoteStats {
  if (!a.phraseNotes) a.phraseNotes = Object.fromEntries(Object.keys(a.phrases).map((k) => [k, 1]));
  a.notes += b.notes;
  a.words += b.words;
  a.sentences += b.sentences;
  a.paragraphs += b.paragraphs;
  a.sentenceWords += b.sentenceWords;
  a.questions += b.questions;
  a.exclamations += b.exclamations;
  a.emoji += b.emoji;
  a.hashtags += b.hashtags;
  a.firstPerson += b.firstPerson;
  a.syllables += b.syllables;
  for (let i = 0; i < a.lengths.length; i++) a.lengths[i] += b.lengths[i] ?? 0;
  for (let i = 0; i < a.fw.length; i++) a.fw[i] += b.fw[i] ?? 0;
  for (const key in b.buzz) bump(a.buzz, key, b.buzz[key]);
  if (typeof a.chars === 'string') {
    const sparse: Record<string, number> = {};
    forEachChar(a.chars, (bucket, count) => {
      sparse[bucket] = count;
    });
    a.chars = sparse;
  }
  const into = a.chars;
  forEachChar(b.chars, (bucket, count) => {
    into[bucket] = (into[bucket] ?? 0) + count;
  });
  if (b.lexicon) {
    const words = b.lexiconWords ?? b.words;
    if (typeof a.lexicon === 'string' || a.lexicon === undefined) {
      const sparse: Record<string, number> = {};
      if (a.lexicon)
        forEachWord(a.lexicon, (bucket, count) => {
          sparse[bucket] = count;
        });
      a.lexicon = sparse;
    }
    const lexicon = a.lexicon;
    forEachWord(b.lexicon, (bucket, count) => {
      lexicon[bucket] = (lexicon[bucket] ?? 0) + count;
    });
    a.lexiconWords = (a.lexiconWords ?? 0) + words;
  }
  for (const key in b.openers) bump(a.openers, key, b.openers[key]);
  for (const key in b.closers) bump(a.closers, key, b.closers[key]);
  for (const key in b.phrases) {
    bump(a.phrases, key, b.phrases[key]);
    bump(a.phraseNotes, key, b.phraseNotes?.[key] ?? 1);
  }
  return a;
}

function emptyStats(register: Register): NoteStats {
  return {
    v: 1,
    register,
    notes: 0,
    words: 0,
    sentences: 0,
    paragraphs: 0,
    lengths: new Array<number>(SENTENCE_BINS.length + 1).fill(0),
    sentenceWords: 0,
    questions: 0,
    exclamations: 0,
    emoji: 0,
    hashtags: 0,
    firstPerson: 0,
    syllables: 0,
    fw: new Array<number>(FW.length).fill(0),
    buzz: {},
    chars: {},
    phrases: {},
    phraseNotes: {},
    openers: {},
    closers: {},
  };
}

const round = (value: number, digits = 4) => Number(value.toFixed(digits));

function topShares(counts: Record<string, number>, total: number, limit: number, minCount: number): Share[] {
  return Object.entries(counts)
    .filter(([, count]) => count >= minCount)
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .slice(0, limit)
    .map(([text, count]) => ({ text, share: round(count / Math.max(1, total), 3) }));
}

/**
 * Nouns the function-word list keeps for stylometry ("here's the thing", "a lot") that still carry a
 * phrase's meaning; every other FW word is glue.
 */
const FW_NOUNS: ReadonlySet<string> = new Set(['thing', 'things', 'way', 'lot', 'kind', 'sort']);
/**
 * Words a phrase may not start with: it would be a fragment of a longer one ("the pricing page",
 * "them write", "is pricing").
 */
// biome-ignore format: a word list
const NO_START: ReadonlySet<string> = new Set([
  'a', 'an', 'the', 'of', 'to', 'in', 'on', 'at', 'by', 'for', 'from', 'with', 'as', 'into', 'and',
  'or', 'but', 'nor', 'that', 'which', 'than', 'so', 'if', 'because', 'about', 'over', 'per', 'via',
  'them', 'him', 'me', 'us', 'whom', 'is', 'are', 'was', 'were', 'be', 'been', 'being', 'am',
]);
const isContent = (word: string) => (!FW_INDEX.has(word) || FW_NOUNS.has(word)) && !/\d/.test(word);

/**
 * Whether an n-gram can be a signature phrase at all: it carries a content word (not only function
 * words: "of them", "the one"), ends on one (not a fragment: "write the", "pricing is a") and does
 * not start with an article, preposition or conjunction.
 */
export function isPhraseShape(phrase: string): boolean {
  const words = phrase.split(' ');
  if (words.length < 2) return false;
  if (NO_START.has(words[0]!) || FILLER_WORDS.has(words[0]!)) return false;
  return isContent(words.at(-1)!) && words.some(isContent);
}

/**
 * Signature phrases: content n-grams (`isPhraseShape`) the user says more than English does and says
 * steadily: at least 3 times as often as in the reference (SOTU-derived counts, smoothed), and seen
 * in at least 2 notes or at least 3 times; ranked by count x log(ratio); a phrase inside a longer
 * kept one that covers most of its uses is dropped ("pricing page" under "our pricing page").
 */
export function signaturePhrases(stats: NoteStats, limit = 20): SignaturePhrase[] {
  const candidates: (SignaturePhrase & { score: number })[] = [];
  const words = Math.max(1, stats.words);
  for (const phrase in stats.phrases) {
    const count = stats.phrases[phrase]!;
    const notes = stats.phraseNotes?.[phrase] ?? 1;
    if (notes < 2 && count < 3) continue;
    if (!isPhraseShape(phrase)) continue;
    const ratio = count / words / referenceRate(phrase);
    if (ratio < 3) continue;
    candidates.push({
      phrase,
      count,
      notes,
      ratio: round(Math.min(ratio, 999), 1),
      score: count * Math.log(ratio),
    });
  }
  candidates.sort((a, b) => b.score - a.score || (a.phrase < b.phrase ? -1 : 1));
  const kept = candidates.slice(0, limit * 3);
  const result = kept.filter(
    (c) =>
      !kept.some(
        (longer) =>
          longer !== c &&
          longer.phrase.length > c.phrase.length &&
          ` ${longer.phrase} `.includes(` ${c.phrase} `) &&
          longer.count >= c.count * 0.7,
      ),
  );
  return result.slice(0, limit).map(({ score: _score, ...rest }) => rest);
}

function registerProfile(stats: NoteStats): RegisterProfile {
  const sentences = Math.max(1, stats.sentences);
  const words = Math.max(1, stats.words);
  const histogram = stats.lengths.map((count) => round(count / sentences));
  let seen = 0;
  let median = 0;
  for (let i = 0; i < stats.lengths.length; i++) {
    seen += stats.lengths[i]!;
    if (seen >= stats.sentences / 2) {
      median = i < SENTENCE_BINS.length ? SENTENCE_BINS[i]! : SENTENCE_BINS[SENTENCE_BINS.length - 1]! + 5;
      break;
    }
  }
  let charTotal = 0;
  const charNgrams = new Array<number>(CHAR_BUCKETS).fill(0);
  forEachChar(stats.chars, (bucket, count) => {
    charNgrams[bucket] = count;
    charTotal += count;
  });
  for (let i = 0; i < CHAR_BUCKETS; i++) charNgrams[i] = round(charNgrams[i]! / Math.max(1, charTotal), 6);
  let lexicon: RegisterProfile['lexicon'];
  if (stats.lexicon && (stats.lexiconWords ?? 0) > 0) {
    let total = 0;
    forEachWord(stats.lexicon, (_, count) => {
      total += count;
    });
    const rates: Record<string, number> = {};
    forEachWord(stats.lexicon, (bucket, count) => {
      rates[bucket] = Number((count / total).toPrecision(4));
    });
    lexicon = { words: stats.lexiconWords!, rates };
  }
  const grade = 0.39 * (stats.sentenceWords / sentences) + 11.8 * (stats.syllables / words) - 15.59;
  return {
    notes: stats.notes,
    words: stats.words,
    sentences: stats.sentences,
    sentenceLength: {
      mean: round(stats.sentenceWords / sentences, 1),
      median,
      bins: SENTENCE_BINS,
      histogram,
      typical: TYPICAL_SENTENCE_HISTOGRAM,
    },
    wordsPerParagraph: round(stats.words / Math.max(1, stats.paragraphs), 1),
    functionWords: stats.fw.map((count) => round(count / words, 6)),
    charNgrams,
    ...(lexicon ? { lexicon } : {}),
    signaturePhrases: signaturePhrases(stats),
    habits: {
      openers: topShares(stats.openers, stats.sentences, 5, 2),
      closers: topShares(stats.closers, stats.notes, 5, 2),
      questionRate: round(stats.questions / sentences, 3),
      exclamationRate: round(stats.exclamations / sentences, 3),
      emojiPer100Words: round((stats.emoji * 100) / words, 2),
      hashtagsPer100Words: round((stats.hashtags * 100) / words, 2),
      firstPersonRate: round(stats.firstPerson / words, 4),
      readabilityGrade: round(Math.max(0, grade), 1),
    },
    buzzwords: { ...stats.buzz },
  };
}

/** Sums the stats of each register (never mutating the inputs). */
export function mergeAll(stats: readonly NoteStats[], register: Register): NoteStats {
  const total = emptyStats(register);
  for (const one of stats) if (one.register === register) mergeStats(total, one);
  return total;
}

export function buildProfile(
  stats: readonly NoteStats[],
  settings: { pinned: string[]; banned: string[] } = { pinned: [], banned: [] },
): VoiceProfile {
  const spoken = mergeAll(stats, 'spoken');
  const written = mergeAll(stats, 'written');
  return {
    version: 1,
    notes: spoken.notes + written.notes,
    words: spoken.words + written.words,
    // A register with words but no note: samples learned from edited drafts (notes: 0).
    spoken: spoken.notes > 0 || spoken.words > 0 ? registerProfile(spoken) : null,
    written: written.notes > 0 || written.words > 0 ? registerProfile(written) : null,
    pinned: [...settings.pinned],
    banned: [...settings.banned],
  };
}
