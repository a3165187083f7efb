/** Privacy: 'Delete my data', the data-use opt-out and the daily retention job. */
export { PRIVACY_JOBS, registerPrivacyJobs, retentionJob, runRetention } from './jobs.ts';
