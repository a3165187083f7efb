import { and, asc, eq, inArray, isNotNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  campaignDeliveries,
  campaignEnrolments,
  campaignSteps,
  campaigns,
  contacts,
} from '../../db/schema/campaigns.ts';

/** The sending engine's SQL (engine.service.ts holds the rules). */

type DeliveryRow = typeof campaignDeliveries.$inferSelect;
type StepRow = typeof campaignSteps.$inferSelect;
export type ScheduledDelivery = Pick<DeliveryRow, 'id' | 'dueAt'>;
type NewDelivery = typeof campaignDeliveries.$inferInsert;

/** Rows per insert statement (PostgreSQL takes at most 65,535 parameters in one statement). */
const CHUNK = 5000;

async function insertDeliveries(db: Db, rows: NewDelivery[]): Promise<ScheduledDelivery[]> {
  const out: ScheduledDelivery[] = [];
  for (let i = 0; i < rows.length; i += CHUNK) {
    out.push(
      ...(await db
        .insert(campaignDeliveries)
        .values(rows.slice(i, i + CHUNK))
        .onConflictDoNothing()
        .returning({ id: campaignDeliveries.id, dueAt: campaignDeliveries.dueAt })),
    );
  }
  return out;
}

const addDays = (from: Date, days: number) => new Date(from.getTime() + days * 86_400_000);

/** The first step (lowest sequence, then id) of each campaign. */
async function firstSteps(db: Db, campaignIds: number[]) {
  if (!campaignIds.length) return new Map<number, Pick<StepRow, 'id' | 'sequenceNumber' | 'delayDays'>>();
  const rows = await db
    .selectDistinctOn([campaignSteps.campaignId], {
      campaignId: campaignSteps.campaignId,
      id: campaignSteps.id,
      sequenceNumber: campaignSteps.sequenceNumber,
      delayDays: campaignSteps.delayDays,
    })
    .from(campaignSteps)
    .where(inArray(campaignSteps.campaignId, campaignIds))
    .orderBy(campaignSteps.campaignId, asc(campaignSteps.sequenceNumber), asc(campaignSteps.id));
  return new Map(rows.map((row) => [row.campaignId, row]));
}

/** Schedules the first step of each new enrolment, due `delay_days` after `now`. */
async function scheduleFirstSteps(
  db: Db,
  enrolments: { id: number; campaignId: number }[],
  now: Date,
): Promise<ScheduledDelivery[]> {
  const steps = await firstSteps(db, [...new Set(enrolments.map((e) => e.campaignId))]);
  const rows: NewDelivery[] = [];
  for (const enrolment of enrolments) {
    const step = steps.get(enrolment.campaignId);
    if (step)
      rows.push({
        enrolmentId: enrolment.id,
        stepId: step.id,
        sequenceNumber: step.sequenceNumber,
        dueAt: addDays(now, step.delayDays),
      });
  }
  return insertDeliveries(db, rows);
}

/**
 * A new waitlist signup as a contact (created, or linked by e-mail) enrolled in every active
 * signup-triggered campaign, with the first step of each scheduled. One statement: this runs in
 * every signup's transaction, and the builder cannot chain data-modifying CTEs.
 */
export async function enrolSignup(
  db: Db,
  signup: { id: number; name: string; email: string; timeZone: string },
  now: Date,
): Promise<ScheduledDelivery[]> {
  const at = now.toISOString();
  const result = await db.execute(sql`
    with contact as (
      insert into ${contacts} (name, email, time_zone, source, waitlist_signup_id)
      values (${signup.name}, ${signup.email}, ${signup.timeZone}, 'waitlist', ${signup.id})
      on conflict (email) do update set
        waitlist_signup_id = coalesce(${contacts.waitlistSignupId}, excluded.waitlist_signup_id),
        name = case when ${contacts.name} = '' then excluded.name else ${contacts.name} end,
        updated_at = now()
      returning id
    ), enrolled as (
      insert into ${campaignEnrolments} (campaign_id, contact_id, created_at)
      select c.id, contact.id, ${at}::timestamptz from ${campaigns} c cross join contact
      where c.trigger_type = 'signup' and c.status = 'active'
      on conflict do nothing
      returning id, campaign_id
    ), first_step as (
      select distinct on (s.campaign_id) s.campaign_id, s.id, s.sequence_number, s.delay_days
      from ${campaignSteps} s where s.campaign_id in (select campaign_id from enrolled)
      order by s.campaign_id, s.sequence_number, s.id
    )
    insert into ${campaignDeliveries} (enrolment_id, step_id, sequence_number, due_at)
    select e.id, f.id, f.sequence_number, ${at}::timestamptz + make_interval(days => f.delay_days)
    from enrolled e join first_step f on f.campaign_id = e.campaign_id
    on conflict do nothing
    returning id, due_at`);
  // Typed as the schema's delivery (id, dueAt).
  return result.rows.map(
    (row): ScheduledDelivery => ({ id: Number(row.id), dueAt: new Date(String(row.due_at)) }),
  );
}

/**
 * Enrols every contact subscribed on a channel the campaign uses (once) and schedules its first
 * step. Returns the new deliveries.
 */
export async function enrolSubscribedAudience(
  db: Db,
  campaignId: number,
  now: Date,
): Promise<ScheduledDelivery[]> {
  const types = await db
    .selectDistinct({ type: campaignSteps.messageType })
    .from(campaignSteps)
    .where(eq(campaignSteps.campaignId, campaignId));
  const reach = [];
  if (types.some((t) => t.type === 'email'))
    reach.push(and(isNotNull(contacts.email), eq(contacts.emailSubscribed, true)));
  if (types.some((t) => t.type === 'sms'))
    reach.push(and(isNotNull(contacts.phone), eq(contacts.smsSubscribed, true)));
  if (!reach.length) return [];
  const audience = await db
    .select({ id: contacts.id })
    .from(contacts)
    .where(or(...reach));
  const enrolled: { id: number; campaignId: number }[] = [];
  for (let i = 0; i < audience.length; i += CHUNK) {
    enrolled.push(
      ...(await db
        .insert(campaignEnrolments)
        .values(audience.slice(i, i + CHUNK).map((c) => ({ campaignId, contactId: c.id, enrolledAt: now })))
        .onConflictDoNothing()
        .returning({ id: campaignEnrolments.id, campaignId: campaignEnrolments.campaignId })),
    );
  }
  return scheduleFirstSteps(db, enrolled, now);
}

/** Deliveries held while the campaign was not active go back to 'scheduled'. */
export function releaseHeld(db: Db, campaignId: number): Promise<ScheduledDelivery[]> {
  return db
    .update(campaignDeliveries)
    .set({ status: 'scheduled' })
    .where(
      and(
        eq(campaignDeliveries.status, 'held'),
        inArray(
          campaignDeliveries.enrolmentId,
          db
            .select({ id: campaignEnrolments.id })
            .from(campaignEnrolments)
            .where(eq(campaignEnrolments.campaignId, campaignId)),
        ),
      ),
    )
    .returning({ id: campaignDeliveries.id, dueAt: campaignDeliveries.dueAt });
}

/**
 * Schedules, for each delivery, the step after its (sequence, id) in its campaign; each delay
 * counts from `from`. One read of the campaigns' steps and one insert.
 */
export async function scheduleStepsAfter(
  db: Db,
  deliveries: { enrolmentId: number; campaignId: number; sequenceNumber: number; stepId: number }[],
  from: Date,
): Promise<ScheduledDelivery[]> {
  if (!deliveries.length) return [];
  const steps = await db
    .select({
      id: campaignSteps.id,
      campaignId: campaignSteps.campaignId,
      sequenceNumber: campaignSteps.sequenceNumber,
      delayDays: campaignSteps.delayDays,
    })
    .from(campaignSteps)
    .where(inArray(campaignSteps.campaignId, [...new Set(deliveries.map((d) => d.campaignId))]))
    .orderBy(asc(campaignSteps.sequenceNumber), asc(campaignSteps.id));
  const rows: NewDelivery[] = [];
  for (const d of deliveries) {
    const next = steps.find(
      (s) =>
        s.campaignId === d.campaignId &&
        (s.sequenceNumber > d.sequenceNumber || (s.sequenceNumber === d.sequenceNumber && s.id > d.stepId)),
    );
    if (next)
      rows.push({
        enrolmentId: d.enrolmentId,
        stepId: next.id,
        sequenceNumber: next.sequenceNumber,
        dueAt: addDays(from, next.delayDays),
      });
  }
  return insertDeliveries(db, rows);
}

/** Everything the engine checks before sending a delivery (campaign, enrolment, contact, step). */
export async function loadDeliveries(db: Db, ids: number[]) {
  if (!ids.length) return [];
  return db
    .select({
      id: campaignDeliveries.id,
      status: campaignDeliveries.status,
      dueAt: campaignDeliveries.dueAt,
      stepId: campaignDeliveries.stepId,
      sequenceNumber: campaignDeliveries.sequenceNumber,
      enrolmentId: campaignDeliveries.enrolmentId,
      enrolmentStatus: campaignEnrolments.status,
      stopReason: campaignEnrolments.stopReason,
      campaignId: campaignEnrolments.campaignId,
      campaignStatus: campaigns.status,
      triggerType: campaigns.triggerType,
      contactId: contacts.id,
      contactName: contacts.name,
      email: contacts.email,
      phone: contacts.phone,
      emailSubscribed: contacts.emailSubscribed,
      smsSubscribed: contacts.smsSubscribed,
      timeZone: contacts.timeZone,
      step: {
        id: campaignSteps.id,
        messageType: campaignSteps.messageType,
        subject: campaignSteps.subject,
        htmlContent: campaignSteps.htmlContent,
        textContent: campaignSteps.textContent,
      },
    })
    .from(campaignDeliveries)
    .innerJoin(campaignEnrolments, eq(campaignEnrolments.id, campaignDeliveries.enrolmentId))
    .innerJoin(campaigns, eq(campaigns.id, campaignEnrolments.campaignId))
    .innerJoin(contacts, eq(contacts.id, campaignEnrolments.contactId))
    .leftJoin(
      campaignSteps,
      and(
        eq(campaignSteps.id, campaignDeliveries.stepId),
        eq(campaignSteps.campaignId, campaignEnrolments.campaignId),
      ),
    )
    .where(inArray(campaignDeliveries.id, ids));
}
export type LoadedDelivery = Awaited<ReturnType<typeof loadDeliveries>>[number];

/** 'scheduled' -> held/skipped with a reason; true when this call changed it. */
export async function settleDelivery(
  db: Db,
  id: number,
  status: 'held' | 'skipped',
  reason: string,
  now: Date,
): Promise<boolean> {
  const changed = await db
    .update(campaignDeliveries)
    .set({ status, reason, processedAt: now })
    .where(and(eq(campaignDeliveries.id, id), eq(campaignDeliveries.status, 'scheduled')))
    .returning({ id: campaignDeliveries.id });
  return changed.length > 0;
}

export async function setDeliveryDue(db: Db, id: number, at: Date) {
  await db
    .update(campaignDeliveries)
    .set({ dueAt: at })
    .where(and(eq(campaignDeliveries.id, id), eq(campaignDeliveries.status, 'scheduled')));
}

/** 'scheduled' -> 'queued' for the given deliveries; returns the ids this call claimed. */
export async function claimDeliveries(db: Db, ids: number[], now: Date): Promise<number[]> {
  if (!ids.length) return [];
  const rows = await db
    .update(campaignDeliveries)
    .set({ status: 'queued', processedAt: now })
    .where(and(inArray(campaignDeliveries.id, ids), eq(campaignDeliveries.status, 'scheduled')))
    .returning({ id: campaignDeliveries.id });
  return rows.map((row) => row.id);
}

/** Links deliveries to their outbox rows: one statement. */
export async function setDeliveryOutboxes(db: Db, links: { id: number; outboxId: number }[]) {
  if (!links.length) return;
  // Per-row values in one update: a CASE over the ids (the builder has no UPDATE ... FROM VALUES).
  const cases = sql.join(
    links.map((l) => sql`when ${l.id}::bigint then ${l.outboxId}::bigint`),
    sql` `,
  );
  await db
    .update(campaignDeliveries)
    .set({ outboxId: sql`case ${campaignDeliveries.id} ${cases} end` })
    .where(
      inArray(
        campaignDeliveries.id,
        links.map((l) => l.id),
      ),
    );
}
