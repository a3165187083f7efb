import { eq, lt } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { appSecrets } from '../../db/schema/auth.ts';
import { webhookDeliveries } from '../../db/schema/content-results.ts';

const RECORD_DELIVERY = {
  name: 'webhook_record_delivery',
  text: 'insert into webhook_deliveries (id) values ($1) on conflict (id) do nothing returning id',
};

/**
 * Records a delivery id: false when it was already recorded (a replay). One named statement on the
 * transaction's connection: every callback runs it (bench/content-results.ts).
 */
export async function recordDelivery(tx: Pick<Tx, 'executeSql'>, id: string): Promise<boolean> {
  const inserted = await tx.executeSql(RECORD_DELIVERY, [id]);
  return inserted.rows.length > 0;
}

/** Forgets delivery ids received before `before`. */
export async function deleteDeliveriesBefore(db: DbOrTx, before: Date): Promise<void> {
  await db.delete(webhookDeliveries).where(lt(webhookDeliveries.receivedAt, before));
}

/** Stores a generated secret unless one exists: false when another process was first. */
export async function insertSecretOnce(db: DbOrTx, name: string, value: string): Promise<boolean> {
  const inserted = await db
    .insert(appSecrets)
    .values({ name, value })
    .onConflictDoNothing({ target: appSecrets.name })
    .returning({ name: appSecrets.name });
  return inserted.length > 0;
}

export async function findSecret(db: DbOrTx, name: string): Promise<string | null> {
  const [row] = await db
    .select({ value: appSecrets.value })
    .from(appSecrets)
    .where(eq(appSecrets.name, name));
  return row?.value ?? null;
}
