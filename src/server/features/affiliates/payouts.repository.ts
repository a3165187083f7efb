import { and, desc, eq, isNull, lt, sql, sum } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { affiliateConversions, affiliatePayouts, affiliates } from '../../db/schema/affiliates.ts';

const v = affiliateConversions;
const p = affiliatePayouts;

/** Approved commissions earned before `monthStart` and in no payout yet. */
const unpaidBefore = (monthStart: Date) =>
  and(eq(v.status, 'approved'), isNull(v.payoutId), lt(v.createdAt, monthStart));

/** Each affiliate's approved, unpaid balance (cents) earned before `monthStart`. */
export async function unpaidBalances(
  db: DbOrTx,
  monthStart: Date,
): Promise<{ affiliateId: number; balanceCents: number }[]> {
  return db
    .select({ affiliateId: v.affiliateId, balanceCents: sum(v.commissionCents).mapWith(Number) })
    .from(v)
    .where(unpaidBefore(monthStart))
    .groupBy(v.affiliateId);
}

/** Creates the (empty) payout of an affiliate for a period; null when it exists already. */
export async function insertPayout(db: DbOrTx, affiliateId: number, period: string): Promise<number | null> {
  const [row] = await db
    .insert(p)
    .values({ affiliateId, period, amountCents: 0 })
    .onConflictDoNothing({ target: [p.affiliateId, p.period] })
    .returning({ id: p.id });
  return row?.id ?? null;
}

/** Puts the affiliate's unpaid balance into the payout; returns the total (cents). */
export async function fillPayout(
  db: DbOrTx,
  payoutId: number,
  affiliateId: number,
  monthStart: Date,
): Promise<number> {
  const marked = await db
    .update(v)
    .set({ payoutId })
    .where(and(eq(v.affiliateId, affiliateId), unpaidBefore(monthStart)))
    .returning({ commissionCents: v.commissionCents });
  const total = marked.reduce((sum, row) => sum + row.commissionCents, 0);
  await db.update(p).set({ amountCents: total }).where(eq(p.id, payoutId));
  return total;
}

/** Payouts with their affiliate, newest first (all, or only those due). */
export const listPayoutRows = (db: DbOrTx, onlyDue: boolean) =>
  db
    .select({
      payout: p,
      displayName: affiliates.displayName,
      email: affiliates.email,
      payoutMethod: affiliates.payoutMethod,
      payoutDetails: affiliates.payoutDetails,
    })
    .from(p)
    .innerJoin(affiliates, eq(affiliates.id, p.affiliateId))
    .where(onlyDue ? eq(p.status, 'due') : undefined)
    .orderBy(desc(p.createdAt), desc(p.id));

/** Marks a due payout paid; returns it with its affiliate, or undefined when it is not due. */
export async function markPayoutPaid(db: DbOrTx, id: number) {
  const [row] = await db
    .update(p)
    .set({ status: 'paid', paidAt: sql`now()` })
    .from(affiliates)
    .where(and(eq(p.id, id), eq(p.status, 'due'), eq(affiliates.id, p.affiliateId)))
    .returning({
      amountCents: p.amountCents,
      period: p.period,
      displayName: affiliates.displayName,
      email: affiliates.email,
    });
  return row;
}

export async function payoutExists(db: DbOrTx, id: number): Promise<boolean> {
  const [row] = await db.select({ id: p.id }).from(p).where(eq(p.id, id));
  return row !== undefined;
}

/** The payout's approved commissions become paid. */
export async function markCommissionsPaid(db: DbOrTx, payoutId: number): Promise<void> {
  await db
    .update(v)
    .set({ status: 'paid' })
    .where(and(eq(v.payoutId, payoutId), eq(v.status, 'approved')));
}
