import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';

/** Affiliate applications and accounts (docs/spec/product-spec.md §3 "Affiliate"). E-mail is normalised (trimmed, lower-case). */
export const affiliates = pgTable(
  'affiliates',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    displayName: text('display_name').notNull(),
    email: text('email').notNull(),
    companyName: text('company_name'),
    website: text('website'),
    socialMedia: text('social_media'),
    audienceSize: text('audience_size'),
    contentType: text('content_type'),
    promotionStrategy: text('promotion_strategy').notNull(),
    payoutMethod: text('payout_method'),
    /** JSON text, e.g. {"account":"me@example.com"}. */
    payoutDetails: text('payout_details'),
    /** Set on approval: unique and URL-safe. */
    referralCode: text('referral_code'),
    status: text('status', { enum: ['pending', 'approved', 'rejected'] })
      .notNull()
      .default('pending'),
    createdAt: createdAt(),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('affiliates_email_key').on(t.email),
    uniqueIndex('affiliates_referral_code_key').on(t.referralCode),
    index('affiliates_created_at_idx').on(t.createdAt),
    check('affiliates_status_check', sql`${t.status} in ('pending', 'approved', 'rejected')`),
  ],
);

/** One row per counted `?ref=` visit: at most one per visitor and affiliate per 24 hours. */
export const affiliateClicks = pgTable(
  'affiliate_clicks',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    affiliateId: bigint('affiliate_id', { mode: 'number' })
      .notNull()
      .references(() => affiliates.id, { onDelete: 'cascade' }),
    /** SHA-256 of the client IP and user agent; no raw IP is kept. */
    visitorHash: text('visitor_hash').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('affiliate_clicks_affiliate_idx').on(t.affiliateId, t.createdAt)],
);

/**
 * The last counted click per visitor and affiliate: an upsert on this key decides, race-free,
 * whether a visit is counted (at most one per 24 hours).
 */
export const affiliateClickVisitors = pgTable(
  'affiliate_click_visitors',
  {
    affiliateId: bigint('affiliate_id', { mode: 'number' })
      .notNull()
      .references(() => affiliates.id, { onDelete: 'cascade' }),
    visitorHash: text('visitor_hash').notNull(),
    countedAt: timestamp('counted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.affiliateId, t.visitorHash] })],
);

/** A waitlist signup (or paying customer) attributed to an affiliate. */
export const affiliateReferrals = pgTable(
  'affiliate_referrals',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    affiliateId: bigint('affiliate_id', { mode: 'number' })
      .notNull()
      .references(() => affiliates.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    waitlistSignupId: bigint('waitlist_signup_id', { mode: 'number' }),
    stripeCustomerId: text('stripe_customer_id'),
    /** A live subscription (set by invoice.paid, cleared by customer.subscription.deleted). */
    active: boolean('active').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('affiliate_referrals_email_key').on(t.email),
    index('affiliate_referrals_affiliate_idx').on(t.affiliateId, t.active),
    index('affiliate_referrals_customer_idx').on(t.stripeCustomerId),
  ],
);

/** Monthly payouts: created by the payout job at >= the minimum, confirmed (paid) by an admin. */
export const affiliatePayouts = pgTable(
  'affiliate_payouts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    affiliateId: bigint('affiliate_id', { mode: 'number' })
      .notNull()
      .references(() => affiliates.id, { onDelete: 'cascade' }),
    /** The month the payout run closed, e.g. '2026-10' (earnings up to its end). */
    period: text('period').notNull(),
    amountCents: integer('amount_cents').notNull(),
    status: text('status', { enum: ['due', 'paid'] })
      .notNull()
      .default('due'),
    createdAt: createdAt(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('affiliate_payouts_period_key').on(t.affiliateId, t.period),
    check('affiliate_payouts_status_check', sql`${t.status} in ('due', 'paid')`),
  ],
);

/**
 * Commissions (docs/spec/product-spec.md §3 "Conversion"), in integer cents. `rate_bps` is the rate in force when the
 * payment arrived (2000 = 20%) and is never recomputed. A refund after payout adds a row of type
 * 'refund_adjustment' with a negative commission that is netted against the next payout.
 */
export const affiliateConversions = pgTable(
  'affiliate_conversions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    affiliateId: bigint('affiliate_id', { mode: 'number' })
      .notNull()
      .references(() => affiliates.id, { onDelete: 'cascade' }),
    referralId: bigint('referral_id', { mode: 'number' }).references(() => affiliateReferrals.id),
    customerEmail: text('customer_email').notNull(),
    conversionType: text('conversion_type').notNull(),
    stripeInvoiceId: text('stripe_invoice_id'),
    stripeChargeId: text('stripe_charge_id'),
    orderValueCents: integer('order_value_cents').notNull(),
    commissionCents: integer('commission_cents').notNull(),
    rateBps: integer('rate_bps').notNull(),
    refundedCents: integer('refunded_cents').notNull().default(0),
    /** For adjustments: the conversion they correct. */
    adjustsId: bigint('adjusts_id', { mode: 'number' }),
    status: text('status', { enum: ['pending', 'approved', 'paid', 'cancelled'] })
      .notNull()
      .default('pending'),
    holdUntil: timestamp('hold_until', { withTimezone: true }).notNull(),
    payoutId: bigint('payout_id', { mode: 'number' }).references(() => affiliatePayouts.id),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('affiliate_conversions_invoice_key').on(t.stripeInvoiceId),
    index('affiliate_conversions_affiliate_idx').on(t.affiliateId, t.status),
    index('affiliate_conversions_charge_idx').on(t.stripeChargeId),
    index('affiliate_conversions_created_idx').on(t.createdAt),
    check(
      'affiliate_conversions_status_check',
      sql`${t.status} in ('pending', 'approved', 'paid', 'cancelled')`,
    ),
  ],
);

/** Stripe event ids already handled (idempotency). */
export const stripeEvents = pgTable('stripe_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});
