import { and, asc, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { appSecrets } from '../../db/schema/auth.ts';
import { campaignEnrolments, campaignSteps, campaigns } from '../../db/schema/campaigns.ts';

/** Campaigns and their steps (the engine's SQL is in engine.repository.ts, contacts' in contacts.repository.ts). */

export type CampaignRow = typeof campaigns.$inferSelect;
export type StepRow = typeof campaignSteps.$inferSelect;
type NewCampaign = typeof campaigns.$inferInsert;
type NewStep = typeof campaignSteps.$inferInsert;

export function listCampaignsWithCounts(db: Db) {
  return db
    .select({
      campaign: campaigns,
      stepCount: db.$count(campaignSteps, eq(campaignSteps.campaignId, campaigns.id)),
      enrolledCount: db.$count(campaignEnrolments, eq(campaignEnrolments.campaignId, campaigns.id)),
    })
    .from(campaigns)
    .orderBy(desc(campaigns.createdAt), desc(campaigns.id));
}

export async function findCampaign(db: Db, id: number): Promise<CampaignRow | undefined> {
  const [row] = await db.select().from(campaigns).where(eq(campaigns.id, id));
  return row;
}

/** The campaign row locked until the transaction ends (two saves cannot both see the old status). */
export async function lockCampaign(db: Db, id: number): Promise<CampaignRow | undefined> {
  const [row] = await db.select().from(campaigns).where(eq(campaigns.id, id)).for('update');
  return row;
}

export async function insertCampaign(db: Db, values: NewCampaign): Promise<CampaignRow> {
  const [row] = await db.insert(campaigns).values(values).returning();
  return row!;
}

export async function updateCampaignRow(db: Db, id: number, values: Partial<NewCampaign>) {
  const [row] = await db
    .update(campaigns)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(campaigns.id, id))
    .returning();
  return row;
}

export function listStepRows(db: Db, campaignId: number): Promise<StepRow[]> {
  return db
    .select()
    .from(campaignSteps)
    .where(eq(campaignSteps.campaignId, campaignId))
    .orderBy(asc(campaignSteps.sequenceNumber), asc(campaignSteps.id));
}

export async function firstStepOfType(db: Db, campaignId: number, type: 'email' | 'sms') {
  const [row] = await db
    .select()
    .from(campaignSteps)
    .where(and(eq(campaignSteps.campaignId, campaignId), eq(campaignSteps.messageType, type)))
    .orderBy(asc(campaignSteps.sequenceNumber), asc(campaignSteps.id))
    .limit(1);
  return row;
}

export async function insertSteps(db: Db, values: NewStep[]): Promise<StepRow[]> {
  return db.insert(campaignSteps).values(values).returning();
}

export async function updateStepRow(db: Db, campaignId: number, stepId: number, values: Partial<NewStep>) {
  const [row] = await db
    .update(campaignSteps)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(campaignSteps.id, stepId), eq(campaignSteps.campaignId, campaignId)))
    .returning();
  return row;
}

export async function deleteStepRow(db: Db, campaignId: number, stepId: number): Promise<boolean> {
  const deleted = await db
    .delete(campaignSteps)
    .where(and(eq(campaignSteps.id, stepId), eq(campaignSteps.campaignId, campaignId)))
    .returning({ id: campaignSteps.id });
  return deleted.length > 0;
}

/** A seeded campaign (by system key), created once; undefined when it existed already. */
export async function insertSystemCampaign(db: Db, values: NewCampaign): Promise<CampaignRow | undefined> {
  const [row] = await db.insert(campaigns).values(values).onConflictDoNothing().returning();
  return row;
}

/** A named secret, created with `value` the first time (concurrent first calls agree on one). */
export async function getOrCreateSecret(db: Db, name: string, value: string): Promise<string> {
  await db.insert(appSecrets).values({ name, value }).onConflictDoNothing();
  const [row] = await db
    .select({ value: appSecrets.value })
    .from(appSecrets)
    .where(eq(appSecrets.name, name));
  return row!.value;
}
