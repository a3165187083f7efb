import { z } from 'zod';
import type { Config } from '../../config.ts';
import type { Database, Tx } from '../../db/client.ts';
import { defineJob, type JobQueue } from '../../jobs/queue.ts';
import type { Logger } from '../../lib/logger.ts';
import { hitRateLimit } from '../../lib/rate-limit.ts';
import { queueEmail, queueSms } from '../../providers/mail/outbox.ts';
import { nextSmsSendTime, renderCampaignEmail, renderTokens, safeTimeZone } from './content.ts';
import { unsubscribeHeaders, unsubscribeUrl } from './unsubscribe.ts';

/**
 * The sending engine. An enrolment (campaign, contact) is unique; a delivery (enrolment, step) is
 * unique. Each delivery is a job due at its time; when it runs, the engine checks again that the
 * campaign is active, the enrolment goes on, the step still exists and the contact is subscribed on
 * the step's channel, then claims the delivery ('scheduled' -> 'queued') with a conditional update
 * in the same transaction that writes the outbox row and its send job. A delivery therefore reaches
 * the outbox at most once, whatever the number of workers or crashes; the outbox job claims the
 * row again before calling the provider (providers/mail/outbox.ts).
 */

export const deliverCampaignStepJob = defineJob({
  name: 'campaign.deliver',
  schema: z.object({ deliveryId: z.number().int().positive() }),
  retryLimit: 5,
  retryDelaySeconds: 5,
  expireInSeconds: 120,
  concurrency: 2,
  batchSize: 50,
});

interface EnqueuedDelivery {
  id: number;
  due_at: Date | string;
}

async function enqueueDeliveries(tx: Tx, jobs: JobQueue, rows: EnqueuedDelivery[], now: Date) {
  const items = rows.map((row) => {
    const due = new Date(row.due_at);
    return { data: { deliveryId: Number(row.id) }, startAfter: due > now ? due : undefined };
  });
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
  const { rows } = await tx.executeSql(
    `with contact as (
       insert into contacts (name, email, time_zone, source, waitlist_signup_id)
       values ($1, $2, $3, 'waitlist', $4)
       on conflict (email) do update set
         waitlist_signup_id = coalesce(contacts.waitlist_signup_id, excluded.waitlist_signup_id),
         name = case when contacts.name = '' then excluded.name else contacts.name end,
         updated_at = now()
       returning id
     ), enrolled as (
       insert into campaign_enrolments (campaign_id, contact_id, created_at)
       select c.id, contact.id, $5::timestamptz from campaigns c cross join contact
       where c.trigger_type = 'signup' and c.status = 'active'
       on conflict do nothing
       returning id, campaign_id
     ), first_step as (
       select distinct on (s.campaign_id) s.campaign_id, s.id, s.sequence_number, s.delay_days
       from campaign_steps s where s.campaign_id in (select campaign_id from enrolled)
       order by s.campaign_id, s.sequence_number, s.id
     )
     insert into campaign_deliveries (enrolment_id, step_id, sequence_number, due_at)
     select e.id, f.id, f.sequence_number, $5::timestamptz + make_interval(days => f.delay_days)
     from enrolled e join first_step f on f.campaign_id = e.campaign_id
     on conflict do nothing
     returning id, due_at`,
    [signup.name, signup.email, config.campaigns.defaultTimeZone, signup.id, now.toISOString()],
  );
  const deliveries = rows as EnqueuedDelivery[];
  await enqueueDeliveries(tx, jobs, deliveries, now);
  return deliveries.map((d) => Number(d.id));
}

/**
 * Enrols the subscribed audience of a time-based campaign (on activation): every contact
 * subscribed on a channel the campaign uses, once. Returns how many were enrolled now.
 */
export async function enrolAudience(tx: Tx, jobs: JobQueue, campaignId: number, now = new Date()) {
  const { rows } = await tx.executeSql(
    `with channels as (
       select bool_or(message_type = 'email') as email, bool_or(message_type = 'sms') as sms
       from campaign_steps where campaign_id = $1
     ), enrolled as (
       insert into campaign_enrolments (campaign_id, contact_id, created_at)
       select $1, k.id, $2::timestamptz from contacts k, channels ch
       where (ch.email and k.email is not null and k.email_subscribed)
          or (ch.sms and k.phone is not null and k.sms_subscribed)
       on conflict do nothing
       returning id
     ), first_step as (
       select id, sequence_number, delay_days from campaign_steps where campaign_id = $1
       order by sequence_number, id limit 1
     )
     insert into campaign_deliveries (enrolment_id, step_id, sequence_number, due_at)
     select e.id, f.id, f.sequence_number, $2::timestamptz + make_interval(days => f.delay_days)
     from enrolled e cross join first_step f
     on conflict do nothing
     returning id, due_at`,
    [campaignId, now.toISOString()],
  );
  await enqueueDeliveries(tx, jobs, rows as EnqueuedDelivery[], now);
  return rows.length;
}

/** Deliveries held while the campaign was not active go back on schedule when it is activated. */
export async function releaseHeldDeliveries(tx: Tx, jobs: JobQueue, campaignId: number, now = new Date()) {
  const { rows } = await tx.executeSql(
    `update campaign_deliveries d set status = 'scheduled'
     from campaign_enrolments e
     where d.enrolment_id = e.id and e.campaign_id = $1 and d.status = 'held'
     returning d.id, d.due_at`,
    [campaignId],
  );
  await enqueueDeliveries(tx, jobs, rows as EnqueuedDelivery[], now);
  return rows.length;
}

/** Schedules the step after (sequence, id) for an enrolment; its delay counts from `from`. */
async function scheduleNextStep(
  tx: Tx,
  jobs: JobQueue,
  delivery: { enrolmentId: number; campaignId: number; sequenceNumber: number; stepId: number },
  from: Date,
) {
  const { rows } = await tx.executeSql(
    `insert into campaign_deliveries (enrolment_id, step_id, sequence_number, due_at)
     select $1, s.id, s.sequence_number, $5::timestamptz + make_interval(days => s.delay_days)
     from campaign_steps s
     where s.campaign_id = $2 and (s.sequence_number, s.id) > ($3::int, $4::bigint)
     order by s.sequence_number, s.id limit 1
     on conflict do nothing
     returning id, due_at`,
    [delivery.enrolmentId, delivery.campaignId, delivery.sequenceNumber, delivery.stepId, from.toISOString()],
  );
  await enqueueDeliveries(tx, jobs, rows as EnqueuedDelivery[], from);
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

interface DeliveryRow {
  id: number;
  status: string;
  due_at: Date;
  step_id: number;
  sequence_number: number;
  enrolment_id: number;
  enrolment_status: string;
  stop_reason: string | null;
  campaign_id: number;
  campaign_status: string;
  contact_id: number;
  contact_name: string;
  email: string | null;
  phone: string | null;
  email_subscribed: boolean;
  sms_subscribed: boolean;
  time_zone: string;
  step_exists: boolean;
  message_type: 'email' | 'sms' | null;
  subject: string | null;
  html_content: string | null;
  text_content: string | null;
}

/** Runs one delivery at `now` (the job handler calls it with the clock; tests with a fake one). */
export async function processDelivery(
  deps: EngineDeps,
  deliveryId: number,
  now = new Date(),
): Promise<DeliveryOutcome> {
  const { database, jobs, config, log } = deps;
  const { rows } = await database.pool.query<DeliveryRow>(
    `select d.id, d.status, d.due_at, d.step_id, d.sequence_number, d.enrolment_id,
            e.status as enrolment_status, e.stop_reason, e.campaign_id, c.status as campaign_status,
            k.id as contact_id, k.name as contact_name, k.email, k.phone, k.email_subscribed,
            k.sms_subscribed, k.time_zone, s.id is not null as step_exists, s.message_type, s.subject,
            s.html_content, s.text_content
     from campaign_deliveries d
     join campaign_enrolments e on e.id = d.enrolment_id
     join campaigns c on c.id = e.campaign_id
     join contacts k on k.id = e.contact_id
     left join campaign_steps s on s.id = d.step_id and s.campaign_id = e.campaign_id
     where d.id = $1`,
    [deliveryId],
  );
  const row = rows[0];
  if (row?.status !== 'scheduled') return 'ignored';
  const ids = {
    enrolmentId: Number(row.enrolment_id),
    campaignId: Number(row.campaign_id),
    sequenceNumber: row.sequence_number,
    stepId: Number(row.step_id),
  };

  const settle = async (status: 'held' | 'skipped', reason: string, next: boolean) =>
    database.transaction(async (tx) => {
      const { rows: changed } = await tx.executeSql(
        `update campaign_deliveries set status = $2, reason = $3, processed_at = $4
         where id = $1 and status = 'scheduled' returning id`,
        [deliveryId, status, reason, now.toISOString()],
      );
      if (changed.length && next) await scheduleNextStep(tx, jobs, ids, now);
      return changed.length ? status : ('ignored' as const);
    });
  const requeue = async (at: Date, setDue: boolean) => {
    await database.transaction(async (tx) => {
      if (setDue)
        await tx.executeSql(
          `update campaign_deliveries set due_at = $2 where id = $1 and status = 'scheduled'`,
          [deliveryId, at.toISOString()],
        );
      await jobs.enqueue(tx, deliverCampaignStepJob, { deliveryId }, { startAfter: at });
    });
  };

  if (row.campaign_status === 'archived') return settle('skipped', 'Campaign archived', false);
  if (row.campaign_status !== 'active') return settle('held', `Campaign ${row.campaign_status}`, false);
  if (row.enrolment_status !== 'active')
    return settle('skipped', `Enrolment stopped${row.stop_reason ? `: ${row.stop_reason}` : ''}`, false);
  const due = new Date(row.due_at);
  if (due > now) {
    await requeue(due, false);
    return 'not-due';
  }
  if (!row.step_exists || !row.message_type || row.text_content === null)
    return settle('skipped', 'Step deleted', true);

  const channel = row.message_type;
  if (channel === 'email' && (!row.email || !row.email_subscribed))
    return settle('skipped', row.email ? 'Unsubscribed from e-mail' : 'No e-mail address', true);
  if (channel === 'sms') {
    if (!row.phone || !row.sms_subscribed)
      return settle('skipped', row.phone ? 'No SMS consent (or STOP received)' : 'No phone number', true);
    const allowedAt = nextSmsSendTime(now, safeTimeZone(row.time_zone, config.campaigns.defaultTimeZone));
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
    channel === 'email' ? await unsubscribeUrl(database, config.publicUrl, Number(row.contact_id)) : '';
  return database.transaction(async (tx) => {
    const { rows: claimed } = await tx.executeSql(
      `update campaign_deliveries set status = 'queued', processed_at = $2
       where id = $1 and status = 'scheduled' returning id`,
      [deliveryId, now.toISOString()],
    );
    if (!claimed.length) return 'ignored' as const;
    const kind = `campaign:${row.campaign_id}`;
    let outboxId: number;
    if (channel === 'email') {
      const mail = renderCampaignEmail(
        { subject: row.subject, textContent: row.text_content!, htmlContent: row.html_content },
        row.contact_name,
        { unsubscribeUrl: unsubscribe, postalAddress: config.campaigns.postalAddress },
      );
      outboxId = await queueEmail(tx, jobs, kind, {
        to: row.email!,
        ...mail,
        headers: unsubscribeHeaders(unsubscribe),
      });
    } else {
      outboxId = await queueSms(tx, jobs, kind, {
        to: row.phone!,
        body: renderTokens(row.text_content!, row.contact_name, 'text'),
      });
    }
    await tx.executeSql(`update campaign_deliveries set outbox_id = $2 where id = $1`, [
      deliveryId,
      outboxId,
    ]);
    await scheduleNextStep(tx, jobs, ids, now);
    log.debug({ deliveryId, outboxId, channel }, 'campaign step queued');
    return 'queued' as const;
  });
}

export function createDeliverHandler(deps: EngineDeps & { now?: () => Date }) {
  return async ({ deliveryId }: { deliveryId: number }) => {
    await processDelivery(deps, deliveryId, deps.now?.() ?? new Date());
  };
}
