import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database, DbOrTx } from '../../db/client.ts';
import { defineJob, type JobQueue } from '../../jobs/queue.ts';
import type { Logger } from '../../lib/logger.ts';
import { pruneOutbox } from '../outbox/index.ts';

/** Daily (UTC): deletes inactive personal data and expired security rows. */
export const retentionJob = defineJob({
  name: 'privacy.retention',
  schema: z.object({}).passthrough().nullish(),
});
export const RETENTION_CRON = '45 0 * * *';

export interface RetentionCounts {
  contentResults: number;
  contacts: number;
  verificationCodes: number;
  userSessions: number;
  adminSessions: number;
  rateLimits: number;
  webhookDeliveries: number;
  outbox: number;
}

const count = async (db: DbOrTx, statement: ReturnType<typeof sql>) =>
  (await db.execute(statement)).rowCount ?? 0;

/**
 * One retention pass. "Inactive" = the newest activity timestamp older than `months`:
 * - a content result: greatest(created_at, updated_at, last_active_at); last_active_at is bumped
 *   for every result of an address whenever it verifies a dashboard code, so an owner who keeps
 *   opening the dashboard keeps old results;
 * - a contact: greatest(created_at, updated_at, sms_stopped_at, its latest enrolment, its latest
 *   processed campaign delivery).
 * Settled outbox messages (sent, kept or failed) after OUTBOX_RETENTION_DAYS (30).
 * Expired codes and sessions go at once; rate-limit windows that ended over an hour ago; webhook
 * delivery ids older than a day (the replay window is 5 minutes).
 */
export async function runRetention(db: DbOrTx, months: number): Promise<RetentionCounts> {
  const cutoff = sql`now() - make_interval(months => ${months}::int)`;
  return {
    contentResults: await count(
      db,
      sql`delete from content_results where greatest(created_at, updated_at, last_active_at) < ${cutoff}`,
    ),
    contacts: await count(
      db,
      sql`delete from contacts c where greatest(
        c.created_at, c.updated_at, c.sms_stopped_at,
        (select max(greatest(e.created_at, d.processed_at))
           from campaign_enrolments e left join campaign_deliveries d on d.enrolment_id = e.id
          where e.contact_id = c.id)
      ) < ${cutoff}`,
    ),
    verificationCodes: await count(db, sql`delete from verification_codes where expires_at < now()`),
    userSessions: await count(db, sql`delete from user_sessions where expires_at < now()`),
    adminSessions: await count(db, sql`delete from admin_sessions where expires_at < now()`),
    rateLimits: await count(db, sql`delete from rate_limits where reset_at < now() - interval '1 hour'`),
    webhookDeliveries: await count(
      db,
      sql`delete from webhook_deliveries where received_at < now() - interval '1 day'`,
    ),
    outbox: await pruneOutbox(db),
  };
}

export function createRetentionHandler(deps: { database: Database; log: Logger; months: number }) {
  return async () => {
    const counts = await runRetention(deps.database.db, deps.months);
    deps.log.info(counts, 'retention pass done');
  };
}

export const PRIVACY_JOBS = [retentionJob];

/** The worker side of privacy: the daily retention pass. */
export function registerPrivacyJobs(
  queue: JobQueue,
  deps: { database: Database; log: Logger; months: number },
) {
  queue.handle(retentionJob, createRetentionHandler(deps));
  queue.schedule(retentionJob, RETENTION_CRON);
}
