import type { FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';

/** One cookie's value from a Cookie header (URL-decoded), or undefined. */
export function readCookie(source: FastifyRequest | string | undefined, name: string): string | undefined {
  const header = typeof source === 'string' || source === undefined ? source : source.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const index = part.indexOf('=');
    if (index === -1 || part.slice(0, index).trim() !== name) continue;
    try {
      return decodeURIComponent(part.slice(index + 1).trim());
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/**
 * A Set-Cookie value for the app's own cookies: always HttpOnly, Secure when the site is served
 * over https (PUBLIC_URL), SameSite as asked.
 */
export function serializeCookie(
  config: Pick<Config, 'publicUrl'>,
  name: string,
  value: string,
  options: { path: string; maxAgeSeconds: number; sameSite: 'Strict' | 'Lax' },
): string {
  return [
    `${name}=${encodeURIComponent(value)}`,
    `Path=${options.path}`,
    `Max-Age=${options.maxAgeSeconds}`,
    'HttpOnly',
    `SameSite=${options.sameSite}`,
    ...(config.publicUrl.startsWith('https://') ? ['Secure'] : []),
  ].join('; ');
}
