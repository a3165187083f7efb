import { z } from 'zod';
import { deadLetterFor, defineJob } from '../../jobs/queue.ts';

export const SEND_RETRIES = 5;

export const outboxPayload = z.object({ outboxId: z.number().int().positive() });

/** Shown on an outbox row whose delivery job failed for good (see sendOutboxFailedJob). */
export const DELIVERY_DID_NOT_FINISH = 'Delivery did not finish; not sent again to avoid a duplicate';

/**
 * Receives a delivery that failed for good without recording it (its last try expired, or its
 * worker died mid-send): the row is marked failed instead of staying queued or sending.
 */
export const sendOutboxFailedJob = deadLetterFor('outbox.send', outboxPayload);

/** Delivers one outbox row, e-mail or SMS. */
export const sendOutboxJob = defineJob({
  name: 'outbox.send',
  schema: outboxPayload,
  deadLetter: sendOutboxFailedJob,
  retryLimit: SEND_RETRIES,
  retryDelaySeconds: 10,
  expireInSeconds: 120,
  heartbeat: true,
  concurrency: 2,
  batchSize: 50,
});

export const batchPayload = z.object({ outboxIds: z.array(z.number().int().positive()).min(1).max(500) });

/** Receives a bulk batch that failed for good: its rows still queued or sending are marked failed. */
export const sendOutboxBatchFailedJob = deadLetterFor('outbox.send-bulk', batchPayload);

/**
 * Delivers a batch of campaign messages (the bulk lane): one claim for the batch, the sends in
 * parallel over the bulk SMTP pool, one update for what went out. Transactional messages (codes,
 * welcome e-mails) never wait behind it: they have their own job (outbox.send) and SMTP pool.
 */
export const sendOutboxBatchJob = defineJob({
  name: 'outbox.send-bulk',
  schema: batchPayload,
  deadLetter: sendOutboxBatchFailedJob,
  retryLimit: SEND_RETRIES,
  retryDelaySeconds: 10,
  expireInSeconds: 300,
  heartbeat: true,
  // Two batches fetched at once (200 messages in flight), and the next two at once when they are
  // done (a full fetch does not wait for the polling interval).
  batchSize: 2,
  concurrency: 1,
});

export const OUTBOX_JOBS = [sendOutboxJob, sendOutboxFailedJob, sendOutboxBatchJob, sendOutboxBatchFailedJob];
