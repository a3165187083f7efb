import type { Config } from '../../config.ts';
import type { Database, Tx } from '../../db/client.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import type { Logger } from '../../lib/logger.ts';
import { hitRateLimit } from '../../lib/rate-limit.ts';
import { type BulkMessage, queueBulkMessages, queueEmail, queueSms } from '../outbox/index.ts';
import { nextSmsSendTime, renderTokens, safeTimeZone } from './content.ts';
import { renderCampaignEmail } from './emails.ts';
import {
  claimDeliveries,
  enrolSignup,
  enrolSubscribedAudience,
  type LoadedDelivery,
  loadDeliveries,
  releaseHeld,
  type ScheduledDelivery,
  scheduleStepsAfter,
  setDeliveryDue,
  setDeliveryOutboxes,
  settleDelivery,
} from './engine.repository.ts';
import { deliverCampaignStepJob } from './job-definitions.ts';
import { unsubscribeHeaders, unsubscribeUrl } from './unsubscribe.service.ts';

/**
 * The sending engine. An enrolment (campaign, contact) is unique; a delivery (enrolment, step) is
 * unique. Each delivery is a job due at its time; when it runs, the engine checks again that the
 * campaign is active, the enrolment goes on, the step still exists and the contact is subscribed on
 * the step's channel, then claims the delivery ('scheduled' -> 'queued') with a conditional update
 * in the same transaction that writes the outbox row and its send job. A delivery therefore reaches
 * the outbox at most once, whatever the number of workers or crashes; the outbox job claims the
 * row again before calling the provider (features/outbox).
 */

/** Transactional deliveries (welcome e-mails) are fetched before any waiting campaign message. */
const TRANSACTIONAL_PRIORITY = 10;

async function enqueueDeliveries(
  tx: Tx,
  jobs: JobQueue,
  rows: ScheduledDelivery[],
  now: Date,
  options: { transactional?: boolean } = {},
) {
  const items = rows.map((row) => ({
    data: { deliveryId: row.id, ...(options.transactional && { transactional: true }) },
    startAfter: row.dueAt > now ? row.dueAt : undefined,
    priority: options.transactional ? TRANSACTIONAL_PRIORITY : undefined,
  }));
  if (items.length === 1) {
    const [item] = items;
    await jobs.enqueue(tx, deliverCampaignStepJob, item!.data, {
      startAfter: item!.startAfter,
      priority: item!.priority,
    });
  } else if (items.length > 1) {
    await jobs.enqueueMany(tx, deliverCampaignStepJob, items);
  }
}

/**
 * Enrols a new waitlist signup, in the signup's transaction: the contact (created or linked by
 * e-mail) joins every active campaign triggered by signups, and the first step of each is scheduled.
 */
export async function enrolWaitlistSignup(
  tx: Tx,
  jobs: JobQueue,
  config: Config,
  signup: { id: number; name: string; email: string },
  now = new Date(),
): Promise<number[]> {
  const deliveries = await enrolSignup(tx.db, { ...signup, timeZone: config.campaigns.defaultTimeZone }, now);
  // The first step of a signup campaign answers the signup (the welcome e-mail): transactional.
  await enqueueDeliveries(tx, jobs, deliveries, now, { transactional: true });
  return deliveries.map((d) => d.id);
}

/**
 * Enrols the subscribed audience of a time-based campaign (on activation): every contact
 * subscribed on a channel the campaign uses, once. Returns how many were enrolled now.
 */
export async function enrolAudience(tx: Tx, jobs: JobQueue, campaignId: number, now = new Date()) {
  const deliveries = await enrolSubscribedAudience(tx.db, campaignId, now);
  await enqueueDeliveries(tx, jobs, deliveries, now);
  return deliveries.length;
}

/** Deliveries held while the campaign was not active go back on schedule when it is activated. */
export async function releaseHeldDeliveries(tx: Tx, jobs: JobQueue, campaignId: number, now = new Date()) {
  const deliveries = await releaseHeld(tx.db, campaignId);
  await enqueueDeliveries(tx, jobs, deliveries, now);
  return deliveries.length;
}

export interface EngineDeps {
  database: Database;
  jobs: JobQueue;
  config: Config;
  log: Logger;
}

export type DeliveryOutcome =
  | 'queued'
  | 'ignored'
  | 'held'
  | 'skipped'
  | 'not-due'
  | 'deferred'
  | 'throttled';

/** A delivery to run; `transactional` marks the first step answering a signup (the welcome e-mail). */
export interface DeliveryRequest {
  deliveryId: number;
  transactional?: boolean;
}

/** Runs one delivery at `now` (the job handler runs batches; tests call this with a fake clock). */
export async function processDelivery(
  deps: EngineDeps,
  deliveryId: number,
  now = new Date(),
  options: { transactional?: boolean } = {},
): Promise<DeliveryOutcome> {
  const [outcome] = await processDeliveries(deps, [{ deliveryId, ...options }], now);
  return outcome!;
}

/**
 * Runs a batch of deliveries at `now`, with a few statements for the whole batch: one read, one
 * rate-limit hit per channel, and one transaction that claims the deliveries, writes their outbox
 * rows (campaign messages in the bulk lane, welcome e-mails in the transactional one), links them
 * and schedules the next steps. Returns the outcome of each request, in order.
 */
export async function processDeliveries(
  deps: EngineDeps,
  requests: DeliveryRequest[],
  now = new Date(),
): Promise<DeliveryOutcome[]> {
  const { database, jobs, config, log } = deps;
  const outcomes = new Map<number, DeliveryOutcome>();
  const loaded = await loadDeliveries(
    database.db,
    requests.map((r) => r.deliveryId),
  );
  const transactional = new Set(requests.filter((r) => r.transactional).map((r) => r.deliveryId));
  const ids = (row: LoadedDelivery) => ({
    enrolmentId: row.enrolmentId,
    campaignId: row.campaignId,
    sequenceNumber: row.sequenceNumber,
    stepId: row.stepId,
  });
  const settle = async (row: LoadedDelivery, status: 'held' | 'skipped', reason: string, next: boolean) => {
    const outcome = await database.transaction(async (tx) => {
      const changed = await settleDelivery(tx.db, row.id, status, reason, now);
      if (changed && next)
        await enqueueDeliveries(tx, jobs, await scheduleStepsAfter(tx.db, [ids(row)], now), now);
      return changed ? status : ('ignored' as const);
    });
    outcomes.set(row.id, outcome);
  };
  const requeue = async (row: LoadedDelivery, at: Date, setDue: boolean, outcome: DeliveryOutcome) => {
    await database.transaction(async (tx) => {
      if (setDue) await setDeliveryDue(tx.db, row.id, at);
      const urgent = transactional.has(row.id);
      await jobs.enqueue(
        tx,
        deliverCampaignStepJob,
        { deliveryId: row.id, ...(urgent && { transactional: true }) },
        { startAfter: at, priority: urgent ? TRANSACTIONAL_PRIORITY : undefined },
      );
    });
    outcomes.set(row.id, outcome);
  };

  const ready: { row: LoadedDelivery; channel: 'email' | 'sms' }[] = [];
  for (const row of loaded) {
    if (row.status !== 'scheduled') continue;
    if (row.campaignStatus === 'archived') await settle(row, 'skipped', 'Campaign archived', false);
    else if (row.campaignStatus !== 'active')
      await settle(row, 'held', `Campaign ${row.campaignStatus}`, false);
    else if (row.enrolmentStatus !== 'active')
      await settle(row, 'skipped', `Enrolment stopped${row.stopReason ? `: ${row.stopReason}` : ''}`, false);
    else if (row.dueAt > now) await requeue(row, row.dueAt, false, 'not-due');
    else if (!row.step?.messageType) await settle(row, 'skipped', 'Step deleted', true);
    else if (row.step.messageType === 'email') {
      if (!row.email || !row.emailSubscribed)
        await settle(row, 'skipped', row.email ? 'Unsubscribed from e-mail' : 'No e-mail address', true);
      else ready.push({ row, channel: 'email' });
    } else if (!row.phone || !row.smsSubscribed)
      await settle(row, 'skipped', row.phone ? 'No SMS consent (or STOP received)' : 'No phone number', true);
    else {
      const allowedAt = nextSmsSendTime(now, safeTimeZone(row.timeZone, config.campaigns.defaultTimeZone));
      if (allowedAt > now) await requeue(row, allowedAt, true, 'deferred');
      else ready.push({ row, channel: 'sms' });
    }
  }

  // The per-channel sending rate applies to campaign messages, never to the welcome e-mail.
  const sending: typeof ready = ready.filter((r) => transactional.has(r.row.id));
  for (const channel of ['email', 'sms'] as const) {
    const bulk = ready.filter((r) => r.channel === channel && !transactional.has(r.row.id));
    if (!bulk.length) continue;
    const limit = await hitRateLimit(
      database.db,
      `campaign-send:${channel}`,
      config.campaigns.sendRatePerSecond,
      1,
      bulk.length,
    );
    const fits = Math.max(
      0,
      Math.min(bulk.length, config.campaigns.sendRatePerSecond - (limit.count - bulk.length)),
    );
    sending.push(...bulk.slice(0, fits));
    const later = new Date(now.getTime() + limit.retryAfterSeconds * 1000);
    for (const { row } of bulk.slice(fits)) await requeue(row, later, false, 'throttled');
  }

  if (sending.length) {
    const footers = new Map<number, string>();
    for (const { row, channel } of sending)
      if (channel === 'email')
        footers.set(row.id, await unsubscribeUrl(database, config.publicUrl, row.contactId));
    await database.transaction(async (tx) => {
      const claimed = new Set(
        await claimDeliveries(
          tx.db,
          sending.map((s) => s.row.id),
          now,
        ),
      );
      const mine = sending.filter((s) => claimed.has(s.row.id));
      const messages = mine.map(({ row, channel }): BulkMessage => {
        const kind = `campaign:${row.campaignId}`;
        const step = row.step!;
        if (channel === 'sms')
          return {
            channel,
            kind,
            to: row.phone!,
            body: renderTokens(step.textContent!, row.contactName, 'text'),
          };
        const unsubscribe = footers.get(row.id)!;
        const mail = renderCampaignEmail({ ...step, textContent: step.textContent! }, row.contactName, {
          unsubscribeUrl: unsubscribe,
          postalAddress: config.campaigns.postalAddress,
        });
        return { channel, kind, to: row.email!, ...mail, headers: unsubscribeHeaders(unsubscribe) };
      });
      const links: { id: number; outboxId: number }[] = [];
      const bulk: number[] = [];
      for (const [i, { row }] of mine.entries()) {
        const message = messages[i]!;
        if (transactional.has(row.id) && message.channel === 'email')
          links.push({ id: row.id, outboxId: await queueEmail(tx, jobs, message.kind, message) });
        else if (transactional.has(row.id) && message.channel === 'sms')
          links.push({ id: row.id, outboxId: await queueSms(tx, jobs, message.kind, message) });
        else bulk.push(i);
      }
      const bulkIds = await queueBulkMessages(
        tx,
        jobs,
        bulk.map((i) => messages[i]!),
      );
      for (const [n, i] of bulk.entries()) links.push({ id: mine[i]!.row.id, outboxId: bulkIds[n]! });
      await setDeliveryOutboxes(tx.db, links);
      await enqueueDeliveries(
        tx,
        jobs,
        await scheduleStepsAfter(
          tx.db,
          mine.map((m) => ids(m.row)),
          now,
        ),
        now,
      );
      for (const { row } of mine) outcomes.set(row.id, 'queued');
      log.debug({ queued: mine.length }, 'campaign steps queued');
    });
  }
  return requests.map((r) => outcomes.get(r.deliveryId) ?? 'ignored');
}
