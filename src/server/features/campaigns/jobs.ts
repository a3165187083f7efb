import { z } from 'zod';
import { defineJob, type JobQueue } from '../../jobs/queue.ts';
import { type EngineDeps, processDeliveries, processDelivery } from './engine.service.ts';

/** One campaign delivery (enrolment, step), due at its time; see engine.service.ts. */
export const deliverCampaignStepJob = defineJob({
  name: 'campaign.deliver',
  schema: z.object({
    deliveryId: z.number().int().positive(),
    /** The welcome e-mail answering a signup: no campaign rate limit, the transactional lane. */
    transactional: z.boolean().optional(),
  }),
  retryLimit: 5,
  retryDelaySeconds: 5,
  expireInSeconds: 120,
  // Like the other long jobs: a batch whose worker died is retried after a stale heartbeat.
  heartbeat: true,
  concurrency: 2,
  batchSize: 100,
});

export const CAMPAIGN_JOBS = [deliverCampaignStepJob];

export function createDeliverHandler(deps: EngineDeps & { now?: () => Date }) {
  return async ({ deliveryId, transactional }: { deliveryId: number; transactional?: boolean }) => {
    await processDelivery(deps, deliveryId, deps.now?.() ?? new Date(), { transactional });
  };
}

/**
 * Runs a fetched batch of deliveries together (few round trips per message); when the batch
 * fails, each delivery runs on its own so one bad delivery fails only its own job.
 */
export function createDeliverBatchHandler(deps: EngineDeps & { now?: () => Date }) {
  const single = createDeliverHandler(deps);
  return async (jobs: { data: { deliveryId: number; transactional?: boolean } }[]) => {
    try {
      await processDeliveries(
        deps,
        jobs.map((job) => job.data),
        deps.now?.() ?? new Date(),
      );
      return jobs.map(() => null);
    } catch (error) {
      deps.log.warn({ err: error, count: jobs.length }, 'campaign delivery batch failed; running one by one');
      return Promise.all(
        jobs.map((job) =>
          single(job.data).then(
            () => null,
            (e: unknown) => e ?? new Error('delivery failed'),
          ),
        ),
      );
    }
  };
}

/** The worker side of campaigns. */
export function registerCampaignJobs(queue: JobQueue, deps: Omit<EngineDeps, 'jobs'>): void {
  queue.handleBatch(deliverCampaignStepJob, createDeliverBatchHandler({ ...deps, jobs: queue }));
}
