import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { tooManyRequests } from './errors.ts';

export interface RateLimitResult {
  count: number;
  allowed: boolean;
  retryAfterSeconds: number;
}

/**
 * Fixed-window counter kept in PostgreSQL so that every web process shares it. One statement:
 * the window restarts when it has expired, otherwise the count goes up.
 */
export async function hitRateLimit(
  db: DbOrTx,
  key: string,
  limit: number,
  windowSeconds: number,
  /** Hits counted at once (a batch of messages); `allowed` then means all of them fit. */
  cost = 1,
): Promise<RateLimitResult> {
  const result = await db.execute<{ count: number; retry_after: number }>(sql`
    insert into rate_limits (key, count, reset_at)
    values (${key}, ${cost}::int, now() + make_interval(secs => ${windowSeconds}))
    on conflict (key) do update set
      count = case when rate_limits.reset_at <= now() then excluded.count else rate_limits.count + excluded.count end,
      reset_at = case when rate_limits.reset_at <= now() then excluded.reset_at else rate_limits.reset_at end
    returning count, extract(epoch from (reset_at - now()))::float8 as retry_after`);
  const row = result.rows[0]!;
  return {
    count: row.count,
    allowed: row.count <= limit,
    retryAfterSeconds: Math.max(1, Math.ceil(row.retry_after)),
  };
}

/** Gives one hit back (an attempt counted up front that turned out not to be a failure). */
export async function releaseRateLimitHit(db: DbOrTx, key: string): Promise<void> {
  await db.execute(sql`update rate_limits set count = greatest(count - 1, 0) where key = ${key}`);
}

/** Counts a hit and throws 429 when the limit is passed. */
export async function enforceRateLimit(
  db: DbOrTx,
  key: string,
  limit: number,
  windowSeconds: number,
): Promise<void> {
  const result = await hitRateLimit(db, key, limit, windowSeconds);
  if (!result.allowed) throw tooManyRequests(result.retryAfterSeconds);
}
