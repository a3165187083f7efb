import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type pg from 'pg';
import type { WaitlistSignup } from '#contract/waitlist.ts';
import type { DbOrTx } from '../../db/client.ts';
import { waitlistSignups } from '../../db/schema/core.ts';

/**
 * The public counter's query: the landing page's busiest request (bench/http.ts). Straight to `pg`,
 * named (each pooled connection parses and plans it once), one row as an array: the ORM's query
 * object, mapping and checks were a tenth of the endpoint's CPU.
 */
const COUNT_QUERY = {
  name: 'waitlist_signups_count',
  text: 'select count(*)::int as count from waitlist_signups',
  rowMode: 'array',
} as const;

export async function countSignups(pool: Pick<pg.Pool, 'query'>): Promise<number> {
  const result = await pool.query<[number]>(COUNT_QUERY);
  return result.rows[0]?.[0] ?? 0;
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
