import { z } from 'zod';
import { defineJob } from '../../../jobs/queue.ts';

/**
 * Every 15 minutes: unfinished uploads and recordings older than 24 h are removed, media files no
 * note references are deleted, and notes waiting for speech-to-text are queued once it is configured.
 */
export const maintenanceJob = defineJob({
  name: 'studio.maintenance',
  schema: z.object({}).passthrough().nullish(),
  retryLimit: 1,
  expireInSeconds: 15 * 60,
});
export const MAINTENANCE_CRON = '*/15 * * * *';

export const CAPTURE_JOBS = [maintenanceJob];
