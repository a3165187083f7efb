import type { Platform } from '#contract/publishing.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import { blueskyRefreshExpiry, refreshBlueskyCredentials } from '../../providers/social/bluesky.ts';
import { PlatformError } from '../../providers/social/http.ts';
import { refreshLinkedinCredentials } from '../../providers/social/linkedin.ts';
import { refreshXCredentials } from '../../providers/social/x.ts';
import { queueEmail } from '../outbox/index.ts';
import type { PublishDeps } from './deps.ts';
import { renewEmail } from './emails.ts';
import { linkedinApp, seal, unseal, xApp } from './platforms.ts';
import {
  type AccountRow,
  accountById,
  accountsDueForRefresh,
  markReconnect,
  noteRefreshFailure,
  storeRenewed,
} from './repository.ts';

/**
 * Tokens are renewed in the background before they expire, so a scheduled post never
 * meets an expired token unseen. The one place these numbers live.
 */
/** An account is renewed once its access ends within this window. */
export const TOKEN_REFRESH_WINDOW_MS = 7 * 86_400_000;
/** ...and not more often than this (X's access lasts 2 hours, always inside the window). */
export const TOKEN_REFRESH_MIN_INTERVAL_MS = 12 * 3_600_000;
/** Accounts renewed per pass (bounded work; the rest wait for the next pass). */
export const TOKEN_REFRESH_BATCH = 200;
/** Each hour, at minute 23 (UTC). */
export const TOKEN_REFRESH_CRON = '23 * * * *';
/** The account's last_error after a renewal that failed for now (/admin/system counts these). */
export const REFRESH_FAILED_PREFIX = 'Renewing the access failed for now';

/** When an account's access ends, from its credentials (Mastodon's tokens do not expire: null). */
export function expiryOf(platform: Platform, credentials: Record<string, unknown>): Date | null {
  if (platform === 'bluesky') return blueskyRefreshExpiry(credentials.refreshJwt);
  if (platform === 'mastodon') return null;
  const at = credentials.expiresAt;
  return typeof at === 'number' && Number.isFinite(at) ? new Date(at) : null;
}

export type RefreshOutcome = 'refreshed' | 'reconnect' | 'failed' | 'skipped';

/** Renewed credentials from the platform; null when this server cannot renew them (its app is not configured). */
async function renew(
  deps: PublishDeps,
  account: AccountRow,
  credentials: Record<string, unknown>,
): Promise<Record<string, unknown> | null> {
  const timeoutMs = deps.config.publishing.timeoutMs;
  switch (account.platform as Platform) {
    case 'bluesky':
      return refreshBlueskyCredentials(account.instanceUrl, credentials, timeoutMs);
    case 'x': {
      const app = xApp(deps.config);
      return app ? refreshXCredentials(app, credentials, timeoutMs) : null;
    }
    case 'linkedin': {
      const app = linkedinApp(deps.config);
      return app ? refreshLinkedinCredentials(app, credentials, timeoutMs) : null;
    }
    case 'mastodon':
      return null;
  }
}

/**
 * Renews one account, holding a transaction-level advisory lock on it so two workers never renew
 * the same account at once (X's refresh tokens are single-use: a second renewal would be refused
 * and the account wrongly marked). The account is read again under the lock and the new
 * credentials stored only over the ones they came from. A platform that refuses (no refresh token,
 * a revoked grant) marks the account 'reconnect' and e-mails its owner once; an outage or a
 * time-out leaves it as it was, for the next pass. Nothing of a token is logged.
 */
export async function refreshAccount(
  deps: PublishDeps,
  queue: JobQueue,
  id: string,
  now = Date.now(),
): Promise<RefreshOutcome> {
  const { database, config, log } = deps;
  return database.transaction(async (tx) => {
    const { rows } = await tx.executeSql(
      "select pg_try_advisory_xact_lock(hashtext('publish-refresh'), hashtext($1)) as locked",
      [id],
    );
    if (!(rows[0] as { locked: boolean }).locked) return 'skipped';
    const account = await accountById(tx.db, id);
    if (
      !account?.credentials ||
      account.status !== 'connected' ||
      !account.tokenExpiresAt ||
      account.tokenExpiresAt.getTime() >= now + TOKEN_REFRESH_WINDOW_MS ||
      account.updatedAt.getTime() >= now - TOKEN_REFRESH_MIN_INTERVAL_MS
    )
      return 'skipped';
    const platform = account.platform as Platform;
    let renewed: Record<string, unknown> | null;
    try {
      renewed = await renew(deps, account, await unseal(config, account.credentials));
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      // X's and LinkedIn's token endpoints answer 401 when they refuse the operator's app (its client
      // id or secret), not the user's grant: that is for the operator to fix, so no user is asked.
      const appRefused = platform !== 'bluesky' && error instanceof PlatformError && error.status === 401;
      if (
        error instanceof PlatformError &&
        !appRefused &&
        (error.kind === 'auth' || error.kind === 'refused')
      ) {
        if (await markReconnect(tx.db, account.id, `Could not renew the access: ${message}`))
          await queueEmail(
            tx,
            queue,
            'publishing-reconnect',
            renewEmail(
              account.ownerEmail,
              platform,
              account.handle,
              account.tokenExpiresAt,
              `${config.publicUrl}/studio`,
            ),
          );
        log.warn(
          { accountId: account.id, platform },
          'publishing: access cannot be renewed; reconnect asked',
        );
        return 'reconnect';
      }
      await noteRefreshFailure(tx.db, account.id, `${REFRESH_FAILED_PREFIX}: ${message}`);
      log.warn(
        { accountId: account.id, platform, kind: error instanceof PlatformError ? error.kind : 'error' },
        'publishing: renewing the access failed for now; the next pass tries again',
      );
      return 'failed';
    }
    if (!renewed) return 'skipped';
    const stored = await storeRenewed(
      tx.db,
      account.id,
      account.credentials,
      await seal(config, renewed),
      expiryOf(platform, renewed),
    );
    return stored ? 'refreshed' : 'skipped';
  });
}

/** One pass: every account due (at most TOKEN_REFRESH_BATCH), one after another. */
export async function refreshExpiringTokens(deps: PublishDeps, queue: JobQueue, now = Date.now()) {
  const ids = await accountsDueForRefresh(
    deps.database.db,
    new Date(now + TOKEN_REFRESH_WINDOW_MS),
    new Date(now - TOKEN_REFRESH_MIN_INTERVAL_MS),
    TOKEN_REFRESH_BATCH,
  );
  const counts: Record<RefreshOutcome, number> = { refreshed: 0, reconnect: 0, failed: 0, skipped: 0 };
  for (const id of ids) counts[await refreshAccount(deps, queue, id, now)]++;
  if (ids.length) deps.log.info(counts, 'publishing: token refresh pass');
  return counts;
}
