import type { Config } from '../../config.ts';
import type { Database, Tx } from '../../db/client.ts';
import { deleteRecordingsOf } from './capture/index.ts';
import { deleteDraftsOf } from './drafts/index.ts';
import { removeMediaFiles } from './media.ts';
import { deleteStudioRowsOf, inactiveStudioOwners } from './notes/index.ts';

/**
 * 'Delete my data': every draft, note (with its sentences), recording and the voice settings and profile
 * of the address, in the caller's transaction; media files are removed at once (the maintenance
 * job also removes any file no note references, should the transaction roll back afterwards).
 */
export async function deleteStudioDataOf(
  ctx: { config: Pick<Config, 'dataDir'> },
  tx: Tx,
  owner: string,
): Promise<{ notes: number }> {
  await deleteDraftsOf(tx.db, owner);
  const { notes, media } = await deleteStudioRowsOf(tx.db, owner);
  await deleteRecordingsOf(tx.db, owner);
  await removeMediaFiles(ctx.config.dataDir, media);
  return { notes };
}

/**
 * The retention pass: every Studio row and file of an address whose newest note or voice-settings
 * change is older than `months` (called by the daily privacy retention job).
 */
export async function runStudioRetention(
  deps: { database: Database; config: Pick<Config, 'dataDir'> },
  months: number,
): Promise<{ addresses: number; notes: number }> {
  const before = new Date();
  before.setUTCMonth(before.getUTCMonth() - months);
  let notes = 0;
  const owners = await inactiveStudioOwners(deps.database.db, before);
  for (const owner of owners)
    notes += (await deps.database.transaction((tx) => deleteStudioDataOf(deps, tx, owner))).notes;
  return { addresses: owners.length, notes };
}
