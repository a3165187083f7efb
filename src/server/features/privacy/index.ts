/** Privacy: 'Delete my data', the data-use opt-out, and the daily retention job. */
export { PRIVACY_JOBS, RETENTION_CRON, retentionJob } from './job-definitions.ts';
export { createRetentionHandler, registerPrivacyJobs } from './jobs.ts';
export { type RetentionCounts, runRetention } from './repository.ts';
export { privacyRoutes } from './routes.ts';
export { DELETE_CODE_PURPOSE, deleteDataOf, optedOutEmails } from './service.ts';
