import { sql } from 'drizzle-orm';
import {
  CONTENT_PLATFORM_KEYS,
  type ContentPlatform,
  type ContentResult,
  LINK_HOST_MESSAGE,
} from '#contract/content-results.ts';
import { checkMediaUrl } from '#contract/social-urls.ts';
import { normalizeEmail } from '#contract/waitlist.ts';
import type { AppContext } from '../../context.ts';
import { AppError, badRequest, notFound, unauthorized } from '../../lib/errors.ts';
import { enforceRateLimit } from '../../lib/rate-limit.ts';
import { createSession, findSession, revokeSession } from '../../lib/sessions.ts';
import { issueCode, verifyCode } from '../../lib/verification-codes.ts';
import { queueEmail } from '../outbox/index.ts';
import { accessCodeEmail } from './emails.ts';
import { transcribeJob } from './jobs.ts';
import { deleteResultOf, insertResult, listResultsOf } from './repository.ts';
import { DASHBOARD_SESSION_HOURS } from './session-cookie.ts';

export const CODE_PURPOSE = 'dashboard';
export const CODE_SENT_MESSAGE = 'Code sent! Check your email for a 6-digit code.';
export const NOT_VERIFIED_MESSAGE = 'Please verify your email to view this dashboard';
/** Codes per address per window, and per client address (resend throttling). */
export const CODES_PER_EMAIL = 3;
export const CODES_PER_CLIENT = 10;
export const CODE_WINDOW_SECONDS = 10 * 60;
export const VERIFY_PER_CLIENT = 30;
export const SUBMITS_PER_CLIENT = 20;

/** Creates a pending transcription and its job in one transaction. */
export async function submitContent(
  ctx: AppContext,
  input: { link: string; source: ContentPlatform; email: string },
  clientIp: string,
): Promise<{ success: true; id: string }> {
  await enforceRateLimit(ctx.database.db, `content-submit:${clientIp}`, SUBMITS_PER_CLIENT, 60);
  const checked = checkMediaUrl(input.link, Object.values(CONTENT_PLATFORM_KEYS), LINK_HOST_MESSAGE);
  if (!checked.ok) throw badRequest(checked.message);
  if (checked.platform !== CONTENT_PLATFORM_KEYS[input.source])
    throw badRequest(`This link is not a ${input.source} link`);
  const email = normalizeEmail(input.email);
  const id = await ctx.database.transaction(async (tx) => {
    const resultId = await insertResult(tx.db, {
      productType: 'transcription',
      sourceUrl: checked.url,
      sourcePlatform: input.source,
      userEmail: email,
    });
    await ctx.jobs.enqueue(tx, transcribeJob, { resultId });
    return resultId;
  });
  return { success: true, id };
}

/** E-mails a code to any valid address: the answer never tells whether it has results. */
export async function requestAccess(ctx: AppContext, rawEmail: string, clientIp: string) {
  const email = normalizeEmail(rawEmail);
  const { db } = ctx.database;
  await enforceRateLimit(db, `dashboard-code-ip:${clientIp}`, CODES_PER_CLIENT, CODE_WINDOW_SECONDS);
  await enforceRateLimit(db, `dashboard-code:${email}`, CODES_PER_EMAIL, CODE_WINDOW_SECONDS);
  await ctx.database.transaction(async (tx) => {
    const code = await issueCode(tx.db, CODE_PURPOSE, email);
    await queueEmail(tx, ctx.jobs, 'dashboard.code', accessCodeEmail(email, code, ctx.config.publicUrl));
  });
  return { message: CODE_SENT_MESSAGE };
}

/** Checks the code and opens a dashboard session bound to the address. */
export async function verifyAccess(
  ctx: AppContext,
  rawEmail: string,
  code: string,
  clientIp: string,
): Promise<{ token: string }> {
  const email = normalizeEmail(rawEmail);
  await enforceRateLimit(
    ctx.database.db,
    `dashboard-verify-ip:${clientIp}`,
    VERIFY_PER_CLIENT,
    CODE_WINDOW_SECONDS,
  );
  const check = await verifyCode(ctx.database.db, CODE_PURPOSE, email, code);
  if (check === 'expired')
    throw badRequest('This code has expired. Please request a new one.', 'code_expired');
  if (check === 'too_many_attempts')
    throw new AppError('code_locked', 'Too many wrong attempts. Please request a new code.');
  if (check !== 'ok') throw badRequest('Invalid verification code', 'code_invalid');
  // The owner is active: the retention job keeps these results (privacy/jobs.ts).
  await ctx.database.db.execute(
    sql`update content_results set last_active_at = now() where user_email = ${email}`,
  );
  const { token } = await createSession(ctx.database.db, 'dashboard', email, DASHBOARD_SESSION_HOURS);
  return { token };
}

export const sessionEmail = (ctx: AppContext, token: string | undefined) =>
  findSession(ctx.database.db, 'dashboard', token);

export async function listAccessibleResults(
  ctx: AppContext,
  rawEmail: string,
  token: string | undefined,
): Promise<ContentResult[]> {
  const subject = await sessionEmail(ctx, token);
  if (!subject || subject !== normalizeEmail(rawEmail)) throw unauthorized(NOT_VERIFIED_MESSAGE);
  return listResultsOf(ctx.database.db, subject);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function deleteContent(ctx: AppContext, id: string, token: string | undefined): Promise<void> {
  const subject = await sessionEmail(ctx, token);
  if (!subject) throw unauthorized(NOT_VERIFIED_MESSAGE);
  if (!UUID.test(id) || !(await deleteResultOf(ctx.database.db, id, subject)))
    throw notFound('Content not found');
}

export async function signOut(ctx: AppContext, token: string | undefined): Promise<void> {
  if (token && token.length <= 200) await revokeSession(ctx.database.db, token);
}
