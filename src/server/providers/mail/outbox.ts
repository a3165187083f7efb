import { and, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database, Tx } from '../../db/client.ts';
import { outbox } from '../../db/schema/core.ts';
import { defineJob, type JobContext, type JobQueue } from '../../jobs/queue.ts';
import type { Logger } from '../../lib/logger.ts';
import type { Mailer, MailMessage } from './mailer.ts';

export const SEND_EMAIL_RETRIES = 5;

export const sendEmailJob = defineJob({
  name: 'email.send',
  schema: z.object({ outboxId: z.number().int().positive() }),
  retryLimit: SEND_EMAIL_RETRIES,
  retryDelaySeconds: 10,
  expireInSeconds: 120,
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
    })
    .returning({ id: outbox.id });
  await jobs.enqueue(tx, sendEmailJob, { outboxId: row!.id });
  return row!.id;
}

/**
 * Delivers one outbox e-mail. The row is claimed ('queued' -> 'sending') with a conditional update
 * before the provider is called, so a message is never handed to SMTP twice; a run that finds it
 * 'sending' (the process died mid-send) records that instead of risking a duplicate.
 */
export function createSendEmailHandler(deps: { database: Database; mailer: Mailer | null; log: Logger }) {
  const { database, mailer, log } = deps;
  return async ({ outboxId }: { outboxId: number }, context: JobContext) => {
    const { db } = database;
    if (!mailer) {
      const stored = await db
        .update(outbox)
        .set({ status: 'stored' })
        .where(and(eq(outbox.id, outboxId), eq(outbox.status, 'queued')))
        .returning({ recipient: outbox.recipient, subject: outbox.subject });
      if (stored[0]) {
        log.info(
          { outboxId, to: stored[0].recipient, subject: stored[0].subject },
          'e-mail kept in the outbox (SMTP_URL is not set)',
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
      const [current] = await db
        .select({ status: outbox.status })
        .from(outbox)
        .where(eq(outbox.id, outboxId));
      if (current?.status === 'sending') {
        await db
          .update(outbox)
          .set({ status: 'failed', error: 'Interrupted while sending; not sent again to avoid a duplicate' })
          .where(and(eq(outbox.id, outboxId), inArray(outbox.status, ['sending'])));
      }
      return;
    }
    try {
      const result = await mailer.send({
        to: row.recipient,
        subject: row.subject ?? '',
        text: row.textBody,
        html: row.htmlBody,
      });
      await db
        .update(outbox)
        .set({ status: 'sent', sentAt: new Date(), providerMessageId: result.messageId, error: null })
        .where(eq(outbox.id, outboxId));
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const final = context.retryCount >= SEND_EMAIL_RETRIES;
      await db
        .update(outbox)
        .set({ status: final ? 'failed' : 'queued', error: message.slice(0, 1000) })
        .where(eq(outbox.id, outboxId));
      log.warn({ outboxId, attempt: context.retryCount + 1, final, err: message }, 'e-mail delivery failed');
      if (!final) throw error;
    }
  };
}
