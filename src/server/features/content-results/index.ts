/** Transcriptions and the content dashboard: routes, jobs, and what other features need. */
export {
  CALLBACK_WAIT_MINUTES,
  CONTENT_JOBS,
  callbackTimeoutJob,
  summarizeJob,
  transcribeFailedJob,
  transcribeJob,
} from './job-definitions.ts';
export {
  type ContentJobDeps,
  createCallbackTimeoutHandler,
  createSummarizeHandler,
  createTranscribeFailedHandler,
  createTranscribeHandler,
  registerContentJobs,
} from './jobs.ts';
export {
  completeWithTranscript,
  deleteResultsOf,
  filedTrendIds,
  fileEchoCoreResults,
  fileTrendResult,
  settleEchoCoreResult,
  settleEchoCoreResults,
} from './repository.ts';
export { contentResultsRoutes } from './routes.ts';
export { summarizeExtractive } from './summary.ts';
