/**
 * The shapes of the voice profile: per-note statistics (mergeable counts) and the profile built
 * from them. JSON-serialisable; stored by the Studio server.
 */

export type Register = 'spoken' | 'written';

/** Upper bounds (inclusive, in words) of the sentence-length bins; one more bin holds longer ones. */
export const SENTENCE_BINS: readonly number[] = [5, 10, 15, 20, 25, 30, 40, 50, 60];

export function sentenceBin(words: number): number {
  for (let i = 0; i < SENTENCE_BINS.length; i++) if (words <= SENTENCE_BINS[i]!) return i;
  return SENTENCE_BINS.length;
}

/** Size of the hashed character 3- to 5-gram vector. */
export const CHAR_BUCKETS = 2048;

/**
 * Size of the hashed word vector (every word, not only function words): what a person talks about
 * and the words they choose are the strongest sign of who wrote a short text.
 */
export const WORD_BUCKETS = 8192;

/** Word n-grams kept per note (most frequent first). */
export const PHRASES_PER_NOTE = 120;

/**
 * Statistics of one note (or of several merged): counts only, so that stats add up. Stores no
 * running text except the note's most frequent word n-grams, openers and closers (short keys).
 */
export interface NoteStats {
  v: 1;
  register: Register;
  notes: number;
  words: number;
  /** Sentences counted for lengths and rates (filler-only sentences excluded). */
  sentences: number;
  paragraphs: number;
  /** Counts per SENTENCE_BINS bin (length SENTENCE_BINS.length + 1). */
  lengths: number[];
  /** Sum of counted sentences' word counts (for the mean). */
  sentenceWords: number;
  questions: number;
  exclamations: number;
  emoji: number;
  hashtags: number;
  firstPerson: number;
  syllables: number;
  /** Counts aligned with FW (function-words.ts). */
  fw: number[];
  /** Sparse counts of BUZZWORDS used. */
  buzz: Record<string, number>;
  /**
   * Hashed character 3-5-gram counts: sparse (bucket index -> count) for short notes, or all
   * CHAR_BUCKETS counts as base64 of little-endian uint16 for longer ones (smaller). Read it with
   * `forEachChar` (char-ngrams.ts).
   */
  chars: Record<string, number> | string;
  /**
   * Hashed word counts (WORD_BUCKETS), stored like `chars` (read with `forEachWord`). Absent in
   * stats made before it existed: such notes count for everything but the words.
   */
  lexicon?: Record<string, number> | string;
  /** Words of the notes that have a `lexicon` (merged stats; a single note: its `words`). */
  lexiconWords?: number;
  /** Word 2-4-grams -> count in the note(s). */
  phrases: Record<string, number>;
  /** How many notes each kept phrase appears in (merged stats only; a single note counts 1). */
  phraseNotes?: Record<string, number>;
  /** First two words of sentences -> count. */
  openers: Record<string, number>;
  /** Last three words of each note -> count. */
  closers: Record<string, number>;
}

export interface Share {
  text: string;
  /** Fraction of sentences (openers) or notes (closers). */
  share: number;
}

export interface SignaturePhrase {
  phrase: string;
  count: number;
  /** Notes that use it. */
  notes: number;
  /** How many times more often than in the reference English (capped at 999). */
  ratio: number;
}

export interface RegisterProfile {
  notes: number;
  words: number;
  sentences: number;
  sentenceLength: {
    mean: number;
    median: number;
    /** SENTENCE_BINS (upper bounds); the histogram has one more bin. */
    bins: readonly number[];
    /** Shares of sentences per bin (sums to 1). */
    histogram: number[];
    /** The same for typical English prose (reference), for the chart. */
    typical: readonly number[];
  };
  wordsPerParagraph: number;
  /** Relative frequency of each function word, aligned with FW. */
  functionWords: number[];
  /** Hashed character 3-5-gram relative frequencies (CHAR_BUCKETS long). */
  charNgrams: number[];
  /**
   * Hashed word relative frequencies (sparse: bucket -> share) and the words they were counted
   * over (notes analysed before words were counted are left out). Absent in profiles built before.
   */
  lexicon?: { words: number; rates: Record<string, number> };
  signaturePhrases: SignaturePhrase[];
  habits: {
    openers: Share[];
    closers: Share[];
    /** Share of sentences that are questions / exclamations. */
    questionRate: number;
    exclamationRate: number;
    emojiPer100Words: number;
    hashtagsPer100Words: number;
    /** Share of words that are first-person pronouns. */
    firstPersonRate: number;
    /** Flesch-Kincaid grade level. */
    readabilityGrade: number;
  };
  /** Counts of BUZZWORDS the user has used (absent = never). */
  buzzwords: Record<string, number>;
}

export interface VoiceProfile {
  version: 1;
  notes: number;
  words: number;
  spoken: RegisterProfile | null;
  written: RegisterProfile | null;
  pinned: string[];
  banned: string[];
}
