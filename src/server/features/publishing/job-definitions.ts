import { z } from 'zod';
import { deadLetterFor, defineJob } from '../../jobs/queue.ts';

/** A post's job carries its run: moving or re-queuing the post changes the run, so an older job does nothing. */
export const publishPayload = z.object({ postId: z.string().uuid(), run: z.number().int().positive() });

/** Receives a post whose job failed for good (its worker died each time, or the database was away). */
export const publishPostFailedJob = deadLetterFor('publishing.post', publishPayload);

/**
 * Publishes one post (a thread: each of its parts in order). Platform failures are handled inside
 * (a 429 or 5xx re-queues the post for later with a new run), so pg-boss's own retries are only
 * for the handler itself failing: the next run finds the part that was in flight and checks it.
 */
export const publishPostJob = defineJob({
  name: 'publishing.post',
  schema: publishPayload,
  deadLetter: publishPostFailedJob,
  retryLimit: 3,
  retryDelaySeconds: 10,
  expireInSeconds: 600,
  heartbeat: true,
  concurrency: 8,
  batchSize: 16,
});

/** Each hour: renews the tokens of accounts whose access ends within the window (refresh.service.ts). */
export const refreshTokensJob = defineJob({
  name: 'publishing.refresh-tokens',
  schema: z.object({}).passthrough().nullish(),
  retryLimit: 1,
  expireInSeconds: 1800,
});

export const PUBLISHING_JOBS = [publishPostJob, publishPostFailedJob, refreshTokensJob];
