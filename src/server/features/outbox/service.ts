import type { OutboxItem } from '#contract/campaigns.ts';
import type { AppContext } from '../../context.ts';
import type { Db, Tx } from '../../db/client.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import type { MailMessage } from '../../providers/mail/mailer.ts';
import { sendOutboxBatchJob, sendOutboxJob } from './job-definitions.ts';
import {
  deleteByRecipient,
  deleteSettledBefore,
  insertOutboxRows,
  listRecent,
  type NewOutboxRow,
} from './repository.ts';

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

export type BulkMessage =
  | ({ channel: 'email'; kind: string } & MailMessage)
  | { channel: 'sms'; kind: string; to: string; body: string };

/** Messages per bulk delivery job. */
export const BULK_BATCH = 100;

/**
 * Campaign messages (the bulk lane), in the caller's transaction: one insert for the rows and one
 * delivery job per BULK_BATCH of them. Returns the outbox ids in the order of `messages`.
 */
export async function queueBulkMessages(tx: Tx, jobs: JobQueue, messages: BulkMessage[]): Promise<number[]> {
  const rows: NewOutboxRow[] = messages.map((m) =>
    m.channel === 'sms'
      ? { channel: 'sms', kind: m.kind, recipient: m.to, subject: null, textBody: m.body }
      : {
          channel: 'email',
          kind: m.kind,
          recipient: m.to,
          subject: m.subject,
          textBody: m.text,
          htmlBody: m.html ?? null,
          headers: m.headers && Object.keys(m.headers).length ? m.headers : null,
        },
  );
  const ids = await insertOutboxRows(tx.db, rows);
  const batches = [];
  for (let i = 0; i < ids.length; i += BULK_BATCH)
    batches.push({ data: { outboxIds: ids.slice(i, i + BULK_BATCH) } });
  if (batches.length === 1) await jobs.enqueue(tx, sendOutboxBatchJob, batches[0]!.data);
  else if (batches.length > 1) await jobs.enqueueMany(tx, sendOutboxBatchJob, batches);
  return ids;
}

/**
 * A verification code never leaves the server over HTTP: no e-mail puts one in its subject, and
 * the outbox view masks any 6-digit run in a subject all the same (bodies are never listed).
 */
export const maskCodes = (text: string) => text.replace(/(?<!\d)\d{6}(?!\d)/g, '••••••');

/** The newest messages, for the admin outbox view (subjects, never bodies). */
export async function listOutbox(ctx: AppContext, limit = 200): Promise<OutboxItem[]> {
  const rows = await listRecent(ctx.database.db, limit);
  return rows.map((r) => ({
    id: r.id,
    channel: r.channel === 'sms' ? 'sms' : 'email',
    kind: r.kind,
    recipient: r.recipient,
    subject: r.subject === null ? null : maskCodes(r.subject),
    status: r.status,
    error: r.error,
    created_at: r.createdAt.toISOString(),
    sent_at: r.sentAt?.toISOString() ?? null,
  }));
}

/** Days a sent, kept or failed message stays in the outbox before the retention job deletes it. */
export const OUTBOX_RETENTION_DAYS = 30;

/** The retention job's share: settled messages older than OUTBOX_RETENTION_DAYS. */
export const pruneOutbox = (db: Db, now = new Date()) =>
  deleteSettledBefore(db, new Date(now.getTime() - OUTBOX_RETENTION_DAYS * 86_400_000));

/** 'Delete my data': every message to the owner (in the caller's transaction). */
export const deleteOutboxFor = (db: Db, recipient: string) => deleteByRecipient(db, recipient);
