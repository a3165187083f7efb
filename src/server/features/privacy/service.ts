import { sql } from 'drizzle-orm';
import { DATA_DELETED_MESSAGE, DELETE_CODE_SENT_MESSAGE } from '#contract/privacy.ts';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { enforceRateLimit } from '../../lib/rate-limit.ts';
import { queueEmail } from '../../providers/mail/outbox.ts';
import {
  CODE_REQUESTS_PER_ADDRESS,
  deleteCodesOf,
  issueCode,
  throttleCodeRequests,
  verifyCodeOrThrow,
} from '../email-codes/index.ts';
import { deleteStudioDataOf } from '../studio/index.ts';
import { endVisitorSessionsOf } from '../visitor-session/index.ts';
import { dataDeletedEmail, deleteCodeEmail } from './emails.ts';

export const DELETE_CODE_PURPOSE = 'delete-data';
/** Deletion codes per (address, client) in the window (email-codes throttles). */
export const DELETE_CODES_PER_EMAIL = CODE_REQUESTS_PER_ADDRESS;
export const OPT_OUT_CHANGES_PER_EMAIL = 30;

/** E-mails a fresh code for 'Delete my data' to the signed-in address (a session alone is not enough). */
export async function requestDeletionCode(ctx: AppContext, email: string, clientIp: string) {
  const { db } = ctx.database;
  await throttleCodeRequests(db, DELETE_CODE_PURPOSE, email, clientIp);
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
  await verifyCodeOrThrow(ctx.database.db, DELETE_CODE_PURPOSE, email, code, { client: clientIp });
  const deleted = await ctx.database.transaction(async (tx) => {
    const counts = await deleteDataOf(tx.db, email, ownerHash);
    await deleteStudioDataOf(ctx, tx, email);
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
  await endVisitorSessionsOf(db, email);
  await deleteCodesOf(db, email);
  await db.execute(sql`delete from data_use_opt_outs where email = ${email}`);
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
