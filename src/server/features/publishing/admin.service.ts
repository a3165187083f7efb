import type { PublishingHealth } from '#contract/system.ts';
import type { AppContext } from '../../context.ts';
import { availability } from './platforms.ts';
import { REFRESH_FAILED_PREFIX } from './refresh.service.ts';
import { platformSummary } from './repository.ts';

/**
 * /admin/system's publishing lines: per platform, accounts connected, waiting to reconnect or whose
 * token renewal failed, post outcomes and the latest problems; no token, no owner's e-mail.
 */
export async function publishingHealth(ctx: AppContext): Promise<PublishingHealth> {
  const { accounts, posts, lastErrors, refreshFailed, accountErrors } = await platformSummary(
    ctx.database.db,
    REFRESH_FAILED_PREFIX,
  );
  const count = (
    rows: { platform: string; status: string; count: number }[],
    platform: string,
    statuses: string[],
  ) =>
    rows
      .filter((r) => r.platform === platform && statuses.includes(r.status))
      .reduce((sum, r) => sum + r.count, 0);
  return availability(ctx.config).map((offer) => {
    const last = lastErrors.find((e) => e.platform === offer.platform);
    return {
      platform: offer.platform,
      available: offer.available,
      reason: offer.reason,
      connected: count(accounts, offer.platform, ['connected']),
      reconnect: count(accounts, offer.platform, ['reconnect']),
      published: count(posts, offer.platform, ['published']),
      failed: count(posts, offer.platform, ['failed', 'check']),
      waiting: count(posts, offer.platform, ['waiting_account']),
      last_error: last?.error ?? null,
      last_error_at: last?.at.toISOString() ?? null,
      refresh_failed: refreshFailed.find((r) => r.platform === offer.platform)?.count ?? 0,
      last_account_error: accountErrors.find((e) => e.platform === offer.platform)?.error ?? null,
    };
  });
}
