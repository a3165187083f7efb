import type { FastifyReply, FastifyRequest } from 'fastify';
import { PUBLISH_API } from '#contract/publishing.ts';
import type { Config } from '../../config.ts';
import { randomToken, sha256 } from '../../lib/crypto.ts';
import { OAUTH_STATE_MINUTES } from './repository.ts';

/**
 * The browser an OAuth connection was started in, the only one that may finish it (decision 019).
 *
 * The platform sends the user back to the callback from its own site; the session cookie is
 * SameSite=Strict and does not come along on that navigation. So the callback does not ask for the
 * session: the state row names the owner, and this cookie proves the browser is the one that asked
 * for that state (RFC 9700 §4.7.1, the state bound to the user agent). It is SameSite=Lax (sent on
 * the platform's top-level redirect back, on no cross-site POST or subresource), HttpOnly, as short
 * lived as a state, and `__Host-` under https (no sibling subdomain can plant one), else scoped to
 * the OAuth paths.
 */
const bindingCookie = (config: Pick<Config, 'publicUrl'>) =>
  config.publicUrl.startsWith('https://')
    ? { name: '__Host-echo_oauth', path: '/', secure: true }
    : { name: 'echo_oauth', path: `${PUBLISH_API}/oauth`, secure: false };

const SECRET = /^[A-Za-z0-9_-]{43}$/;

/**
 * The binding of this browser (the hash of its secret, the state row keeps it): the secret it has
 * from a connection still in flight (another tab's stays valid), else a new one. The cookie is
 * (re)set for one state's lifetime.
 */
export function bindBrowser(config: Config, request: FastifyRequest, reply: FastifyReply): string {
  const { name, path, secure } = bindingCookie(config);
  const known = request.cookies[name];
  const secret = known && SECRET.test(known) ? known : randomToken(32);
  reply.setCookie(name, secret, {
    path,
    maxAge: OAUTH_STATE_MINUTES * 60,
    httpOnly: true,
    sameSite: 'lax',
    secure,
  });
  return sha256(secret);
}

/** The binding of the browser at the callback, or null when it holds no secret. */
export function browserBinding(config: Config, request: FastifyRequest): string | null {
  const secret = request.cookies[bindingCookie(config).name];
  return secret && SECRET.test(secret) ? sha256(secret) : null;
}
