import type { AdminLoginResponse } from '#contract/admin.ts';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { hashPassword, randomToken, sha256, verifyPassword } from '../../lib/crypto.ts';
import { tooManyRequests, unauthorized } from '../../lib/errors.ts';
import { hitRateLimit, releaseRateLimitHit } from '../../lib/rate-limit.ts';
import {
  deleteAllSessions,
  deleteSession,
  findPasswordHash,
  insertPasswordHashOnce,
  insertSession,
  isLiveSession,
  savePasswordHash,
} from './repository.ts';

export const INVALID_ADMIN_PASSWORD = 'Invalid admin password';

/**
 * Makes sure an admin password exists. ADMIN_PASSWORD, when set, is the password (its hash is
 * stored). Unset, a strong one is generated once and returned so the caller can print it.
 */
export async function ensureAdminPassword(
  db: Db,
  configured: string | undefined,
): Promise<{ generated?: string }> {
  const current = await findPasswordHash(db);
  if (configured) {
    if (current && (await verifyPassword(configured, current))) return {};
    const passwordHash = await hashPassword(configured);
    await db.transaction(async (tx) => {
      await savePasswordHash(tx, passwordHash);
      // A changed password ends every admin session signed in with the old one.
      if (current) await deleteAllSessions(tx);
    });
    return {};
  }
  if (current) return {};
  const generated = randomToken(18);
  // Another process may have generated one at the same moment; then that one stands.
  return (await insertPasswordHashOnce(db, await hashPassword(generated))) ? { generated } : {};
}

const LOCKED_MESSAGE = 'Too many failed attempts. Please wait a minute and try again.';

/**
 * Checks the password; failed attempts are limited per client IP. The attempt is counted
 * atomically BEFORE the password is compared (and given back when it was right), so parallel
 * guesses cannot pass the limit: at most `adminLoginFailuresPerMinute` are ever evaluated.
 */
export async function loginAdmin(
  ctx: AppContext,
  password: string,
  clientIp: string,
): Promise<AdminLoginResponse> {
  const { db } = ctx.database;
  const limitKey = `admin-login-failures:${clientIp}`;
  const attempt = await hitRateLimit(db, limitKey, ctx.config.rateLimits.adminLoginFailuresPerMinute, 60);
  if (!attempt.allowed) throw tooManyRequests(attempt.retryAfterSeconds, LOCKED_MESSAGE);

  const passwordHash = await findPasswordHash(db);
  const ok = passwordHash ? await verifyPassword(password, passwordHash) : false;
  if (!ok) throw unauthorized(INVALID_ADMIN_PASSWORD);
  await releaseRateLimitHit(db, limitKey);
  const token = randomToken();
  const expiresAt = new Date(Date.now() + ctx.config.adminSessionHours * 3600_000);
  await insertSession(db, sha256(token), expiresAt);
  return { token, expiresAt: expiresAt.toISOString() };
}

/** True when the bearer token belongs to a live admin session. */
export async function isAdminToken(ctx: AppContext, token: string): Promise<boolean> {
  return isLiveSession(ctx.database.db, sha256(token));
}

export async function logoutAdmin(ctx: AppContext, token: string): Promise<void> {
  await deleteSession(ctx.database.db, sha256(token));
}
