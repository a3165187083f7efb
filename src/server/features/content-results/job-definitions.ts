import { z } from 'zod';
import { deadLetterFor, defineJob } from '../../jobs/queue.ts';
import { TRANSCRIBE_RETRIES } from '../transcription/index.ts';

export const resultPayload = z.object({ resultId: z.uuid() });

/** Fails a result still waiting for an external service's callback after this long. */
export const CALLBACK_WAIT_MINUTES = 30;

// ---------------------------------------------------------------- content.transcribe.failed

/** Receives a transcription that failed for good (its last try threw, expired, or its worker died). */
export const transcribeFailedJob = deadLetterFor('content.transcribe', resultPayload);

// ---------------------------------------------------------------- content.callback-timeout

export const callbackTimeoutJob = defineJob({
  name: 'content.callback-timeout',
  schema: resultPayload,
  retryLimit: 3,
});

// ---------------------------------------------------------------- content.transcribe

/**
 * One per submission: pending -> processing -> completed | failed (or waiting for the webhook).
 * A provider that timed out or answered 5xx is retried (the result stays processing); the last
 * attempt records the failure with its reason.
 */
export const transcribeJob = defineJob({
  name: 'content.transcribe',
  schema: resultPayload,
  retryLimit: TRANSCRIBE_RETRIES,
  deadLetter: transcribeFailedJob,
  retryDelaySeconds: 30,
  expireInSeconds: 30 * 60,
  heartbeat: true,
});

// ---------------------------------------------------------------- content.summarize

/** Replaces the extractive summary of a webhook-completed result with the LLM's. */
export const summarizeJob = defineJob({
  name: 'content.summarize',
  schema: resultPayload,
  retryLimit: 2,
  expireInSeconds: 300,
  heartbeat: true,
});

// ---------------------------------------------------------------- registration

export const CONTENT_JOBS = [transcribeJob, transcribeFailedJob, callbackTimeoutJob, summarizeJob];
