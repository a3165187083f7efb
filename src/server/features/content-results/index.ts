/** Transcriptions and the content dashboard: routes, jobs, and what other features need. */
export {
  CALLBACK_WAIT_MINUTES,
  CONTENT_JOBS,
  callbackTimeoutJob,
  summarizeJob,
  TRANSCRIBE_RETRIES,
  TRANSCRIPTION_DID_NOT_FINISH,
  transcribeFailedJob,
  transcribeJob,
} from './job-definitions.ts';
export {
  type ContentJobDeps,
  configuredTranscribers,
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
  fileEchoCoreResult,
  fileTrendResult,
  settleEchoCoreResult,
} from './repository.ts';
export { contentResultsRoutes } from './routes.ts';
export { summarizeExtractive } from './summary.ts';
export { type ChainOutcome, runTranscribers, type Transcriber } from './transcriber.ts';
