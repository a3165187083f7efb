import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { defineJob, type JobContext, type JobQueue } from '../../jobs/queue.ts';
import type { Logger } from '../../lib/logger.ts';
import type { Mailer } from '../../providers/mail/mailer.ts';
import type { SmsSender } from '../../providers/sms/twilio.ts';
import {
  claimForSending,
  findOutboxState,
  markAttemptFailed,
  markFailedIfIn,
  markSent,
  markStored,
} from './repository.ts';

export const SEND_RETRIES = 5;

const outboxPayload = z.object({ outboxId: z.number().int().positive() });

/** Shown on an outbox row whose delivery job failed for good (see sendOutboxFailedJob). */
export const DELIVERY_DID_NOT_FINISH = 'Delivery did not finish; not sent again to avoid a duplicate';

/**
 * Receives a delivery that failed for good without recording it (its last try expired, or its
 * worker died mid-send): the row is marked failed instead of staying queued or sending.
 */
export const sendOutboxFailedJob = defineJob({
  name: 'outbox.send.failed',
  schema: outboxPayload,
  retryLimit: 5,
});

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

export const OUTBOX_JOBS = [sendOutboxJob, sendOutboxFailedJob];

export interface SendDeps {
  database: Database;
  mailer: Mailer | null;
  sms: SmsSender | null;
  log: Logger;
}

/** Marks a row whose delivery failed for good as failed, unless it was settled already (idempotent). */
export function createSendOutboxFailedHandler(deps: Pick<SendDeps, 'database' | 'log'>) {
  return async ({ outboxId }: { outboxId: number }) => {
    if (await markFailedIfIn(deps.database.db, outboxId, ['queued', 'sending'], DELIVERY_DID_NOT_FINISH))
      deps.log.warn({ outboxId }, 'message delivery failed for good; marked failed');
  };
}

/**
 * Delivers one outbox message through the provider of its channel. The row is claimed
 * ('queued' -> 'sending') with a conditional update before the provider is called, so a message is
 * never handed over twice; a run that finds it 'sending' (the process died mid-send) records that
 * instead of risking a duplicate. Without a provider for the channel the row is kept as 'stored'.
 */
export function createSendOutboxHandler(deps: SendDeps) {
  const { database, mailer, sms, log } = deps;
  return async ({ outboxId }: { outboxId: number }, context: JobContext) => {
    const { db } = database;
    const current = await findOutboxState(db, outboxId);
    if (!current) return;
    const provider = current.channel === 'sms' ? sms : mailer;
    if (!provider) {
      const stored = await markStored(db, outboxId);
      if (stored) {
        log.info(
          { outboxId, channel: current.channel, to: stored.recipient, subject: stored.subject },
          current.channel === 'sms'
            ? 'SMS kept in the outbox (Twilio is not configured)'
            : 'e-mail kept in the outbox (SMTP_URL is not set)',
        );
      }
      return;
    }
    const row = await claimForSending(db, outboxId);
    if (!row) {
      if (current.status === 'sending')
        await markFailedIfIn(
          db,
          outboxId,
          ['sending'],
          'Interrupted while sending; not sent again to avoid a duplicate',
        );
      return;
    }
    try {
      const result =
        row.channel === 'sms'
          ? await sms!.send({ to: row.recipient, body: row.textBody })
          : await mailer!.send({
              to: row.recipient,
              subject: row.subject ?? '',
              text: row.textBody,
              html: row.htmlBody,
              headers: row.headers ?? undefined,
            });
      await markSent(db, outboxId, result.messageId);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const final = context.retryCount >= SEND_RETRIES;
      await markAttemptFailed(db, outboxId, message, final);
      log.warn(
        { outboxId, channel: row.channel, attempt: context.retryCount + 1, final, err: message },
        'message delivery failed',
      );
      if (!final) throw error;
    }
  };
}

/** The worker side of the outbox: one handler per job. */
export function registerOutboxJobs(queue: JobQueue, deps: SendDeps): void {
  queue.handle(sendOutboxJob, createSendOutboxHandler(deps));
  queue.handle(sendOutboxFailedJob, createSendOutboxFailedHandler(deps));
}
