import { sql } from 'drizzle-orm';
import {
  bigserial,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.ts';

export const waitlistSignups = pgTable(
  'waitlist_signups',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    name: text('name').notNull(),
    /** Normalised: trimmed and lower-cased. */
    email: text('email').notNull(),
    role: text('role').notNull(),
    struggle: text('struggle'),
    createdAt: createdAt(),
    lastReminderAt: timestamp('last_reminder_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('waitlist_signups_email_key').on(t.email),
    check(
      'waitlist_signups_role_check',
      sql`${t.role} in ('Creator', 'Founder', 'Service Provider', 'Other')`,
    ),
  ],
);

/**
 * Every outgoing message (channel 'email' or 'sms'), written in the same transaction as the data it
 * belongs to and delivered by a job. Without a provider it stays here with status 'stored'.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    channel: text('channel').notNull().default('email'),
    recipient: text('recipient').notNull(),
    subject: text('subject'),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body'),
    /** Extra e-mail headers (List-Unsubscribe, List-Unsubscribe-Post). */
    headers: jsonb('headers').$type<Record<string, string>>(),
    /** queued -> sent | stored (no provider configured) | failed */
    status: text('status').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    providerMessageId: text('provider_message_id'),
    error: text('error'),
    /**
     * When an attempt last timed out: the provider may have accepted the message anyway, so the
     * retry can deliver it twice (at-least-once); e-mail retries keep the row's one Message-ID.
     */
    timedOutAt: timestamp('timed_out_at', { withTimezone: true }),
    /** What produced it, e.g. 'waitlist.reminder'; for the admin outbox view and tests. */
    kind: text('kind').notNull(),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [index('outbox_created_at_idx').on(t.createdAt), index('outbox_recipient_idx').on(t.recipient)],
);

/** The admin password (hashed); one row. */
export const adminCredentials = pgTable('admin_credentials', {
  id: integer('id').primaryKey().default(1),
  passwordHash: text('password_hash').notNull(),
  updatedAt: updatedAt(),
});

export const adminSessions = pgTable(
  'admin_sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('admin_sessions_expires_at_idx').on(t.expiresAt)],
);

/** Fixed-window counters shared by every web process (not process memory). */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
});
