import { randomBytes } from 'node:crypto';
import { type AdminAffiliate, type AffiliateApplication, referralLink } from '#contract/affiliates.ts';
import { normalizeEmail } from '#contract/waitlist.ts';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { AppError, conflict, notFound } from '../../lib/errors.ts';
import { queueEmail } from '../outbox/index.ts';
import {
  type Affiliate,
  decideApplication,
  insertApplication,
  isReferralCodeTaken,
  listAffiliateRows,
  lockAffiliate,
} from './applications.repository.ts';
import { applicationReceivedEmail, approvedEmail, rejectedEmail } from './emails.ts';

/** Stores an application (pending) and e-mails a confirmation; a second one for the address is 409. */
export async function applyAsAffiliate(
  ctx: AppContext,
  input: AffiliateApplication,
): Promise<{ id: number }> {
  const email = normalizeEmail(input.email);
  return ctx.database.transaction(async (tx) => {
    const id = await insertApplication(tx.db, {
      displayName: input.display_name,
      email,
      companyName: input.company_name ?? null,
      website: input.website ?? null,
      socialMedia: input.social_media ?? null,
      audienceSize: input.audience_size ?? null,
      contentType: input.content_type ?? null,
      promotionStrategy: input.promotion_strategy,
    });
    if (id === null) throw conflict('An application with this email already exists', 'already_exists');
    await queueEmail(
      tx,
      ctx.jobs,
      'affiliate.application',
      applicationReceivedEmail({ name: input.display_name, email }),
    );
    return { id };
  });
}

/** An affiliate as the admin API shows it (spec field names). */
const toAdminAffiliate = (a: Affiliate): AdminAffiliate => ({
  id: a.id,
  display_name: a.displayName,
  email: a.email,
  company_name: a.companyName,
  website: a.website,
  social_media: a.socialMedia,
  audience_size: a.audienceSize,
  content_type: a.contentType,
  audience_description: a.promotionStrategy,
  payout_method: a.payoutMethod,
  payout_details: a.payoutDetails,
  rewardful_link: null,
  referral_code: a.referralCode,
  status: a.status,
  created_at: a.createdAt.toISOString(),
});

export async function listAffiliates(db: DbOrTx): Promise<AdminAffiliate[]> {
  return (await listAffiliateRows(db)).map(toAdminAffiliate);
}

/** A URL-safe code: 8 characters from an alphabet without look-alikes. */
export function generateReferralCode(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const bytes = randomBytes(8);
  return Array.from(bytes, (b) => alphabet[b % alphabet.length]).join('');
}

/** Approves or rejects a pending application (409 once decided). Approval creates the referral code. */
export async function setAffiliateStatus(
  ctx: AppContext,
  id: number,
  status: 'approved' | 'rejected',
): Promise<AdminAffiliate> {
  return ctx.database.transaction(async (tx) => {
    const current = await lockAffiliate(tx.db, id);
    if (!current) throw notFound('Affiliate not found');
    if (current.status !== 'pending') throw conflict(`This application was already ${current.status}`);
    let code: string | null = null;
    if (status === 'approved') {
      for (let attempt = 0; attempt < 5 && !code; attempt++) {
        const candidate = generateReferralCode();
        if (!(await isReferralCodeTaken(tx.db, candidate))) code = candidate;
      }
      if (!code) throw new AppError('internal', 'Could not create a referral code');
    }
    const updated = await decideApplication(tx.db, id, status, code);
    const to = { name: current.displayName, email: current.email };
    await queueEmail(
      tx,
      ctx.jobs,
      `affiliate.${status}`,
      status === 'approved'
        ? approvedEmail(to, referralLink(ctx.config.publicUrl, code), ctx.config.publicUrl)
        : rejectedEmail(to),
    );
    return toAdminAffiliate(updated);
  });
}
