import type { Database } from '../../db/client.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import type { Logger } from '../../lib/logger.ts';
import { approveHeldCommissions } from './commissions.service.ts';
import {
  APPROVE_COMMISSIONS_CRON,
  approveCommissionsJob,
  MONTHLY_PAYOUTS_CRON,
  monthlyPayoutsJob,
} from './job-definitions.ts';
import { createMonthlyPayouts } from './payouts.service.ts';

type Deps = { database: Database; log: Logger };
const approveCommissions = (deps: Deps) => async () => {
  const approved = await approveHeldCommissions(deps.database.db);
  if (approved) deps.log.info({ approved }, 'affiliate commissions approved');
};
const monthlyPayouts = (deps: Deps) => async () => {
  const created = await createMonthlyPayouts(deps.database);
  deps.log.info({ created }, 'affiliate payouts created');
};

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
