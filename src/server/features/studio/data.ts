import type { Config } from '../../config.ts';
import type { Database, Tx } from '../../db/client.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import { deleteRecordingsOf } from './capture/index.ts';
import { deleteDraftsOf } from './drafts/index.ts';
import { queueMediaDeletion, removeQueuedMediaNow } from './media-deletions.ts';
import { deleteStudioRowsOf, inactiveStudioOwners, lockOwner } from './notes/index.ts';

type StoreConfig = Pick<Config, 'dataDir' | 'storage' | 'providerTimeoutMs'>;

/**
 * 'Delete my data': every draft, note (with its sentences), recording and the voice settings and
 * profile of the owner, in the caller's transaction, with the keys of its media objects (finished,
 * unfinished uploads, recordings' chunk folders) written to the deletion outbox in the same
 * transaction (media-deletions.ts): the store follows the database, so a store failing half-way
 * never leaves a note without its media. After commit, `removeQueuedMediaNow(…, media)` removes
 * them at once when the store answers; `studio.media-delete` retries until it does. The owner's
 * lock is held first, so a chunk arriving meanwhile waits, then finds its recording gone and keeps
 * nothing.
 */
export async function deleteStudioDataOf(
  ctx: { config: StoreConfig; jobs?: JobQueue },
  tx: Tx,
  owner: string,
): Promise<{ notes: number; media: string[] }> {
  await lockOwner(tx, owner);
  await deleteDraftsOf(tx.db, owner);
  const { notes, media } = await deleteStudioRowsOf(tx.db, owner);
  const recordings = await deleteRecordingsOf(tx.db, owner);
  return { notes, media: await queueMediaDeletion(ctx.jobs, tx, { keys: media, recordings }) };
}

export { removeQueuedMediaNow };

/**
 * The retention pass: every Studio row and file of an owner whose newest note or voice-settings
 * change is older than `months` (called by the daily privacy retention job).
 */
export async function runStudioRetention(
  deps: { database: Database; config: StoreConfig; queue?: JobQueue },
  months: number,
): Promise<{ owners: number; notes: number }> {
  const before = new Date();
  before.setUTCMonth(before.getUTCMonth() - months);
  let notes = 0;
  const owners = await inactiveStudioOwners(deps.database.db, before);
  for (const owner of owners) {
    const deleted = await deps.database.transaction((tx) =>
      deleteStudioDataOf({ config: deps.config, ...(deps.queue ? { jobs: deps.queue } : {}) }, tx, owner),
    );
    notes += deleted.notes;
    await removeQueuedMediaNow(deps, deleted.media);
  }
  return { owners: owners.length, notes };
}
