/**
 * Voice fidelity: how close a draft is to the user's voice profile, 0-100, with the reasons in
 * plain words. Measures (each exported and unit-tested):
 *  - cosine Delta over the function words (Burrows' Delta with z-scores from the shipped reference,
 *    compared by cosine, Smith & Aldridge 2011): 0 = same habits, 1 = unrelated, 2 = opposite;
 *  - Jensen-Shannon divergence of the sentence-length histograms (base 2: 0 = same, 1 = disjoint);
 *  - cosine similarity of the hashed character 3-5-gram profiles, centred on the reference;
 *  - signature phrases kept, banned words and ghost-writer words the user never says.
 * The score is a logistic of a weighted distance, calibrated on the State of the Union corpus
 * (bench/studio-fidelity.ts) so that an author's own held-out text scores high.
 */
import { BUZZWORDS, FW } from './function-words.ts';
import { forEachChar, noteStats } from './profile.ts';
import type { NoteStats, Register, RegisterProfile, VoiceProfile } from './profile-shape.ts';
import { CHAR_BUCKETS, SENTENCE_BINS } from './profile-shape.ts';
import { CHAR_MEAN, FW_MEAN, FW_STD } from './reference-data.ts';
import { wordsOf } from './tokens.ts';

export interface Fidelity {
  score: number;
  reasons: string[];
}

export interface FidelityMeasures {
  cosineDelta: number;
  lengthDivergence: number;
  charSimilarity: number;
  signatureKept: string[];
  banned: string[];
  neverSaid: string[];
  /** The weighted distance the score is a logistic of (lower is closer). */
  distance: number;
}

/** Weights and calibration (fitted on SOTU: see bench/studio-fidelity.ts). */
export const CALIBRATION = {
  delta: 0.5,
  length: 0.5,
  chars: 2,
  /**
   * Values short drafts are shrunk toward: the own-author medians on SOTU (a short draft gets the
   * benefit of the doubt on the measures that need length; sentence lengths still count in full).
   */
  neutralDelta: 0.76,
  neutralChars: 0.27,
  /** Distance scoring 50, and how fast the score falls around it. */
  midpoint: 2.06,
  steepness: 8,
} as const;

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

function charVector(chars: NoteStats['chars']): Float64Array {
  const vector = new Float64Array(CHAR_BUCKETS);
  let total = 0;
  forEachChar(chars, (bucket, count) => {
    vector[bucket] = count;
    total += count;
  });
  for (let i = 0; i < CHAR_BUCKETS; i++) vector[i] = vector[i]! / Math.max(1, total);
  return vector;
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

function containsPhrase(words: string[], phrase: string): boolean {
  const target = phrase.toLowerCase().split(/\s+/).filter(Boolean);
  if (target.length === 0) return false;
  outer: for (let i = 0; i + target.length <= words.length; i++) {
    for (let k = 0; k < target.length; k++) if (words[i + k] !== target[k]) continue outer;
    return true;
  }
  return false;
}

/** All measures of a draft (as stats, plus its words) against one register of a profile. */
export function measureFidelity(
  draft: NoteStats,
  draftWords: string[],
  profile: RegisterProfile,
  settings: { pinned: readonly string[]; banned: readonly string[] } = { pinned: [], banned: [] },
): FidelityMeasures {
  const words = Math.max(1, draft.words);
  const rates = draft.fw.map((count) => count / words);
  const delta = cosineDelta(rates, profile.functionWords);
  const lengthDivergence = jensenShannon(draft.lengths, profile.sentenceLength.histogram);
  const chars = charSimilarity(charVector(draft.chars), profile.charNgrams);
  const phrases = [...new Set([...settings.pinned, ...profile.signaturePhrases.map((p) => p.phrase)])];
  const signatureKept = phrases.filter((phrase) => containsPhrase(draftWords, phrase));
  const banned = settings.banned.filter((word) => containsPhrase(draftWords, word));
  const neverSaid = BUZZWORDS.filter(
    (word) => (draft.buzz[word] ?? 0) > 0 && !profile.buzzwords[word] && !banned.includes(word),
  );
  // Short drafts carry little evidence: their function-word and character measures are shrunk
  // toward a neutral value (reached at ~300 words).
  const weight = Math.min(1, words / 300);
  const distance =
    CALIBRATION.delta * (weight * delta + (1 - weight) * CALIBRATION.neutralDelta) +
    CALIBRATION.length * lengthDivergence +
    CALIBRATION.chars * (1 - (weight * chars + (1 - weight) * CALIBRATION.neutralChars));
  return {
    cosineDelta: delta,
    lengthDivergence,
    charSimilarity: chars,
    signatureKept,
    banned,
    neverSaid,
    distance,
  };
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

function describeRate(rate: number): string {
  if (rate <= 0) return 'never';
  const every = Math.round(1 / rate);
  return every <= 1 ? 'in most sentences' : `about one in every ${every} sentences`;
}

/** The plain-words reasons, most important first. */
function reasonsFor(draft: NoteStats, profile: RegisterProfile, measures: FidelityMeasures): string[] {
  const reasons: string[] = [];
  for (const word of measures.banned) reasons.push(`uses '${word}', which you banned`);
  for (const word of measures.neverSaid.slice(0, 2)) reasons.push(`uses '${word}', which you never say`);
  const yours = profile.sentenceLength.mean;
  const mine = draft.sentences > 0 ? draft.sentenceWords / draft.sentences : 0;
  if (draft.sentences > 0 && Math.abs(mine - yours) >= Math.max(3, yours * 0.25)) {
    reasons.push(
      `your sentences average ${Math.round(yours)} words; this draft averages ${Math.round(mine)}`,
    );
  } else if (draft.sentences > 0) {
    reasons.push(`sentence length matches yours (about ${Math.round(yours)} words)`);
  }
  if (measures.signatureKept.length > 0) {
    reasons.push(`keeps ${plural(measures.signatureKept.length, 'of your signature phrase')}`);
  } else if (profile.signaturePhrases.length > 0) {
    reasons.push(`uses none of your signature phrases (such as '${profile.signaturePhrases[0]!.phrase}')`);
  }
  const draftQuestions = draft.questions / Math.max(1, draft.sentences);
  if (profile.habits.questionRate >= 0.08 && draft.sentences >= 5 && draftQuestions === 0) {
    reasons.push(`asks no questions; you ask ${describeRate(profile.habits.questionRate)}`);
  }
  const draftExclaims = draft.exclamations / Math.max(1, draft.sentences);
  if (draftExclaims >= 0.15 && profile.habits.exclamationRate < draftExclaims / 3) {
    reasons.push(`uses ${plural(draft.exclamations, 'exclamation mark')}; you rarely exclaim`);
  }
  const draftFirst = draft.firstPerson / Math.max(1, draft.words);
  if (
    profile.habits.firstPersonRate >= 0.03 &&
    draft.words >= 40 &&
    draftFirst < profile.habits.firstPersonRate / 3
  ) {
    reasons.push(`hardly says 'I' or 'we', which you do often`);
  }
  // The function word used most unlike the user (only when the draft uses it a few times).
  let worst = -1;
  let worstGap = 0;
  for (let i = 0; i < FW.length; i++) {
    if (draft.fw[i]! < 3) continue;
    const gap = (draft.fw[i]! / Math.max(1, draft.words) - profile.functionWords[i]!) / FW_STD[i]!;
    if (gap > worstGap) {
      worstGap = gap;
      worst = i;
    }
  }
  if (worst >= 0 && worstGap > 3 && profile.functionWords[worst]! < FW_MEAN[worst]! / 2) {
    reasons.push(`leans on '${FW[worst]}', which you rarely use`);
  }
  if (draft.words >= 100) {
    reasons.push(
      measures.cosineDelta < 0.6 ? 'small-word habits close to yours' : 'small-word habits unlike yours',
    );
  }
  return reasons;
}

/**
 * Logistic of the distance: near 100 at identical, 50 at the calibrated midpoint (between the
 * median distance of an author's own held-out excerpts and that of other authors of the same era on
 * SOTU), plus a little for signature phrases kept, minus banned and never-said words.
 */
export function scoreOf(measures: FidelityMeasures): number {
  const base = 100 / (1 + Math.exp(CALIBRATION.steepness * (measures.distance - CALIBRATION.midpoint)));
  const bonus = Math.min(10, measures.signatureKept.length * 3);
  const penalty = measures.banned.length * 25 + measures.neverSaid.length * 5;
  return Math.round(Math.max(0, Math.min(100, base + bonus) - penalty));
}

/**
 * Scores a draft against the profile's register (falling back to the other register when the user
 * has no notes in this one). Without any notes the score is 50 and the reason says why.
 */
export function scoreFidelity(draftText: string, profile: VoiceProfile, register: Register): Fidelity {
  const target = profile[register] ?? profile[register === 'spoken' ? 'written' : 'spoken'];
  if (!target) return { score: 50, reasons: ['no notes yet: add a few notes so Echo can learn your voice'] };
  const draft = noteStats(draftText, register);
  const measures = measureFidelity(draft, wordsOf(draftText), target, profile);
  return { score: scoreOf(measures), reasons: reasonsFor(draft, target, measures) };
}

export { SENTENCE_BINS };
