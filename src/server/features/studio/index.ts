/**
 * Echo Studio (issues 13 and 14), in rooms (decision 015): `capture/` (uploads, recordings,
 * imports), `notes/` (library, search, ideas, voice profile), `drafts/` (generation, exports,
 * clips) and `text/` (the pure text engine). The feature's only public face.
 */
export { deleteStudioDataOf, runStudioRetention } from './data.ts';
export { registerStudioJobs, STUDIO_JOBS, type StudioJobDeps } from './jobs.ts';
export { closeAnalysisPool } from './notes/index.ts';
export { studioRoutes } from './routes.ts';
