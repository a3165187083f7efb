import type { Config } from '../../config.ts';
import type { Database, Tx } from '../../db/client.ts';
import { deleteRecordingsOf } from './capture/index.ts';
import { deleteDraftsOf } from './drafts/index.ts';
import { removeRecordingChunks, removeStoredMedia } from './media-store.ts';
import { deleteStudioRowsOf, inactiveStudioOwners, lockOwner } from './notes/index.ts';

/**
 * 'Delete my data': every draft, note (with its sentences), recording and the voice settings and profile
 * of the owner, in the caller's transaction; its media objects (finished, and unfinished uploads
 * with their multipart parts in a bucket) and unfinished recordings' chunks are removed at once (the maintenance job also removes any file no note references and any chunk
 * folder no recording owns, should the transaction roll back afterwards). The owner's lock is
 * held first, so a chunk arriving meanwhile waits, then finds its recording gone and keeps nothing.
 */
export async function deleteStudioDataOf(
  ctx: { config: Pick<Config, 'dataDir' | 'storage' | 'providerTimeoutMs'> },
  tx: Tx,
  owner: string,
): Promise<{ notes: number }> {
  await lockOwner(tx, owner);
  await deleteDraftsOf(tx.db, owner);
  const { notes, media } = await deleteStudioRowsOf(tx.db, owner);
  const recordings = await deleteRecordingsOf(tx.db, owner);
  await removeStoredMedia(ctx.config, media);
  for (const id of recordings) await removeRecordingChunks(ctx.config, id);
  return { notes };
}

/**
 * The retention pass: every Studio row and file of an owner whose newest note or voice-settings
 * change is older than `months` (called by the daily privacy retention job).
 */
export async function runStudioRetention(
  deps: { database: Database; config: Pick<Config, 'dataDir' | 'storage' | 'providerTimeoutMs'> },
  months: number,
): Promise<{ owners: number; notes: number }> {
  const before = new Date();
  before.setUTCMonth(before.getUTCMonth() - months);
  let notes = 0;
  const owners = await inactiveStudioOwners(deps.database.db, before);
  for (const owner of owners)
    notes += (await deps.database.transaction((tx) => deleteStudioDataOf(deps, tx, owner))).notes;
  return { owners: owners.length, notes };
}
