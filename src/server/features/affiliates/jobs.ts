import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { defineJob, type JobQueue } from '../../jobs/queue.ts';
import type { Logger } from '../../lib/logger.ts';
import { approveHeldCommissions } from './commissions.service.ts';
import { createMonthlyPayouts } from './payouts.service.ts';

type Deps = { database: Database; log: Logger };
const scheduledPayload = z.object({}).passthrough().nullish();

/** Daily (UTC): commissions past their holding period become approved. */
export const approveCommissionsJob = defineJob({
  name: 'affiliates.approve-commissions',
  schema: scheduledPayload,
});
export const APPROVE_COMMISSIONS_CRON = '15 0 * * *';
const approveCommissions = (deps: Deps) => async () => {
  const approved = await approveHeldCommissions(deps.database.db);
  if (approved) deps.log.info({ approved }, 'affiliate commissions approved');
};

/** Monthly on the 1st (UTC): due payouts from approved balances of $50 or more; the rest carries over. */
export const monthlyPayoutsJob = defineJob({ name: 'affiliates.monthly-payouts', schema: scheduledPayload });
export const MONTHLY_PAYOUTS_CRON = '30 0 1 * *';
const monthlyPayouts = (deps: Deps) => async () => {
  const created = await createMonthlyPayouts(deps.database);
  deps.log.info({ created }, 'affiliate payouts created');
};

/** The affiliate jobs (a queue is created for each, in every role). */
export const AFFILIATE_JOBS = [approveCommissionsJob, monthlyPayoutsJob];

/** The handlers, for a composition that registers them itself. */
export const createAffiliateJobHandlers = (deps: Deps) => ({
  approve: approveCommissions(deps),
  payouts: monthlyPayouts(deps),
});

/** The worker side: both handlers and their UTC schedules. */
export function registerAffiliateJobs(queue: JobQueue, deps: Deps): void {
  queue.handle(approveCommissionsJob, approveCommissions(deps));
  queue.handle(monthlyPayoutsJob, monthlyPayouts(deps));
  queue.schedule(approveCommissionsJob, APPROVE_COMMISSIONS_CRON);
  queue.schedule(monthlyPayoutsJob, MONTHLY_PAYOUTS_CRON);
}
