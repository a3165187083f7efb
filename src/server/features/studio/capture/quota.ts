import { QUOTA_EXCEEDED_MESSAGE } from '#contract/studio.ts';
import type { AppContext } from '../../../context.ts';
import type { Tx } from '../../../db/client.ts';
import { AppError } from '../../../lib/errors.ts';
import { quotaBytes, storedBytes } from '../notes/index.ts';

/**
 * The storage quota, checked and reserved under one lock per address (issue 23): every change to
 * what an address stores (a tus upload created, a recording chunk kept) runs `work` in a transaction
 * holding `pg_advisory_xact_lock(hashtext(owner))`, after checking what is stored now (read in that
 * transaction) plus `extraBytes`. Parallel requests of one address take turns, so they can no longer
 * all pass the check before any of them is counted; other addresses never wait. In this process
 * they also queue before taking a database connection (one per address at a time), so an address's
 * burst never holds the pool's connections while it waits.
 */
export async function withinQuota<T>(
  ctx: AppContext,
  owner: string,
  extraBytes: number | ((tx: Tx) => Promise<number>),
  work: (tx: Tx) => Promise<T>,
): Promise<T> {
  return withOwnerLock(ctx, owner, async (tx) => {
    const extra = typeof extraBytes === 'number' ? extraBytes : await extraBytes(tx);
    const used = await storedBytes(tx.db, owner);
    if (used + extra > quotaBytes(ctx)) throw new AppError('quota_exceeded', QUOTA_EXCEEDED_MESSAGE);
    return work(tx);
  });
}

/**
 * `work` in a transaction holding the address's lock (the quota's, also taken by 'Delete my data'
 * and a recording's discard, so a chunk arriving meanwhile finds its recording gone).
 */
export function withOwnerLock<T>(ctx: AppContext, owner: string, work: (tx: Tx) => Promise<T>): Promise<T> {
  return inTurn(owner, () =>
    ctx.database.transaction(async (tx) => {
      await lockOwner(tx, owner);
      return work(tx);
    }),
  );
}

/** Takes the address's lock until the transaction ends. */
export const lockOwner = (tx: Tx, owner: string) =>
  tx.executeSql('select pg_advisory_xact_lock(hashtext($1))', [owner]);

/** The last queued turn of each address in this process. */
const turns = new Map<string, Promise<unknown>>();

/** Runs `work` after every earlier turn of the address in this process has ended. */
async function inTurn<T>(owner: string, work: () => Promise<T>): Promise<T> {
  const run = (turns.get(owner) ?? Promise.resolve()).then(work, work);
  const tail = run.catch(() => undefined);
  turns.set(owner, tail);
  try {
    return await run;
  } finally {
    if (turns.get(owner) === tail) turns.delete(owner);
  }
}

/** Refuses what would take the address over its quota now (a check before work starts, no reservation). */
export async function assertQuota(ctx: AppContext, owner: string, extraBytes: number): Promise<void> {
  const used = await storedBytes(ctx.database.db, owner);
  if (used + extraBytes > quotaBytes(ctx)) throw new AppError('quota_exceeded', QUOTA_EXCEEDED_MESSAGE);
}

/** The bytes an address may still store (0 when full). */
export async function remainingBytes(ctx: AppContext, owner: string): Promise<number> {
  return Math.max(0, quotaBytes(ctx) - (await storedBytes(ctx.database.db, owner)));
}
