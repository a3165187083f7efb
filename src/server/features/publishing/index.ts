/**
 * Publishing: connected accounts (Bluesky, Mastodon; LinkedIn and X with the operator's
 * apps), posts of ready drafts now, in a slot or at a time, each published exactly once by its job.
 * The feature's only public face.
 */
export { publishingHealth } from './admin.service.ts';
export { PUBLISHING_JOBS, publishPostJob } from './job-definitions.ts';
export { registerPublishingJobs } from './jobs.ts';
export {
  availability as publishingAvailability,
  OPERATOR_SETTINGS as PUBLISHING_OPERATOR_SETTINGS,
  TOKEN_KEY_FILE,
} from './platforms.ts';
export { deletePublishingOf, platformSummary } from './repository.ts';
export { publishingRoutes } from './routes.ts';
