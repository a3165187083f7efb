import { PLATFORM_LABELS, type Platform, PUBLISH_API } from '#contract/publishing.ts';
import type { Config } from '../../config.ts';
import { AppError } from '../../lib/errors.ts';
import { secretBox } from '../../lib/secret-box.ts';
import { blueskySession } from '../../providers/social/bluesky.ts';
import { PlatformError, setOutboundPolicy } from '../../providers/social/http.ts';
import { type LinkedinApp, linkedinSession } from '../../providers/social/linkedin.ts';
import { mastodonSession } from '../../providers/social/mastodon.ts';
import type { PlatformSession } from '../../providers/social/types.ts';
import { type XApp, xSession } from '../../providers/social/x.ts';
import type { AccountRow } from './repository.ts';

/** Where the token key lives when PUBLISH_TOKEN_KEY is not set. */
export const TOKEN_KEY_FILE = 'publish-token-key';

export const TOKEN_KEY_NEEDED_MESSAGE =
  'Publishing is not set up on this server: its operator must set PUBLISH_TOKEN_KEY (the same on every machine).';

/**
 * The box that seals tokens. In production its key comes from configuration only: a key made on
 * one machine's disk would leave every other machine unable to open the tokens.
 */
const box = (config: Config) => {
  if (config.production && !config.publishing.tokenKey)
    return Promise.reject(new AppError('unavailable', TOKEN_KEY_NEEDED_MESSAGE));
  return secretBox(config.publishing.tokenKey, config.dataDir, TOKEN_KEY_FILE);
};

export async function seal(config: Config, credentials: Record<string, unknown>): Promise<string> {
  return (await box(config)).seal(JSON.stringify(credentials));
}

export async function unseal(config: Config, sealed: string): Promise<Record<string, unknown>> {
  return JSON.parse((await box(config)).open(sealed));
}

/**
 * Every call to a platform goes to a public address, checked on the connection of each call, but
 * those to the operator's own platform addresses (configuration: X, LinkedIn, the Bluesky service and
 * video service), and all of them with PUBLISH_ALLOW_PRIVATE_HOSTS (tests, a LAN). Set where the
 * routes and the jobs are made, before any call.
 */
export function applyOutboundPolicy(config: Config): void {
  const { publishing } = config;
  const origins = [
    publishing.blueskyServiceUrl,
    publishing.blueskyVideoUrl,
    publishing.x.apiUrl,
    publishing.linkedin.apiUrl,
    publishing.linkedin.authUrl,
  ].flatMap((url) => (URL.canParse(url) ? [new URL(url).origin] : []));
  setOutboundPolicy({ allowPrivate: publishing.allowPrivateHosts, trustedOrigins: origins });
}

/** Where every platform sends the user back after authorizing. */
export const callbackUrl = (config: Config) => `${config.publicUrl}${PUBLISH_API}/oauth/callback`;

/** The operator's X app, or null when it is not configured. */
export function xApp(config: Config): XApp | null {
  const { clientId, clientSecret, apiUrl, authorizeUrl } = config.publishing.x;
  return clientId && clientSecret
    ? { clientId, clientSecret, apiUrl, authorizeUrl, redirectUri: callbackUrl(config) }
    : null;
}

/** The operator's LinkedIn app, or null when it is not configured. */
export function linkedinApp(config: Config): LinkedinApp | null {
  const { clientId, clientSecret, apiUrl, authUrl, version } = config.publishing.linkedin;
  return clientId && clientSecret
    ? { clientId, clientSecret, apiUrl, authUrl, version, redirectUri: callbackUrl(config) }
    : null;
}

/** What the operator sets for a platform that needs their developer app (shown on /admin/system only). */
export const OPERATOR_SETTINGS = {
  linkedin: 'LINKEDIN_CLIENT_ID and LINKEDIN_CLIENT_SECRET',
  x: 'X_CLIENT_ID and X_CLIENT_SECRET',
} as const;

/** What a creator reads where a platform needs the operator: no setting names, which are the operator's. */
export const notSetUp = (platform: Platform) => `${PLATFORM_LABELS[platform]} isn't set up on this Echo yet`;

/** Whether each platform can be connected on this install, and what connecting asks for. */
export function availability(config: Config) {
  const x = Boolean(config.publishing.x.clientId && config.publishing.x.clientSecret);
  const linkedin = Boolean(config.publishing.linkedin.clientId && config.publishing.linkedin.clientSecret);
  return [
    {
      platform: 'linkedin' as const,
      available: linkedin,
      reason: linkedin ? null : notSetUp('linkedin'),
      connect: 'oauth' as const,
    },
    { platform: 'x' as const, available: x, reason: x ? null : notSetUp('x'), connect: 'oauth' as const },
    { platform: 'bluesky' as const, available: true, reason: null, connect: 'app_password' as const },
    { platform: 'mastodon' as const, available: true, reason: null, connect: 'instance' as const },
  ];
}

/** Whether sending a part again with the same key can never make a second post (else: check on the platform). */
export const SAFE_RESEND: Record<Platform, boolean> = {
  bluesky: true,
  mastodon: true,
  x: false,
  linkedin: false,
};

/** The platform session of a connected account (credentials unsealed only here, for the call). */
export async function sessionFor(config: Config, account: AccountRow): Promise<PlatformSession> {
  if (!account.credentials)
    throw new PlatformError('auth', 'The account has no credentials; connect it again');
  const credentials = await unseal(config, account.credentials);
  const timeoutMs = config.publishing.timeoutMs;
  switch (account.platform as Platform) {
    case 'bluesky':
      return blueskySession(account.instanceUrl, credentials, timeoutMs, config.publishing.blueskyVideoUrl);
    case 'mastodon':
      return mastodonSession(account.instanceUrl, credentials, account.remoteId, timeoutMs);
    case 'x': {
      const app = xApp(config);
      if (!app) throw new PlatformError('refused', notSetUp('x'));
      return xSession(app, credentials, account.remoteId, timeoutMs);
    }
    case 'linkedin': {
      const app = linkedinApp(config);
      if (!app) throw new PlatformError('refused', notSetUp('linkedin'));
      return linkedinSession(app, credentials, account.remoteId, timeoutMs);
    }
  }
}
