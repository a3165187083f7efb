import type { FastifyRequest } from 'fastify';
import { REFERRAL_COOKIE, REFERRAL_COOKIE_DAYS } from '#contract/affiliates.ts';
import type { AppContext } from '../../context.ts';
import { serializeCookie } from '../../lib/cookies.ts';
import { recordReferralVisit } from './service.ts';

/**
 * A page visit with `?ref=CODE`: records the click and returns the first-party `ref` cookie
 * (90 days; the latest valid code wins), or null for unknown codes and bots.
 */
export async function referralCookie(
  ctx: AppContext,
  request: FastifyRequest,
  ref: unknown,
): Promise<string | null> {
  const code = await recordReferralVisit(ctx.database.db, Array.isArray(ref) ? ref[0] : ref, {
    ip: request.ip,
    userAgent: request.headers['user-agent'],
  });
  if (!code) return null;
  return serializeCookie(ctx.config, REFERRAL_COOKIE, code, {
    path: '/',
    maxAgeSeconds: REFERRAL_COOKIE_DAYS * 86_400,
    sameSite: 'Lax',
  });
}
