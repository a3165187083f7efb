/**
 * Echo Studio, in two wings (decision 015): the rooms that serve the owner,
 * `capture/` (uploads, recordings, imports), `notes/` (library, ideas, voice profile), `search/`, `ask/`,
 * `corrections/` (retyped sentences), `drafts/` (generation, edits, versions) and `exports/` (files,
 * slides, clips), and beside them `engine/`, the writing engine (text, style, the offline writer,
 * the language-model writer, the analysis threads) with no database and no route. The feature's
 * only public face.
 */

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
export { closeAnalysisPool } from './engine/index.ts';
export { type CutClipFile, closeRenderPool } from './exports/index.ts';
export { registerStudioJobs, STUDIO_JOBS, type StudioJobDeps } from './jobs.ts';
export { pendingMediaDeletions } from './media-deletions.ts';
export { studioRoutes } from './routes.ts';
