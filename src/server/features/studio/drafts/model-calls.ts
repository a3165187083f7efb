import { sql } from 'drizzle-orm';
import type { DraftEngineChoice } from '#contract/studio-drafts.ts';
import type { AppContext } from '../../../context.ts';
import type { DbOrTx } from '../../../db/client.ts';
import { AppError } from '../../../lib/errors.ts';
import { hitRateLimit } from '../../../lib/rate-limit.ts';

/**
 * The model's cost per owner (decision 018): every call the drafts make to the language model is
 * counted before it is made, once (`studio-model-calls-day:<owner>` in rate_limits, shared by every
 * process, STUDIO_MODEL_CALLS_PER_DAY in 24 hours) and by its size (`studio-model-chars-day:<owner>`:
 * the prompt's characters and the longest answer it may get, STUDIO_MODEL_CHARS_PER_DAY). A request
 * that would use the model is refused (429) once the owner has used either up; a job that finds them
 * used up meanwhile writes its draft offline and says why (no call is made past a limit).
 */
const DAY_SECONDS = 24 * 3600;
const keyOf = (owner: string) => `studio-model-calls-day:${owner}`;
const charsKeyOf = (owner: string) => `studio-model-chars-day:${owner}`;

export interface ModelLimits {
  /** Calls in 24 hours (STUDIO_MODEL_CALLS_PER_DAY). */
  calls: number;
  /** Characters sent and answered in 24 hours (STUDIO_MODEL_CHARS_PER_DAY). */
  chars: number;
}

export const modelLimitsOf = (ctx: Pick<AppContext, 'config'>): ModelLimits => ({
  calls: ctx.config.studio.limits.modelCallsPerDay,
  chars: ctx.config.studio.limits.modelCharsPerDay,
});

export const modelCallsPerDayMessage = (limit: number) =>
  `Your drafts have used the ${limit.toLocaleString('en-US')} language-model calls Echo makes for an address in 24 hours. Use the offline engine, or try again tomorrow.`;
export const modelCallsUsedUpNote = (limit: number) =>
  `Your drafts have used today's ${limit.toLocaleString('en-US')} language-model calls, so Echo wrote this one offline from your own sentences.`;

export const modelCharsPerDayMessage = (limit: number) =>
  `Your drafts have sent the language model the ${limit.toLocaleString('en-US')} characters Echo allows an owner in 24 hours. Use the offline engine, or try again tomorrow.`;
export const modelCharsUsedUpNote = (limit: number) =>
  `Your drafts have used today's ${limit.toLocaleString('en-US')} characters of language model, so Echo wrote this one offline from your own sentences.`;

/** What a key counted in the owner's current 24-hour window, and the seconds until it ends. */
async function usedModelCalls(db: DbOrTx, key: string): Promise<{ used: number; retryAfter: number }> {
  const result = await db.execute<{ count: number; retry_after: number }>(sql`
    select count, extract(epoch from (reset_at - now()))::float8 as retry_after
      from rate_limits where key = ${key} and reset_at > now()`);
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
  const limits = modelLimitsOf(ctx);
  for (const [key, limit, message] of [
    [keyOf(owner), limits.calls, modelCallsPerDayMessage(limits.calls)],
    [charsKeyOf(owner), limits.chars, modelCharsPerDayMessage(limits.chars)],
  ] as const) {
    const { used, retryAfter } = await usedModelCalls(ctx.database.db, key);
    if (used >= limit)
      throw new AppError('rate_limited', message, {
        headers: { 'retry-after': String(Math.max(1, retryAfter)) },
      });
  }
}

/**
 * Counts one model call of the owner and its `chars` (prompt and longest answer), before it is
 * made: null when it may be made, else the note its draft says why it was written offline.
 */
export async function countModelCall(
  db: DbOrTx,
  limits: ModelLimits,
  owner: string,
  chars: number,
): Promise<string | null> {
  if (!(await hitRateLimit(db, keyOf(owner), limits.calls, DAY_SECONDS)).allowed)
    return modelCallsUsedUpNote(limits.calls);
  if (!(await hitRateLimit(db, charsKeyOf(owner), limits.chars, DAY_SECONDS, chars)).allowed)
    return modelCharsUsedUpNote(limits.chars);
  return null;
}
