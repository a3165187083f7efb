import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublishAccount } from '#contract/publishing.ts';
import type { SystemHealth } from '#contract/system.ts';
import {
  type FakeBluesky,
  type FakeLinkedin,
  type FakeX,
  startFakeBluesky,
  startFakeLinkedin,
  startFakeX,
} from '#tests/support/fake-social.ts';
import { returnFromPlatform } from '#tests/support/oauth.ts';
import { type StudioTestApp, sessionCookie, startStudioApp } from '#tests/support/studio.ts';
import { TEST_ADMIN_PASSWORD } from '#tests/support/test-app.ts';
import { createLogger } from '../../lib/logger.ts';
import { seal, unseal } from './platforms.ts';
import { REFRESH_FAILED_PREFIX, refreshExpiringTokens } from './refresh.service.ts';

/**
 * Tokens are renewed in the background before they expire (refresh.service.ts), on real
 * PostgreSQL with the platform fakes: X's single-use refresh tokens with Basic client auth,
 * LinkedIn's programmatic refresh, Bluesky's refreshSession; what cannot be renewed asks the user
 * to reconnect, once.
 */

let echo: StudioTestApp;
let x: FakeX;
let li: FakeLinkedin;
let bsky: FakeBluesky;
let alice: string;
let bob: string;

function call(method: string, url: string, cookie: string, body?: unknown) {
  return echo.app!.inject({
    method: method as 'GET',
    url,
    headers: { ...(body !== undefined ? { 'content-type': 'application/json' } : {}), cookie },
    payload: body !== undefined ? JSON.stringify(body) : undefined,
  });
}
const accounts = async (cookie: string) =>
  ((await call('GET', '/api/publishing/accounts', cookie)).json() as { accounts: PublishAccount[] }).accounts;

async function connect(platform: 'x' | 'linkedin', cookie: string) {
  const start = await call('POST', '/api/publishing/oauth/start', cookie, { platform });
  expect(start.statusCode, start.body).toBe(200);
  const done = await returnFromPlatform(echo, start);
  expect(done.headers.location).toBe(`/studio?tab=publishing&connected=${platform}`);
  return (await accounts(cookie)).find((a) => a.platform === platform)!;
}

/** Makes an account due: its access ends in `hours`, and it was last renewed a day ago. */
async function expiring(id: string, hours: number) {
  await echo.query(
    `update publish_accounts set token_expires_at = now() + make_interval(hours => $2),
       updated_at = now() - interval '1 day' where id = $1`,
    [id, hours],
  );
}
const row = async (id: string) =>
  (
    await echo.query<{
      credentials: string;
      token_expires_at: Date;
      status: string;
      last_error: string | null;
    }>('select credentials, token_expires_at, status, last_error from publish_accounts where id = $1', [id])
  )[0]!;
const pass = () => refreshExpiringTokens(echo.ctx, echo.ctx.jobs);
const reconnectMails = async (to: string) =>
  (
    await echo.query<{ n: number }>(
      "select count(*)::int as n from outbox where recipient = $1 and kind = 'publishing-reconnect'",
      [to],
    )
  )[0]!.n;

beforeAll(async () => {
  [x, li, bsky] = await Promise.all([startFakeX(), startFakeLinkedin(), startFakeBluesky()]);
  echo = await startStudioApp({
    PUBLISH_ALLOW_PRIVATE_HOSTS: 'true',
    BLUESKY_SERVICE_URL: bsky.origin,
    PUBLISH_TIMEOUT_SECONDS: '1',
    X_CLIENT_ID: x.clientId,
    X_CLIENT_SECRET: x.clientSecret,
    X_API_URL: x.origin,
    X_AUTHORIZE_URL: `${x.origin}/i/oauth2/authorize`,
    LINKEDIN_CLIENT_ID: li.clientId,
    LINKEDIN_CLIENT_SECRET: li.clientSecret,
    LINKEDIN_API_URL: li.origin,
    LINKEDIN_AUTH_URL: `${li.origin}/oauth/v2`,
  });
  alice = await sessionCookie(echo, 'alice@example.com');
  bob = await sessionCookie(echo, 'bob@example.com');
}, 120_000);
afterAll(async () => {
  await echo?.close();
  await Promise.all([x?.close(), li?.close(), bsky?.close()]);
});

describe('Background token refresh', () => {
  it('renews an expiring X token once with the refresh token and Basic client auth, even with two workers at once', async () => {
    const account = await connect('x', alice);
    const before = await row(account.id);
    // Connected just now: not due (its 2-hour access is renewed at most every 12 hours).
    expect((await pass()).refreshed).toBe(0);
    await expiring(account.id, 1);
    const [a, b] = await Promise.all([pass(), pass()]);
    expect(a.refreshed + b.refreshed).toBe(1);
    expect(a.reconnect + b.reconnect + a.failed + b.failed).toBe(0);
    expect(x.refreshes).toBe(1);
    const refreshCalls = x.tokenRequests.filter((r) => r.grantType === 'refresh_token');
    expect(refreshCalls).toEqual([{ grantType: 'refresh_token', clientAuth: true }]);
    const after = await row(account.id);
    expect(after.status).toBe('connected');
    expect(after.credentials).not.toBe(before.credentials);
    expect(after.token_expires_at.getTime()).toBeGreaterThan(Date.now() + 3_500_000);
    // The credentials stay sealed: no token of X's in the row.
    expect(after.credentials).not.toMatch(/accessToken|refreshToken/);
  });

  it('a failing refresh (X down, or refusing the app) keeps the account and its token; the next pass renews it', async () => {
    const account = (await accounts(alice)).find((a) => a.platform === 'x')!;
    await expiring(account.id, 1);
    const before = await row(account.id);
    x.failTokens(503);
    expect(await pass()).toMatchObject({ failed: 1, refreshed: 0, reconnect: 0 });
    const failed = await row(account.id);
    expect(failed).toMatchObject({ status: 'connected', credentials: before.credentials });
    expect(failed.last_error).toMatch(new RegExp(`^${REFRESH_FAILED_PREFIX}`));
    expect((await accounts(alice)).find((a) => a.id === account.id)!.status).toBe('connected');
    // X refusing the operator's app (its client secret changed) is the operator's to fix: no user is asked.
    x.failTokens(401);
    expect(await pass()).toMatchObject({ failed: 1, refreshed: 0, reconnect: 0 });
    expect(await row(account.id)).toMatchObject({ status: 'connected', credentials: before.credentials });
    expect(await reconnectMails('alice@example.com')).toBe(0);
    x.failTokens(null);
    expect((await pass()).refreshed).toBe(1);
    const renewed = await row(account.id);
    expect(renewed.credentials).not.toBe(before.credentials);
    expect(renewed.last_error).toBeNull();
  });

  it('renews LinkedIn programmatically where the app was given a refresh token (client id and secret in the form)', async () => {
    li.issueRefreshTokens = true;
    const account = await connect('linkedin', alice);
    await expiring(account.id, 48);
    const asked = li.tokenRequests.length;
    expect((await pass()).refreshed).toBe(1);
    expect(li.tokenRequests.slice(asked)).toEqual([{ grantType: 'refresh_token', clientAuth: true }]);
    const after = await row(account.id);
    expect(after.status).toBe('connected');
    expect(after.token_expires_at.getTime()).toBeGreaterThan(Date.now() + 50 * 86_400_000);
  });

  it('a LinkedIn account without a refresh token is marked "reconnect" and its owner e-mailed exactly once', async () => {
    li.issueRefreshTokens = false;
    const account = await connect('linkedin', bob);
    await expiring(account.id, 48);
    const asked = li.tokenRequests.length;
    expect((await pass()).reconnect).toBe(1);
    // Not due any more: a second pass neither calls LinkedIn nor e-mails again.
    await expiring(account.id, 47);
    expect(await pass()).toMatchObject({ reconnect: 0, refreshed: 0 });
    expect(li.tokenRequests.length).toBe(asked);
    expect((await accounts(bob)).find((a) => a.id === account.id)!.status).toBe('reconnect');
    expect(await reconnectMails('bob@example.com')).toBe(1);
    const mail = await echo.smtp.waitFor((m) =>
      m.some(
        (x) => x.to.includes('bob@example.com') && /Reconnect Alice Example on LinkedIn/.test(x.subject),
      ),
    );
    const text = mail.find((m) => m.to.includes('bob@example.com'))!.text ?? '';
    expect(text).toMatch(/did not let Echo renew it/);
    expect(await reconnectMails('alice@example.com')).toBe(0);
  });

  it('renews Bluesky with refreshSession and reads the new expiry from the refresh token', async () => {
    bsky.addAccount('carol.test', 'aaaa-bbbb-cccc-dddd');
    const res = await call('POST', '/api/publishing/accounts/bluesky', alice, {
      handle: 'carol.test',
      app_password: 'aaaa-bbbb-cccc-dddd',
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = (res.json() as PublishAccount).id;
    expect((await row(id)).token_expires_at.getTime()).toBeGreaterThan(Date.now() + 59 * 86_400_000);
    await expiring(id, 24);
    const calls = bsky.calls.length;
    expect((await pass()).refreshed).toBe(1);
    expect(bsky.calls.slice(calls)).toEqual(['com.atproto.server.refreshSession']);
    expect((await row(id)).token_expires_at.getTime()).toBeGreaterThan(Date.now() + 59 * 86_400_000);
  });
});

describe('Token refresh logs', () => {
  it('never carry a token, a refresh token or a sealed value (renewed, failed for now, refused)', async () => {
    const lines: string[] = [];
    const log = createLogger('debug', { write: (line: string) => void lines.push(line) });
    const deps = { ...echo.ctx, log };
    const xAccount = (await accounts(alice)).find((a) => a.platform === 'x')!;
    const secrets = new Set<string>();
    const remember = async () => {
      for (const { credentials } of await echo.query<{ credentials: string | null }>(
        'select credentials from publish_accounts where credentials is not null',
      )) {
        secrets.add(credentials!);
        for (const value of Object.values(await unseal(echo.ctx.config, credentials!)))
          if (typeof value === 'string' && value.length >= 16) secrets.add(value);
      }
    };
    await remember();
    await expiring(xAccount.id, 1);
    x.failTokens(502);
    expect((await refreshExpiringTokens(deps, echo.ctx.jobs)).failed).toBe(1);
    x.failTokens(null);
    expect((await refreshExpiringTokens(deps, echo.ctx.jobs)).refreshed).toBe(1);
    await remember();
    // Refused: X no longer knows this refresh token (the grant was revoked).
    await echo.query("update publish_accounts set updated_at = now() - interval '1 day' where id = $1", [
      xAccount.id,
    ]);
    await expiring(xAccount.id, 1);
    const sealed = (await row(xAccount.id)).credentials;
    const creds = await unseal(echo.ctx.config, sealed);
    await echo.query('update publish_accounts set credentials = $2 where id = $1', [
      xAccount.id,
      await seal(echo.ctx.config, { ...creds, refreshToken: 'revoked-refresh-token-000000' }),
    ]);
    await remember();
    expect((await refreshExpiringTokens(deps, echo.ctx.jobs)).reconnect).toBe(1);
    const text = lines.join('');
    expect(text).toMatch(/renewing the access failed for now/);
    expect(text).toMatch(/token refresh pass/);
    expect(text).toMatch(/reconnect asked/);
    expect(secrets.size).toBeGreaterThan(4);
    for (const secret of secrets) expect(text).not.toContain(secret);
    // Connected again for the admin test below.
    await echo.query("update publish_accounts set status = 'connected', last_error = null where id = $1", [
      xAccount.id,
    ]);
    await echo.query('update publish_accounts set credentials = $2 where id = $1', [xAccount.id, sealed]);
  });
});

describe('Token refresh on /admin/system', () => {
  it('shows accounts waiting to reconnect and refresh failures per platform, without any token', async () => {
    const account = (await accounts(alice)).find((a) => a.platform === 'x')!;
    await expiring(account.id, 1);
    x.failTokens(500);
    expect((await pass()).failed).toBe(1);
    x.failTokens(null);
    const login = await echo.app!.inject({
      method: 'POST',
      url: '/api/admin/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ password: TEST_ADMIN_PASSWORD }),
    });
    const body = (
      await echo.app!.inject({
        method: 'GET',
        url: '/api/health',
        headers: { authorization: `Bearer ${login.json().token}` },
      })
    ).json() as SystemHealth;
    const linkedin = body.publishing!.find((p) => p.platform === 'linkedin')!;
    expect(linkedin).toMatchObject({ connected: 1, reconnect: 1, refresh_failed: 0 });
    expect(linkedin.last_account_error).toMatch(/no refresh token/);
    const xLine = body.publishing!.find((p) => p.platform === 'x')!;
    expect(xLine).toMatchObject({ connected: 1, reconnect: 0, refresh_failed: 1 });
    expect(xLine.last_account_error).toMatch(/X 500/);
    const text = JSON.stringify(body.publishing);
    const sealed = await echo.query<{ credentials: string }>('select credentials from publish_accounts');
    for (const { credentials } of sealed) expect(text).not.toContain(credentials);
    expect(text).not.toMatch(/alice@example\.com|bob@example\.com|Bearer|accessJwt|refresh_token=/);
    // A renewal that worked clears the failure.
    expect((await pass()).refreshed).toBe(1);
    const again = (
      await echo.app!.inject({
        method: 'GET',
        url: '/api/health',
        headers: { authorization: `Bearer ${login.json().token}` },
      })
    ).json() as SystemHealth;
    expect(again.publishing!.find((p) => p.platform === 'x')).toMatchObject({ refresh_failed: 0 });
  });
});
