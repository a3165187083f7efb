import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { publishAccounts, publishPosts } from '../../db/schema/publishing.ts';

/** The SQL of published results (the dashboard's 'My Voice' tab), apart from repository.ts. */

/** Post statuses shown as results: what went out, or tried to and needs the user. */
export const RESULT_POST_STATUSES = ['published', 'check', 'failed', 'waiting_account'];

/**
 * A page of the owner's results, newest due first, after the keyset `before` (due time, id):
 * at most `limit` + 1 rows (the extra one says another page exists), with the account's handle.
 */
export async function listResults(
  db: DbOrTx,
  owner: string,
  limit: number,
  before?: { at: Date; id: string },
) {
  return db
    .select({ post: publishPosts, handle: publishAccounts.handle })
    .from(publishPosts)
    .innerJoin(publishAccounts, eq(publishAccounts.id, publishPosts.accountId))
    .where(
      and(
        eq(publishPosts.ownerEmail, owner),
        inArray(publishPosts.status, RESULT_POST_STATUSES),
        before
          ? sql`(${publishPosts.scheduledAt}, ${publishPosts.id}) < (${before.at.toISOString()}::timestamptz, ${before.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(sql`${publishPosts.scheduledAt} desc`, sql`${publishPosts.id} desc`)
    .limit(limit + 1);
}

/** The owner's results counted per platform and status. */
export async function resultCounts(db: DbOrTx, owner: string) {
  return db
    .select({
      platform: publishPosts.platform,
      status: publishPosts.status,
      count: sql<number>`count(*)::int`,
    })
    .from(publishPosts)
    .where(and(eq(publishPosts.ownerEmail, owner), inArray(publishPosts.status, RESULT_POST_STATUSES)))
    .groupBy(publishPosts.platform, publishPosts.status);
}
