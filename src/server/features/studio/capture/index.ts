/**
 * The Studio's capture (decision 015): tus uploads, chunked recordings, imported links and posts,
 * and the maintenance job that clears what was never finished. The room's only face.
 */
export { CAPTURE_JOBS } from './job-definitions.ts';
export { registerCaptureJobs, runStudioMaintenance } from './jobs.ts';
export { deleteRecordingsOf } from './repository.ts';
export { importRoutes, uploadRoutes } from './routes.ts';
