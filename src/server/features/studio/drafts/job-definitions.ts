import { z } from 'zod';
import { DRAFT_FORMATS } from '#contract/studio-drafts.ts';
import { deadLetterFor, defineJob } from '../../../jobs/queue.ts';

const draftPayload = z.object({
  draftId: z.uuid(),
  /**
   * The other drafts of the same request, written in the same run (the offline engine: they share
   * their notes, read once; jobs sent before this field existed have none).
   */
  withDraftIds: z.array(z.uuid()).max(DRAFT_FORMATS.length).optional(),
  blockId: z.string().max(20).optional(),
});

/** Every draft a job writes: its own, then the others of its request. */
export const draftIdsOf = (payload: z.infer<typeof draftPayload>): string[] => [
  payload.draftId,
  ...(payload.withDraftIds ?? []),
];

/** How long a draft waits before looking again at notes still uploading or transcribing. */
export const WAIT_FOR_NOTES_SECONDS = 10;
export const DRAFT_DID_NOT_FINISH = 'Echo could not finish this draft: it stopped unexpectedly on every try.';

/** Records a draft whose generation failed for good, so it never stays 'generating'. */
export const generateDraftFailedJob = deadLetterFor('studio.draft', draftPayload);

/**
 * Writes one draft (or one block of it), or the drafts of one request, from their notes: waits for
 * transcriptions, then generates.
 */
export const generateDraftJob = defineJob({
  name: 'studio.draft',
  schema: draftPayload,
  retryLimit: 2,
  retryDelaySeconds: 10,
  expireInSeconds: 10 * 60,
  heartbeat: true,
  deadLetter: generateDraftFailedJob,
  // Four at once per worker: a job is mostly database round trips (and, with a model, a wait on it),
  // so the drafts of 20 recordings no longer go strictly one by one (decision 018).
  concurrency: 4,
});

export const DRAFT_JOBS = [generateDraftJob, generateDraftFailedJob];
