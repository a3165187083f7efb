/**
 * The offline writer's five formats (decision 015): blog, LinkedIn post, thread, carousel and clip
 * hooks (with their captions), written from the extractive room's plan; `generateExtractive` is the
 * entry. Pure modules.
 */

// A draft's fact checklist (extractive/facts.ts), made on the analysis threads beside the drafts.
export { type CheckedFact, type FactSentence, factChecklist } from '../extractive/index.ts';
export {
  type CaptionClip,
  type CaptionRequest,
  captionFile,
  type TimedSentence,
  timedUnits,
} from './captions.ts';
export { clipCaptions, toSrt, toVtt } from './clips.ts';
export {
  analysisOf,
  type ExtractiveOptions,
  flattenDraft,
  generateExtractive,
  type OfflineDraft,
  type OfflineDraftRequest,
  offlineDraft,
  type SourceNote,
} from './generate.ts';
