import { z } from 'zod';
import { defineJob } from '../../jobs/queue.ts';

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
