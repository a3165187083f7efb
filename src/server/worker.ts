import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { AFFILIATE_JOBS, registerAffiliateJobs } from './features/affiliates/index.ts';
import { CAMPAIGN_JOBS, registerCampaignJobs } from './features/campaigns/index.ts';
import { CONTENT_JOBS, registerContentJobs } from './features/content-results/index.ts';
import { createUpdateYtDlpHandler, UPDATE_YTDLP_CRON, updateYtDlpJob } from './features/health/index.ts';
import { OUTBOX_JOBS, registerOutboxJobs, senderDomain } from './features/outbox/index.ts';
import { PRIVACY_JOBS, registerPrivacyJobs } from './features/privacy/index.ts';
import { PUBLISHING_JOBS, registerPublishingJobs } from './features/publishing/index.ts';
import { registerStudioJobs, STUDIO_JOBS } from './features/studio/index.ts';
import { registerTrendJobs, TREND_JOBS } from './features/trends/index.ts';
import type { JobQueue } from './jobs/queue.ts';
import type { Logger } from './lib/logger.ts';
import type { Mailer } from './providers/mail/mailer.ts';
import type { SmsSender } from './providers/sms/twilio.ts';

/**
 * The job composition: every feature's jobs and their handlers (the composition root beside
 * runtime.ts; jobs/queue.ts is the queue itself). A queue is created for each job, in every role.
 */
export const ALL_JOBS = [
  ...OUTBOX_JOBS,
  ...CAMPAIGN_JOBS,
  ...TREND_JOBS,
  ...CONTENT_JOBS,
  ...AFFILIATE_JOBS,
  ...PRIVACY_JOBS,
  updateYtDlpJob,
  ...STUDIO_JOBS,
  ...PUBLISHING_JOBS,
];

export interface WorkerDeps {
  config: Config;
  database: Database;
  mailer: Mailer | null;
  /** Campaign e-mail's own SMTP pool (the transactional mailer when not given). */
  bulkMailer?: Mailer | null;
  sms: SmsSender | null;
  log: Logger;
}

/**
 * The local mail catcher: without SMTP (messages are then kept in the outbox) and outside
 * production, kept e-mails, codes included, are printed in full on the console so a new user can
 * finish every flow on one machine. In production (or with silent logs) nothing is printed.
 */
export function mailCatcher(config: Config): ((text: string) => void) | undefined {
  if (config.production || config.logLevel === 'silent') return undefined;
  return (text) => {
    process.stdout.write(text);
  };
}

/** The worker side: one handler per job. */
export function registerJobHandlers(queue: JobQueue, deps: WorkerDeps): void {
  registerOutboxJobs(queue, {
    ...deps,
    printStored: mailCatcher(deps.config),
    messageIdDomain: senderDomain(deps.config.mailFrom),
  });
  registerCampaignJobs(queue, deps);
  registerTrendJobs(queue, deps);
  registerContentJobs(queue, { ...deps, jobs: queue });
  registerAffiliateJobs(queue, deps);
  registerPrivacyJobs(queue, { ...deps, months: deps.config.retentionMonths });
  queue.handle(updateYtDlpJob, createUpdateYtDlpHandler(deps));
  queue.schedule(updateYtDlpJob, UPDATE_YTDLP_CRON);
  registerStudioJobs(queue, deps);
  registerPublishingJobs(queue, deps);
}
