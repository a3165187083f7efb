import type { AppContext } from '../../../context.ts';
import type { Tx } from '../../../db/client.ts';

/**
 * One lock per owner for what it stores (decision 018): every change that a quota
 * bounds (media bytes, note text) and 'Delete my data' run in a transaction holding
 * `pg_advisory_xact_lock(hashtext(owner))`, so parallel requests of one owner take turns between
 * their check and their write; other owners never wait. In this process they also queue before
 * taking a database connection (one per owner at a time), so an owner's burst never holds the
 * pool's connections while it waits. Lives with the notes (which every room uses); capture's media
 * quota (capture/quota.ts) takes the same lock.
 */
export function withOwnerLock<T>(ctx: AppContext, owner: string, work: (tx: Tx) => Promise<T>): Promise<T> {
  return inTurn(owner, () =>
    ctx.database.transaction(async (tx) => {
      await lockOwner(tx, owner);
      return work(tx);
    }),
  );
}

/** Takes the owner's lock until the transaction ends. */
export const lockOwner = (tx: Tx, owner: string) =>
  tx.executeSql('select pg_advisory_xact_lock(hashtext($1))', [owner]);

/** The last queued turn of each owner in this process. */
const turns = new Map<string, Promise<unknown>>();

/** Runs `work` after every earlier turn of the owner in this process has ended. */
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
