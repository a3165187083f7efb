import { and, desc, eq, lte, ne, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  affiliateConversions,
  affiliateReferrals,
  affiliates,
  stripeEvents,
} from '../../db/schema/affiliates.ts';

export type ConversionRow = typeof affiliateConversions.$inferSelect;
export type ConversionStatus = ConversionRow['status'];
type NewConversion = typeof affiliateConversions.$inferInsert;
type Referral = Pick<typeof affiliateReferrals.$inferSelect, 'id' | 'affiliateId'>;

/** Records a Stripe event id; false when it was handled before. */
export async function recordStripeEvent(db: DbOrTx, event: { id: string; type: string }): Promise<boolean> {
  const rows = await db
    .insert(stripeEvents)
    .values(event)
    .onConflictDoNothing({ target: stripeEvents.id })
    .returning({ id: stripeEvents.id });
  return rows.length > 0;
}

const referralFields = { id: affiliateReferrals.id, affiliateId: affiliateReferrals.affiliateId };

export async function findReferralByEmail(db: DbOrTx, email: string): Promise<Referral | undefined> {
  const [row] = await db
    .select(referralFields)
    .from(affiliateReferrals)
    .where(eq(affiliateReferrals.email, email));
  return row;
}

export async function findReferralByCustomer(db: DbOrTx, customerId: string): Promise<Referral | undefined> {
  const [row] = await db
    .select(referralFields)
    .from(affiliateReferrals)
    .where(eq(affiliateReferrals.stripeCustomerId, customerId))
    .limit(1);
  return row;
}

/** A paying customer attributed by the invoice's referral code (an existing attribution is kept). */
export async function upsertPaymentReferral(
  db: DbOrTx,
  affiliateId: number,
  email: string,
): Promise<Referral> {
  const [row] = await db
    .insert(affiliateReferrals)
    .values({ affiliateId, email })
    .onConflictDoUpdate({ target: affiliateReferrals.email, set: { email: sql`excluded.email` } })
    .returning(referralFields);
  return row!;
}

/** Serialises payments per affiliate (same transaction), so tier counts are consistent. */
export async function lockAffiliateForPayment(db: DbOrTx, affiliateId: number): Promise<void> {
  await db.select({ id: affiliates.id }).from(affiliates).where(eq(affiliates.id, affiliateId)).for('update');
}

export async function activateReferral(db: DbOrTx, id: number, customerId: string | null): Promise<void> {
  await db
    .update(affiliateReferrals)
    .set({ active: true, ...(customerId ? { stripeCustomerId: customerId } : {}) })
    .where(eq(affiliateReferrals.id, id));
}

export const countActiveReferrals = (db: DbOrTx, affiliateId: number): Promise<number> =>
  db.$count(
    affiliateReferrals,
    and(eq(affiliateReferrals.affiliateId, affiliateId), eq(affiliateReferrals.active, true)),
  );

/** A commission from an invoice; the same invoice twice is stored once. */
export async function insertInvoiceConversion(db: DbOrTx, values: NewConversion): Promise<void> {
  await db
    .insert(affiliateConversions)
    .values(values)
    .onConflictDoNothing({ target: affiliateConversions.stripeInvoiceId });
}

export async function insertConversion(db: DbOrTx, values: NewConversion): Promise<void> {
  await db.insert(affiliateConversions).values(values);
}

/** The commission of a refunded charge (by charge id, or by invoice id), locked for the update. */
export async function lockConversionOfCharge(
  db: DbOrTx,
  chargeId: string,
  invoiceId: string | null,
): Promise<ConversionRow | undefined> {
  const v = affiliateConversions;
  const [row] = await db
    .select()
    .from(v)
    .where(
      and(
        ne(v.conversionType, 'refund_adjustment'),
        or(eq(v.stripeChargeId, chargeId), invoiceId ? eq(v.stripeInvoiceId, invoiceId) : undefined),
      ),
    )
    .limit(1)
    .for('update');
  return row;
}

export async function updateConversion(
  db: DbOrTx,
  id: number,
  values: Partial<Pick<ConversionRow, 'refundedCents' | 'commissionCents' | 'status'>>,
): Promise<boolean> {
  const rows = await db
    .update(affiliateConversions)
    .set(values)
    .where(eq(affiliateConversions.id, id))
    .returning({ id: affiliateConversions.id });
  return rows.length > 0;
}

export async function deactivateReferralsOfCustomer(db: DbOrTx, customerId: string): Promise<void> {
  await db
    .update(affiliateReferrals)
    .set({ active: false })
    .where(eq(affiliateReferrals.stripeCustomerId, customerId));
}

/** Every commission with its affiliate, newest first (the admin list and its CSV). */
export const listConversionRows = (db: DbOrTx) =>
  db
    .select({
      conversion: affiliateConversions,
      displayName: affiliates.displayName,
      referralCode: affiliates.referralCode,
    })
    .from(affiliateConversions)
    .innerJoin(affiliates, eq(affiliates.id, affiliateConversions.affiliateId))
    .orderBy(desc(affiliateConversions.createdAt), desc(affiliateConversions.id));

/** Pending commissions whose holding period is over become approved; returns how many. */
export async function approveConversionsHeldUntil(db: DbOrTx, now: Date): Promise<number> {
  const rows = await db
    .update(affiliateConversions)
    .set({ status: 'approved' })
    .where(and(eq(affiliateConversions.status, 'pending'), lte(affiliateConversions.holdUntil, now)))
    .returning({ id: affiliateConversions.id });
  return rows.length;
}
