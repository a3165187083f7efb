/**
 * The Studio's drafts (decision 015): generation (offline engine or language model), edits,
 * versions, and the routes that hand a draft to the exports room (files, slides, clips). The
 * room's only face.
 */

export { carouselPdfOf, carouselSlidesOf, clipSourceKind, clipVideoOf } from './exports.service.ts';
export { DRAFT_JOBS } from './job-definitions.ts';
export { registerDraftJobs } from './jobs.ts';
/** The owner's daily model budget, which asking the notes with a model counts in too. */
export { countModelCall, modelLimitsOf } from './model-calls.ts';
export { type DraftRow, deleteDraftsOf, findDraft } from './repository.ts';
export { draftRoutes } from './routes.ts';
