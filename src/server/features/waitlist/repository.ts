import { and, count, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { WaitlistSignup } from '#contract/waitlist.ts';
import type { DbOrTx } from '../../db/client.ts';
import { waitlistSignups } from '../../db/schema/core.ts';

const countQuery = (db: DbOrTx) =>
  db.select({ count: count() }).from(waitlistSignups).prepare('waitlist_signups_count');
/**
 * The public counter's query, built once per database handle: building it per request was a fifth
 * of the count endpoint's CPU (bench/http.ts). Named, so each pooled connection also parses and
 * plans it once.
 */
const countQueries = new WeakMap<DbOrTx, ReturnType<typeof countQuery>>();

export async function countSignups(db: DbOrTx): Promise<number> {
  let query = countQueries.get(db);
  if (!query) {
    query = countQuery(db);
    countQueries.set(db, query);
  }
  const [row] = await query.execute();
  return row?.count ?? 0;
}

/** Inserts a signup; returns its id, or null when the address is already on the list. */
export async function insertSignup(
  db: DbOrTx,
  signup: WaitlistSignup & { email: string },
): Promise<number | null> {
  const [row] = await db
    .insert(waitlistSignups)
    .values({ name: signup.name, email: signup.email, role: signup.role, struggle: signup.struggle ?? null })
    .onConflictDoNothing({ target: waitlistSignups.email })
    .returning({ id: waitlistSignups.id });
  return row?.id ?? null;
}

/**
 * Marks a reminder as due for an existing address, at most once per interval; returns the stored
 * name when a reminder should be sent. One conditional update, so concurrent repeats send one.
 */
export async function claimReminder(
  db: DbOrTx,
  email: string,
  intervalMinutes: number,
): Promise<{ name: string } | null> {
  const [row] = await db
    .update(waitlistSignups)
    .set({ lastReminderAt: sql`now()` })
    .where(
      and(
        eq(waitlistSignups.email, email),
        or(
          isNull(waitlistSignups.lastReminderAt),
          lt(waitlistSignups.lastReminderAt, sql`now() - make_interval(mins => ${intervalMinutes})`),
        ),
      ),
    )
    .returning({ name: waitlistSignups.name });
  return row ?? null;
}
