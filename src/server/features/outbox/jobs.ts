import type { Database } from '../../db/client.ts';
import type { JobContext, JobQueue } from '../../jobs/queue.ts';
import type { Logger } from '../../lib/logger.ts';
import { isTimeout, type Mailer, type MailMessage } from '../../providers/mail/mailer.ts';
import type { SmsSender } from '../../providers/sms/twilio.ts';
import {
  DELIVERY_DID_NOT_FINISH,
  SEND_RETRIES,
  sendOutboxBatchFailedJob,
  sendOutboxBatchJob,
  sendOutboxFailedJob,
  sendOutboxJob,
} from './job-definitions.ts';
import {
  claimForSending,
  claimManyForSending,
  findOutboxState,
  findStates,
  markAttemptFailed,
  markFailedIfIn,
  markManySent,
  markManyStored,
  markSent,
  markStored,
  type OutboxRow,
} from './repository.ts';

/**
 * The one Message-ID of an outbox row, the same at every attempt: the row id and its creation time
 * (unique across databases that share a domain) at the sender's domain.
 */
export function outboxMessageId(row: Pick<OutboxRow, 'id' | 'createdAt'>, domain: string): string {
  return `<outbox.${row.id}.${row.createdAt.getTime().toString(36)}@${domain}>`;
}

/** The domain of a From address ('Echo <hello@echo.local>' -> 'echo.local'). */
export function senderDomain(from: string): string {
  return /@([^\s<>@]+)>?\s*$/.exec(from)?.[1] ?? 'echo.local';
}

export interface SendDeps {
  database: Database;
  /** Transactional e-mail (codes, welcome, notices): its own small SMTP pool. */
  mailer: Mailer | null;
  /** Campaign e-mail (the bulk lane); the transactional mailer when not given. */
  bulkMailer?: Mailer | null;
  sms: SmsSender | null;
  log: Logger;
  /**
   * The local mail catcher: where an e-mail kept in the outbox (no SMTP) is printed in full, so a
   * new user can finish every flow on one machine. Only outside production (see worker.ts).
   */
  printStored?: (text: string) => void;
  /** Domain of outbox Message-IDs (the MAIL_FROM domain; default echo.local). */
  messageIdDomain?: string;
}

/** The e-mail of an outbox row, with the row's one Message-ID. */
const mailOf = (row: OutboxRow, domain = 'echo.local'): MailMessage => ({
  to: row.recipient,
  subject: row.subject ?? '',
  text: row.textBody,
  html: row.htmlBody,
  headers: row.headers ?? undefined,
  messageId: outboxMessageId(row, domain),
});

/** A stored message as the local mail catcher prints it. */
export function formatStored(
  row: Pick<OutboxRow, 'id' | 'channel' | 'recipient' | 'subject' | 'textBody'>,
): string {
  const rule = '-'.repeat(72);
  const head =
    row.channel === 'sms'
      ? `SMS #${row.id} to ${row.recipient} (kept in the outbox: Twilio is not configured)`
      : `E-mail #${row.id} to ${row.recipient} (kept in the outbox: SMTP_URL is not set)\nSubject: ${row.subject ?? ''}`;
  return `\n${rule}\n${head}\n\n${row.textBody}\n${rule}\n`;
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
        // The log line names the message, never its subject or body (they can hold a code).
        log.info(
          { outboxId, channel: current.channel, kind: stored.kind },
          current.channel === 'sms'
            ? 'SMS kept in the outbox (Twilio is not configured)'
            : 'e-mail kept in the outbox (SMTP_URL is not set)',
        );
        deps.printStored?.(formatStored(stored));
      }
      return;
    }
    const row = await claimForSending(db, outboxId);
    if (!row) {
      if (current.status === 'sending') await markFailedIfIn(db, outboxId, ['sending'], INTERRUPTED);
      return;
    }
    try {
      const result =
        row.channel === 'sms'
          ? await sms!.send({ to: row.recipient, body: row.textBody })
          : await mailer!.send(mailOf(row, deps.messageIdDomain));
      await markSent(db, outboxId, result.messageId);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const final = context.retryCount >= SEND_RETRIES;
      const timedOut = isTimeout(error);
      await markAttemptFailed(db, outboxId, message, final, timedOut);
      log.warn(
        { outboxId, channel: row.channel, attempt: context.retryCount + 1, final, timedOut, err: message },
        'message delivery failed',
      );
      if (!final) throw error;
    }
  };
}

const INTERRUPTED = 'Interrupted while sending; not sent again to avoid a duplicate';

/**
 * The bulk lane: claims the batch's rows still 'queued' in one update and sends them in parallel.
 * A failed send goes back to 'queued' and the job is retried, which claims only those rows again
 * (sent rows are never claimed twice); after the last retry they are marked failed.
 */
export function createSendOutboxBatchHandler(deps: SendDeps) {
  const { database, sms, log } = deps;
  const mailer = deps.bulkMailer ?? deps.mailer;
  return async ({ outboxIds }: { outboxIds: number[] }, context: JobContext) => {
    const { db } = database;
    if (!mailer && !sms) {
      const stored = await markManyStored(db, outboxIds);
      if (stored.length)
        log.info({ count: stored.length }, 'campaign messages kept in the outbox (no provider)');
      return;
    }
    const claimed = await claimManyForSending(db, outboxIds);
    if (claimed.length < outboxIds.length) {
      // A row left 'sending' by a run that died mid-send is not sent again (no duplicates).
      const claimedIds = new Set(claimed.map((row) => row.id));
      for (const row of await findStates(
        db,
        outboxIds.filter((id) => !claimedIds.has(id)),
      ))
        if (row.status === 'sending') await markFailedIfIn(db, row.id, ['sending'], INTERRUPTED);
    }
    const sent: { id: number; providerMessageId: string }[] = [];
    const failed: { id: number; error: unknown }[] = [];
    await Promise.all(
      claimed.map(async (row) => {
        const provider = row.channel === 'sms' ? sms : mailer;
        try {
          if (!provider) throw new Error(`No provider for ${row.channel}`);
          const result =
            row.channel === 'sms'
              ? await sms!.send({ to: row.recipient, body: row.textBody })
              : await mailer!.send(mailOf(row, deps.messageIdDomain));
          sent.push({ id: row.id, providerMessageId: result.messageId });
        } catch (error) {
          failed.push({ id: row.id, error });
        }
      }),
    );
    await markManySent(db, sent);
    if (!failed.length) return;
    const final = context.retryCount >= SEND_RETRIES;
    for (const { id, error } of failed) {
      const message = error instanceof Error ? error.message : String(error);
      await markAttemptFailed(db, id, message, final, isTimeout(error));
    }
    log.warn(
      { failed: failed.length, attempt: context.retryCount + 1, final },
      'campaign message delivery failed',
    );
    if (!final) throw new Error(`${failed.length} of ${claimed.length} messages failed; retrying those`);
  };
}

export function createSendOutboxBatchFailedHandler(deps: Pick<SendDeps, 'database' | 'log'>) {
  return async ({ outboxIds }: { outboxIds: number[] }) => {
    let failed = 0;
    for (const id of outboxIds)
      if (await markFailedIfIn(deps.database.db, id, ['queued', 'sending'], DELIVERY_DID_NOT_FINISH))
        failed++;
    if (failed) deps.log.warn({ failed }, 'campaign messages failed for good; marked failed');
  };
}

/** The worker side of the outbox: one handler per job. */
export function registerOutboxJobs(queue: JobQueue, deps: SendDeps): void {
  queue.handle(sendOutboxJob, createSendOutboxHandler(deps));
  queue.handle(sendOutboxFailedJob, createSendOutboxFailedHandler(deps));
  queue.handle(sendOutboxBatchJob, createSendOutboxBatchHandler(deps));
  queue.handle(sendOutboxBatchFailedJob, createSendOutboxBatchFailedHandler(deps));
}
