import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import {
  APPROVE_COMMISSIONS_CRON,
  approveCommissionsJob,
  createAffiliateJobHandlers,
  MONTHLY_PAYOUTS_CRON,
  monthlyPayoutsJob,
} from '../features/affiliates/index.ts';
import { createDeliverHandler, deliverCampaignStepJob } from '../features/campaigns/engine.ts';
import { CONTENT_JOBS, registerContentJobs } from '../features/content-results/index.ts';
import { createRetentionHandler, RETENTION_CRON, retentionJob } from '../features/privacy/index.ts';
import { registerStudioJobs, STUDIO_JOBS } from '../features/studio/index.ts';
import {
  analyseTrendFailedJob,
  analyseTrendJob,
  createAnalyseTrendFailedHandler,
  createAnalyseTrendHandler,
} from '../features/trends/index.ts';
import type { Logger } from '../lib/logger.ts';
import type { Mailer } from '../providers/mail/mailer.ts';
import {
  createSendOutboxFailedHandler,
  createSendOutboxHandler,
  sendOutboxFailedJob,
  sendOutboxJob,
} from '../providers/mail/outbox.ts';
import type { SmsSender } from '../providers/sms/twilio.ts';
import type { JobQueue } from './queue.ts';

/** Every job of the application. A queue is created for each, in every role. */
export const ALL_JOBS = [
  sendOutboxJob,
  sendOutboxFailedJob,
  deliverCampaignStepJob,
  analyseTrendJob,
  analyseTrendFailedJob,
  ...CONTENT_JOBS,
  approveCommissionsJob,
  monthlyPayoutsJob,
  retentionJob,
  ...STUDIO_JOBS,
];

export interface WorkerDeps {
  config: Config;
  database: Database;
  mailer: Mailer | null;
  sms: SmsSender | null;
  log: Logger;
}

/** The worker side: one handler per job. */
export function registerJobHandlers(queue: JobQueue, deps: WorkerDeps): void {
  queue.handle(sendOutboxJob, createSendOutboxHandler(deps));
  queue.handle(sendOutboxFailedJob, createSendOutboxFailedHandler(deps));
  queue.handle(deliverCampaignStepJob, createDeliverHandler({ ...deps, jobs: queue }));
  queue.handle(analyseTrendJob, createAnalyseTrendHandler(deps));
  queue.handle(analyseTrendFailedJob, createAnalyseTrendFailedHandler(deps));
  registerContentJobs(queue, { ...deps, jobs: queue });
  const affiliates = createAffiliateJobHandlers(deps);
  queue.handle(approveCommissionsJob, affiliates.approve);
  queue.handle(monthlyPayoutsJob, affiliates.payouts);
  queue.schedule(approveCommissionsJob, APPROVE_COMMISSIONS_CRON);
  queue.schedule(monthlyPayoutsJob, MONTHLY_PAYOUTS_CRON);
  queue.handle(retentionJob, createRetentionHandler({ ...deps, months: deps.config.retentionMonths }));
  queue.schedule(retentionJob, RETENTION_CRON);
  registerStudioJobs(queue, deps);
}
