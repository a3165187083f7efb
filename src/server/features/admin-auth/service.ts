import { and, eq, gt, lt } from 'drizzle-orm';
import type { AdminLoginResponse } from '#contract/admin.ts';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { adminCredentials, adminSessions } from '../../db/schema/core.ts';
import { hashPassword, randomToken, sha256, verifyPassword } from '../../lib/crypto.ts';
import { tooManyRequests, unauthorized } from '../../lib/errors.ts';
import { hitRateLimit, releaseRateLimitHit } from '../../lib/rate-limit.ts';

export const INVALID_ADMIN_PASSWORD = 'Invalid admin password';

/**
 * Makes sure an admin password exists. ADMIN_PASSWORD, when set, is the password (its hash is
 * stored). Unset, a strong one is generated once and returned so the caller can print it.
 */
export async function ensureAdminPassword(
  db: Db,
  configured: string | undefined,
): Promise<{ generated?: string }> {
  const [current] = await db.select().from(adminCredentials).where(eq(adminCredentials.id, 1));
  if (configured) {
    if (current && (await verifyPassword(configured, current.passwordHash))) return {};
    const passwordHash = await hashPassword(configured);
    await db
      .insert(adminCredentials)
      .values({ id: 1, passwordHash })
      .onConflictDoUpdate({ target: adminCredentials.id, set: { passwordHash, updatedAt: new Date() } });
    return {};
  }
  if (current) return {};
  const generated = randomToken(18);
  const inserted = await db
    .insert(adminCredentials)
    .values({ id: 1, passwordHash: await hashPassword(generated) })
    .onConflictDoNothing()
    .returning({ id: adminCredentials.id });
  // Another process may have generated one at the same moment; then that one stands.
  return inserted.length ? { generated } : {};
}

const LOCKED_MESSAGE = 'Too many failed attempts. Please wait a minute and try again.';

/**
 * Checks the password; failed attempts are limited per client address. The attempt is counted
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

  const [credentials] = await db.select().from(adminCredentials).where(eq(adminCredentials.id, 1));
  const ok = credentials ? await verifyPassword(password, credentials.passwordHash) : false;
  if (!ok) throw unauthorized(INVALID_ADMIN_PASSWORD);
  await releaseRateLimitHit(db, limitKey);
  const token = randomToken();
  const expiresAt = new Date(Date.now() + ctx.config.adminSessionHours * 3600_000);
  await db.insert(adminSessions).values({ tokenHash: sha256(token), expiresAt });
  await db.delete(adminSessions).where(lt(adminSessions.expiresAt, new Date()));
  return { token, expiresAt: expiresAt.toISOString() };
}

/** True when the bearer token belongs to a live admin session. */
export async function isAdminToken(ctx: AppContext, token: string): Promise<boolean> {
  const rows = await ctx.database.db
    .select({ tokenHash: adminSessions.tokenHash })
    .from(adminSessions)
    .where(and(eq(adminSessions.tokenHash, sha256(token)), gt(adminSessions.expiresAt, new Date())));
  return rows.length > 0;
}

export async function logoutAdmin(ctx: AppContext, token: string): Promise<void> {
  await ctx.database.db.delete(adminSessions).where(eq(adminSessions.tokenHash, sha256(token)));
}
