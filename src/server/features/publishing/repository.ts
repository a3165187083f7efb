import { and, asc, eq, gte, inArray, isNotNull, lt, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  publishAccounts,
  publishMastodonApps,
  publishOauthStates,
  publishPosts,
  publishSlots,
} from '../../db/schema/publishing.ts';
import type { SentPart } from '../../providers/social/types.ts';

/** All SQL of publishing. */

export type AccountRow = typeof publishAccounts.$inferSelect;
export type PostRow = typeof publishPosts.$inferSelect;
export type SlotRow = typeof publishSlots.$inferSelect;

// --- accounts ---

/** Connects (or reconnects) an account: one row per owner and remote account, credentials replaced. */
export async function upsertAccount(
  db: DbOrTx,
  values: Omit<typeof publishAccounts.$inferInsert, 'id' | 'status' | 'createdAt' | 'updatedAt'>,
): Promise<AccountRow> {
  const [row] = await db
    .insert(publishAccounts)
    .values({ ...values, status: 'connected' })
    .onConflictDoUpdate({
      target: [
        publishAccounts.ownerEmail,
        publishAccounts.platform,
        publishAccounts.remoteId,
        publishAccounts.instanceUrl,
      ],
      set: {
        handle: values.handle,
        credentials: values.credentials,
        tokenExpiresAt: values.tokenExpiresAt ?? null,
        charLimit: values.charLimit,
        status: 'connected',
        lastError: null,
        updatedAt: new Date(),
      },
    })
    .returning();
  return row!;
}

export async function listAccounts(db: DbOrTx, owner: string): Promise<AccountRow[]> {
  return db
    .select()
    .from(publishAccounts)
    .where(and(eq(publishAccounts.ownerEmail, owner), ne(publishAccounts.status, 'disconnected')))
    .orderBy(asc(publishAccounts.createdAt));
}

/** The owner's account by id (a request's lookup: the owner is always part of it). */
export async function findAccount(db: DbOrTx, id: string, owner: string): Promise<AccountRow | undefined> {
  const [row] = await db
    .select()
    .from(publishAccounts)
    .where(and(eq(publishAccounts.id, id), eq(publishAccounts.ownerEmail, owner)));
  return row;
}

/** An account by id alone: for the jobs, which act on the row they were given, for no request. */
export async function accountById(db: DbOrTx, id: string): Promise<AccountRow | undefined> {
  const [row] = await db.select().from(publishAccounts).where(eq(publishAccounts.id, id));
  return row;
}

export async function updateAccount(
  db: DbOrTx,
  id: string,
  set: Partial<typeof publishAccounts.$inferInsert>,
) {
  await db
    .update(publishAccounts)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(publishAccounts.id, id));
}

/** Marks the account 'reconnect' unless it is already; true when this call changed it (to e-mail once). */
export async function markReconnect(db: DbOrTx, id: string, error: string): Promise<boolean> {
  const rows = await db
    .update(publishAccounts)
    .set({ status: 'reconnect', lastError: error, updatedAt: new Date() })
    .where(and(eq(publishAccounts.id, id), eq(publishAccounts.status, 'connected')))
    .returning({ id: publishAccounts.id });
  return rows.length > 0;
}

/**
 * Accounts whose access ends before `horizon` and that were not renewed (or touched) since
 * `settledBefore`: connected, with credentials and a known expiry. At most `limit`, soonest first.
 */
export async function accountsDueForRefresh(
  db: DbOrTx,
  horizon: Date,
  settledBefore: Date,
  limit: number,
): Promise<string[]> {
  const rows = await db
    .select({ id: publishAccounts.id })
    .from(publishAccounts)
    .where(
      and(
        eq(publishAccounts.status, 'connected'),
        isNotNull(publishAccounts.credentials),
        lt(publishAccounts.tokenExpiresAt, horizon),
        lt(publishAccounts.updatedAt, settledBefore),
      ),
    )
    .orderBy(asc(publishAccounts.tokenExpiresAt))
    .limit(limit);
  return rows.map((r) => r.id);
}

/**
 * Stores renewed credentials, only over the credentials they were renewed from (a second worker's
 * older copy never overwrites a newer one); true when stored.
 */
export async function storeRenewed(
  db: DbOrTx,
  id: string,
  previous: string,
  credentials: string,
  tokenExpiresAt: Date | null,
): Promise<boolean> {
  const rows = await db
    .update(publishAccounts)
    .set({ credentials, tokenExpiresAt, lastError: null, updatedAt: new Date() })
    .where(and(eq(publishAccounts.id, id), eq(publishAccounts.credentials, previous)))
    .returning({ id: publishAccounts.id });
  return rows.length > 0;
}

/** Notes a renewal that failed for now (the account stays connected; the next pass tries again). */
export async function noteRefreshFailure(db: DbOrTx, id: string, error: string) {
  await db.update(publishAccounts).set({ lastError: error }).where(eq(publishAccounts.id, id));
}

// --- OAuth states and Mastodon apps ---

export async function insertOauthState(db: DbOrTx, values: typeof publishOauthStates.$inferInsert) {
  await db.insert(publishOauthStates).values(values);
}

/** How long an OAuth state (and the cookie binding it to its browser) lasts. */
export const OAUTH_STATE_MINUTES = 15;

/** Takes the state (once): deleted as it is read; older than OAUTH_STATE_MINUTES counts as none. */
export async function takeOauthState(db: DbOrTx, state: string) {
  const [row] = await db.delete(publishOauthStates).where(eq(publishOauthStates.state, state)).returning();
  if (!row || row.createdAt.getTime() < Date.now() - OAUTH_STATE_MINUTES * 60_000) return undefined;
  return row;
}

export async function pruneOauthStates(db: DbOrTx) {
  await db
    .delete(publishOauthStates)
    .where(lt(publishOauthStates.createdAt, new Date(Date.now() - 60 * 60_000)));
}

export async function findMastodonApp(db: DbOrTx, instance: string) {
  const [row] = await db
    .select()
    .from(publishMastodonApps)
    .where(eq(publishMastodonApps.instanceUrl, instance));
  return row;
}

export async function insertMastodonApp(db: DbOrTx, values: typeof publishMastodonApps.$inferInsert) {
  await db.insert(publishMastodonApps).values(values).onConflictDoNothing();
  return (await findMastodonApp(db, values.instanceUrl))!;
}

// --- posts ---

export async function insertPosts(
  db: DbOrTx,
  values: (typeof publishPosts.$inferInsert)[],
): Promise<PostRow[]> {
  if (!values.length) return [];
  return db.insert(publishPosts).values(values).returning();
}

/** The owner's post by id (a request's lookup: the owner is always part of it). */
export async function findPost(db: DbOrTx, id: string, owner: string): Promise<PostRow | undefined> {
  const [row] = await db
    .select()
    .from(publishPosts)
    .where(and(eq(publishPosts.id, id), eq(publishPosts.ownerEmail, owner)));
  return row;
}

/** A post by id alone: for the jobs, which act on the row they were given, for no request. */
export async function postById(db: DbOrTx, id: string): Promise<PostRow | undefined> {
  const [row] = await db.select().from(publishPosts).where(eq(publishPosts.id, id));
  return row;
}

export async function listPosts(
  db: DbOrTx,
  owner: string,
  filter: { from?: Date; to?: Date; draftId?: string },
): Promise<PostRow[]> {
  const where = [eq(publishPosts.ownerEmail, owner)];
  if (filter.from) where.push(gte(publishPosts.scheduledAt, filter.from));
  if (filter.to) where.push(lt(publishPosts.scheduledAt, filter.to));
  if (filter.draftId) where.push(eq(publishPosts.draftId, filter.draftId));
  return db
    .select()
    .from(publishPosts)
    .where(and(...where))
    .orderBy(asc(publishPosts.scheduledAt))
    .limit(500);
}

/** Times already taken on an account between two instants (scheduled, publishing or published). */
export async function takenTimes(db: DbOrTx, accountId: string, from: Date, to: Date): Promise<Set<number>> {
  const rows = await db
    .select({ at: publishPosts.scheduledAt })
    .from(publishPosts)
    .where(
      and(
        eq(publishPosts.accountId, accountId),
        gte(publishPosts.scheduledAt, from),
        lt(publishPosts.scheduledAt, to),
        inArray(publishPosts.status, ['scheduled', 'publishing', 'published', 'waiting_account', 'check']),
      ),
    );
  return new Set(rows.map((r) => r.at.getTime()));
}

/** Claims a post for this run: 'scheduled' -> 'publishing', only with the run the job carries. */
export async function claimPost(db: DbOrTx, id: string, run: number): Promise<PostRow | undefined> {
  const [row] = await db
    .update(publishPosts)
    .set({
      status: 'publishing',
      startedAt: sql`coalesce(${publishPosts.startedAt}, now())`,
      updatedAt: new Date(),
    })
    .where(and(eq(publishPosts.id, id), eq(publishPosts.run, run), eq(publishPosts.status, 'scheduled')))
    .returning();
  return row;
}

/** Records the part about to be sent and its idempotency key, before the platform is called. */
export async function markPending(
  db: DbOrTx,
  id: string,
  run: number,
  part: number,
  key: string,
): Promise<boolean> {
  const rows = await db
    .update(publishPosts)
    .set({ pendingPart: part, pendingKey: key, updatedAt: new Date() })
    .where(and(eq(publishPosts.id, id), eq(publishPosts.run, run), eq(publishPosts.status, 'publishing')))
    .returning({ id: publishPosts.id });
  return rows.length > 0;
}

/** Records a live part (the platform answered) and clears the pending one, in one update. */
export async function recordSent(db: DbOrTx, id: string, sent: SentPart[], done: boolean) {
  await db
    .update(publishPosts)
    .set({
      sent,
      pendingPart: null,
      pendingKey: null,
      error: null,
      updatedAt: new Date(),
      ...(done && { status: 'published', publishedAt: new Date() }),
    })
    .where(eq(publishPosts.id, id));
}

export async function updatePost(db: DbOrTx, id: string, set: Partial<typeof publishPosts.$inferInsert>) {
  await db
    .update(publishPosts)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(publishPosts.id, id));
}

/** Moves or cancels a post that has not started: true when it was still 'scheduled' (or waiting). */
export async function changeUnstarted(
  db: DbOrTx,
  id: string,
  owner: string,
  set: Partial<typeof publishPosts.$inferInsert>,
): Promise<PostRow | undefined> {
  const [row] = await db
    .update(publishPosts)
    .set({ ...set, run: sql`${publishPosts.run} + 1`, updatedAt: new Date() })
    .where(
      and(
        eq(publishPosts.id, id),
        eq(publishPosts.ownerEmail, owner),
        inArray(publishPosts.status, ['scheduled', 'waiting_account']),
        sql`${publishPosts.startedAt} is null`,
      ),
    )
    .returning();
  return row;
}

/** Posts of the account waiting for it to be reconnected: back to 'scheduled' with a new run. */
/** Records the media uploaded for a part (kept by part index), so a resumed post reuses it. */
export async function recordUploads(
  db: DbOrTx,
  id: string,
  index: number,
  entry: { at: number; refs: unknown[] },
) {
  await db
    .update(publishPosts)
    .set({
      uploads: sql`${publishPosts.uploads} || jsonb_build_object(${String(index)}::text, ${JSON.stringify(entry)}::jsonb)`,
      updatedAt: new Date(),
    })
    .where(eq(publishPosts.id, id));
}

export async function releaseWaiting(db: DbOrTx, accountId: string): Promise<PostRow[]> {
  return db
    .update(publishPosts)
    .set({ status: 'scheduled', run: sql`${publishPosts.run} + 1`, error: null, updatedAt: new Date() })
    .where(and(eq(publishPosts.accountId, accountId), eq(publishPosts.status, 'waiting_account')))
    .returning();
}

/** Scheduled posts of a disconnected account are cancelled (the history stays). */
export async function cancelScheduledOf(db: DbOrTx, accountId: string) {
  await db
    .update(publishPosts)
    .set({
      status: 'cancelled',
      error: 'The account was disconnected',
      run: sql`${publishPosts.run} + 1`,
      updatedAt: new Date(),
    })
    .where(
      and(
        eq(publishPosts.accountId, accountId),
        inArray(publishPosts.status, ['scheduled', 'waiting_account']),
      ),
    );
}

// --- slots ---

export async function listSlots(db: DbOrTx, owner: string, accountId?: string): Promise<SlotRow[]> {
  return db
    .select()
    .from(publishSlots)
    .where(
      accountId
        ? and(eq(publishSlots.ownerEmail, owner), eq(publishSlots.accountId, accountId))
        : eq(publishSlots.ownerEmail, owner),
    )
    .orderBy(asc(publishSlots.weekday), asc(publishSlots.minute));
}

export async function insertSlot(
  db: DbOrTx,
  values: typeof publishSlots.$inferInsert,
): Promise<SlotRow | undefined> {
  const [row] = await db.insert(publishSlots).values(values).onConflictDoNothing().returning();
  return row;
}

export async function deleteSlot(db: DbOrTx, id: string, owner: string): Promise<boolean> {
  const rows = await db
    .delete(publishSlots)
    .where(and(eq(publishSlots.id, id), eq(publishSlots.ownerEmail, owner)))
    .returning({ id: publishSlots.id });
  return rows.length > 0;
}

// --- admin ---

/**
 * Connected accounts and post outcomes per platform (no owner, no token); accounts whose last
 * error starts with `refreshFailedPrefix` (a renewal that failed for now) counted apart.
 */
export async function platformSummary(db: DbOrTx, refreshFailedPrefix: string) {
  const accounts = await db
    .select({
      platform: publishAccounts.platform,
      status: publishAccounts.status,
      count: sql<number>`count(*)::int`,
    })
    .from(publishAccounts)
    .groupBy(publishAccounts.platform, publishAccounts.status);
  const posts = await db
    .select({
      platform: publishPosts.platform,
      status: publishPosts.status,
      count: sql<number>`count(*)::int`,
    })
    .from(publishPosts)
    .where(gte(publishPosts.updatedAt, new Date(Date.now() - 30 * 86_400_000)))
    .groupBy(publishPosts.platform, publishPosts.status);
  const lastErrors = await db
    .select({ platform: publishPosts.platform, error: publishPosts.error, at: publishPosts.updatedAt })
    .from(publishPosts)
    .where(inArray(publishPosts.status, ['failed', 'check', 'waiting_account']))
    .orderBy(sql`${publishPosts.updatedAt} desc`)
    .limit(20);
  const refreshFailed = await db
    .select({ platform: publishAccounts.platform, count: sql<number>`count(*)::int` })
    .from(publishAccounts)
    .where(
      and(
        eq(publishAccounts.status, 'connected'),
        sql`starts_with(${publishAccounts.lastError}, ${refreshFailedPrefix})`,
      ),
    )
    .groupBy(publishAccounts.platform);
  const accountErrors = await db
    .select({ platform: publishAccounts.platform, error: publishAccounts.lastError })
    .from(publishAccounts)
    .where(
      and(isNotNull(publishAccounts.lastError), inArray(publishAccounts.status, ['connected', 'reconnect'])),
    )
    .orderBy(sql`${publishAccounts.updatedAt} desc`)
    .limit(50);
  return { accounts, posts, lastErrors, refreshFailed, accountErrors };
}

/** Everything of the owner ('Delete my data'): accounts (posts and slots go with them). */
export async function deletePublishingOf(db: DbOrTx, owner: string): Promise<number> {
  const rows = await db
    .delete(publishAccounts)
    .where(eq(publishAccounts.ownerEmail, owner))
    .returning({ id: publishAccounts.id });
  await db.delete(publishOauthStates).where(eq(publishOauthStates.ownerEmail, owner));
  return rows.length;
}
