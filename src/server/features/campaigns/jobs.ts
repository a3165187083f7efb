import type { JobQueue } from '../../jobs/queue.ts';
import { type EngineDeps, processDeliveries, processDelivery } from './engine.service.ts';
import { deliverCampaignStepJob } from './job-definitions.ts';

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
