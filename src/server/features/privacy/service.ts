import { sql } from 'drizzle-orm';
import { DATA_DELETED_MESSAGE, DELETE_CODE_SENT_MESSAGE } from '#contract/privacy.ts';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { AppError, badRequest, unauthorized } from '../../lib/errors.ts';
import { enforceRateLimit } from '../../lib/rate-limit.ts';
import { findSession } from '../../lib/sessions.ts';
import { issueCode, verifyCode } from '../../lib/verification-codes.ts';
import { deleteOutboxFor, queueEmail } from '../outbox/index.ts';
import { dataDeletedEmail, deleteCodeEmail } from './emails.ts';

export const DELETE_CODE_PURPOSE = 'delete-data';
export const NOT_SIGNED_IN_MESSAGE = 'Please verify your email to view this dashboard';
/** Deletion codes per address and per client in the window; confirmations per client. */
export const DELETE_CODES_PER_EMAIL = 3;
export const DELETE_CODES_PER_CLIENT = 10;
export const DELETE_VERIFY_PER_CLIENT = 30;
export const DELETE_WINDOW_SECONDS = 10 * 60;
export const OPT_OUT_CHANGES_PER_EMAIL = 30;

/** The address of the browser's dashboard session; 401 without one. */
export async function requireDashboardEmail(ctx: AppContext, token: string | undefined): Promise<string> {
  const email = await findSession(ctx.database.db, 'dashboard', token);
  if (!email) throw unauthorized(NOT_SIGNED_IN_MESSAGE);
  return email;
}

/** E-mails a fresh code for 'Delete my data' to the signed-in address (a session alone is not enough). */
export async function requestDeletionCode(ctx: AppContext, email: string, clientIp: string) {
  const { db } = ctx.database;
  await enforceRateLimit(db, `delete-code-ip:${clientIp}`, DELETE_CODES_PER_CLIENT, DELETE_WINDOW_SECONDS);
  await enforceRateLimit(db, `delete-code:${email}`, DELETE_CODES_PER_EMAIL, DELETE_WINDOW_SECONDS);
  await ctx.database.transaction(async (tx) => {
    const code = await issueCode(tx.db, DELETE_CODE_PURPOSE, email);
    await queueEmail(tx, ctx.jobs, 'privacy.delete-code', deleteCodeEmail(email, code));
  });
  return { message: DELETE_CODE_SENT_MESSAGE };
}

/**
 * Checks the fresh code, then permanently deletes the address's data in one transaction:
 * - its content results (every product type);
 * - the trends it owns: those filed on its dashboard (content_results.trend_id) and those added
 *   from this browser (owner cookie), except a trend another address has also filed on its
 *   dashboard (trends are shared, one per video: deleting it would empty someone else's entry);
 * - its dashboard sessions, every verification code of the address, its data-use opt-out;
 * and queues a confirmation e-mail in the same transaction.
 */
export async function deleteMyData(
  ctx: AppContext,
  email: string,
  code: string,
  ownerHash: string | null,
  clientIp: string,
): Promise<{ message: string; deleted: { results: number; trends: number } }> {
  await enforceRateLimit(
    ctx.database.db,
    `delete-verify-ip:${clientIp}`,
    DELETE_VERIFY_PER_CLIENT,
    DELETE_WINDOW_SECONDS,
  );
  const check = await verifyCode(ctx.database.db, DELETE_CODE_PURPOSE, email, code);
  if (check === 'expired')
    throw badRequest('This code has expired. Please request a new one.', 'code_expired');
  if (check === 'too_many_attempts')
    throw new AppError('code_locked', 'Too many wrong attempts. Please request a new code.');
  if (check !== 'ok') throw badRequest('Invalid verification code', 'code_invalid');
  const deleted = await ctx.database.transaction(async (tx) => {
    const counts = await deleteDataOf(tx.db, email, ownerHash);
    await queueEmail(tx, ctx.jobs, 'privacy.data-deleted', dataDeletedEmail(email, counts));
    return counts;
  });
  return { message: DATA_DELETED_MESSAGE, deleted };
}

export async function deleteDataOf(
  db: DbOrTx,
  email: string,
  ownerHash: string | null,
): Promise<{ results: number; trends: number }> {
  const owned = await db.execute<{ id: string }>(sql`
    select trend_id as id from content_results where user_email = ${email} and trend_id is not null
    union
    select id from trends where ${ownerHash}::text is not null and owner_hash = ${ownerHash}`);
  const results = await db.execute<{ id: string }>(
    sql`delete from content_results where user_email = ${email} returning id`,
  );
  const ids = owned.rows.map((r) => r.id);
  const trends = await db.execute<{ id: string }>(sql`
    with deleted as (
      delete from trends t
      where t.id in (select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)::uuid)
        and not exists (select 1 from content_results c where c.trend_id = t.id)
      returning t.id
    ),
    counted as (update trend_totals set count = count - (select count(*) from deleted) where id = 1)
    select id from deleted`);
  await db.execute(sql`delete from user_sessions where kind = 'dashboard' and subject = ${email}`);
  await db.execute(sql`delete from verification_codes where email = ${email}`);
  await db.execute(sql`delete from data_use_opt_outs where email = ${email}`);
  await deleteOutboxFor(db, email);
  return { results: results.rows.length, trends: trends.rows.length };
}

export async function isOptedOut(db: DbOrTx, email: string): Promise<boolean> {
  const result = await db.execute(sql`select 1 from data_use_opt_outs where email = ${email}`);
  return result.rows.length > 0;
}

export async function setOptOut(ctx: AppContext, email: string, optedOut: boolean): Promise<void> {
  const { db } = ctx.database;
  await enforceRateLimit(db, `data-use:${email}`, OPT_OUT_CHANGES_PER_EMAIL, 60);
  if (optedOut)
    await db.execute(
      sql`insert into data_use_opt_outs (email) values (${email}) on conflict (email) do nothing`,
    );
  else await db.execute(sql`delete from data_use_opt_outs where email = ${email}`);
}

/**
 * Every opted-out address. Echo has no aggregate or training export yet; any future one (e.g. a
 * voice-model training pipeline) must leave these out, through this function or
 * GET /api/admin/privacy/opt-outs.
 */
export async function optedOutEmails(db: DbOrTx): Promise<string[]> {
  const result = await db.execute<{ email: string }>(sql`select email from data_use_opt_outs order by email`);
  return result.rows.map((r) => r.email);
}
