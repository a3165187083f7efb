import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { generateWebhookSecret } from './signature.ts';

const SECRET_NAME = 'webhook_secret';

/**
 * WEBHOOK_SECRET from the configuration, else the one generated at the first start and kept in
 * `app_secrets` (every process reads the same row). `generated` is set only on the start that made it.
 */
export async function ensureWebhookSecret(
  db: DbOrTx,
  configured: string | undefined,
): Promise<{ secret: string; generated: boolean }> {
  if (configured) return { secret: configured, generated: false };
  const candidate = generateWebhookSecret();
  const inserted = await db.execute<{ value: string }>(sql`
    insert into app_secrets (name, value) values (${SECRET_NAME}, ${candidate})
    on conflict (name) do nothing returning value`);
  if (inserted.rows[0]) return { secret: candidate, generated: true };
  const existing = await db.execute<{ value: string }>(
    sql`select value from app_secrets where name = ${SECRET_NAME}`,
  );
  return { secret: existing.rows[0]!.value, generated: false };
}

const cache = new WeakMap<object, Promise<string>>();

/** The secret for this context's database (read once per process). */
export function webhookSecret(ctx: { database: { db: DbOrTx }; config: { webhookSecret?: string } }) {
  let secret = cache.get(ctx);
  if (!secret) {
    secret = ensureWebhookSecret(ctx.database.db, ctx.config.webhookSecret).then((r) => r.secret);
    secret.catch(() => cache.delete(ctx));
    cache.set(ctx, secret);
  }
  return secret;
}
