import { asc, eq, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { userSessions, verificationCodes } from '../../db/schema/auth.ts';
import { campaignDeliveries, campaignEnrolments, contacts } from '../../db/schema/campaigns.ts';
import { contentResults, webhookDeliveries } from '../../db/schema/content-results.ts';
import { adminSessions, rateLimits } from '../../db/schema/core.ts';
import { dataUseOptOuts } from '../../db/schema/privacy.ts';
import { pruneOutbox } from '../outbox/index.ts';

export async function isOptedOut(db: DbOrTx, owner: string): Promise<boolean> {
  const rows = await db
    .select({ email: dataUseOptOuts.email })
    .from(dataUseOptOuts)
    .where(eq(dataUseOptOuts.email, owner));
  return rows.length > 0;
}

export async function insertOptOut(db: DbOrTx, owner: string): Promise<void> {
  await db
    .insert(dataUseOptOuts)
    .values({ email: owner })
    .onConflictDoNothing({ target: dataUseOptOuts.email });
}

export async function deleteOptOut(db: DbOrTx, owner: string): Promise<void> {
  await db.delete(dataUseOptOuts).where(eq(dataUseOptOuts.email, owner));
}

export async function listOptOuts(db: DbOrTx): Promise<string[]> {
  const rows = await db
    .select({ email: dataUseOptOuts.email })
    .from(dataUseOptOuts)
    .orderBy(asc(dataUseOptOuts.email));
  return rows.map((r) => r.email);
}

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

/**
 * One retention pass. "Inactive" = the newest activity timestamp older than `months`:
 * - a content result: greatest(created_at, updated_at, last_active_at); last_active_at is bumped
 *   for every result of the owner whenever they verify a dashboard code, so an owner who keeps
 *   opening the dashboard keeps old results;
 * - a contact: greatest(created_at, updated_at, sms_stopped_at, its latest enrolment, its latest
 *   processed campaign delivery).
 * Expired codes and sessions go at once; rate-limit windows that ended over an hour ago; webhook
 * delivery ids older than a day (the replay window is 5 minutes); settled outbox messages after
 * OUTBOX_RETENTION_DAYS (features/outbox).
 */
export async function runRetention(db: DbOrTx, months: number): Promise<RetentionCounts> {
  const cutoff = sql`now() - make_interval(months => ${months}::int)`;
  const count = async (statement: Promise<{ rowCount: number | null }>) => (await statement).rowCount ?? 0;
  const now = new Date();
  return {
    contentResults: await count(
      db
        .delete(contentResults)
        .where(
          sql`greatest(${contentResults.createdAt}, ${contentResults.updatedAt}, ${contentResults.lastActiveAt}) < ${cutoff}`,
        ),
    ),
    contacts: await count(
      db.delete(contacts).where(
        sql`greatest(${contacts.createdAt}, ${contacts.updatedAt}, ${contacts.smsStoppedAt}, (
          select max(greatest(${campaignEnrolments.enrolledAt}, ${campaignDeliveries.processedAt}))
            from ${campaignEnrolments} left join ${campaignDeliveries}
              on ${campaignDeliveries.enrolmentId} = ${campaignEnrolments.id}
           where ${campaignEnrolments.contactId} = ${contacts.id}
        )) < ${cutoff}`,
      ),
    ),
    verificationCodes: await count(db.delete(verificationCodes).where(lt(verificationCodes.expiresAt, now))),
    userSessions: await count(db.delete(userSessions).where(lt(userSessions.expiresAt, now))),
    adminSessions: await count(db.delete(adminSessions).where(lt(adminSessions.expiresAt, now))),
    rateLimits: await count(
      db.delete(rateLimits).where(lt(rateLimits.resetAt, new Date(now.getTime() - 3600_000))),
    ),
    webhookDeliveries: await count(
      db
        .delete(webhookDeliveries)
        .where(lt(webhookDeliveries.receivedAt, new Date(now.getTime() - 24 * 3600_000))),
    ),
    outbox: await pruneOutbox(db, now),
  };
}
