import { and, eq, gt, lt } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { userSessions } from '../db/schema/auth.ts';
import { randomToken, sha256 } from './crypto.ts';

export type SessionKind = 'dashboard' | 'affiliate';

/** Creates a session and returns its token (only the hash is stored). */
export async function createSession(
  db: DbOrTx,
  kind: SessionKind,
  subject: string,
  ttlHours: number,
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomToken();
  const expiresAt = new Date(Date.now() + ttlHours * 3600_000);
  await db.insert(userSessions).values({ tokenHash: sha256(token), kind, subject, expiresAt });
  await db.delete(userSessions).where(lt(userSessions.expiresAt, new Date()));
  return { token, expiresAt };
}

/** The subject of a live session of that kind, or null. */
export async function findSession(
  db: DbOrTx,
  kind: SessionKind,
  token: string | undefined | null,
): Promise<string | null> {
  if (!token || token.length > 200) return null;
  const [row] = await db
    .select({ subject: userSessions.subject })
    .from(userSessions)
    .where(
      and(
        eq(userSessions.tokenHash, sha256(token)),
        eq(userSessions.kind, kind),
        gt(userSessions.expiresAt, new Date()),
      ),
    );
  return row?.subject ?? null;
}

export async function revokeSession(db: DbOrTx, token: string): Promise<void> {
  await db.delete(userSessions).where(eq(userSessions.tokenHash, sha256(token)));
}

/** Ends every session of a subject (e.g. after deleting that person's data). */
export async function revokeSessionsOf(db: DbOrTx, kind: SessionKind, subject: string): Promise<void> {
  await db.delete(userSessions).where(and(eq(userSessions.kind, kind), eq(userSessions.subject, subject)));
}
