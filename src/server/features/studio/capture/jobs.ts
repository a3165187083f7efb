import { STUDIO_LIMITS } from '#contract/studio.ts';
import type { Config } from '../../../config.ts';
import type { Database } from '../../../db/client.ts';
import type { JobQueue } from '../../../jobs/queue.ts';
import type { Logger } from '../../../lib/logger.ts';
import { queueMediaDeletion, runMediaDeletions } from '../media-deletions.ts';
import {
  listChunkFolders,
  listStoredMedia,
  removeRecordingChunks,
  removeStaleCuts,
  removeStoredMedia,
  studioTemp,
} from '../media-store.ts';
import {
  assembleJob,
  discardAbandonedUploads,
  figuresPending,
  queueFiguresBackfill,
  referencedMediaPaths,
  requeueWaitingNotes,
  unjoinedNotes,
} from '../notes/index.ts';
import { MAINTENANCE_CRON, maintenanceJob } from './job-definitions.ts';
import { deleteStaleRecordings, recordingIds } from './repository.ts';

export function registerCaptureJobs(
  queue: JobQueue,
  deps: { config: Config; database: Database; log: Logger; sttConfigured: boolean },
): void {
  const { config, database, log, sttConfigured } = deps;
  queue.handle(maintenanceJob, async () => {
    const counts = await runStudioMaintenance({ config, database, queue, sttConfigured });
    if (Object.values(counts).some((n) => n > 0)) log.info(counts, 'studio maintenance done');
  });
  queue.schedule(maintenanceJob, MAINTENANCE_CRON);
}

/** One maintenance pass (see maintenanceJob); exported for tests. */
export async function runStudioMaintenance(deps: {
  config: Config;
  database: Database;
  queue: JobQueue;
  sttConfigured: boolean;
  now?: Date;
}): Promise<{
  uploads: number;
  recordings: number;
  chunkFolders: number;
  orphans: number;
  cuts: number;
  requeued: number;
  rejoined: number;
  deletions: number;
  figures: number;
}> {
  const { config, database } = deps;
  const db = database.db;
  const now = deps.now ?? new Date();
  const cutoff = new Date(now.getTime() - STUDIO_LIMITS.unfinishedUploadTtlMs);
  // Rows first, their objects through the deletion outbox (removed below, or by studio.media-delete).
  const uploads = await discardAbandonedUploads(deps, cutoff);
  const stale = await database.transaction(async (tx) => {
    const ids = await deleteStaleRecordings(tx.db, cutoff);
    await queueMediaDeletion(deps.queue, tx, { recordings: ids });
    return ids;
  });
  // Whatever waits for the store (deletions it refused or missed): a store still failing leaves them
  // for the next pass and does not stop this one.
  const deletions = (await runMediaDeletions({ config, database }).catch(() => ({ removed: 0 }))).removed;
  // Recordings still not joined into their note's media an hour on whose join failed on every try
  // (the store did not answer): the join is sent again.
  const unjoined = await unjoinedNotes(db, new Date(now.getTime() - 60 * 60_000));
  await database.transaction(async (tx) => {
    for (const noteId of unjoined) await deps.queue.enqueue(tx, assembleJob, { noteId });
  });
  // Chunk folders no recording needs (a rolled-back 'Delete my data', a crash between the row and
  // the chunks, a join whose removal of the chunks failed), left an hour like the media below.
  const owned = await recordingIds(db);
  let chunkFolders = 0;
  for (const [id, newest] of await listChunkFolders(config)) {
    if (owned.has(id) || now.getTime() - newest.getTime() < 60 * 60_000) continue;
    await removeRecordingChunks(config, id);
    chunkFolders++;
  }
  // Media no note references (a note deleted while its media was being written, a rolled-back
  // 'Delete my data', an upload a bucket kept), left an hour so media of notes being created is
  // never touched.
  const referenced = await referencedMediaPaths(db);
  let orphans = 0;
  for (const [key, newest] of await listStoredMedia(config)) {
    if (referenced.has(key) || now.getTime() - newest.getTime() < 60 * 60_000) continue;
    await removeStoredMedia(config, [key]);
    orphans++;
  }
  // Local copies a process that died left in the temporary space (STORAGE_TEMP_DIR).
  await studioTemp(config).sweep(now);
  const cuts = await removeStaleCuts(config.dataDir, now);
  const requeued = deps.sttConfigured ? await requeueWaitingNotes(deps, now) : 0;
  // Notes stored before their searchable figures existed get them (figures-backfill.ts).
  let figures = 0;
  if (await figuresPending(db)) {
    await queueFiguresBackfill(deps.queue, database);
    figures = 1;
  }
  return {
    uploads,
    recordings: stale.length,
    chunkFolders,
    orphans,
    cuts,
    requeued,
    rejoined: unjoined.length,
    deletions,
    figures,
  };
}
