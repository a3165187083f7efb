/**
 * Echo Studio, part 1 (issue 13): capture (text, tus uploads, recordings, imports), the library,
 * search, ideas and the voice profile. The feature's only public face.
 */
export { registerStudioJobs, STUDIO_JOBS, type StudioJobDeps } from './notes/jobs.ts';
export { studioRoutes } from './notes/routes.ts';
export { deleteStudioDataOf, runStudioRetention } from './notes/service.ts';
