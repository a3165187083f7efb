import type { LoginResponse } from '#contract/affiliates.ts';
import { normalizeEmail } from '#contract/waitlist.ts';
import type { AppContext } from '../../context.ts';
import { unauthorized } from '../../lib/errors.ts';
import { createSession, findSession, revokeSession } from '../../lib/sessions.ts';
import { codeError, issueCode, throttleCodeRequests, verifyCodeOrThrow } from '../email-codes/index.ts';
import { queueEmail } from '../outbox/index.ts';
import { findAffiliateIdByEmail } from './account.repository.ts';
import { loginCodeEmail, noAccountEmail } from './emails.ts';

export const AFFILIATE_SESSION_HOURS = 24 * 7;
export const CODE_PURPOSE = 'affiliate';
const LOGIN_CODE_SENT_MESSAGE =
  'If this e-mail address belongs to an affiliate account, we have sent it a 6-digit sign-in code.';

/**
 * POST /api/auth/login without a code. Known and unknown addresses take the same path, so the
 * answers (and the work behind them) never tell whether an address has an account: the same
 * throttles, a code row issued for either (so later checks go through the same states: wrong,
 * locked after five tries, expired), and one e-mail queued: the code to an affiliate, a "no
 * affiliate account uses this address" notice (without a code) to anyone else.
 */
async function requestCode(ctx: AppContext, email: string, client: string): Promise<LoginResponse> {
  await throttleCodeRequests(ctx.database.db, CODE_PURPOSE, email, client);
  await ctx.database.transaction(async (tx) => {
    const affiliateId = await findAffiliateIdByEmail(tx.db, email);
    const code = await issueCode(tx.db, CODE_PURPOSE, email);
    if (affiliateId === null)
      await queueEmail(
        tx,
        ctx.jobs,
        'affiliate.login-no-account',
        noAccountEmail(email, ctx.config.publicUrl),
      );
    else await queueEmail(tx, ctx.jobs, 'affiliate.login-code', loginCodeEmail(email, code));
  });
  return { code_sent: true, message: LOGIN_CODE_SENT_MESSAGE };
}

/**
 * POST /api/auth/login: without a code, e-mails one (see requestCode); with a code, a session
 * token for the affiliate. A wrong, expired or locked code gets the shared e-mailed-code answers
 * (`code_invalid` 400, `code_expired` 400, `code_locked` 429), the same for every address.
 */
export async function loginAffiliate(
  ctx: AppContext,
  input: { email: string; code?: string },
  client: string,
): Promise<LoginResponse> {
  const email = normalizeEmail(input.email);
  if (!input.code) return requestCode(ctx, email, client);
  await verifyCodeOrThrow(ctx.database.db, CODE_PURPOSE, email, input.code, { client });
  const affiliateId = await findAffiliateIdByEmail(ctx.database.db, email);
  // Only a lucky guess of an unknown address's code gets here: answered as a wrong code.
  if (affiliateId === null) throw codeError('invalid');
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
  const affiliateId = await findSession(ctx.database.db, 'affiliate', token, ctx.sessions);
  if (!affiliateId) throw unauthorized('Authentication failed');
  return Number(affiliateId);
}

export const logoutAffiliate = (ctx: AppContext, token: string) =>
  revokeSession(ctx.database.db, token, ctx.sessions);
