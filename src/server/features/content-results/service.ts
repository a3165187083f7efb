import {
  type AccessOrigin,
  CONTENT_PLATFORM_KEYS,
  type ContentPlatform,
  type ContentResult,
  LINK_HOST_MESSAGE,
} from '#contract/content-results.ts';
import { isUuid } from '#contract/ids.ts';
import { checkMediaUrl } from '#contract/social-urls.ts';
import { normalizeEmail } from '#contract/waitlist.ts';
import type { AppContext } from '../../context.ts';
import { badRequest, notFound, unauthorized } from '../../lib/errors.ts';
import { enforceRateLimit } from '../../lib/rate-limit.ts';
import {
  CODE_REQUESTS_PER_CLIENT,
  CODE_REQUESTS_PER_EMAIL,
  issueCode,
  throttleCodeRequests,
  verifyCodeOrThrow,
} from '../email-codes/index.ts';
import { queueEmail } from '../outbox/index.ts';
import { NOT_VERIFIED_MESSAGE } from '../visitor-session/index.ts';
import { accessCodeEmail } from './emails.ts';
import { transcribeJob } from './job-definitions.ts';
import { deleteResultOf, insertResult, listResultsOf, touchResultsOf } from './repository.ts';

export const CODE_PURPOSE = 'dashboard';
export const CODE_SENT_MESSAGE = 'Code sent! Check your email for a 6-digit code.';
/** Codes per (e-mail, client) per window, and per client IP (resend throttling). */
export const CODES_PER_EMAIL = CODE_REQUESTS_PER_EMAIL;
export const CODES_PER_CLIENT = CODE_REQUESTS_PER_CLIENT;

/** Creates a pending transcription and its job in one transaction. */
export async function submitContent(
  ctx: AppContext,
  input: { link: string; source: ContentPlatform; email: string },
  clientIp: string,
): Promise<{ success: true; id: string }> {
  const limits = ctx.config.rateLimits;
  await enforceRateLimit(ctx.database.db, `content-submit:${clientIp}`, limits.submissionsPerMinute, 60);
  const checked = checkMediaUrl(input.link, Object.values(CONTENT_PLATFORM_KEYS), LINK_HOST_MESSAGE);
  if (!checked.ok) throw badRequest(checked.message);
  if (checked.platform !== CONTENT_PLATFORM_KEYS[input.source])
    throw badRequest(`This link is not a ${input.source} link`);
  const email = normalizeEmail(input.email);
  // Nobody can fill someone's dashboard (and the workers) with results from many client IPs.
  await enforceRateLimit(
    ctx.database.db,
    `content-submit-email:${email}`,
    limits.submissionsPerEmailPerHour,
    3600,
  );
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

/** E-mails a code to any valid e-mail: the answer never tells whether it has results. */
export async function requestAccess(
  ctx: AppContext,
  rawEmail: string,
  clientIp: string,
  from: AccessOrigin = 'dashboard',
) {
  const email = normalizeEmail(rawEmail);
  const { db } = ctx.database;
  await throttleCodeRequests(db, CODE_PURPOSE, email, clientIp);
  await ctx.database.transaction(async (tx) => {
    const code = await issueCode(tx.db, CODE_PURPOSE, email);
    await queueEmail(
      tx,
      ctx.jobs,
      'dashboard.code',
      accessCodeEmail(email, code, ctx.config.publicUrl, from),
    );
  });
  return { message: CODE_SENT_MESSAGE };
}

/** Checks the code; returns the verified e-mail, now the owner (the route opens their session). */
export async function verifyAccess(
  ctx: AppContext,
  rawEmail: string,
  code: string,
  clientIp: string,
): Promise<string> {
  const email = normalizeEmail(rawEmail);
  await verifyCodeOrThrow(ctx.database.db, CODE_PURPOSE, email, code, { client: clientIp });
  // The owner is active: the retention job keeps these results (privacy).
  await touchResultsOf(ctx.database.db, email);
  return email;
}

export async function listAccessibleResults(
  ctx: AppContext,
  rawEmail: string,
  owner: string | null,
): Promise<ContentResult[]> {
  if (!owner || owner !== normalizeEmail(rawEmail)) throw unauthorized(NOT_VERIFIED_MESSAGE);
  return listResultsOf(ctx.database.db, owner);
}

export async function deleteContent(ctx: AppContext, id: string, owner: string): Promise<void> {
  if (!isUuid(id) || !(await deleteResultOf(ctx.database.db, id, owner))) throw notFound('Content not found');
}
