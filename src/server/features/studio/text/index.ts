/**
 * The Studio's text engine (decision 015; see README.md): pure modules, no database, no I/O. The
 * only face the rooms see; inside `text/` the modules import each other directly. Re-exporting
 * loads every module of the engine, which the rooms' server process loads anyway; the analysis
 * threads start from `analysis-worker.ts` here, so they load only what a note's analysis needs.
 */

/** The thread entry the analysis room's pool starts (`analysis/analysis-pool.ts`). */
export const ANALYSIS_WORKER_URL = new URL('./analysis-worker.ts', import.meta.url);

export { analyse, factsOf, type Unit } from './extractive/analyse.ts';
export { atomsOf } from './extractive/atoms.ts';
export { clipCaptions, toSrt, toVtt } from './extractive/clips.ts';
export { cutAtWord } from './extractive/common.ts';
export { flattenDraft, generateExtractive, type SourceNote } from './extractive/generate.ts';
export { atomsFor } from './extractive/plan.ts';
export { POINTS_BACK_AT_START } from './extractive/roles.ts';
export { type Draft, FORMATS, type Format } from './extractive/types.ts';
export {
  draftFidelityDetail,
  type FidelityBlock,
  type FidelityDetail,
  measureFidelity,
  scoreDraftFidelity,
  scoreFidelity,
  scoreOf,
} from './fidelity.ts';
export { ALL_LIKE_FROM, UNLIKE_BELOW } from './fidelity-reasons.ts';
export { FW } from './function-words.ts';
export { ideasView } from './ideas.ts';
export { keyPhrases } from './keyphrases.ts';
export {
  type Analysis,
  type AnalysisInput,
  analyseText,
  cleanText,
  sentencesAsSegments,
} from './note-analysis.ts';
export { buildProfile, noteStats } from './profile.ts';
export type { NoteStats, Register, RegisterProfile, VoiceProfile } from './profile-shape.ts';
export { splitSentences, type TranscriptSegment } from './sentences.ts';
export { bestSources, claimsSupport, supportOf } from './support.ts';
export { countWords, wordsOf } from './tokens.ts';
