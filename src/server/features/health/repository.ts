import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { providerStatus } from '../../db/schema/system.ts';
import type { ProviderEvent } from '../../lib/provider-status.ts';

/** One upsert per provider call: the last success or failure time (and the failure's reason). */
export async function saveProviderEvent(db: Db, event: ProviderEvent): Promise<void> {
  await db
    .insert(providerStatus)
    .values({
      provider: event.provider,
      lastSuccessAt: event.ok ? event.at : null,
      lastFailureAt: event.ok ? null : event.at,
      lastError: event.ok ? null : (event.error ?? null),
    })
    .onConflictDoUpdate({
      target: providerStatus.provider,
      set: event.ok
        ? { lastSuccessAt: sql`greatest(${providerStatus.lastSuccessAt}, excluded.last_success_at)` }
        : {
            lastFailureAt: sql`greatest(${providerStatus.lastFailureAt}, excluded.last_failure_at)`,
            lastError: sql`excluded.last_error`,
          },
    });
}

export async function listProviderStatus(db: Db): Promise<(typeof providerStatus.$inferSelect)[]> {
  return db.select().from(providerStatus);
}

/** One round trip to the database (throws when it cannot be reached). */
export async function pingDatabase(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}
