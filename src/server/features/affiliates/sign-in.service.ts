import type { LoginResponse } from '#contract/affiliates.ts';
import { normalizeEmail } from '#contract/waitlist.ts';
import type { AppContext } from '../../context.ts';
import { unauthorized } from '../../lib/errors.ts';
import { enforceRateLimit } from '../../lib/rate-limit.ts';
import { createSession, findSession, revokeSession } from '../../lib/sessions.ts';
import { issueCode, verifyCode } from '../../lib/verification-codes.ts';
import { queueEmail } from '../../providers/mail/outbox.ts';
import { findAffiliateIdByEmail } from './account.repository.ts';
import { loginCodeEmail } from './emails.ts';

export const AFFILIATE_SESSION_HOURS = 24 * 7;
export const CODE_PURPOSE = 'affiliate';
const LOGIN_CODE_SENT_MESSAGE =
  'If this e-mail address belongs to an affiliate account, we have sent it a 6-digit sign-in code.';

/**
 * POST /api/auth/login. Without a code: e-mails a code when the address belongs to an affiliate
 * and answers the same either way. With a code: a session token for that affiliate.
 */
export async function loginAffiliate(
  ctx: AppContext,
  input: { email: string; code?: string },
  ip: string,
): Promise<LoginResponse> {
  const email = normalizeEmail(input.email);
  if (!input.code) {
    await enforceRateLimit(ctx.database.db, `affiliate-code:${ip}`, 10, 60);
    await enforceRateLimit(ctx.database.db, `affiliate-code-email:${email}`, 5, 15 * 60);
    await ctx.database.transaction(async (tx) => {
      if ((await findAffiliateIdByEmail(tx.db, email)) === null) return;
      const code = await issueCode(tx.db, CODE_PURPOSE, email);
      await queueEmail(tx, ctx.jobs, 'affiliate.login-code', loginCodeEmail(email, code));
    });
    return { code_sent: true, message: LOGIN_CODE_SENT_MESSAGE };
  }
  await enforceRateLimit(ctx.database.db, `affiliate-login:${ip}`, 20, 60);
  const check = await verifyCode(ctx.database.db, CODE_PURPOSE, email, input.code);
  if (check !== 'ok') {
    throw unauthorized(
      check === 'too_many_attempts'
        ? 'Too many wrong codes. Please request a new code.'
        : check === 'expired'
          ? 'This code has expired. Please request a new code.'
          : 'Invalid verification code',
    );
  }
  const affiliateId = await findAffiliateIdByEmail(ctx.database.db, email);
  if (affiliateId === null) throw unauthorized('Invalid verification code');
  const session = await createSession(
    ctx.database.db,
    'affiliate',
    String(affiliateId),
    AFFILIATE_SESSION_HOURS,
  );
  return { access_token: session.token };
}

/** The affiliate id of a Bearer token, or 401. Admin tokens are a different kind and never match. */
export async function requireAffiliate(ctx: AppContext, token: string | null): Promise<number> {
  const subject = await findSession(ctx.database.db, 'affiliate', token);
  if (!subject) throw unauthorized('Authentication failed');
  return Number(subject);
}

export const logoutAffiliate = (ctx: AppContext, token: string) => revokeSession(ctx.database.db, token);
