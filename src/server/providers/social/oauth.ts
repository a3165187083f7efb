import { createHash, randomBytes } from 'node:crypto';

/**
 * OAuth 2.0 authorization code with PKCE, as X and Mastodon both take it: the pair made when the
 * authorization starts and the address the user is sent to.
 */

/** A PKCE pair: the verifier kept (sealed) with the state, its S256 challenge sent with the authorization. */
export function pkcePair() {
  const verifier = randomBytes(48).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

/** The authorization address: the app, the scopes asked for, the state and the PKCE challenge. */
export function pkceAuthorizeUrl(
  endpoint: string,
  app: { clientId: string; redirectUri: string },
  scope: string,
  state: string,
  challenge: string,
): string {
  const query = new URLSearchParams({
    response_type: 'code',
    client_id: app.clientId,
    redirect_uri: app.redirectUri,
    scope,
    state,
    code_challenge: challenge,
    code_challenge_method: 'S256',
  });
  return `${endpoint}?${query}`;
}
