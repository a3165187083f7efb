import { sql } from 'drizzle-orm';
import type { DraftEngineChoice } from '#contract/studio-drafts.ts';
import type { AppContext } from '../../../context.ts';
import type { DbOrTx } from '../../../db/client.ts';
import { AppError } from '../../../lib/errors.ts';
import { hitRateLimit } from '../../../lib/rate-limit.ts';

/**
 * The model's cost per owner (issue 23, decision 018): every call the drafts make to the language
 * model is counted when it is made (`studio-model-calls-day:<owner>` in rate_limits, shared by
 * every process), STUDIO_MODEL_CALLS_PER_DAY in 24 hours. A request that would use the model is
 * refused (429) once the owner has used them all; a job that finds them used up meanwhile writes
 * its draft offline and says why (no call is made past the limit).
 */
const DAY_SECONDS = 24 * 3600;
const keyOf = (owner: string) => `studio-model-calls-day:${owner}`;

export const modelCallsPerDayMessage = (limit: number) =>
  `Your drafts have used the ${limit.toLocaleString('en-US')} language-model calls Echo makes for an address in 24 hours. Use the offline engine, or try again tomorrow.`;
export const modelCallsUsedUpNote = (limit: number) =>
  `Your drafts have used today's ${limit.toLocaleString('en-US')} language-model calls, so Echo wrote this one offline from your own sentences.`;

/** Calls counted in the owner's current 24-hour window, and the seconds until it ends. */
async function usedModelCalls(db: DbOrTx, owner: string): Promise<{ used: number; retryAfter: number }> {
  const result = await db.execute<{ count: number; retry_after: number }>(sql`
    select count, extract(epoch from (reset_at - now()))::float8 as retry_after
      from rate_limits where key = ${keyOf(owner)} and reset_at > now()`);
  const row = result.rows[0];
  return { used: row ? Number(row.count) : 0, retryAfter: row ? Math.ceil(row.retry_after) : 0 };
}

/**
 * Refuses (429) a request whose drafts would ask the model (engine `llm`, or `auto` with a model
 * configured) once the owner has no model call left today.
 */
export async function assertModelCallsLeft(
  ctx: AppContext,
  owner: string,
  engine: DraftEngineChoice | string,
): Promise<void> {
  if (engine === 'extractive' || !ctx.config.llm.baseUrl) return;
  const limit = ctx.config.studio.limits.modelCallsPerDay;
  const { used, retryAfter } = await usedModelCalls(ctx.database.db, owner);
  if (used >= limit)
    throw new AppError('rate_limited', modelCallsPerDayMessage(limit), {
      headers: { 'retry-after': String(Math.max(1, retryAfter)) },
    });
}

/** Counts one model call of the owner, before it is made; false (and no call) past the limit. */
export async function countModelCall(db: DbOrTx, limit: number, owner: string): Promise<boolean> {
  return (await hitRateLimit(db, keyOf(owner), limit, DAY_SECONDS)).allowed;
}
