import { and, eq, inArray, ne, type SQL, sql, sum } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import {
  affiliateClicks,
  affiliateConversions,
  affiliateReferrals,
  affiliates,
} from '../../db/schema/affiliates.ts';
import type { Affiliate } from './applications.repository.ts';

/** The id of the affiliate with this (normalised) address, or null. */
export async function findAffiliateIdByEmail(db: DbOrTx, email: string): Promise<number | null> {
  const [row] = await db.select({ id: affiliates.id }).from(affiliates).where(eq(affiliates.email, email));
  return row?.id ?? null;
}

export type AccountRow = Pick<
  Affiliate,
  'id' | 'displayName' | 'email' | 'status' | 'referralCode' | 'payoutMethod' | 'payoutDetails'
> & {
  clicks: number;
  conversions: number;
  pendingCents: number;
  paidCents: number;
  activeReferrals: number;
};

/** The affiliate's own account with its counts, in one statement (correlated subqueries). */
export async function findAccount(db: Db, affiliateId: number): Promise<AccountRow | undefined> {
  const v = affiliateConversions;
  const commissionSum = (where: SQL | undefined) =>
    sql<number>`coalesce((${db
      .select({ total: sum(v.commissionCents) })
      .from(v)
      .where(and(eq(v.affiliateId, affiliates.id), where))}), 0)`.mapWith(Number);
  const [row] = await db
    .select({
      id: affiliates.id,
      displayName: affiliates.displayName,
      email: affiliates.email,
      status: affiliates.status,
      referralCode: affiliates.referralCode,
      payoutMethod: affiliates.payoutMethod,
      payoutDetails: affiliates.payoutDetails,
      clicks: db.$count(affiliateClicks, eq(affiliateClicks.affiliateId, affiliates.id)),
      conversions: db.$count(
        v,
        and(
          eq(v.affiliateId, affiliates.id),
          ne(v.conversionType, 'refund_adjustment'),
          ne(v.status, 'cancelled'),
        ),
      ),
      pendingCents: commissionSum(inArray(v.status, ['pending', 'approved'])),
      paidCents: commissionSum(eq(v.status, 'paid')),
      activeReferrals: db.$count(
        affiliateReferrals,
        and(eq(affiliateReferrals.affiliateId, affiliates.id), eq(affiliateReferrals.active, true)),
      ),
    })
    .from(affiliates)
    .where(eq(affiliates.id, affiliateId));
  return row;
}

export async function savePayoutSettings(
  db: DbOrTx,
  affiliateId: number,
  settings: Pick<Affiliate, 'payoutMethod' | 'payoutDetails'>,
): Promise<void> {
  await db.update(affiliates).set(settings).where(eq(affiliates.id, affiliateId));
}
