import { and, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database, Tx } from '../../db/client.ts';
import { outbox } from '../../db/schema/core.ts';
import { defineJob, type JobContext, type JobQueue } from '../../jobs/queue.ts';
import type { Logger } from '../../lib/logger.ts';
import type { SmsSender } from '../sms/twilio.ts';
import type { Mailer, MailMessage } from './mailer.ts';

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

/**
 * Writes an e-mail to the outbox and enqueues its delivery in the caller's transaction, so an
 * acknowledged action never loses its e-mail and a rolled-back one never sends it.
 */
export async function queueEmail(
  tx: Tx,
  jobs: JobQueue,
  kind: string,
  message: MailMessage,
): Promise<number> {
  const [row] = await tx.db
    .insert(outbox)
    .values({
      channel: 'email',
      kind,
      recipient: message.to,
      subject: message.subject,
      textBody: message.text,
      htmlBody: message.html ?? null,
      headers: message.headers && Object.keys(message.headers).length ? message.headers : null,
    })
    .returning({ id: outbox.id });
  await jobs.enqueue(tx, sendOutboxJob, { outboxId: row!.id });
  return row!.id;
}

/** The same for an SMS: an outbox row with channel 'sms' and its delivery job. */
export async function queueSms(
  tx: Tx,
  jobs: JobQueue,
  kind: string,
  message: { to: string; body: string },
): Promise<number> {
  const [row] = await tx.db
    .insert(outbox)
    .values({ channel: 'sms', kind, recipient: message.to, subject: null, textBody: message.body })
    .returning({ id: outbox.id });
  await jobs.enqueue(tx, sendOutboxJob, { outboxId: row!.id });
  return row!.id;
}

/** Marks a row whose delivery failed for good as failed, unless it was settled already (idempotent). */
export function createSendOutboxFailedHandler(deps: Pick<SendDeps, 'database' | 'log'>) {
  return async ({ outboxId }: { outboxId: number }) => {
    const updated = await deps.database.db
      .update(outbox)
      .set({ status: 'failed', error: DELIVERY_DID_NOT_FINISH })
      .where(and(eq(outbox.id, outboxId), inArray(outbox.status, ['queued', 'sending'])))
      .returning({ id: outbox.id });
    if (updated.length) deps.log.warn({ outboxId }, 'message delivery failed for good; marked failed');
  };
}

export interface SendDeps {
  database: Database;
  mailer: Mailer | null;
  sms: SmsSender | null;
  log: Logger;
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
    const [current] = await db
      .select({ channel: outbox.channel, status: outbox.status })
      .from(outbox)
      .where(eq(outbox.id, outboxId));
    if (!current) return;
    const provider = current.channel === 'sms' ? sms : mailer;
    if (!provider) {
      const stored = await db
        .update(outbox)
        .set({ status: 'stored' })
        .where(and(eq(outbox.id, outboxId), eq(outbox.status, 'queued')))
        .returning({ recipient: outbox.recipient, subject: outbox.subject });
      if (stored[0]) {
        log.info(
          { outboxId, channel: current.channel, to: stored[0].recipient, subject: stored[0].subject },
          current.channel === 'sms'
            ? 'SMS kept in the outbox (Twilio is not configured)'
            : 'e-mail kept in the outbox (SMTP_URL is not set)',
        );
      }
      return;
    }
    const claimed = await db
      .update(outbox)
      .set({ status: 'sending', attempts: sql`${outbox.attempts} + 1` })
      .where(and(eq(outbox.id, outboxId), eq(outbox.status, 'queued')))
      .returning();
    const row = claimed[0];
    if (!row) {
      if (current.status === 'sending') {
        await db
          .update(outbox)
          .set({ status: 'failed', error: 'Interrupted while sending; not sent again to avoid a duplicate' })
          .where(and(eq(outbox.id, outboxId), eq(outbox.status, 'sending')));
      }
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
      await db
        .update(outbox)
        .set({ status: 'sent', sentAt: new Date(), providerMessageId: result.messageId, error: null })
        .where(eq(outbox.id, outboxId));
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const final = context.retryCount >= SEND_RETRIES;
      await db
        .update(outbox)
        .set({ status: final ? 'failed' : 'queued', error: message.slice(0, 1000) })
        .where(eq(outbox.id, outboxId));
      log.warn(
        { outboxId, channel: row.channel, attempt: context.retryCount + 1, final, err: message },
        'message delivery failed',
      );
      if (!final) throw error;
    }
  };
}
