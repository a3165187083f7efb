import { z } from 'zod';
import { deadLetterFor, defineJob } from '../../../jobs/queue.ts';

const draftPayload = z.object({ draftId: z.uuid(), blockId: z.string().max(20).optional() });

/** How long a draft waits before looking again at notes still uploading or transcribing. */
export const WAIT_FOR_NOTES_SECONDS = 10;
export const DRAFT_DID_NOT_FINISH = 'Echo could not finish this draft: it stopped unexpectedly on every try.';

/** Records a draft whose generation failed for good, so it never stays 'generating'. */
export const generateDraftFailedJob = deadLetterFor('studio.draft', draftPayload);

/** Writes one draft (or one block of it) from its notes: waits for transcriptions, then generates. */
export const generateDraftJob = defineJob({
  name: 'studio.draft',
  schema: draftPayload,
  retryLimit: 2,
  retryDelaySeconds: 10,
  expireInSeconds: 10 * 60,
  heartbeat: true,
  deadLetter: generateDraftFailedJob,
  // Four at once per worker: a draft's job is mostly database round trips (and, with a model, a wait
  // on it), so 100 drafts after 20 recordings no longer go strictly one by one (decision 018).
  concurrency: 4,
});

export const DRAFT_JOBS = [generateDraftJob, generateDraftFailedJob];
