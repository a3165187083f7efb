import { asc, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import type { Database, DbOrTx, Tx } from '../../db/client.ts';
import { studioMediaDeletions } from '../../db/schema/studio.ts';
import { defineJob, type JobQueue } from '../../jobs/queue.ts';
import type { Logger } from '../../lib/logger.ts';
import {
  recordingPrefix,
  removeStoredMedia,
  storageAnswers,
  storageFailureKind,
  studioStorage,
} from './media-store.ts';

/**
 * Deleting media that cannot half-delete: the database decides, the store follows. Whatever owned
 * the objects (a note, a recording, an address's Studio) is deleted in a transaction that also
 * writes the objects' keys here (`studio_media_deletions`) and queues `studio.media-delete`; after
 * commit the job removes them, retrying until the store answers (and every maintenance pass takes
 * what is left). A store failure never leaves a note without its media: the note is gone first;
 * nor media without an owner for good: its key waits here until it is removed.
 */
export const mediaDeletionJob = defineJob({
  name: 'studio.media-delete',
  schema: z.object({}).passthrough().nullish(),
  // Retried until the store answers: the backoff doubles from 5 s to pg-boss's cap of an hour, for
  // about a day and a half; the maintenance pass (every 15 minutes) also takes whatever waits.
  retryLimit: 40,
  retryDelaySeconds: 5,
  expireInSeconds: 15 * 60,
});

type StoreConfig = Pick<Config, 'dataDir' | 'storage' | 'providerTimeoutMs'>;

/** What to remove: object keys, and recordings whose whole chunk folder goes. */
export interface MediaToDelete {
  keys?: (string | null | undefined)[];
  recordings?: (string | null | undefined)[];
}

/** The outbox keys of `media` (a recording is its folder, `studio/recordings/<id>/`). */
export const deletionKeys = (media: MediaToDelete): string[] => [
  ...new Set([
    ...(media.keys ?? []).filter((key): key is string => Boolean(key)),
    ...(media.recordings ?? []).filter((id): id is string => Boolean(id)).map(recordingPrefix),
  ]),
];

/**
 * Writes the keys to remove in the caller's transaction and queues their removal after commit
 * (without a queue, e.g. a job that has none, the next maintenance pass removes them). Returns the
 * keys written.
 */
export async function queueMediaDeletion(
  jobs: JobQueue | undefined,
  tx: Tx,
  media: MediaToDelete,
): Promise<string[]> {
  const keys = deletionKeys(media);
  if (!keys.length) return keys;
  await tx.db
    .insert(studioMediaDeletions)
    .values(keys.map((key) => ({ key })))
    .onConflictDoNothing({ target: studioMediaDeletions.key });
  if (jobs) await jobs.enqueue(tx, mediaDeletionJob, {});
  return keys;
}

/** Keys still waiting for the store (all, or those of `keys`). */
export async function pendingMediaDeletions(db: DbOrTx, keys?: string[]): Promise<string[]> {
  if (keys && !keys.length) return [];
  const rows = await db
    .select({ key: studioMediaDeletions.key })
    .from(studioMediaDeletions)
    .where(keys ? inArray(studioMediaDeletions.key, keys) : undefined)
    .orderBy(asc(studioMediaDeletions.createdAt), asc(studioMediaDeletions.key));
  return rows.map((row) => row.key);
}

/** Removes one outbox key from the store: a folder by prefix, an object with what tus keeps beside it. */
async function removeKey(config: StoreConfig, key: string): Promise<void> {
  if (key.endsWith('/')) await studioStorage(config).deletePrefix(key);
  else await removeStoredMedia(config, [key]);
}

/**
 * Removes waiting keys from the store (all, or those of `keys`), each row deleted once its objects
 * are gone. A failure is recorded on its row and thrown at the end, so the job retries; a store that
 * does not answer stops the run at once (the next keys would wait on it too), one that refuses a
 * key does not keep the others. `removed` is how many keys went.
 */
export async function runMediaDeletions(
  deps: { config: StoreConfig; database: Database },
  keys?: string[],
): Promise<{ removed: number }> {
  const { db } = deps.database;
  let removed = 0;
  let failure: unknown;
  for (const key of await pendingMediaDeletions(db, keys)) {
    try {
      await removeKey(deps.config, key);
    } catch (error) {
      await db
        .update(studioMediaDeletions)
        .set({
          attempts: sql`${studioMediaDeletions.attempts} + 1`,
          lastError: String((error as Error)?.message ?? error).slice(0, 500),
        })
        .where(inArray(studioMediaDeletions.key, [key]));
      if (storageFailureKind(error) !== 'refused') throw error;
      failure ??= error;
      continue;
    }
    await db.delete(studioMediaDeletions).where(inArray(studioMediaDeletions.key, [key]));
    removed++;
  }
  if (failure) throw failure;
  return { removed };
}

/**
 * Right after the commit that queued `keys`: removes them now when the store answers (a user sees
 * the media go at once); when it does not, the job and the maintenance pass do it later.
 */
export async function removeQueuedMediaNow(
  deps: { config: StoreConfig; database: Database },
  keys: string[],
): Promise<void> {
  // A store known not to answer is not waited for on a request's path.
  if (!keys.length || !(await storageAnswers(deps.config))) return;
  const removal = runMediaDeletions(deps, keys).catch(() => {
    // Left for studio.media-delete (queued with the keys), which retries until the store answers.
  });
  // Nor is a slow one for long: the removal goes on after the answer (the job is there too).
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    removal,
    new Promise<void>((resolve) => {
      timer = setTimeout(resolve, NOW_WAIT_MS);
      timer.unref();
    }),
  ]);
  clearTimeout(timer);
}

/** How long a request waits for its media to go before it answers (the rest goes on after). */
const NOW_WAIT_MS = 10_000;

/** The job's handler: everything waiting, in the order it was queued. */
export function registerMediaDeletionJob(
  queue: JobQueue,
  deps: { config: StoreConfig; database: Database; log: Logger },
): void {
  queue.handle(mediaDeletionJob, async () => {
    const { removed } = await runMediaDeletions(deps);
    if (removed) deps.log.info({ removed }, 'studio media removed from the store');
  });
}
