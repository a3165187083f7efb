/**
 * Voice fidelity: how much a draft is the user's, 0-100, with the reasons in plain words.
 *
 * Two parts, multiplied:
 *  1. Style (`styleScore`): the probability that the scored text is the user's writing rather than
 *     another author's, if both were equally likely beforehand: a logistic regression over
 *      - the log-likelihood ratio per word of every word (hashed, `wordLlr`) under the user's word
 *        frequencies against the reference English: what someone talks about and the words they
 *        choose, by far the strongest sign in a short text;
 *      - cosine Delta over the function words (Burrows' Delta with z-scores from the shipped
 *        reference, compared by cosine, Smith & Aldridge 2011),
 *      - cosine similarity of the hashed character 3-5-gram profiles, centred on the reference,
 *      - log-likelihood ratios per function word and per character n-gram, the latter also as its
 *        position between what reference English and the user's own writing would give against
 *        this profile (`charLlrRange`: the raw ratio's scale differs from profile to profile);
 *        each profile is smoothed toward the reference by a fixed number of pseudo-counts,
 *      - signature phrases kept (at most 3 count),
 *     with weights that change with the text's length (`lengthTerm`). Fitted by
 *     scripts/fidelity-fit.ts on the State of the Union addresses, own held-out address excerpts
 *     of 100-400 words against every other president's, with half the presidents held out to check
 *     it carries over (bench/studio-fidelity.ts reports the shipped model's AUC per length).
 *     Sentence-length divergence is reported but not scored: on those excerpts it barely tells
 *     authors apart (AUC 0.53-0.60).
 *  2. Edits (`measureEdits`, fidelity-edits.ts), for a draft given as blocks: the share of the
 *     draft that is the user's as they said it (words Echo added, what it cut, the order).
 * Echo's own blocks are not scored. Banned words cost 25 points each, words the user never says 5
 * each. Reasons agree with the number: a score of 95 or more never says something is unlike the
 * user, a score under 60 always says what is. This file measures; fidelity-score.ts makes the
 * measures into the score and its reasons.
 */

import { BUZZWORDS, FW } from '../text/index.ts';
import { forEachChar, forEachWord } from './char-ngrams.ts';
import type { EditMeasures } from './fidelity-edits.ts';
import type { NoteStats, RegisterProfile } from './profile-shape.ts';
import { CHAR_BUCKETS, SENTENCE_BINS } from './profile-shape.ts';
import { CHAR_MEAN, FW_MEAN, FW_STD, WORD_MEAN } from './reference-data.ts';

export type { EditMeasures, FidelityBlock } from './fidelity-edits.ts';
export type { Reason } from './fidelity-reasons.ts';

export interface Fidelity {
  score: number;
  reasons: string[];
}

export interface FidelityMeasures {
  cosineDelta: number;
  lengthDivergence: number;
  charSimilarity: number;
  /** Mean log-likelihood ratio per word of the function words (user's profile vs reference). */
  functionLlr: number;
  /** Mean log-likelihood ratio per character n-gram (user's profile vs reference). */
  charLlr: number;
  /** Mean log-likelihood ratio per word, every word (user's profile vs reference). */
  wordLlr: number;
  signatureKept: string[];
  banned: string[];
  neverSaid: string[];
  words: number;
  /** Log-odds that the text is the user's (higher is closer): the style score is its logistic. */
  logit: number;
}

/** Weights of the style model (fitted on SOTU excerpts: see bench/studio-fidelity.ts). */
export const CALIBRATION = {
  bias: 1.1731,
  /** Weights of FEATURE_NAMES, in order (scripts/fidelity-fit.ts prints them). */
  weights: [
    -1.5072, -0.0291, 0.3784, 0.0011, 0.5078, -0.0557, 0.0381, 1.4601, 6.2679, 0.5774,
  ] as readonly number[],
  /** Pseudo-counts smoothing the user's profile toward the reference (words; character n-grams). */
  wordPrior: 3000,
  /** The same for every word (`wordLlr`). */
  lexiconPrior: 2000,
  charPrior: 20000,
  /** Character 3-5-grams per word (to turn the profile's word count into an n-gram count). */
  charsPerWord: 18,
} as const;

const FW_MEAN_SUM = FW_MEAN.reduce((a, b) => a + b, 0);

function cosine(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i++) {
    dot += a[i]! * b[i]!;
    na += a[i]! * a[i]!;
    nb += b[i]! * b[i]!;
  }
  return na === 0 || nb === 0 ? 0 : dot / Math.sqrt(na * nb);
}

/** z-scores of relative function-word frequencies against the reference. */
export function functionWordZ(rates: ArrayLike<number>): number[] {
  return FW.map((_, i) => ((rates[i] ?? 0) - FW_MEAN[i]!) / FW_STD[i]!);
}

/** Cosine Delta between two relative-frequency vectors aligned with FW (0..2). */
export function cosineDelta(a: ArrayLike<number>, b: ArrayLike<number>): number {
  return 1 - cosine(functionWordZ(a), functionWordZ(b));
}

/** Jensen-Shannon divergence (base 2) of two histograms (counts or shares), lightly smoothed. */
export function jensenShannon(p: readonly number[], q: readonly number[]): number {
  const smooth = (h: readonly number[]) => {
    const total = h.reduce((a, b) => a + b, 0) + h.length * 0.01;
    return h.map((v) => (v + 0.01) / total);
  };
  const a = smooth(p);
  const b = smooth(q);
  let divergence = 0;
  for (let i = 0; i < a.length; i++) {
    const m = (a[i]! + b[i]!) / 2;
    divergence += 0.5 * a[i]! * Math.log2(a[i]! / m) + 0.5 * b[i]! * Math.log2(b[i]! / m);
  }
  return Math.max(0, Math.min(1, divergence));
}

function charCounts(chars: NoteStats['chars']): { counts: Float64Array; total: number } {
  const counts = new Float64Array(CHAR_BUCKETS);
  let total = 0;
  forEachChar(chars, (bucket, count) => {
    counts[bucket] = count;
    total += count;
  });
  return { counts, total };
}

/** Cosine similarity of two character n-gram profiles after removing the reference mean. */
export function charSimilarity(a: ArrayLike<number>, b: ArrayLike<number>): number {
  const ca = new Float64Array(CHAR_BUCKETS);
  const cb = new Float64Array(CHAR_BUCKETS);
  for (let i = 0; i < CHAR_BUCKETS; i++) {
    const scale = Math.sqrt(CHAR_MEAN[i]! + 1e-5);
    ca[i] = ((a[i] ?? 0) - CHAR_MEAN[i]!) / scale;
    cb[i] = ((b[i] ?? 0) - CHAR_MEAN[i]!) / scale;
  }
  return cosine(ca, cb);
}

/** Mean log-likelihood ratio per function-word token (other words pooled as one category). */
export function functionLlr(draft: Pick<NoteStats, 'fw' | 'words'>, profile: RegisterProfile): number {
  const words = Math.max(1, draft.words);
  const prior = CALIBRATION.wordPrior;
  let llr = 0;
  let counted = 0;
  let userRest = 1;
  for (let i = 0; i < FW.length; i++) {
    const user =
      ((profile.functionWords[i] ?? 0) * profile.words + prior * FW_MEAN[i]!) / (profile.words + prior);
    userRest -= user;
    const count = draft.fw[i] ?? 0;
    if (count > 0) {
      llr += count * Math.log(user / FW_MEAN[i]!);
      counted += count;
    }
  }
  llr += Math.max(0, words - counted) * Math.log(Math.max(1e-6, userRest) / (1 - FW_MEAN_SUM));
  return llr / words;
}

/**
 * Where a text's `charLlr` is expected to fall for this profile: for reference English (`other`:
 * minus the divergence of the reference from the profile) and for the user's own writing (`own`:
 * the divergence of the profile from the reference). The raw ratio's scale differs from one profile
 * to the next (a profile far from the reference gives large ratios to everything); its position
 * between the two does not.
 */
export function charLlrRange(profile: RegisterProfile): { other: number; own: number } {
  const grams = profile.words * CALIBRATION.charsPerWord;
  const prior = CALIBRATION.charPrior;
  let other = 0;
  let own = 0;
  let userSum = 0;
  let referenceSum = 0;
  for (let i = 0; i < CHAR_BUCKETS; i++) {
    const reference = CHAR_MEAN[i]! + 1e-9;
    const user = ((profile.charNgrams[i] ?? 0) * grams + prior * reference) / (grams + prior);
    const ratio = Math.log(user / reference);
    other += reference * ratio;
    own += user * ratio;
    userSum += user;
    referenceSum += reference;
  }
  return { other: other / referenceSum, own: own / userSum };
}

const charRanges = new WeakMap<RegisterProfile, { other: number; own: number }>();
function charRangeOf(profile: RegisterProfile): { other: number; own: number } {
  let range = charRanges.get(profile);
  if (!range) {
    range = charLlrRange(profile);
    charRanges.set(profile, range);
  }
  return range;
}

/**
 * Mean log-likelihood ratio per word of the draft's words (hashed, every word) under the user's
 * word frequencies against the reference English, the profile smoothed toward the reference by
 * `lexiconPrior` pseudo-words. 0 when either side has no word counts (stats made before them).
 */
export function wordLlr(draft: Pick<NoteStats, 'lexicon'>, profile: RegisterProfile): number {
  if (!draft.lexicon || !profile.lexicon) return 0;
  const { words, rates } = profile.lexicon;
  const prior = CALIBRATION.lexiconPrior;
  let llr = 0;
  let total = 0;
  forEachWord(draft.lexicon, (bucket, count) => {
    const reference = WORD_MEAN[bucket]!;
    const user = ((rates[bucket] ?? 0) * words + prior * reference) / (words + prior);
    llr += count * Math.log(user / reference);
    total += count;
  });
  return total === 0 ? 0 : llr / total;
}

/** Mean log-likelihood ratio per character n-gram of the draft. */
export function charLlr(counts: Float64Array, total: number, profile: RegisterProfile): number {
  if (total === 0) return 0;
  const grams = profile.words * CALIBRATION.charsPerWord;
  const prior = CALIBRATION.charPrior;
  let llr = 0;
  for (let i = 0; i < CHAR_BUCKETS; i++) {
    if (counts[i] === 0) continue;
    const reference = CHAR_MEAN[i]! + 1e-9;
    const user = ((profile.charNgrams[i] ?? 0) * grams + prior * reference) / (grams + prior);
    llr += counts[i]! * Math.log(user / reference);
  }
  return llr / total;
}

function containsPhrase(words: string[], phrase: string): boolean {
  const target = phrase.toLowerCase().split(/\s+/).filter(Boolean);
  if (target.length === 0) return false;
  outer: for (let i = 0; i + target.length <= words.length; i++) {
    for (let k = 0; k < target.length; k++) if (words[i + k] !== target[k]) continue outer;
    return true;
  }
  return false;
}

/** The style model's inputs, in CALIBRATION.weights order (see `featuresOf`). */
export const FEATURE_NAMES = [
  'delta',
  'chars',
  'functionLlr',
  'charLlr',
  'kept',
  'chars x length',
  'charLlr x length',
  'charPosition',
  'wordLlr',
  'wordLlr x length',
] as const;

/** ln(words / 200), words clamped to 50..1000: how the weight of a measure changes with length. */
export const lengthTerm = (words: number) => Math.log(Math.min(1000, Math.max(50, words)) / 200);

interface Measured {
  delta: number;
  chars: number;
  fLlr: number;
  cLlr: number;
  wLlr: number;
  kept: number;
  features: number[];
}

function measure(
  draft: NoteStats,
  draftWords: string[],
  profile: RegisterProfile,
  phrases: string[],
): Measured {
  const words = Math.max(1, draft.words);
  const rates = draft.fw.map((count) => count / words);
  const delta = cosineDelta(rates, profile.functionWords);
  const { counts, total } = charCounts(draft.chars);
  const chars = charSimilarity(
    Array.from(counts, (c) => c / Math.max(1, total)),
    profile.charNgrams,
  );
  const fLlr = functionLlr(draft, profile);
  const cLlr = charLlr(counts, total, profile);
  const wLlr = wordLlr(draft, profile);
  const kept = phrases.filter((phrase) => containsPhrase(draftWords, phrase)).length;
  const range = charRangeOf(profile);
  const position = (cLlr - range.other) / Math.max(1e-6, range.own - range.other);
  const L = lengthTerm(words);
  const features = [
    delta,
    chars,
    fLlr,
    cLlr,
    Math.min(3, kept),
    chars * L,
    cLlr * L,
    position,
    wLlr,
    wLlr * L,
  ];
  return { delta, chars, fLlr, cLlr, wLlr, kept, features };
}

/** The style model's inputs for a text against a profile (for calibration: scripts/fidelity-fit.ts). */
export function featuresOf(draft: NoteStats, draftWords: string[], profile: RegisterProfile): number[] {
  return measure(
    draft,
    draftWords,
    profile,
    profile.signaturePhrases.map((p) => p.phrase),
  ).features;
}

/** All measures of a text (as stats, plus its words) against one register of a profile. */
export function measureFidelity(
  draft: NoteStats,
  draftWords: string[],
  profile: RegisterProfile,
  settings: { pinned: readonly string[]; banned: readonly string[] } = { pinned: [], banned: [] },
): FidelityMeasures {
  const phrases = [...new Set([...settings.pinned, ...profile.signaturePhrases.map((p) => p.phrase)])];
  const m = measure(draft, draftWords, profile, phrases);
  const signatureKept = phrases.filter((phrase) => containsPhrase(draftWords, phrase));
  const banned = settings.banned.filter((word) => containsPhrase(draftWords, word));
  const neverSaid = BUZZWORDS.filter(
    (word) => (draft.buzz[word] ?? 0) > 0 && !profile.buzzwords[word] && !banned.includes(word),
  );
  let logit = CALIBRATION.bias;
  for (let i = 0; i < m.features.length; i++) logit += CALIBRATION.weights[i]! * m.features[i]!;
  return {
    cosineDelta: m.delta,
    lengthDivergence: jensenShannon(draft.lengths, profile.sentenceLength.histogram),
    charSimilarity: m.chars,
    functionLlr: m.fLlr,
    charLlr: m.cLlr,
    wordLlr: m.wLlr,
    signatureKept,
    banned,
    neverSaid,
    words: draft.words,
    logit,
  };
}

/** The style part, 0-100: the calibrated probability that the text is the user's. */
export function styleScore(measures: Pick<FidelityMeasures, 'logit'>): number {
  return 100 / (1 + Math.exp(-measures.logit));
}

/**
 * The score: style x the edits factor (1 for plain text), minus 25 per banned word and 5 per word
 * the user never says (and then at most 94: such a draft is not "entirely you").
 */
export function scoreOf(measures: FidelityMeasures, edits?: Pick<EditMeasures, 'factor'>): number {
  const base = styleScore(measures) * (edits?.factor ?? 1);
  const penalty = measures.banned.length * 25 + measures.neverSaid.length * 5;
  const score = Math.round(Math.max(0, Math.min(100, base) - penalty));
  return penalty > 0 ? Math.min(94, score) : score;
}

export { SENTENCE_BINS };
