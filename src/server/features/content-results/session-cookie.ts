import type { FastifyReply, FastifyRequest } from 'fastify';

/** The dashboard session cookie: httpOnly, SameSite=Strict, Secure when the site is served over https. */
export const DASHBOARD_COOKIE = 'echo_dashboard';
export const DASHBOARD_SESSION_HOURS = 24;

export function readCookie(request: FastifyRequest, name: string): string | undefined {
  const header = request.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const index = part.indexOf('=');
    if (index === -1) continue;
    if (part.slice(0, index).trim() === name) {
      try {
        return decodeURIComponent(part.slice(index + 1).trim());
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

function serialize(value: string, maxAgeSeconds: number, secure: boolean): string {
  return [
    `${DASHBOARD_COOKIE}=${encodeURIComponent(value)}`,
    'Path=/api/content-results',
    `Max-Age=${maxAgeSeconds}`,
    'HttpOnly',
    'SameSite=Strict',
    ...(secure ? ['Secure'] : []),
  ].join('; ');
}

export function setSessionCookie(reply: FastifyReply, token: string, secure: boolean): void {
  reply.header('set-cookie', serialize(token, DASHBOARD_SESSION_HOURS * 3600, secure));
}

export function clearSessionCookie(reply: FastifyReply, secure: boolean): void {
  reply.header('set-cookie', serialize('', 0, secure));
}
