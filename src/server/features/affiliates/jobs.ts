import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { defineJob } from '../../jobs/queue.ts';
import type { Logger } from '../../lib/logger.ts';
import { approveHeldCommissions, createMonthlyPayouts } from './service.ts';

const scheduledPayload = z.object({}).passthrough().nullish();

/** Daily (UTC): commissions past their holding period become approved. */
export const approveCommissionsJob = defineJob({
  name: 'affiliates.approve-commissions',
  schema: scheduledPayload,
});
export const APPROVE_COMMISSIONS_CRON = '15 0 * * *';

/** Monthly on the 1st (UTC): due payouts from approved balances of $50 or more; the rest carries over. */
export const monthlyPayoutsJob = defineJob({ name: 'affiliates.monthly-payouts', schema: scheduledPayload });
export const MONTHLY_PAYOUTS_CRON = '30 0 1 * *';

export function createAffiliateJobHandlers(deps: { database: Database; log: Logger }) {
  return {
    approve: async () => {
      const approved = await approveHeldCommissions(deps.database.db);
      if (approved) deps.log.info({ approved }, 'affiliate commissions approved');
    },
    payouts: async () => {
      const created = await createMonthlyPayouts(deps.database);
      deps.log.info({ created }, 'affiliate payouts created');
    },
  };
}
