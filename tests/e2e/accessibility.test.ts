import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from '#tests/support/axe.ts';
import { DESKTOP, launchBrowser, openPage, PHONE } from '#tests/support/browser.ts';
import { createFakeYtDlp } from '#tests/support/fake-yt-dlp.ts';
import { startTestApp, TEST_ADMIN_PASSWORD, type TestApp } from '#tests/support/test-app.ts';
import { createSession } from '../../src/server/lib/sessions.ts';

// Keyboard-only flows are in keyboard.test.ts; the Studio's draft screen (drafts of a recorded and
// of a pasted note) is checked with the same helper in studio-drafts.test.ts.

let echo: TestApp;
let browser: Browser;
let closeBrowser: () => Promise<void>;
let adminToken: string;
let affiliateToken: string;
let dashboardToken: string;
let campaignId: string;
const DASHBOARD_EMAIL = 'a11y@example.com';

beforeAll(async () => {
  const ytdlp = await createFakeYtDlp({});
  [echo, { browser, close: closeBrowser }] = await Promise.all([
    startTestApp({ YTDLP_PATH: ytdlp.bin, SIGNUP_RATE_LIMIT: '1000', TREND_RATE_LIMIT: '1000' }),
    launchBrowser(),
  ]);
  const login = await fetch(`${echo.url}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ password: TEST_ADMIN_PASSWORD }),
  });
  expect(login.status).toBe(200);
  adminToken = (await login.json()).token;
  expect(adminToken).toBeTruthy();
  const campaign = await fetch(`${echo.url}/api/campaigns`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${adminToken}` },
    body: JSON.stringify({ name: 'Accessibility campaign' }),
  });
  expect(campaign.status).toBe(201);
  campaignId = String((await campaign.json()).id);
  const [affiliate] = await echo.query<{ id: string }>(
    `insert into affiliates (display_name, email, promotion_strategy, referral_code, status)
     values ('Ada Affiliate', 'ada@example.com', 'Weekly videos', 'ADA123', 'approved') returning id::text`,
  );
  affiliateToken = (await createSession(echo.ctx.database.db, 'affiliate', affiliate!.id, 1)).token;
  dashboardToken = (await createSession(echo.ctx.database.db, 'dashboard', DASHBOARD_EMAIL, 1)).token;
  const note = await fetch(`${echo.url}/api/studio/notes`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: `echo_dashboard=${dashboardToken}` },
    body: JSON.stringify({ text: 'Um, pricing is a story. Do you tell it well? I think we do!' }),
  });
  expect(note.status).toBe(201);
});
afterAll(async () => {
  await closeBrowser?.();
  await echo?.close();
});

interface Screen {
  path: string;
  /** Shown once the screen has rendered its content. */
  ready: (page: Page) => Promise<boolean>;
  signIn?: 'admin' | 'affiliate' | 'dashboard';
  /** Opens a dialog (or another state) to check too. */
  open?: (page: Page) => Promise<void>;
}

const heading = (name: string | RegExp) => (page: Page) =>
  page.getByRole('heading', { name }).first().isVisible();

const SCREENS: Screen[] = [
  { path: '/', ready: (page) => page.locator('h1').isVisible() },
  { path: '/privacy-policy', ready: (page) => page.locator('h1').isVisible() },
  { path: '/tos', ready: (page) => page.locator('h1').isVisible() },
  { path: '/unsubscribe', ready: (page) => page.locator('h1').isVisible() },
  { path: '/no-such-page', ready: (page) => page.locator('h1').isVisible() },
  { path: '/trends', ready: (page) => page.getByRole('form', { name: 'Add New Trend' }).isVisible() },
  { path: '/reaction-video', ready: (page) => page.getByRole('button', { name: 'Transcribe' }).isVisible() },
  { path: '/dashboard', ready: (page) => page.locator('h1').isVisible() },
  {
    path: `/dashboard?email=${encodeURIComponent(DASHBOARD_EMAIL)}`,
    signIn: 'dashboard',
    ready: (page) => page.locator('h1').isVisible(),
  },
  { path: '/studio', ready: (page) => page.locator('h1').isVisible() },
  {
    path: '/studio',
    signIn: 'dashboard',
    ready: (page) => page.getByTestId('based-on').isVisible(),
    // The note reader (transcript, fillers) and the delete dialog.
    open: async (page) => {
      await page.getByTestId('note').getByRole('link').first().click();
      await expect.poll(() => page.getByTestId('transcript').isVisible()).toBe(true);
      await page.getByRole('button', { name: 'Delete', exact: true }).click();
      await expect.poll(() => page.getByRole('dialog').isVisible()).toBe(true);
    },
  },
  { path: '/webhook-test', ready: (page) => page.locator('h1').isVisible() },
  {
    path: '/affiliate',
    ready: (page) => page.locator('h1').isVisible(),
    open: async (page) => {
      await page.getByRole('button', { name: /Apply/ }).first().click();
      await expect.poll(() => page.getByRole('dialog').isVisible()).toBe(true);
    },
  },
  { path: '/affiliate-login', ready: (page) => page.locator('h1').isVisible() },
  { path: '/affiliate-portal', ready: (page) => page.locator('h1').isVisible() },
  { path: '/affiliate-portal', signIn: 'affiliate', ready: heading(/Welcome back/) },
  { path: '/admin', ready: (page) => page.locator('h1').isVisible() },
  { path: '/admin', signIn: 'admin', ready: heading(/Affiliate/) },
  { path: '/admin/conversions', signIn: 'admin', ready: (page) => page.locator('h1').isVisible() },
  {
    path: '/campaigns',
    signIn: 'admin',
    ready: (page) => page.getByText('Accessibility campaign').first().isVisible(),
  },
  {
    path: '/campaigns/:id',
    signIn: 'admin',
    ready: (page) => page.getByText('Accessibility campaign').first().isVisible(),
  },
  { path: '/admin/outbox', signIn: 'admin', ready: (page) => page.locator('h1').isVisible() },
  {
    path: '/admin/system',
    signIn: 'admin',
    ready: (page) => page.getByRole('list', { name: 'Checklist' }).isVisible(),
  },
];

describe('accessibility (axe-core: no serious or critical violations)', () => {
  for (const viewport of [PHONE, DESKTOP]) {
    const width = viewport === PHONE ? 'phone' : 'desktop';
    it(`every screen at ${width} width`, async () => {
      const found: string[] = [];
      for (const screen of SCREENS) {
        const { page, context, pageErrors } = await openPage(browser, echo.url, viewport);
        try {
          if (screen.signIn === 'admin')
            await context.addInitScript((token) => localStorage.setItem('admin_token', token), adminToken);
          if (screen.signIn === 'affiliate')
            await context.addInitScript(
              (token) => localStorage.setItem('affiliate_token', token),
              affiliateToken,
            );
          if (screen.signIn === 'dashboard')
            await context.addCookies([
              { name: 'echo_dashboard', value: dashboardToken, url: `${echo.url}/api` },
            ]);
          const path = screen.path.replace(':id', campaignId);
          const label = `${path}${screen.signIn ? ` (${screen.signIn})` : ''}`;
          await page.goto(path);
          await expect.poll(() => screen.ready(page), { timeout: 10_000 }).toBe(true);
          found.push(...(await seriousViolations(page)).map((line) => `${label}: ${line}`));
          if (screen.open) {
            await screen.open(page);
            found.push(...(await seriousViolations(page)).map((line) => `${label} dialog: ${line}`));
          }
          expect(pageErrors).toEqual([]);
        } finally {
          await context.close();
        }
      }
      expect(found).toEqual([]);
    }, 240_000);
  }
});
