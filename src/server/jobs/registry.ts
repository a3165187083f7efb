import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { createDeliverHandler, deliverCampaignStepJob } from '../features/campaigns/engine.ts';
import type { Logger } from '../lib/logger.ts';
import type { Mailer } from '../providers/mail/mailer.ts';
import { createSendOutboxHandler, sendOutboxJob } from '../providers/mail/outbox.ts';
import type { SmsSender } from '../providers/sms/twilio.ts';
import type { JobQueue } from './queue.ts';

/** Every job of the application. A queue is created for each, in every role. */
export const ALL_JOBS = [sendOutboxJob, deliverCampaignStepJob];

export interface WorkerDeps {
  database: Database;
  mailer: Mailer | null;
  sms: SmsSender | null;
  config: Config;
  log: Logger;
}

/** The worker side: one handler per job. */
export function registerJobHandlers(queue: JobQueue, deps: WorkerDeps): void {
  queue.handle(sendOutboxJob, createSendOutboxHandler(deps));
  queue.handle(deliverCampaignStepJob, createDeliverHandler({ ...deps, jobs: queue }));
}
