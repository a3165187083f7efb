import { sql } from 'drizzle-orm';
import type { WaitlistSignup } from '#contract/waitlist.ts';
import type { DbOrTx } from '../../db/client.ts';

export async function countSignups(db: DbOrTx): Promise<number> {
  const result = await db.execute<{ count: number }>(
    sql`select count(*)::int as count from waitlist_signups`,
  );
  return result.rows[0]!.count;
}

/** Inserts a signup; returns its id, or null when the address is already on the list. */
export async function insertSignup(
  db: DbOrTx,
  signup: WaitlistSignup & { email: string },
): Promise<number | null> {
  const result = await db.execute<{ id: number }>(sql`
    insert into waitlist_signups (name, email, role, struggle)
    values (${signup.name}, ${signup.email}, ${signup.role}, ${signup.struggle ?? null})
    on conflict (email) do nothing
    returning id`);
  return result.rows[0]?.id ?? null;
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
  const result = await db.execute<{ name: string }>(sql`
    update waitlist_signups set last_reminder_at = now()
    where email = ${email}
      and (last_reminder_at is null or last_reminder_at < now() - make_interval(mins => ${intervalMinutes}))
    returning name`);
  return result.rows[0] ?? null;
}
