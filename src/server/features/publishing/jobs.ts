import { PLATFORM_LABELS, type Platform } from '#contract/publishing.ts';
import type { JobContext, JobQueue } from '../../jobs/queue.ts';
import { newRecordKey } from '../../providers/social/bluesky.ts';
import { PlatformError } from '../../providers/social/http.ts';
import { NotSentError } from '../../providers/social/not-sent.ts';
import type { MediaRef, OutgoingPart, PlatformSession, SentPart } from '../../providers/social/types.ts';
import { queueEmail } from '../outbox/index.ts';
import { carouselPdfOf } from '../studio/index.ts';
import type { PublishDeps } from './deps.ts';
import { reconnectEmail } from './emails.ts';
import { claimFairly } from './fairness.repository.ts';
import { publishPostFailedJob, publishPostJob, refreshTokensJob } from './job-definitions.ts';
import { applyOutboundPolicy, SAFE_RESEND, seal, sessionFor } from './platforms.ts';
import { mediaForPart, slidesOnce } from './post-media.service.ts';
import { expiryOf, refreshExpiringTokens, TOKEN_REFRESH_CRON } from './refresh.service.ts';
import {
  type AccountRow,
  accountById,
  markPending,
  markReconnect,
  type PostRow,
  postById,
  recordSent,
  updateAccount,
  updatePost,
} from './repository.ts';

/** Server errors (5xx) retried this many times, with backoff, before the post is marked failed. */
export const SERVER_RETRIES = 5;
/** 429s waited out this many times before the post is marked failed. */
export const RATE_LIMIT_WAITS = 10;
/** A post whose owner has their share going out tries again after this long (and a little more, at random). */
const TURN_WAIT_MS = 2_000;

/** Which parts of a post are live, said in every message of a post that stops part-way (their links are the post's). */
export function liveNote(sentCount: number, total: number): string {
  if (total <= 1 || sentCount === 0) return '';
  const live = sentCount === 1 ? 'part 1 is' : `parts 1–${sentCount} are`;
  return ` ${live[0]!.toUpperCase()}${live.slice(1)} live (of ${total}).`;
}

const checkOn = (platform: Platform, why: string, sentCount = 0, total = 1) =>
  `Check on ${PLATFORM_LABELS[platform]}: ${why}. Echo did not send it again, so it is not posted twice.${liveNote(sentCount, total)}`;

/** The key a part goes with: Bluesky's record key; elsewhere the post, the part and when it first went. */
const keyFor = (platform: Platform, postId: string, index: number) =>
  platform === 'bluesky' ? newRecordKey() : `${postId}:${index}:${Date.now()}`;

/** When a part first went, read back from its key (X and LinkedIn look for it from then on). */
const sinceOf = (key: string): Date | undefined => {
  const at = Number(key.split(':')[2]);
  return Number.isFinite(at) && at > 0 ? new Date(at) : undefined;
};

/**
 * Publishes a post, part after part, exactly once: the post is claimed ('scheduled' ->
 * 'publishing') before the platform is called, each part's idempotency key is stored before its
 * call, and each live part is recorded as soon as the platform answers. A run that finds a part
 * in flight (a time-out, or a worker that died) asks the platform whether it was made before
 * anything is sent again; where the platform cannot say, the post waits for the user ("check").
 */
export function createPublishHandler(deps: PublishDeps, queue: JobQueue) {
  const { database, log, config } = deps;
  const db = database.db;

  /** Puts the post back in the queue for later, with a new run (the current job becomes a no-op). */
  async function requeue(post: PostRow, at: Date, set: Partial<PostRow>) {
    await database.transaction(async (tx) => {
      const run = post.run + 1;
      await updatePost(tx.db, post.id, { ...set, status: 'scheduled', run });
      await queue.enqueue(tx, publishPostJob, { postId: post.id, run }, { startAfter: at });
    });
  }

  const backoffMs = (attempt: number) =>
    config.jobs.retryDelaySeconds !== undefined
      ? config.jobs.retryDelaySeconds * 1000
      : Math.min(30 * 60_000, 10_000 * 2 ** attempt);

  async function accountLost(post: PostRow, account: AccountRow, message: string) {
    await database.transaction(async (tx) => {
      await updatePost(tx.db, post.id, {
        status: 'waiting_account',
        error: message,
        pendingPart: null,
        pendingKey: null,
      });
      if (await markReconnect(tx.db, account.id, message))
        await queueEmail(
          tx,
          queue,
          'publishing-reconnect',
          reconnectEmail(
            account.ownerEmail,
            account.platform as Platform,
            account.handle,
            `${config.publicUrl}/studio`,
          ),
        );
    });
    log.warn(
      { postId: post.id, platform: account.platform },
      'publishing: account needs reconnecting; its posts wait',
    );
  }

  /** The draft is gone, so its slides or clip cannot be made: the post fails, saying what went out. */
  async function draftGone(post: PostRow, sentCount: number) {
    await updatePost(db, post.id, {
      status: 'failed',
      error: sentCount
        ? `The draft was deleted before its slides went out, so the rest could not be made.${liveNote(sentCount, (post.parts as string[]).length)}`
        : 'The draft was deleted before it went out, so its slides or clip could not be made; nothing was posted',
    });
  }

  /**
   * An image upload failed: nothing was posted by it, so it is never a 'check'. 401 waits for the
   * account; 429 waits for the reset; 5xx, no answer, or slides still drawing retry with backoff;
   * a refusal (too large, no alt text) fails the post with the platform's reason.
   */
  async function uploadFailed(post: PostRow, account: AccountRow, error: unknown) {
    const attempts = post.attempts + 1;
    const platform = post.platform as Platform;
    const sentCount = (post.sent as SentPart[]).length;
    const kind = error instanceof PlatformError ? error.kind : 'server';
    const message = error instanceof Error ? error.message : String(error);
    if (kind === 'auth') return accountLost({ ...post, attempts }, account, message);
    if (kind === 'rate_limited' && attempts <= RATE_LIMIT_WAITS) {
      const reset = (error as PlatformError).resetAt;
      const at = reset && reset.getTime() > Date.now() ? reset : new Date(Date.now() + 60_000);
      return requeue(post, new Date(at.getTime() + 1000), {
        attempts,
        error: `${PLATFORM_LABELS[platform]} asked Echo to wait until ${at.toISOString()}`,
      });
    }
    if ((kind === 'server' || kind === 'unknown') && attempts <= SERVER_RETRIES) {
      log.warn({ postId: post.id, platform, err: message }, 'publishing: uploading images failed; retrying');
      return requeue(post, new Date(Date.now() + backoffMs(attempts)), { attempts, error: message });
    }
    await updatePost(db, post.id, {
      status: 'failed',
      attempts,
      error: `${message}${liveNote(sentCount, (post.parts as string[]).length)}`,
    });
  }

  return async ({ postId, run }: { postId: string; run: number }, _context: JobContext) => {
    let post = await postById(db, postId);
    if (!post || post.run !== run) return;
    if (post.status !== 'scheduled' && post.status !== 'publishing') return;
    const account = await accountById(db, post.accountId);
    if (!account || account.status === 'disconnected') {
      await updatePost(db, post.id, { status: 'cancelled', error: 'The account was disconnected' });
      return;
    }
    if (account.status === 'reconnect') {
      await updatePost(db, post.id, {
        status: 'waiting_account',
        error: 'Waiting for the account to be reconnected',
      });
      return;
    }
    if (post.status === 'scheduled') {
      // Within the owner's share only: the worker is freed at once for other owners' posts.
      const claim = await claimFairly(database, post, config.publishing.perOwner);
      if ('gone' in claim) return;
      if ('busy' in claim) {
        if (claim.busy === 'in_flight')
          await requeue(post, new Date(Date.now() + TURN_WAIT_MS + Math.random() * TURN_WAIT_MS), {});
        else
          await requeue(post, claim.freeAt, {
            error: `Waiting: this Echo sends at most ${config.publishing.perOwner.daily} posts a day for each person; this one goes at ${claim.freeAt.toISOString()}`,
          });
        return;
      }
      post = claim.claimed;
    }
    // post.status is 'publishing': claimed now, or left so by a run that died (its pending part is checked).
    const platform = post.platform as Platform;
    const parts = post.parts as string[];
    const sent = [...(post.sent as SentPart[])];
    let session: PlatformSession;
    try {
      session = await sessionFor(config, account);
    } catch (error) {
      if (error instanceof PlatformError && error.kind === 'auth')
        return accountLost(post, account, error.message);
      throw error;
    }
    const keepCredentials = async () => {
      if (session.refreshed)
        await updateAccount(db, account.id, {
          credentials: await seal(config, session.credentials),
          tokenExpiresAt: expiryOf(platform, session.credentials),
        });
    };

    // A carousel's slides, rendered as a PDF when the post goes out (LinkedIn's document post).
    let document: OutgoingPart['document'];
    if (post.media === 'pdf' && sent.length === 0) {
      const pdf = post.draftId ? await carouselPdfOf(deps, post.ownerEmail, post.draftId) : null;
      if (!pdf) return draftGone(post, 0);
      document = { title: parts[0]!.split('\n')[0]!.slice(0, 100) || 'Carousel', bytes: pdf };
    }
    const slides = slidesOnce(deps, post);
    for (let index = sent.length; index < parts.length; index++) {
      let media: MediaRef[] | undefined;
      const outgoing = (key: string): OutgoingPart => ({
        text: parts[index]!,
        key,
        since: sinceOf(key),
        root: sent[0],
        parent: sent[index - 1],
        ...(index === 0 && document && { document }),
        ...(media?.length && { media }),
      });
      let key = post.pendingKey;
      if (post.pendingPart === index && key) {
        // The last try of this part ended without a clear answer (a time-out, a dropped connection,
        // a 5xx): ask the platform before anything else.
        let found: SentPart | null;
        try {
          found = await session.find(outgoing(key));
        } catch (error) {
          if (error instanceof PlatformError && error.kind === 'auth')
            return accountLost(post, account, error.message);
          const attempts = post.attempts + 1;
          if (
            error instanceof PlatformError &&
            (error.kind === 'server' || error.kind === 'rate_limited') &&
            attempts <= SERVER_RETRIES
          ) {
            // The look-up itself failed for now: look again later, still sending nothing.
            await requeue(post, new Date(Date.now() + backoffMs(attempts)), {
              attempts,
              error: error.message,
            });
            return;
          }
          const why = error instanceof Error ? error.message : String(error);
          await updatePost(db, post.id, {
            status: 'check',
            error: checkOn(
              platform,
              `part ${index + 1} may have been posted (${why})`,
              sent.length,
              parts.length,
            ),
          });
          return;
        }
        if (found) {
          sent.push(found);
          await recordSent(db, post.id, sent, sent.length === parts.length);
          post = { ...post, pendingPart: null, pendingKey: null };
          continue;
        }
        if (!SAFE_RESEND[platform]) {
          await updatePost(db, post.id, {
            status: 'check',
            error: checkOn(
              platform,
              `part ${index + 1} was not found among the recent posts yet`,
              sent.length,
              parts.length,
            ),
          });
          return;
        }
        // Not made, and the same key makes a second send harmless: send it again below.
      }
      if (post.media === 'images' || post.media === 'video') {
        // The part's slides or clip, uploaded before the post is marked in flight (an upload makes no post).
        try {
          const refs = await mediaForPart(deps, post, index, session, slides);
          if (!refs) return draftGone(post, sent.length);
          media = refs;
        } catch (error) {
          await keepCredentials();
          return uploadFailed(post, account, error);
        }
      }
      if (!(post.pendingPart === index && key)) {
        key = keyFor(platform, post.id, index);
        if (!(await markPending(db, post.id, run, index, key))) return;
      }
      try {
        const made = await session.publish(outgoing(key));
        sent.push(made);
        await recordSent(db, post.id, sent, sent.length === parts.length);
        post = { ...post, pendingPart: null, pendingKey: null };
        await keepCredentials();
      } catch (error) {
        await keepCredentials();
        if (!(error instanceof PlatformError)) throw error;
        post = { ...post, sent, pendingPart: index, pendingKey: key };
        const attempts = post.attempts + 1;
        switch (error.kind) {
          case 'unknown':
          case 'server': {
            if (error instanceof NotSentError) {
              // Failed before the post went (an upload, a look-up): nothing to look up, try again later.
              if (attempts > SERVER_RETRIES) break;
              await requeue(post, new Date(Date.now() + backoffMs(attempts)), {
                attempts,
                pendingPart: null,
                pendingKey: null,
                error: error.message,
              });
              return;
            }
            // No answer, or a 5xx after the request went: the platform may have made the part. Never
            // blindly again: the next run finds this part pending and looks it up first.
            log.warn(
              { postId: post.id, platform, part: index + 1, status: error.status },
              'publishing: outcome unknown; checking before any resend',
            );
            if (attempts > SERVER_RETRIES) {
              await updatePost(db, post.id, {
                status: 'check',
                attempts,
                error: checkOn(
                  platform,
                  `part ${index + 1} got no clear answer (${error.message})`,
                  sent.length,
                  parts.length,
                ),
              });
              return;
            }
            const wait = error.kind === 'server' ? backoffMs(attempts) : backoffMs(0);
            await requeue(post, new Date(Date.now() + wait), { attempts, error: error.message });
            return;
          }
          case 'rate_limited': {
            const at =
              error.resetAt && error.resetAt.getTime() > Date.now()
                ? error.resetAt
                : new Date(Date.now() + 60_000);
            if (attempts > RATE_LIMIT_WAITS) break;
            await requeue(post, new Date(at.getTime() + 1000), {
              attempts,
              pendingPart: null,
              pendingKey: null,
              error: `${PLATFORM_LABELS[platform]} asked Echo to wait until ${at.toISOString()}`,
            });
            return;
          }
          case 'auth':
            return accountLost({ ...post, attempts }, account, error.message);
          case 'refused':
            break;
        }
        await updatePost(db, post.id, {
          status: 'failed',
          attempts,
          pendingPart: null,
          pendingKey: null,
          error: `${error.message}${liveNote(sent.length, parts.length)}`,
        });
        return;
      }
    }
  };
}

/** A post whose job failed for good: 'check' when a part was in flight (it may be live), else 'failed'. */
export function createPublishFailedHandler(deps: PublishDeps) {
  return async ({ postId }: { postId: string }) => {
    const post = await postById(deps.database.db, postId);
    if (!post || (post.status !== 'publishing' && post.status !== 'scheduled')) return;
    const platform = post.platform as Platform;
    const sentCount = (post.sent as SentPart[]).length;
    const total = (post.parts as string[]).length;
    await updatePost(
      deps.database.db,
      postId,
      post.pendingPart !== null
        ? {
            status: 'check',
            error: checkOn(platform, `part ${post.pendingPart + 1} may have been posted`, sentCount, total),
          }
        : {
            status: 'failed',
            error: `Publishing did not finish; nothing more was sent.${liveNote(sentCount, total)}`,
          },
    );
  };
}

export function registerPublishingJobs(queue: JobQueue, deps: PublishDeps): void {
  applyOutboundPolicy(deps.config);
  queue.handle(publishPostJob, createPublishHandler(deps, queue));
  queue.handle(publishPostFailedJob, createPublishFailedHandler(deps));
  queue.handle(refreshTokensJob, async () => {
    await refreshExpiringTokens(deps, queue);
  });
  queue.schedule(refreshTokensJob, TOKEN_REFRESH_CRON);
}
