import { type MeResponse, type PayoutSettings, referralLink, toDollars } from '#contract/affiliates.ts';
import type { AppContext } from '../../context.ts';
import { unauthorized } from '../../lib/errors.ts';
import { findAccount, savePayoutSettings } from './account.repository.ts';
import { rateFor } from './commission.ts';

/** GET /api/me: the signed-in affiliate, its referral link, tier and stats. */
export async function getMe(ctx: AppContext, affiliateId: number): Promise<MeResponse> {
  const row = await findAccount(ctx.database.db, affiliateId);
  if (!row) throw unauthorized('Authentication failed');
  return {
    affiliate: {
      id: row.id,
      display_name: row.displayName,
      email: row.email,
      status: row.status,
      referral_code: row.referralCode,
      referral_link: row.referralCode ? referralLink(ctx.config.publicUrl, row.referralCode) : null,
      payout_method: row.payoutMethod,
      payout_details: row.payoutDetails,
      commission_rate: rateFor(row.activeReferrals) / 100,
      active_referrals: row.activeReferrals,
    },
    stats: {
      total_clicks: row.clicks,
      total_conversions: row.conversions,
      pending_commissions: toDollars(row.pendingCents),
      paid_commissions: toDollars(row.paidCents),
    },
  };
}

export async function updatePayoutSettings(ctx: AppContext, affiliateId: number, input: PayoutSettings) {
  await savePayoutSettings(ctx.database.db, affiliateId, {
    payoutMethod: input.payout_method,
    payoutDetails: JSON.stringify({ account: input.payout_details }),
  });
}
