import type { Database } from '../../db/client.ts';
import { claimPost, type PostRow } from './repository.ts';

/** How long a post claimed and not heard of since still counts as going out (past its job's expiry). */
const IN_FLIGHT_STALE_MINUTES = 15;

export type FairClaim =
  | { claimed: PostRow }
  /** The owner has their share of posts going out: this one takes its turn a little later. */
  | { busy: 'in_flight' }
  /** The owner sent their day's posts: this one waits until `freeAt`, when the oldest is a day old. */
  | { busy: 'daily'; freeAt: Date }
  /** Another run took it, or it was moved or cancelled. */
  | { gone: true };

/**
 * Claims a post ('scheduled' -> 'publishing') only within its owner's share: fewer than `inFlight`
 * of their posts going out now, and fewer than `daily` started in the last 24 hours (a post that
 * started before, resumed after a 5xx or a 429, already has its place). The count and the claim
 * hold one lock per owner, so two workers never both take the last place; other owners never wait.
 */
export function claimFairly(
  database: Database,
  post: Pick<PostRow, 'id' | 'run' | 'ownerEmail' | 'startedAt'>,
  limits: { inFlight: number; daily: number },
): Promise<FairClaim> {
  return database.transaction(async (tx) => {
    await tx.executeSql('select pg_advisory_xact_lock(hashtext($1))', [`publishing:${post.ownerEmail}`]);
    const { rows } = await tx.executeSql(
      `select
         count(*) filter (
           where status = 'publishing' and updated_at > now() - make_interval(mins => $3)
         )::int as in_flight,
         count(*) filter (where started_at > now() - interval '1 day')::int as today,
         min(started_at) filter (where started_at > now() - interval '1 day') as oldest
       from publish_posts
       where owner_email = $1 and id <> $2`,
      [post.ownerEmail, post.id, IN_FLIGHT_STALE_MINUTES],
    );
    const counts = rows[0] as { in_flight: number; today: number; oldest: Date | null };
    if (counts.in_flight >= limits.inFlight) return { busy: 'in_flight' as const };
    if (!post.startedAt && counts.today >= limits.daily)
      return {
        busy: 'daily' as const,
        freeAt: new Date(new Date(counts.oldest ?? Date.now()).getTime() + 86_400_000),
      };
    const claimed = await claimPost(tx.db, post.id, post.run);
    return claimed ? { claimed } : { gone: true as const };
  });
}
