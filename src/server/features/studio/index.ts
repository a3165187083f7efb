/**
 * Echo Studio (issues 13 and 14), in rooms (decision 015): `capture/` (uploads, recordings,
 * imports), `notes/` (library, ideas, voice profile), `search/`, `analysis/` (a note's text
 * analysed on worker threads), `corrections/` (retyped sentences), `drafts/` (generation, edits,
 * versions), `model/` (the language-model engine), `exports/` (files, slides, clips) and `text/`
 * (the pure text engine). The feature's only public face.
 */

export { closeAnalysisPool } from './analysis/index.ts';
export { deleteStudioDataOf, removeQueuedMediaNow, runStudioRetention } from './data.ts';
/** A draft of its owner (publishing reads ready drafts through this). */
export {
  carouselPdfOf,
  carouselSlidesOf,
  clipSourceKind,
  clipVideoOf,
  type DraftRow as StudioDraftRow,
  findDraft as findStudioDraft,
} from './drafts/index.ts';
export { type CutClipFile, closeRenderPool } from './exports/index.ts';
export { registerStudioJobs, STUDIO_JOBS, type StudioJobDeps } from './jobs.ts';
export { pendingMediaDeletions } from './media-deletions.ts';
export { studioRoutes } from './routes.ts';
