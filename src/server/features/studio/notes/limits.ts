import { sql } from 'drizzle-orm';
import type { AppContext } from '../../../context.ts';
import type { DbOrTx } from '../../../db/client.ts';
import { AppError } from '../../../lib/errors.ts';
import { hitRateLimit } from '../../../lib/rate-limit.ts';

/**
 * Per-owner limits on what is stored and what costs (decision 018): notes added per day,
 * characters of text stored, minutes transcribed per day. Counters live in PostgreSQL (rate_limits),
 * shared by every process; the numbers are configuration (config-env.ts, docs/configuration.md).
 */
const DAY_SECONDS = 24 * 3600;

export const notesPerDayMessage = (limit: number) =>
  `You have added ${limit.toLocaleString('en-US')} notes in the last 24 hours, the most Echo takes in a day. Try again tomorrow.`;
export const textQuotaMessage = (limit: number) =>
  `Your Studio text storage is full (${limit.toLocaleString('en-US')} characters). Delete some notes to make room.`;
export const sttPerDayMessage = (limit: number) =>
  `This recording would take you past ${limit.toLocaleString('en-US')} minutes of speech-to-text in 24 hours. It was not transcribed; upload it again tomorrow.`;
export const mediaTooLongMessage = (minutes: number, limit: number) =>
  `This recording is ${Math.ceil(minutes)} minutes long; Echo transcribes at most ${limit.toLocaleString('en-US')} minutes per file. Split it and upload the parts.`;

/** Counts `count` new notes of the owner today; refuses (429) past the daily limit. */
export async function countNewNotes(ctx: AppContext, owner: string, count: number): Promise<void> {
  if (count <= 0) return;
  const limit = ctx.config.studio.limits.notesPerDay;
  const hit = await hitRateLimit(ctx.database.db, `studio-notes-day:${owner}`, limit, DAY_SECONDS, count);
  if (!hit.allowed)
    throw new AppError('rate_limited', notesPerDayMessage(limit), {
      headers: { 'retry-after': String(hit.retryAfterSeconds) },
    });
}

/** Characters of note text the owner stores now. */
export async function storedTextChars(db: DbOrTx, owner: string): Promise<number> {
  const result = await db.execute<{ chars: number }>(
    sql`select coalesce(sum(length(text)), 0)::bigint::float8 as chars from studio_notes where owner_email = ${owner}`,
  );
  return Number(result.rows[0]?.chars ?? 0);
}

/**
 * Refuses (413) text that would take the owner past its text quota (`replacing`: an edited note's
 * old text). Run in the transaction that stores the text, under the owner's lock (withOwnerLock,
 * as the media quota), so parallel requests cannot all pass it before one is stored; callers also
 * run it once before analysing, unlocked, so text that cannot fit is refused before any work.
 */
export async function assertTextQuota(
  ctx: AppContext,
  owner: string,
  addedChars: number,
  replacing = 0,
  db: DbOrTx = ctx.database.db,
): Promise<void> {
  const limit = ctx.config.studio.limits.textChars;
  const used = await storedTextChars(db, owner);
  if (used - replacing + addedChars > limit) throw new AppError('quota_exceeded', textQuotaMessage(limit));
}

/** Counts `minutes` of speech-to-text for the owner today; false when it passes the daily limit. */
export async function countSttMinutes(
  deps: { database: { db: DbOrTx } },
  limit: number,
  owner: string,
  minutes: number,
): Promise<boolean> {
  const hit = await hitRateLimit(
    deps.database.db,
    `studio-stt-day:${owner}`,
    Math.round(limit * 1000),
    DAY_SECONDS,
    Math.max(1, Math.ceil(minutes * 1000)),
  );
  return hit.allowed;
}
