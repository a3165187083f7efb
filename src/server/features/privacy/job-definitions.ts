import { z } from 'zod';
import { defineJob } from '../../jobs/queue.ts';

/** Daily (UTC): deletes inactive personal data and expired security rows (repository.ts runRetention). */
export const retentionJob = defineJob({
  name: 'privacy.retention',
  schema: z.object({}).passthrough().nullish(),
});

export const RETENTION_CRON = '45 0 * * *';

export const PRIVACY_JOBS = [retentionJob];
