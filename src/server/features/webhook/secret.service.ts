import type { DbOrTx } from '../../db/client.ts';
import { findSecret, insertSecretOnce } from './repository.ts';
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
  if (await insertSecretOnce(db, SECRET_NAME, candidate)) return { secret: candidate, generated: true };
  return { secret: (await findSecret(db, SECRET_NAME))!, generated: false };
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
