import { desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { affiliates } from '../../db/schema/affiliates.ts';

export type Affiliate = typeof affiliates.$inferSelect;
type NewAffiliate = typeof affiliates.$inferInsert;

/** Stores an application; null when the address has one already. */
export async function insertApplication(db: DbOrTx, values: NewAffiliate): Promise<number | null> {
  const [row] = await db
    .insert(affiliates)
    .values(values)
    .onConflictDoNothing({ target: affiliates.email })
    .returning({ id: affiliates.id });
  return row?.id ?? null;
}

/** Every affiliate, newest first (the admin list). */
export const listAffiliateRows = (db: DbOrTx): Promise<Affiliate[]> =>
  db.select().from(affiliates).orderBy(desc(affiliates.createdAt), desc(affiliates.id));

/** An affiliate locked for a decision (same transaction), or undefined. */
export async function lockAffiliate(
  db: DbOrTx,
  id: number,
): Promise<Pick<Affiliate, 'status' | 'displayName' | 'email'> | undefined> {
  const [row] = await db
    .select({ status: affiliates.status, displayName: affiliates.displayName, email: affiliates.email })
    .from(affiliates)
    .where(eq(affiliates.id, id))
    .for('update');
  return row;
}

export async function isReferralCodeTaken(db: DbOrTx, code: string): Promise<boolean> {
  const [row] = await db
    .select({ id: affiliates.id })
    .from(affiliates)
    .where(eq(affiliates.referralCode, code))
    .limit(1);
  return row !== undefined;
}

/** Records the decision (and the referral code of an approval). */
export async function decideApplication(
  db: DbOrTx,
  id: number,
  status: 'approved' | 'rejected',
  referralCode: string | null,
): Promise<Affiliate> {
  const [row] = await db
    .update(affiliates)
    .set({ status, referralCode, reviewedAt: sql`now()` })
    .where(eq(affiliates.id, id))
    .returning();
  return row!;
}
