import type { FastifyReply } from 'fastify';
import type { Config } from '../../config.ts';
import { serializeCookie } from '../../lib/cookies.ts';

/**
 * The dashboard session cookie: httpOnly, SameSite=Strict, Secure under https. Path /api, not only
 * /api/content-results: adding a trend while signed in files it on the dashboard (decisions.md).
 */
export const DASHBOARD_COOKIE = 'echo_dashboard';
export const DASHBOARD_SESSION_HOURS = 24;

const cookie = (config: Config, value: string, maxAgeSeconds: number) =>
  serializeCookie(config, DASHBOARD_COOKIE, value, { path: '/api', maxAgeSeconds, sameSite: 'Strict' });

export function setSessionCookie(reply: FastifyReply, config: Config, token: string): void {
  reply.header('set-cookie', cookie(config, token, DASHBOARD_SESSION_HOURS * 3600));
}

export function clearSessionCookie(reply: FastifyReply, config: Config): void {
  reply.header('set-cookie', cookie(config, '', 0));
}
