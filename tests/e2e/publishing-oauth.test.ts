import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage } from '#tests/support/browser.ts';
import { waitForCode } from '#tests/support/content-results.ts';
import {
  type FakeLinkedin,
  type FakeMastodon,
  type FakeX,
  startFakeLinkedin,
  startFakeMastodon,
  startFakeX,
} from '#tests/support/fake-social.ts';
import { freeStablePort } from '#tests/support/local-http.ts';
import { type StudioTestApp, startStudioApp } from '#tests/support/studio.ts';

/**
 * Connecting an OAuth platform in Chromium the way it happens for real: Echo on one site
 * (`localhost`), the platform on another (`127.0.0.1`), the user approving on the platform's own
 * page, and the platform's redirect bringing the browser back to Echo's callback. The browser treats
 * that navigation as coming from another site, so Echo's SameSite=Strict session cookie does not come
 * with it.
 */

let echo: StudioTestApp;
let masto: FakeMastodon;
let x: FakeX;
let li: FakeLinkedin;
let browser: Browser;
let closeBrowser: (() => Promise<void>) | undefined;
/** Echo as the browser reaches it: a different site from the fakes (all on 127.0.0.1). */
let site: string;

beforeAll(async () => {
  [masto, x, li] = await Promise.all([startFakeMastodon('alice', 500), startFakeX(), startFakeLinkedin()]);
  for (const fake of [masto, x, li]) fake.consent.ask = true;
  const port = await freeStablePort();
  site = `http://localhost:${port}`;
  [echo, { browser, close: closeBrowser }] = await Promise.all([
    startStudioApp({
      PORT: String(port),
      PUBLIC_URL: site,
      PUBLISH_ALLOW_PRIVATE_HOSTS: 'true',
      X_CLIENT_ID: x.clientId,
      X_CLIENT_SECRET: x.clientSecret,
      X_API_URL: x.origin,
      X_AUTHORIZE_URL: `${x.origin}/i/oauth2/authorize`,
      LINKEDIN_CLIENT_ID: li.clientId,
      LINKEDIN_CLIENT_SECRET: li.clientSecret,
      LINKEDIN_API_URL: li.origin,
      LINKEDIN_AUTH_URL: `${li.origin}/oauth/v2`,
    }),
    launchBrowser(),
  ]);
}, 120_000);
afterAll(async () => {
  await closeBrowser?.();
  await echo?.close();
  await Promise.all([masto?.close(), x?.close(), li?.close()]);
});

/** Signs in with the e-mailed code, so the browser holds the session cookie exactly as Echo sets it. */
async function signIn(context: BrowserContext, email: string) {
  const asked = await context.request.post(`${site}/api/content-results/request-access`, {
    data: { email, from: 'studio' },
  });
  expect(asked.status()).toBe(200);
  const code = await waitForCode(echo, email);
  const verified = await context.request.post(`${site}/api/content-results/verify-access`, {
    data: { email, code },
  });
  expect(verified.status(), await verified.text()).toBe(200);
  const session = (await context.cookies(`${site}/api/`)).find((c) => c.name === 'echo_dashboard');
  expect(session?.sameSite).toBe('Strict');
}

/** Approves on the platform's page, then waits to be back on Echo's Publishing tab. */
async function approveAndReturn(page: Page, platformOrigin: string) {
  await page.waitForURL((url) => url.origin === platformOrigin);
  await page.getByRole('button', { name: 'Authorize Echo' }).click();
  await page.waitForURL((url) => url.origin === site, { timeout: 15_000 });
  // Back on Echo: the callback sends the browser on to the Studio (a 401 would stay on the callback).
  await expect
    .poll(async () =>
      `${new URL(page.url()).pathname} ${await page.locator('body').innerText()}`.slice(0, 200),
    )
    .toMatch(/^\/studio /);
}

describe('Connecting an OAuth platform on another site than Echo', () => {
  it.each([
    ['Mastodon', 'mastodon'],
    ['X', 'x'],
    ['LinkedIn', 'linkedin'],
  ] as const)('%s: approve on the platform, come back connected', async (label, platform) => {
    const email = `oauth-${platform}@example.com`;
    const session = await openPage(browser, site);
    const { context, page } = session;
    // The platform is on another host: let the browser reach it (openPage keeps a page on its app).
    await context.unrouteAll();
    try {
      await signIn(context, email);
      await page.goto('/studio?tab=publishing');
      const fake = platform === 'mastodon' ? masto : platform === 'x' ? x : li;
      if (platform === 'mastodon') {
        await page.getByLabel('Your instance').fill(masto.origin);
        await page.getByRole('button', { name: 'Connect Mastodon' }).click();
      } else await page.getByRole('button', { name: `Connect ${label}` }).click();
      await approveAndReturn(page, fake.origin);

      expect(new URL(page.url()).searchParams.get('connected')).toBe(platform);
      await expect
        .poll(() => page.getByText(`${label} account connected.`).isVisible(), { timeout: 10_000 })
        .toBe(true);
      const [row] = await echo.query<{ platform: string; status: string }>(
        'select platform, status from publish_accounts where owner_email = $1',
        [email],
      );
      expect(row).toEqual({ platform, status: 'connected' });
      expect(session.pageErrors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('a callback link opened in another browser (without the one that started) connects nothing', async () => {
    const email = 'oauth-victim@example.com';
    const attacker = await openPage(browser, site);
    await attacker.context.unrouteAll();
    const victim = await openPage(browser, site);
    try {
      // The attacker starts a connection in their own session and stops at the redirect back.
      await signIn(attacker.context, 'oauth-attacker@example.com');
      const started = await attacker.context.request.post(`${site}/api/publishing/oauth/start`, {
        data: { platform: 'x' },
      });
      expect(started.status()).toBe(200);
      const { authorize_url } = (await started.json()) as { authorize_url: string };
      x.consent.ask = false;
      const approved = await fetch(authorize_url, { redirect: 'manual' });
      x.consent.ask = true;
      const back = approved.headers.get('location')!;
      expect(new URL(back).pathname).toBe('/api/publishing/oauth/callback');

      // Another browser, signed in, is sent the callback link: nothing is connected to anyone.
      await signIn(victim.context, email);
      await victim.page.goto(back);
      expect(new URL(victim.page.url()).searchParams.get('connected')).toBe('expired');
      expect(
        await echo.query('select 1 from publish_accounts where owner_email in ($1, $2)', [
          email,
          'oauth-attacker@example.com',
        ]),
      ).toEqual([]);
    } finally {
      await attacker.context.close();
      await victim.context.close();
    }
  });
});
