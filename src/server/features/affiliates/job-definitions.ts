import { z } from 'zod';
import { defineJob } from '../../jobs/queue.ts';

export const scheduledPayload = z.object({}).passthrough().nullish();

/** Daily (UTC): commissions past their holding period become approved. */
export const approveCommissionsJob = defineJob({
  name: 'affiliates.approve-commissions',
  schema: scheduledPayload,
});

export const APPROVE_COMMISSIONS_CRON = '15 0 * * *';

/** Monthly on the 1st (UTC): due payouts from approved balances of $50 or more; the rest carries over. */
export const monthlyPayoutsJob = defineJob({ name: 'affiliates.monthly-payouts', schema: scheduledPayload });

export const MONTHLY_PAYOUTS_CRON = '30 0 1 * *';

/** The affiliate jobs (a queue is created for each, in every role). */
export const AFFILIATE_JOBS = [approveCommissionsJob, monthlyPayoutsJob];
