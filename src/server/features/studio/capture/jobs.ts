import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { STUDIO_LIMITS } from '#contract/studio.ts';
import type { Config } from '../../../config.ts';
import type { Database } from '../../../db/client.ts';
import type { JobQueue } from '../../../jobs/queue.ts';
import type { Logger } from '../../../lib/logger.ts';
import {
  listMediaFiles,
  mediaFile,
  recordingDir,
  removeMediaFiles,
  removeStaleCuts,
  studioDirs,
} from '../media.ts';
import {
  deleteNoteRow,
  notesInStatus,
  referencedMediaPaths,
  transcribeJob,
  updateNoteRow,
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
}> {
  const { config, database } = deps;
  const db = database.db;
  const now = deps.now ?? new Date();
  const cutoff = new Date(now.getTime() - STUDIO_LIMITS.unfinishedUploadTtlMs);
  let uploads = 0;
  for (const note of await notesInStatus(db, ['uploading'], cutoff)) {
    await deleteNoteRow(db, note.ownerEmail, note.id);
    if (note.mediaPath) await removeMediaFiles(config.dataDir, [note.mediaPath]);
    uploads++;
  }
  const stale = await deleteStaleRecordings(db, cutoff);
  for (const id of stale) await rm(recordingDir(config.dataDir, id), { recursive: true, force: true });
  // Chunk folders no recording owns (a rolled-back 'Delete my data', a crash between the row and
  // the folder), left an hour like the media files below.
  const owned = await recordingIds(db);
  let chunkFolders = 0;
  const recordingsRoot = studioDirs(config.dataDir).recordings;
  for (const name of await readdir(recordingsRoot).catch(() => [] as string[])) {
    if (owned.has(name)) continue;
    const info = await stat(path.join(recordingsRoot, name)).catch(() => null);
    if (!info || now.getTime() - info.mtimeMs < 60 * 60_000) continue;
    await rm(path.join(recordingsRoot, name), { recursive: true, force: true });
    chunkFolders++;
  }
  // Files no note references (a note deleted while its file was being written, a rolled-back
  // 'Delete my data'), left an hour so files of notes being created are never touched.
  const referenced = await referencedMediaPaths(db);
  let orphans = 0;
  for (const relative of await listMediaFiles(config.dataDir)) {
    if (referenced.has(relative)) continue;
    const info = await stat(mediaFile(config.dataDir, relative)).catch(() => null);
    if (!info || now.getTime() - info.mtimeMs < 60 * 60_000) continue;
    await removeMediaFiles(config.dataDir, [relative]);
    orphans++;
  }
  const cuts = await removeStaleCuts(config.dataDir, now);
  let requeued = 0;
  if (deps.sttConfigured) {
    for (const note of await notesInStatus(db, ['needs_stt'], now)) {
      await database.transaction(async (tx) => {
        const updated = await updateNoteRow(
          tx.db,
          null,
          note.id,
          { status: 'transcribing', statusMessage: null },
          ['needs_stt'],
        );
        if (updated) await deps.queue.enqueue(tx, transcribeJob, { noteId: note.id });
      });
      requeued++;
    }
  }
  return { uploads, recordings: stale.length, chunkFolders, orphans, cuts, requeued };
}
