import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';

/**
 * One-time e-mail codes (dashboard access, affiliate sign-in): 6 digits, stored as a hash, with
 * an expiry, a wrong-try counter and single use. `purpose` keeps the flows apart.
 */
export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: text('id').primaryKey(),
    purpose: text('purpose').notNull(),
    email: text('email').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [index('verification_codes_lookup_idx').on(t.purpose, t.email, t.createdAt)],
);

/**
 * Sign-in sessions of people (not admins): a random token, stored as its SHA-256, bound to its
 * owner, kept in `subject`: the owner's e-mail for the dashboard, the affiliate id for the portal.
 */
export const userSessions = pgTable(
  'user_sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    kind: text('kind').notNull(),
    subject: text('subject').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('user_sessions_subject_idx').on(t.kind, t.subject),
    index('user_sessions_expires_idx').on(t.expiresAt),
  ],
);

/** Settings the server generates once and keeps (e.g. WEBHOOK_SECRET when it is not configured). */
export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
});
