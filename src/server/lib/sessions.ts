import { and, eq, gt, lt } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { userSessions } from '../db/schema/auth.ts';
import { randomToken, sha256 } from './crypto.ts';

export type SessionKind = 'dashboard' | 'affiliate';

/** The channel a trigger on user_sessions notifies when sessions are deleted (migration 0014). */
export const SESSIONS_CHANGED_CHANNEL = 'echo_sessions_changed';

interface CachedSession {
  kind: SessionKind;
  owner: string;
  expiresAt: number;
  cachedUntil: number;
}

/**
 * Live sessions this process has looked up, so an authenticated request costs no database round
 * trip. It only answers while `live`: while this process listens on SESSIONS_CHANGED_CHANNEL,
 * which a trigger notifies whenever sessions are deleted (sign-out, 'Delete my data', expiry
 * clean-up, even by hand in psql); every notification empties it. Without the listener (lost
 * connection, worker role, tests) every lookup reads the table as before. Only sessions that
 * exist are kept; a lookup that raced a revocation is not kept (`generation`).
 */
export class SessionCache {
  static readonly TTL_MS = 60_000;
  static readonly MAX_ENTRIES = 20_000;
  #entries = new Map<string, CachedSession>();
  #live = false;
  #generation = 0;

  get live(): boolean {
    return this.#live;
  }

  /** Turns answering on (the listener is up) or off (it is down); both start from empty. */
  setLive(live: boolean): void {
    this.#live = live;
    this.clear();
  }

  clear(): void {
    this.#entries.clear();
    this.#generation++;
  }

  get generation(): number {
    return this.#generation;
  }

  get(tokenHash: string, kind: SessionKind, now = Date.now()): string | undefined {
    if (!this.#live) return undefined;
    const entry = this.#entries.get(tokenHash);
    if (!entry) return undefined;
    if (entry.kind !== kind || entry.expiresAt <= now || entry.cachedUntil <= now) {
      this.#entries.delete(tokenHash);
      return undefined;
    }
    return entry.owner;
  }

  /** Keeps a looked-up session unless the cache was emptied since the lookup began. */
  set(
    tokenHash: string,
    session: Omit<CachedSession, 'cachedUntil'>,
    generation: number,
    now = Date.now(),
  ): void {
    if (!this.#live || generation !== this.#generation) return;
    if (this.#entries.size >= SessionCache.MAX_ENTRIES) {
      // Oldest first: a Map iterates in insertion order.
      const oldest = this.#entries.keys().next();
      if (!oldest.done) this.#entries.delete(oldest.value);
    }
    this.#entries.set(tokenHash, { ...session, cachedUntil: now + SessionCache.TTL_MS });
  }
}

/**
 * Creates a session for its owner (an owner's e-mail for the dashboard, an affiliate id for the
 * portal) and returns its token (only the hash is stored).
 */
export async function createSession(
  db: DbOrTx,
  kind: SessionKind,
  owner: string,
  ttlHours: number,
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomToken();
  const expiresAt = new Date(Date.now() + ttlHours * 3600_000);
  await db.insert(userSessions).values({ tokenHash: sha256(token), kind, subject: owner, expiresAt });
  await db.delete(userSessions).where(lt(userSessions.expiresAt, new Date()));
  return { token, expiresAt };
}

/** The owner of a live session of that kind, or null (from the cache when it has it). */
export async function findSession(
  db: DbOrTx,
  kind: SessionKind,
  token: string | undefined | null,
  cache?: SessionCache,
): Promise<string | null> {
  if (!token || token.length > 200) return null;
  const tokenHash = sha256(token);
  const cached = cache?.get(tokenHash, kind);
  if (cached !== undefined) return cached;
  const generation = cache?.generation ?? 0;
  const [row] = await db
    .select({ owner: userSessions.subject, expiresAt: userSessions.expiresAt })
    .from(userSessions)
    .where(
      and(
        eq(userSessions.tokenHash, tokenHash),
        eq(userSessions.kind, kind),
        gt(userSessions.expiresAt, new Date()),
      ),
    );
  if (!row) return null;
  cache?.set(tokenHash, { kind, owner: row.owner, expiresAt: row.expiresAt.getTime() }, generation);
  return row.owner;
}

/** Ends one session (this process forgets it at once; others when the trigger's notice arrives). */
export async function revokeSession(db: DbOrTx, token: string, cache?: SessionCache): Promise<void> {
  await db.delete(userSessions).where(eq(userSessions.tokenHash, sha256(token)));
  cache?.clear();
}

/** Ends every session of an owner (e.g. after deleting their data). */
export async function revokeSessionsOf(
  db: DbOrTx,
  kind: SessionKind,
  owner: string,
  cache?: SessionCache,
): Promise<void> {
  await db.delete(userSessions).where(and(eq(userSessions.kind, kind), eq(userSessions.subject, owner)));
  cache?.clear();
}
