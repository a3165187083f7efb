import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.ts';
import { waitlistSignups } from './core.ts';

/**
 * People campaigns can reach: every waitlist signup plus contacts imported from CSV. Each channel
 * has its own subscription state; SMS needs a phone number and explicit consent.
 */
export const contacts = pgTable(
  'contacts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    name: text('name').notNull().default(''),
    /** Normalised: trimmed and lower-cased. */
    email: text('email'),
    /** E.164, e.g. +14155550100. */
    phone: text('phone'),
    emailSubscribed: boolean('email_subscribed').notNull().default(true),
    /** True only with explicit consent (CSV column) and no STOP since. */
    smsSubscribed: boolean('sms_subscribed').notNull().default(false),
    /** When the contact last texted STOP (START/UNSTOP only resubscribes such a contact). */
    smsStoppedAt: timestamp('sms_stopped_at', { withTimezone: true }),
    timeZone: text('time_zone').notNull(),
    source: text('source').notNull(),
    waitlistSignupId: bigint('waitlist_signup_id', { mode: 'number' }).references(() => waitlistSignups.id, {
      onDelete: 'set null',
    }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('contacts_email_key').on(t.email),
    uniqueIndex('contacts_phone_key').on(t.phone),
    check('contacts_reachable_check', sql`${t.email} is not null or ${t.phone} is not null`),
  ],
);

export const campaigns = pgTable(
  'campaigns',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    /** time_based: the subscribed audience is enrolled when activated; signup: every new waitlist signup. */
    triggerType: text('trigger_type').notNull().default('time_based'),
    status: text('status').notNull().default('draft'),
    pauseOnResponse: boolean('pause_on_response').notNull().default(true),
    shareWithEveryone: boolean('share_with_everyone').notNull().default(false),
    /** Campaigns the product seeds itself ('welcome'); unique so seeding is idempotent. */
    systemKey: text('system_key'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('campaigns_system_key_key').on(t.systemKey),
    check('campaigns_status_check', sql`${t.status} in ('draft', 'active', 'paused', 'archived')`),
    check('campaigns_trigger_check', sql`${t.triggerType} in ('time_based', 'signup')`),
  ],
);

export const campaignSteps = pgTable(
  'campaign_steps',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    campaignId: bigint('campaign_id', { mode: 'number' })
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    sequenceNumber: integer('sequence_number').notNull(),
    delayDays: integer('delay_days').notNull().default(0),
    messageType: text('message_type').notNull(),
    subject: text('subject'),
    /** Sanitised with an allowlist when saved. */
    htmlContent: text('html_content'),
    textContent: text('text_content').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('campaign_steps_campaign_idx').on(t.campaignId, t.sequenceNumber),
    check('campaign_steps_type_check', sql`${t.messageType} in ('email', 'sms')`),
  ],
);

/** One per (campaign, contact): a contact goes through a campaign once. */
export const campaignEnrolments = pgTable(
  'campaign_enrolments',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    campaignId: bigint('campaign_id', { mode: 'number' })
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    contactId: bigint('contact_id', { mode: 'number' })
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    /** active | stopped (reason in stop_reason) */
    status: text('status').notNull().default('active'),
    stopReason: text('stop_reason'),
    enrolledAt: createdAt(),
  },
  (t) => [
    uniqueIndex('campaign_enrolments_campaign_contact_key').on(t.campaignId, t.contactId),
    index('campaign_enrolments_contact_idx').on(t.contactId),
  ],
);

/**
 * One per (enrolment, step): the unit the engine schedules. The step id has no foreign key on
 * purpose: a deleted step leaves its delivery behind, and the engine skips it at send time.
 */
export const campaignDeliveries = pgTable(
  'campaign_deliveries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    enrolmentId: bigint('enrolment_id', { mode: 'number' })
      .notNull()
      .references(() => campaignEnrolments.id, { onDelete: 'cascade' }),
    stepId: bigint('step_id', { mode: 'number' }).notNull(),
    sequenceNumber: integer('sequence_number').notNull(),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    /** scheduled -> queued (handed to the outbox) | held (campaign not active) | skipped (reason) */
    status: text('status').notNull().default('scheduled'),
    reason: text('reason'),
    outboxId: bigint('outbox_id', { mode: 'number' }),
    createdAt: createdAt(),
    processedAt: timestamp('processed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('campaign_deliveries_enrolment_step_key').on(t.enrolmentId, t.stepId),
    index('campaign_deliveries_status_idx').on(t.status),
  ],
);
