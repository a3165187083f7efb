import { DATA_DELETED_MESSAGE, DELETE_CODE_SENT_MESSAGE, MEDIA_PENDING_MESSAGE } from '#contract/privacy.ts';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { enforceRateLimit } from '../../lib/rate-limit.ts';
import { deleteResultsOf, filedTrendIds } from '../content-results/index.ts';
import {
  CODE_REQUESTS_PER_EMAIL,
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
/** Deletion codes per (e-mail, client) in the window (email-codes throttles). */
export const DELETE_CODES_PER_EMAIL = CODE_REQUESTS_PER_EMAIL;
export const OPT_OUT_CHANGES_PER_OWNER = 30;

/** E-mails a fresh code for 'Delete my data' to the owner (a session alone is not enough). */
export async function requestDeletionCode(ctx: AppContext, owner: string, clientIp: string) {
  const { db } = ctx.database;
  await throttleCodeRequests(db, DELETE_CODE_PURPOSE, owner, clientIp);
  await ctx.database.transaction(async (tx) => {
    const code = await issueCode(tx.db, DELETE_CODE_PURPOSE, owner);
    await queueEmail(tx, ctx.jobs, 'privacy.delete-code', deleteCodeEmail(owner, code));
  });
  return { message: DELETE_CODE_SENT_MESSAGE };
}

/**
 * Checks the fresh code, then permanently deletes the owner's data in one transaction:
 * - their content results (every product type): trends they only filed are unfiled, not deleted;
 * - the trends they created: added with their dashboard session (trends.created_by), or added
 *   from this browser without one (the trend cookie); a created trend another owner has also
 *   filed on their dashboard stays for them, with its creator forgotten;
 * - their dashboard sessions, every verification code of their e-mail, their data-use opt-out;
 * and queues a confirmation e-mail in the same transaction.
 */
export async function deleteMyData(
  ctx: AppContext,
  owner: string,
  code: string,
  browserHash: string | null,
  clientIp: string,
): Promise<{
  message: string;
  deleted: { results: number; trends: number; media_files: number; media_pending: number };
}> {
  await verifyCodeOrThrow(ctx.database.db, DELETE_CODE_PURPOSE, owner, code, { client: clientIp });
  const { counts, media } = await ctx.database.transaction(async (tx) => {
    const counts = await deleteDataOf(tx.db, owner, browserHash);
    // Studio rows now; their media objects' keys go to the deletion outbox in this transaction.
    const studio = await deleteStudioDataOf(ctx, tx, owner);
    // Connected accounts (their sealed tokens), posts and slots; live posts stay on their platforms.
    await deletePublishingOf(tx.db, owner);
    await queueEmail(tx, ctx.jobs, 'privacy.data-deleted', dataDeletedEmail(owner, counts));
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
  owner: string,
  browserHash: string | null,
): Promise<{ results: number; trends: number }> {
  const created = await trendsCreatedBy(db, owner, browserHash);
  const results = await deleteResultsOf(db, owner);
  const keptForOthers = new Set(await filedTrendIds(db, created));
  const trends = await deleteTrends(
    db,
    created.filter((id) => !keptForOthers.has(id)),
  );
  await forgetCreator(db, [...keptForOthers]);
  await endVisitorSessionsOf(db, owner);
  await deleteCodesOf(db, owner);
  await deleteOptOut(db, owner);
  await deleteOutboxFor(db, owner);
  return { results, trends };
}

export const isOptedOut = (ctx: AppContext, owner: string) => isOptedOutRow(ctx.database.db, owner);

/**
 * The e-mail of every owner who opted out. Echo has no aggregate or training export yet; any future one (e.g. a
 * voice-model training pipeline) must leave these out, through this function or
 * GET /api/admin/privacy/opt-outs.
 */
export const optedOutEmails = (db: DbOrTx): Promise<string[]> => listOptOuts(db);

export async function setOptOut(ctx: AppContext, owner: string, optedOut: boolean): Promise<void> {
  const { db } = ctx.database;
  await enforceRateLimit(db, `data-use:${owner}`, OPT_OUT_CHANGES_PER_OWNER, 60);
  if (optedOut) await insertOptOut(db, owner);
  else await deleteOptOut(db, owner);
}
