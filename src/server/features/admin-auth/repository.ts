import { and, eq, gt, lt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { adminCredentials, adminSessions } from '../../db/schema/core.ts';

export async function findPasswordHash(db: DbOrTx): Promise<string | null> {
  const [row] = await db
    .select({ passwordHash: adminCredentials.passwordHash })
    .from(adminCredentials)
    .where(eq(adminCredentials.id, 1));
  return row?.passwordHash ?? null;
}

/** Sets the password hash (ADMIN_PASSWORD changed or first set). */
export async function savePasswordHash(db: DbOrTx, passwordHash: string): Promise<void> {
  await db
    .insert(adminCredentials)
    .values({ id: 1, passwordHash })
    .onConflictDoUpdate({ target: adminCredentials.id, set: { passwordHash, updatedAt: new Date() } });
}

/** Stores a generated password hash unless one exists: false when another process was first. */
export async function insertPasswordHashOnce(db: DbOrTx, passwordHash: string): Promise<boolean> {
  const inserted = await db
    .insert(adminCredentials)
    .values({ id: 1, passwordHash })
    .onConflictDoNothing()
    .returning({ id: adminCredentials.id });
  return inserted.length > 0;
}

/** Stores a session (its token's hash) and drops expired ones. */
export async function insertSession(db: DbOrTx, tokenHash: string, expiresAt: Date): Promise<void> {
  await db.insert(adminSessions).values({ tokenHash, expiresAt });
  await db.delete(adminSessions).where(lt(adminSessions.expiresAt, new Date()));
}

export async function isLiveSession(db: DbOrTx, tokenHash: string): Promise<boolean> {
  const rows = await db
    .select({ tokenHash: adminSessions.tokenHash })
    .from(adminSessions)
    .where(and(eq(adminSessions.tokenHash, tokenHash), gt(adminSessions.expiresAt, new Date())));
  return rows.length > 0;
}

export async function deleteSession(db: DbOrTx, tokenHash: string): Promise<void> {
  await db.delete(adminSessions).where(eq(adminSessions.tokenHash, tokenHash));
}

/** Ends every admin session (the configured password changed). */
export async function deleteAllSessions(db: DbOrTx): Promise<void> {
  await db.delete(adminSessions);
}
