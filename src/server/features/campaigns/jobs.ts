import { z } from 'zod';
import { defineJob, type JobQueue } from '../../jobs/queue.ts';
import { type EngineDeps, processDelivery } from './engine.service.ts';

/** One campaign delivery (enrolment, step), due at its time; see engine.service.ts. */
export const deliverCampaignStepJob = defineJob({
  name: 'campaign.deliver',
  schema: z.object({ deliveryId: z.number().int().positive() }),
  retryLimit: 5,
  retryDelaySeconds: 5,
  expireInSeconds: 120,
  concurrency: 2,
  batchSize: 50,
});

export const CAMPAIGN_JOBS = [deliverCampaignStepJob];

export function createDeliverHandler(deps: EngineDeps & { now?: () => Date }) {
  return async ({ deliveryId }: { deliveryId: number }) => {
    await processDelivery(deps, deliveryId, deps.now?.() ?? new Date());
  };
}

/** The worker side of campaigns. */
export function registerCampaignJobs(queue: JobQueue, deps: Omit<EngineDeps, 'jobs'>): void {
  queue.handle(deliverCampaignStepJob, createDeliverHandler({ ...deps, jobs: queue }));
}
