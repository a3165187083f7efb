import type { OutboxItem } from '#contract/campaigns.ts';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import type { MailMessage } from '../../providers/mail/mailer.ts';
import { sendOutboxJob } from './jobs.ts';
import { insertOutboxRows, listRecent } from './repository.ts';

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
  const [id] = await insertOutboxRows(tx.db, [
    {
      channel: 'email',
      kind,
      recipient: message.to,
      subject: message.subject,
      textBody: message.text,
      htmlBody: message.html ?? null,
      headers: message.headers && Object.keys(message.headers).length ? message.headers : null,
    },
  ]);
  await jobs.enqueue(tx, sendOutboxJob, { outboxId: id! });
  return id!;
}

/** The same for an SMS: an outbox row with channel 'sms' and its delivery job. */
export async function queueSms(
  tx: Tx,
  jobs: JobQueue,
  kind: string,
  message: { to: string; body: string },
): Promise<number> {
  const [id] = await insertOutboxRows(tx.db, [
    { channel: 'sms', kind, recipient: message.to, subject: null, textBody: message.body },
  ]);
  await jobs.enqueue(tx, sendOutboxJob, { outboxId: id! });
  return id!;
}

/** The newest messages, for the admin outbox view. */
export async function listOutbox(ctx: AppContext, limit = 200): Promise<OutboxItem[]> {
  const rows = await listRecent(ctx.database.db, limit);
  return rows.map((r) => ({
    id: r.id,
    channel: r.channel === 'sms' ? 'sms' : 'email',
    kind: r.kind,
    recipient: r.recipient,
    subject: r.subject,
    status: r.status,
    error: r.error,
    created_at: r.createdAt.toISOString(),
    sent_at: r.sentAt?.toISOString() ?? null,
  }));
}
