/**
 * The Studio's analysis (decision 015): what the text engine makes of a note's text (sentences,
 * stats, key phrases; `analyse.ts`) and the worker threads that run it off the event loop
 * (`analysis-pool.ts`, decision 018). No database and no other room: notes, capture and
 * corrections call it. The room's only face.
 */
export {
  type Analysis,
  type AnalysisInput,
  analyseText,
  cleanText,
  type NewSentence,
  sentencesAsSegments,
} from './analyse.ts';
export { analyseOffThread, closeAnalysisPool } from './analysis-pool.ts';
