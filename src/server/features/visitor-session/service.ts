import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { randomToken, sha256 } from '../../lib/crypto.ts';
import { unauthorized } from '../../lib/errors.ts';
import { createSession, findSession, revokeSession, revokeSessionsOf } from '../../lib/sessions.ts';

/**
 * The dashboard session cookie: httpOnly, SameSite=Strict, Secure under https. Path /api, not only
 * /api/content-results: adding a trend while signed in files it on the dashboard (docs/spec/decisions.md).
 */
export const DASHBOARD_COOKIE = 'echo_dashboard';
export const DASHBOARD_SESSION_HOURS = 24;
export const NOT_VERIFIED_MESSAGE = 'Please verify your email to view this dashboard';

/**
 * The httpOnly cookie that marks the browser which added a trend (only its hash is stored). Its
 * name predates the vocabulary and stays: browsers hold it.
 */
export const TREND_BROWSER_COOKIE = 'echo_trend_owner';
export const TREND_BROWSER_MAX_AGE_SECONDS = 400 * 24 * 3600;
const BROWSER_TOKEN = /^[A-Za-z0-9_-]{20,100}$/;

const secure = (ctx: AppContext) => ctx.config.publicUrl.startsWith('https://');
const dashboardCookie = (ctx: AppContext, maxAge: number) =>
  ({ path: '/api', maxAge, httpOnly: true, sameSite: 'strict', secure: secure(ctx) }) as const;

const sessionToken = (request: FastifyRequest): string | undefined => request.cookies[DASHBOARD_COOKIE];

/** Opens a dashboard session for the owner (their e-mail just verified) and sets its cookie. */
export async function setVisitorSession(ctx: AppContext, reply: FastifyReply, owner: string): Promise<void> {
  const { token } = await createSession(ctx.database.db, 'dashboard', owner, DASHBOARD_SESSION_HOURS);
  reply.setCookie(DASHBOARD_COOKIE, token, dashboardCookie(ctx, DASHBOARD_SESSION_HOURS * 3600));
}

/** Ends this browser's dashboard session (if any) and clears its cookie. */
export async function clearVisitorSession(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<void> {
  const token = sessionToken(request);
  if (token && token.length <= 200) await revokeSession(ctx.database.db, token, ctx.sessions);
  reply.setCookie(DASHBOARD_COOKIE, '', dashboardCookie(ctx, 0));
}

/** The owner of the browser's dashboard session (their verified e-mail), or null. */
export const sessionOwner = (ctx: AppContext, request: FastifyRequest): Promise<string | null> =>
  findSession(ctx.database.db, 'dashboard', sessionToken(request), ctx.sessions);

/** The owner of the browser's dashboard session; 401 (`unauthorized`) without one. */
export async function requireOwner(ctx: AppContext, request: FastifyRequest): Promise<string> {
  const owner = await sessionOwner(ctx, request);
  if (!owner) throw unauthorized(NOT_VERIFIED_MESSAGE);
  return owner;
}

/** Ends every dashboard session of the owner (after deleting their data). */
export const endVisitorSessionsOf = (db: DbOrTx, owner: string) => revokeSessionsOf(db, 'dashboard', owner);

/** The hash of the browser's trend cookie, or null without a well-formed one. */
export function trendBrowserHash(request: FastifyRequest): string | null {
  const value = request.cookies[TREND_BROWSER_COOKIE];
  return value && BROWSER_TOKEN.test(value) ? sha256(value) : null;
}

/** The browser's trend hash; a browser without one gets a new trend cookie. */
export function ensureTrendBrowserHash(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
): string {
  const existing = trendBrowserHash(request);
  if (existing) return existing;
  const token = randomToken(24);
  reply.setCookie(TREND_BROWSER_COOKIE, token, {
    path: '/',
    maxAge: TREND_BROWSER_MAX_AGE_SECONDS,
    httpOnly: true,
    sameSite: 'lax',
    secure: secure(ctx),
  });
  return sha256(token);
}
