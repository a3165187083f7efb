import type { z } from 'zod';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { JobHandler, JobQueue } from '../../jobs/queue.ts';
import type { Logger } from '../../lib/logger.ts';
import { runStudioRetention } from '../studio/index.ts';
import { RETENTION_CRON, retentionJob } from './job-definitions.ts';
import { runRetention } from './repository.ts';

export function createRetentionHandler(deps: {
  database: Database;
  config: Pick<Config, 'dataDir' | 'storage' | 'providerTimeoutMs'>;
  log: Logger;
  months: number;
  /** Queues the removal of deleted Studio media (without it, the Studio's maintenance pass does). */
  queue?: JobQueue;
}): JobHandler<z.infer<typeof retentionJob.schema>> {
  return async () => {
    const counts = await runRetention(deps.database.db, deps.months);
    const studio = await runStudioRetention(deps, deps.months);
    deps.log.info({ ...counts, studio }, 'retention pass done');
  };
}

/** The worker side of privacy: the daily retention pass. */
export function registerPrivacyJobs(
  queue: JobQueue,
  deps: {
    database: Database;
    config: Pick<Config, 'dataDir' | 'storage' | 'providerTimeoutMs'>;
    log: Logger;
    months: number;
  },
): void {
  queue.handle(retentionJob, createRetentionHandler({ ...deps, queue }));
  queue.schedule(retentionJob, RETENTION_CRON);
}
