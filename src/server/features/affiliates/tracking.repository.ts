import { and, eq, getTableName, gt, lte, notExists, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  affiliateClicks,
  affiliateClickVisitors,
  affiliateReferrals,
  affiliates,
} from '../../db/schema/affiliates.ts';
import type { Affiliate } from './applications.repository.ts';

const DAY_AGO = sql`now() - interval '24 hours'`;

/**
 * Counts a `?ref=` visit in one statement: when the code belongs to an approved affiliate and this
 * visitor was not counted for it in the last 24 hours, records the click. Returns null for an
 * unknown (or not approved) code, else how long (ms) the visit stays counted (null: unknown).
 */
export async function countReferralVisit(
  db: DbOrTx,
  code: string,
  visitorHash: string,
): Promise<{ countedForMs: number | null } | null> {
  const a = db.$with('a').as(
    db
      .select({ id: affiliates.id })
      .from(affiliates)
      .where(and(eq(affiliates.referralCode, code), eq(affiliates.status, 'approved'))),
  );
  const prior = db.$with('prior').as(
    db
      .select({ countedAt: affiliateClickVisitors.countedAt })
      .from(affiliateClickVisitors)
      .innerJoin(a, eq(affiliateClickVisitors.affiliateId, a.id))
      .where(
        and(
          eq(affiliateClickVisitors.visitorHash, visitorHash),
          gt(affiliateClickVisitors.countedAt, DAY_AGO),
        ),
      ),
  );
  // A read-only check first: a repeat visit within 24 hours writes nothing (no lock, no WAL).
  const counted = db.$with('counted').as(
    db
      .insert(affiliateClickVisitors)
      .select((qb) =>
        qb
          .select({
            affiliateId: a.id,
            visitorHash: sql<string>`${visitorHash}::text`.as('visitor_hash'),
            countedAt: sql<Date>`now()`.as('counted_at'),
          })
          .from(a)
          .where(notExists(qb.select({ one: sql`1` }).from(prior))),
      )
      .onConflictDoUpdate({
        target: [affiliateClickVisitors.affiliateId, affiliateClickVisitors.visitorHash],
        set: { countedAt: sql`now()` },
        setWhere: lte(affiliateClickVisitors.countedAt, DAY_AGO),
      })
      .returning({
        affiliateId: affiliateClickVisitors.affiliateId,
        countedAt: affiliateClickVisitors.countedAt,
      }),
  );
  const click = db.$with('click').as(
    db
      .insert(affiliateClicks)
      .select((qb) =>
        qb
          .select({
            // insert ... select names every column: the id comes from the column's own sequence.
            id: sql<number>`nextval(pg_get_serial_sequence(${getTableName(affiliateClicks)}, 'id'))`.as('id'),
            affiliateId: counted.affiliateId,
            visitorHash: sql<string>`${visitorHash}::text`.as('visitor_hash'),
            createdAt: sql<Date>`now()`.as('created_at'),
          })
          .from(counted),
      )
      .returning({ id: affiliateClicks.id }),
  );
  const [row] = await db
    .with(a, prior, counted, click)
    .select({
      countedForMs: sql<number | null>`extract(epoch from coalesce(${counted.countedAt}, ${prior.countedAt})
        + interval '24 hours' - now()) * 1000`.mapWith(Number),
    })
    .from(a)
    .leftJoin(counted, sql`true`)
    .leftJoin(prior, sql`true`);
  return row ? { countedForMs: row.countedForMs } : null;
}

/** The approved affiliate owning a referral code, or undefined. */
export async function findApprovedAffiliateByCode(
  db: DbOrTx,
  code: string,
): Promise<Pick<Affiliate, 'id' | 'email'> | undefined> {
  const [row] = await db
    .select({ id: affiliates.id, email: affiliates.email })
    .from(affiliates)
    .where(and(eq(affiliates.referralCode, code), eq(affiliates.status, 'approved')));
  return row;
}

/** Attributes a waitlist signup to an affiliate; an address already attributed keeps its affiliate. */
export async function insertSignupReferral(
  db: DbOrTx,
  referral: { affiliateId: number; email: string; waitlistSignupId: number },
): Promise<void> {
  await db
    .insert(affiliateReferrals)
    .values(referral)
    .onConflictDoNothing({ target: affiliateReferrals.email });
}
