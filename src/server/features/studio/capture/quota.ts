import { QUOTA_EXCEEDED_MESSAGE } from '#contract/studio.ts';
import type { AppContext } from '../../../context.ts';
import type { Tx } from '../../../db/client.ts';
import { AppError } from '../../../lib/errors.ts';
import { quotaBytes, storedBytes, withOwnerLock } from '../notes/index.ts';

/**
 * The storage quota, checked and reserved under one lock per owner: every change to
 * what an owner stores (a tus upload created, a recording chunk kept) runs `work` in a transaction
 * holding `pg_advisory_xact_lock(hashtext(owner))`, after checking what is stored now (read in that
 * transaction) plus `extraBytes`. Parallel requests of one owner take turns, so they can no longer
 * all pass the check before any of them is counted (notes/owner-lock.ts; the text quota takes the
 * same lock).
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

/** Refuses what would take the owner over its quota now (a check before work starts, no reservation). */
export async function assertQuota(ctx: AppContext, owner: string, extraBytes: number): Promise<void> {
  const used = await storedBytes(ctx.database.db, owner);
  if (used + extraBytes > quotaBytes(ctx)) throw new AppError('quota_exceeded', QUOTA_EXCEEDED_MESSAGE);
}

/** The bytes an owner may still store (0 when full). */
export async function remainingBytes(ctx: AppContext, owner: string): Promise<number> {
  return Math.max(0, quotaBytes(ctx) - (await storedBytes(ctx.database.db, owner)));
}
