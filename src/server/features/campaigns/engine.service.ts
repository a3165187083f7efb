import type { Config } from '../../config.ts';
import type { Database, Tx } from '../../db/client.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import type { Logger } from '../../lib/logger.ts';
import { hitRateLimit } from '../../lib/rate-limit.ts';
import { queueEmail, queueSms } from '../outbox/index.ts';
import { nextSmsSendTime, renderTokens, safeTimeZone } from './content.ts';
import { renderCampaignEmail } from './emails.ts';
import {
  claimDeliveries,
  enrolSignup,
  enrolSubscribedAudience,
  loadDeliveries,
  releaseHeld,
  type ScheduledDelivery,
  scheduleStepAfter,
  setDeliveryDue,
  setDeliveryOutbox,
  settleDelivery,
} from './engine.repository.ts';
import { deliverCampaignStepJob } from './jobs.ts';
import { unsubscribeHeaders, unsubscribeUrl } from './unsubscribe.ts';

/**
 * The sending engine. An enrolment (campaign, contact) is unique; a delivery (enrolment, step) is
 * unique. Each delivery is a job due at its time; when it runs, the engine checks again that the
 * campaign is active, the enrolment goes on, the step still exists and the contact is subscribed on
 * the step's channel, then claims the delivery ('scheduled' -> 'queued') with a conditional update
 * in the same transaction that writes the outbox row and its send job. A delivery therefore reaches
 * the outbox at most once, whatever the number of workers or crashes; the outbox job claims the
 * row again before calling the provider (features/outbox).
 */

async function enqueueDeliveries(tx: Tx, jobs: JobQueue, rows: ScheduledDelivery[], now: Date) {
  const items = rows.map((row) => ({
    data: { deliveryId: row.id },
    startAfter: row.dueAt > now ? row.dueAt : undefined,
  }));
  if (items.length === 1) {
    await jobs.enqueue(tx, deliverCampaignStepJob, items[0]!.data, { startAfter: items[0]!.startAfter });
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
  await enqueueDeliveries(tx, jobs, deliveries, now);
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

/** Runs one delivery at `now` (the job handler calls it with the clock; tests with a fake one). */
export async function processDelivery(
  deps: EngineDeps,
  deliveryId: number,
  now = new Date(),
): Promise<DeliveryOutcome> {
  const { database, jobs, config, log } = deps;
  const [row] = await loadDeliveries(database.db, [deliveryId]);
  if (row?.status !== 'scheduled') return 'ignored';
  const ids = {
    enrolmentId: row.enrolmentId,
    campaignId: row.campaignId,
    sequenceNumber: row.sequenceNumber,
    stepId: row.stepId,
  };

  const settle = async (status: 'held' | 'skipped', reason: string, next: boolean) =>
    database.transaction(async (tx) => {
      const changed = await settleDelivery(tx.db, deliveryId, status, reason, now);
      if (changed && next) await enqueueDeliveries(tx, jobs, await scheduleStepAfter(tx.db, ids, now), now);
      return changed ? status : ('ignored' as const);
    });
  const requeue = async (at: Date, setDue: boolean) => {
    await database.transaction(async (tx) => {
      if (setDue) await setDeliveryDue(tx.db, deliveryId, at);
      await jobs.enqueue(tx, deliverCampaignStepJob, { deliveryId }, { startAfter: at });
    });
  };

  if (row.campaignStatus === 'archived') return settle('skipped', 'Campaign archived', false);
  if (row.campaignStatus !== 'active') return settle('held', `Campaign ${row.campaignStatus}`, false);
  if (row.enrolmentStatus !== 'active')
    return settle('skipped', `Enrolment stopped${row.stopReason ? `: ${row.stopReason}` : ''}`, false);
  if (row.dueAt > now) {
    await requeue(row.dueAt, false);
    return 'not-due';
  }
  const step = row.step;
  if (!step?.messageType) return settle('skipped', 'Step deleted', true);

  const channel = step.messageType as 'email' | 'sms';
  if (channel === 'email' && (!row.email || !row.emailSubscribed))
    return settle('skipped', row.email ? 'Unsubscribed from e-mail' : 'No e-mail address', true);
  if (channel === 'sms') {
    if (!row.phone || !row.smsSubscribed)
      return settle('skipped', row.phone ? 'No SMS consent (or STOP received)' : 'No phone number', true);
    const allowedAt = nextSmsSendTime(now, safeTimeZone(row.timeZone, config.campaigns.defaultTimeZone));
    if (allowedAt > now) {
      await requeue(allowedAt, true);
      return 'deferred';
    }
  }

  const limit = await hitRateLimit(
    database.db,
    `campaign-send:${channel}`,
    config.campaigns.sendRatePerSecond,
    1,
  );
  if (!limit.allowed) {
    await requeue(new Date(now.getTime() + limit.retryAfterSeconds * 1000), false);
    return 'throttled';
  }

  const unsubscribe =
    channel === 'email' ? await unsubscribeUrl(database, config.publicUrl, row.contactId) : '';
  return database.transaction(async (tx) => {
    const claimed = await claimDeliveries(tx.db, [deliveryId], now);
    if (!claimed.length) return 'ignored' as const;
    const kind = `campaign:${row.campaignId}`;
    let outboxId: number;
    if (channel === 'email') {
      const mail = renderCampaignEmail(step, row.contactName, {
        unsubscribeUrl: unsubscribe,
        postalAddress: config.campaigns.postalAddress,
      });
      outboxId = await queueEmail(tx, jobs, kind, {
        to: row.email!,
        ...mail,
        headers: unsubscribeHeaders(unsubscribe),
      });
    } else {
      outboxId = await queueSms(tx, jobs, kind, {
        to: row.phone!,
        body: renderTokens(step.textContent!, row.contactName, 'text'),
      });
    }
    await setDeliveryOutbox(tx.db, deliveryId, outboxId);
    await enqueueDeliveries(tx, jobs, await scheduleStepAfter(tx.db, ids, now), now);
    log.debug({ deliveryId, outboxId, channel }, 'campaign step queued');
    return 'queued' as const;
  });
}
