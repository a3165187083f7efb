import type { FastifyReply, FastifyRequest } from 'fastify';
import { isbot } from 'isbot';
import { REFERRAL_COOKIE, REFERRAL_COOKIE_DAYS } from '#contract/affiliates.ts';
import type { AppContext } from '../../context.ts';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { sha256 } from '../../lib/crypto.ts';
import { isSelfReferral } from './commission.ts';
import {
  countReferralVisit,
  findApprovedAffiliateByCode,
  insertSignupReferral,
} from './tracking.repository.ts';

const CODE_PATTERN = /^[A-Za-z0-9_-]{1,40}$/;

export const normalizeReferralCode = (code: unknown): string | null =>
  typeof code === 'string' && CODE_PATTERN.test(code) ? code.toUpperCase() : null;

/** Crawlers, link previews, scripts and monitors (the `isbot` list); a visit without a user agent too. */
export const isBotVisit = (userAgent: string | undefined) => !userAgent || isbot(userAgent);

/**
 * Visits this process has just seen counted: `code|visitor hash` -> when the visit may count again
 * (ms), at most REPEAT_CACHE_MS ahead. A repeat visit (a reload, the next page of a tour) within
 * that time is answered without a query; the database stays the one judge of what counts, so
 * several processes never count a visit twice. A code suspended meanwhile still gets its cookie
 * for that minute, which attributes nothing: signups check the affiliate's status.
 */
const recentVisits = new Map<string, number>();
const REPEAT_CACHE_MS = 60_000;
const REPEAT_CACHE_ENTRIES = 20_000;

/** Forgets the visits seen (tests that move the database's clock use it). */
export function forgetRecentReferralVisits(): void {
  recentVisits.clear();
}

/**
 * A `?ref=CODE` visit: when the code belongs to an approved affiliate, counts a click (one per
 * visitor per 24 h) and returns the code for the cookie; otherwise null. Bots are ignored. One
 * statement, one round trip (none for a repeat visit this process has just counted).
 */
export async function recordReferralVisit(
  db: DbOrTx,
  rawCode: unknown,
  visitor: { ip: string; userAgent: string | undefined },
): Promise<string | null> {
  const code = normalizeReferralCode(rawCode);
  if (!code || isBotVisit(visitor.userAgent)) return null;
  const hash = sha256(`${visitor.ip}|${visitor.userAgent}`);
  const key = `${code}|${hash}`;
  const now = Date.now();
  const until = recentVisits.get(key);
  if (until !== undefined) {
    if (until > now) return code;
    recentVisits.delete(key);
  }
  const visit = await countReferralVisit(db, code, hash);
  if (!visit) return null;
  if (visit.countedForMs !== null && visit.countedForMs > 0) {
    if (recentVisits.size >= REPEAT_CACHE_ENTRIES) {
      // Forget the oldest entry (a Map keeps insertion order).
      recentVisits.delete(recentVisits.keys().next().value!);
    }
    recentVisits.set(key, now + Math.min(REPEAT_CACHE_MS, visit.countedForMs));
  }
  return code;
}

/**
 * A page visit with `?ref=CODE`: records the click and sets the first-party `ref` cookie
 * (90 days; the latest valid code wins). Unknown codes and bots get no cookie.
 */
export async function setReferralCookie(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  ref: unknown,
): Promise<void> {
  const code = await recordReferralVisit(ctx.database.db, Array.isArray(ref) ? ref[0] : ref, {
    ip: request.ip,
    userAgent: request.headers['user-agent'],
  });
  if (!code) return;
  reply.setCookie(REFERRAL_COOKIE, code, {
    path: '/',
    maxAge: REFERRAL_COOKIE_DAYS * 86_400,
    httpOnly: true,
    sameSite: 'lax',
    secure: ctx.config.publicUrl.startsWith('https://'),
  });
}

/** The referral code of the request's `ref` cookie, if any. */
export function referralCodeFromCookie(request: FastifyRequest): string | null {
  const value = request.cookies[REFERRAL_COOKIE];
  return value === undefined ? null : normalizeReferralCode(value);
}

/**
 * Attributes a new waitlist signup to the affiliate of the `ref` cookie (same transaction as the
 * signup), unless the code is unknown or not approved, or it is the affiliate's own address.
 */
export async function attributeSignup(
  tx: Tx,
  code: string | null | undefined,
  email: string,
  signupId: number,
): Promise<void> {
  if (!code) return;
  const affiliate = await findApprovedAffiliateByCode(tx.db, code);
  if (!affiliate || isSelfReferral(affiliate.email, email)) return;
  await insertSignupReferral(tx.db, { affiliateId: affiliate.id, email, waitlistSignupId: signupId });
}
