/**
 * The Studio's style room (decision 015): a note's analysis (what Studio stores about its text), the
 * voice profile built from the notes' counts, the English reference, and fidelity (how much a draft
 * reads like its user). Pure modules; the analysis threads (`analysis/`) run `analyseText`.
 */

export { charNgramCounts } from './char-ngrams.ts';
export {
  FEATURE_NAMES,
  type Fidelity,
  type FidelityBlock,
  featuresOf,
  measureFidelity,
  scoreOf,
} from './fidelity.ts';
export { ALL_LIKE_FROM, AS_SAID_REASON, UNLIKE_BELOW } from './fidelity-reasons.ts';
export {
  draftFidelityDetail,
  type FidelityDetail,
  scoreDraftFidelity,
  scoreFidelity,
} from './fidelity-score.ts';
export { type FidelityRequest, type FidelitySides, fidelityFor, scoreFaithful } from './fidelity-sides.ts';
export {
  type Analysis,
  type AnalysisInput,
  analyseText,
  cleanText,
  sentencesAsSegments,
} from './note-analysis.ts';
export { buildProfile, noteStats } from './profile.ts';
export {
  CHAR_BUCKETS,
  type NoteStats,
  type Register,
  type RegisterProfile,
  SENTENCE_BINS,
  sentenceBin,
  type VoiceProfile,
  WORD_BUCKETS,
} from './profile-shape.ts';
export { alignSentences, wordsAsSegments } from './text-edit.ts';
