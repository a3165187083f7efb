import { DATA_DELETED_MESSAGE, DELETE_CODE_SENT_MESSAGE, MEDIA_PENDING_MESSAGE } from '#contract/privacy.ts';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { enforceRateLimit } from '../../lib/rate-limit.ts';
import { deleteResultsOf, filedTrendIds } from '../content-results/index.ts';
import {
  CODE_REQUESTS_PER_ADDRESS,
  deleteCodesOf,
  issueCode,
  throttleCodeRequests,
  verifyCodeOrThrow,
} from '../email-codes/index.ts';
import { deleteOutboxFor, queueEmail } from '../outbox/index.ts';
import { deletePublishingOf } from '../publishing/index.ts';
import { deleteStudioDataOf, pendingMediaDeletions, removeQueuedMediaNow } from '../studio/index.ts';
import { deleteTrends, forgetCreator, trendsCreatedBy } from '../trends/index.ts';
import { endVisitorSessionsOf } from '../visitor-session/index.ts';
import { dataDeletedEmail, deleteCodeEmail } from './emails.ts';
import { deleteOptOut, insertOptOut, isOptedOut as isOptedOutRow, listOptOuts } from './repository.ts';

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
 * - its content results (every product type): trends it only filed are unfiled, not deleted;
 * - the trends it created: added with this address's dashboard session (trends.created_by), or
 *   added from this browser without one (owner cookie); a created trend another address has also
 *   filed on its dashboard stays for them, with its creator forgotten;
 * - its dashboard sessions, every verification code of the address, its data-use opt-out;
 * and queues a confirmation e-mail in the same transaction.
 */
export async function deleteMyData(
  ctx: AppContext,
  email: string,
  code: string,
  ownerHash: string | null,
  clientIp: string,
): Promise<{
  message: string;
  deleted: { results: number; trends: number; media_files: number; media_pending: number };
}> {
  await verifyCodeOrThrow(ctx.database.db, DELETE_CODE_PURPOSE, email, code, { client: clientIp });
  const { counts, media } = await ctx.database.transaction(async (tx) => {
    const counts = await deleteDataOf(tx.db, email, ownerHash);
    // Studio rows now; their media objects' keys go to the deletion outbox in this transaction.
    const studio = await deleteStudioDataOf(ctx, tx, email);
    // Connected accounts (their sealed tokens), posts and slots; live posts stay on their platforms.
    await deletePublishingOf(tx.db, email);
    await queueEmail(tx, ctx.jobs, 'privacy.data-deleted', dataDeletedEmail(email, counts));
    return { counts, media: studio.media };
  });
  // Its sessions are gone: this process forgets them now, the others on the trigger's notice.
  ctx.sessions.clear();
  // The rows are gone: the media objects go now if the store answers, else as soon as it does.
  await removeQueuedMediaNow(ctx, media);
  const pending = (await pendingMediaDeletions(ctx.database.db, media)).length;
  return {
    message: pending ? MEDIA_PENDING_MESSAGE : DATA_DELETED_MESSAGE,
    deleted: { ...counts, media_files: media.length, media_pending: pending },
  };
}

export async function deleteDataOf(
  db: DbOrTx,
  email: string,
  ownerHash: string | null,
): Promise<{ results: number; trends: number }> {
  const created = await trendsCreatedBy(db, email, ownerHash);
  const results = await deleteResultsOf(db, email);
  const keptForOthers = new Set(await filedTrendIds(db, created));
  const trends = await deleteTrends(
    db,
    created.filter((id) => !keptForOthers.has(id)),
  );
  await forgetCreator(db, [...keptForOthers]);
  await endVisitorSessionsOf(db, email);
  await deleteCodesOf(db, email);
  await deleteOptOut(db, email);
  await deleteOutboxFor(db, email);
  return { results, trends };
}

export const isOptedOut = (ctx: AppContext, email: string) => isOptedOutRow(ctx.database.db, email);

/**
 * Every opted-out address. Echo has no aggregate or training export yet; any future one (e.g. a
 * voice-model training pipeline) must leave these out, through this function or
 * GET /api/admin/privacy/opt-outs.
 */
export const optedOutEmails = (db: DbOrTx): Promise<string[]> => listOptOuts(db);

export async function setOptOut(ctx: AppContext, email: string, optedOut: boolean): Promise<void> {
  const { db } = ctx.database;
  await enforceRateLimit(db, `data-use:${email}`, OPT_OUT_CHANGES_PER_EMAIL, 60);
  if (optedOut) await insertOptOut(db, email);
  else await deleteOptOut(db, email);
}
