import { sql } from 'drizzle-orm';
import type { AppContext } from '../../../context.ts';
import type { DbOrTx } from '../../../db/client.ts';
import { AppError } from '../../../lib/errors.ts';
import { hitRateLimit } from '../../../lib/rate-limit.ts';

/**
 * Drafts' share of the workers and the model (decision 018): each draft (or block) written
 * with the model is one `studio.draft` job of up to two model calls (the offline engine writes a
 * request's drafts in one job); an owner may start STUDIO_DRAFT_JOBS_PER_DAY drafts a day, and its
 * jobs queue behind everyone else's in proportion to how many drafts it already has waiting (pg-boss
 * serves higher priority first), so one owner cannot hold every worker slot.
 */
export const draftsPerDayMessage = (limit: number) =>
  `You have started ${limit.toLocaleString('en-US')} drafts in the last 24 hours, the most Echo writes in a day. Try again tomorrow.`;

/** Counts `count` draft jobs of the owner today; refuses (429) past the daily limit. */
export async function countDraftJobs(ctx: AppContext, owner: string, count: number): Promise<void> {
  const limit = ctx.config.studio.limits.draftJobsPerDay;
  const hit = await hitRateLimit(ctx.database.db, `studio-drafts-day:${owner}`, limit, 24 * 3600, count);
  if (!hit.allowed)
    throw new AppError('rate_limited', draftsPerDayMessage(limit), {
      headers: { 'retry-after': String(hit.retryAfterSeconds) },
    });
}

/** The priority of a job: minus the owner's other drafts (not the job's own) waiting or being written. */
export async function fairPriority(db: DbOrTx, owner: string, draftIds: readonly string[]): Promise<number> {
  const result = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from studio_drafts
         where owner_email = ${owner} and status in ('waiting', 'generating')
           ${draftIds.length ? sql`and id not in ${[...draftIds]}` : sql``}`,
  );
  return -Number(result.rows[0]?.n ?? 0);
}
