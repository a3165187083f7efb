import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, PHONE } from '#tests/support/browser.ts';
import { waitForCode } from '#tests/support/content-results.ts';
import { createFakeYtDlp } from '#tests/support/fake-yt-dlp.ts';
import { startTestApp, TEST_ADMIN_PASSWORD, type TestApp } from '#tests/support/test-app.ts';

// A value put into a field the moment it shows (browser autofill, a password manager, a
// fast typist on a slow phone) must be what the form sends. The prerendered pages show their forms
// before the page's script has run; the others show them once the app has rendered them.

let echo: TestApp;
let browser: Browser;
let closeBrowser: () => Promise<void>;

beforeAll(async () => {
  const ytdlp = await createFakeYtDlp({});
  [echo, { browser, close: closeBrowser }] = await Promise.all([
    startTestApp({
      YTDLP_PATH: ytdlp.bin,
      TREND_RATE_LIMIT: '1000',
      SIGNUP_RATE_LIMIT: '1000',
    }),
    launchBrowser(),
  ]);
});
afterAll(async () => {
  await closeBrowser?.();
  await echo?.close();
});

interface SlowPhone {
  context: BrowserContext;
  page: Page;
  pageErrors: string[];
  /** POST requests to the API, in order. */
  posts: Request[];
  /** Lets the page's scripts load (held until then when `holdScripts`). */
  releaseScripts(): void;
}

/**
 * A phone-sized page with a 4x slower CPU and DevTools' 'Slow 4G' network. With `holdScripts` the
 * app's JavaScript is held back until `releaseScripts()`: whatever is done before happens on the
 * prerendered HTML alone, before hydration, however fast the machine running the test is.
 */
async function slowPhone(holdScripts: boolean): Promise<SlowPhone> {
  const context = await browser.newContext({ viewport: PHONE, baseURL: echo.url, reducedMotion: 'reduce' });
  const page = await context.newPage();
  // A phone throttled four times on a two-core machine shared with the rest of the suite: a step
  // that takes 8 s alone took over 20 s in a full run.
  page.setDefaultTimeout(45_000);
  const pageErrors: string[] = [];
  const posts: Request[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error' && !/Failed to load resource/.test(message.text()))
      pageErrors.push(message.text());
  });
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname.startsWith('/api/'))
      posts.push(request);
  });
  const origin = new URL(echo.url).origin;
  await context.route(
    (url) => url.origin !== origin,
    (route) => route.fulfill({ status: 404, body: '' }),
  );
  let releaseScripts = () => {};
  if (holdScripts) {
    const released = new Promise<void>((resolve) => {
      releaseScripts = resolve;
    });
    await page.route(
      (url) => url.origin === origin && url.pathname.endsWith('.js'),
      async (route) => {
        await released;
        await route.continue();
      },
    );
  }
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await cdp.send('Network.enable');
  // DevTools' 'Slow 4G' preset.
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 562.5,
    downloadThroughput: 180_000,
    uploadThroughput: 84_375,
  });
  return { context, page, pageErrors, posts, releaseScripts };
}

const hydrated = (page: Page) => page.evaluate(() => document.documentElement.dataset.ready === 'true');

/**
 * Opens a prerendered page with its scripts held, runs `fill` on the HTML alone (checking that the
 * app had not started), then lets the scripts load and waits for the app to take the page over.
 */
async function fillBeforeHydration(path: string, fill: (page: Page) => Promise<void>): Promise<SlowPhone> {
  const session = await slowPhone(true);
  const { page } = session;
  // Module scripts hold DOMContentLoaded back: wait for the HTML, not for the load events.
  await page.goto(path, { waitUntil: 'commit' });
  await fill(page);
  expect(await hydrated(page)).toBe(false);
  session.releaseScripts();
  await page.waitForSelector('html[data-ready]', { state: 'attached', timeout: 40_000 });
  return session;
}

const toast = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text });

describe('forms use what was filled in the moment they showed (slow phone)', () => {
  it('/affiliate-login: an address autofilled before hydration is sent (the code step opens)', async () => {
    const { context, page, pageErrors, posts } = await fillBeforeHydration('/affiliate-login', (page) =>
      page.getByLabel('Email').fill('early.affiliate@example.com'),
    );
    try {
      await page.getByRole('button', { name: 'Send Sign-In Code' }).click();
      await expect.poll(() => posts.map((r) => new URL(r.url()).pathname)).toContain('/api/auth/login');
      const login = posts.find((r) => r.url().endsWith('/api/auth/login'))!;
      expect(login.postDataJSON()).toEqual({ email: 'early.affiliate@example.com' });
      await page.getByLabel('Verification code').waitFor();
      await toast(page, 'Check your email').first().waitFor();
      expect(pageErrors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 90_000);

  it('/reaction-video: a link, platform and address filled before hydration enable the button and are submitted', async () => {
    const link = 'https://www.youtube.com/watch?v=earlyFill01';
    const form = (page: Page) => page.getByRole('form', { name: 'Submit a link for transcription' });
    const { context, page, pageErrors, posts } = await fillBeforeHydration(
      '/reaction-video',
      async (page) => {
        await form(page).getByLabel('Link', { exact: true }).fill(link);
        await form(page).getByLabel('Source platform').selectOption('Youtube');
        await form(page).getByLabel('Email').fill('early.viewer@example.com');
      },
    );
    try {
      const submit = form(page).getByRole('button', { name: 'Transcribe' });
      await expect.poll(() => submit.isEnabled()).toBe(true);
      await submit.click();
      await toast(page, 'Link submitted successfully!').first().waitFor();
      const sent = posts.find((r) => r.url().endsWith('/api/reaction-video/submit'))!;
      expect(sent.postDataJSON()).toEqual({ link, source: 'Youtube', email: 'early.viewer@example.com' });
      const rows = await echo.query<{ source_url: string }>(
        'select source_url from content_results where user_email = $1',
        ['early.viewer@example.com'],
      );
      expect(rows.map((r) => r.source_url)).toEqual([link]);
      expect(pageErrors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 90_000);

  it('/trends: a link pasted before hydration is added', async () => {
    const link = 'https://www.youtube.com/shorts/earlyFill02';
    const { context, page, pageErrors } = await fillBeforeHydration('/trends', (page) =>
      page.getByLabel('Trend URL').fill(link),
    );
    try {
      const form = page.getByRole('form', { name: 'Add New Trend' });
      // The platform follows the link, as when it is typed after the page has loaded.
      await expect.poll(() => form.getByLabel('Platform').inputValue()).toBe('youtube');
      await form.getByRole('button', { name: 'Add Trend' }).click();
      await toast(page, 'Trend added successfully').first().waitFor();
      const rows = await echo.query('select 1 from trends where source = $1', [link]);
      expect(rows).toHaveLength(1);
      expect(pageErrors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 90_000);

  it('/trends: a platform chosen before hydration stays chosen (its example link shows)', async () => {
    const { context, page, pageErrors } = await fillBeforeHydration('/trends', async (page) => {
      await page.getByLabel('Platform').selectOption('instagram');
    });
    try {
      const form = page.getByRole('form', { name: 'Add New Trend' });
      const url = form.getByLabel('Trend URL');
      await expect
        .poll(() => url.getAttribute('placeholder'))
        .toBe('https://www.instagram.com/reel/C1a2b3c4d5e/');
      expect(await form.getByLabel('Platform').inputValue()).toBe('instagram');
      // Typed after hydration, a link still picks its own platform.
      await url.fill('https://www.youtube.com/shorts/earlyFill03');
      await expect.poll(() => form.getByLabel('Platform').inputValue()).toBe('youtube');
      expect(pageErrors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 90_000);

  it('the admin gate: a password filled the moment it shows (a password manager) signs in', async () => {
    const { context, page, pageErrors, posts } = await slowPhone(false);
    try {
      await page.goto('/campaigns', { waitUntil: 'commit' });
      await page.getByLabel('Admin password').fill(TEST_ADMIN_PASSWORD);
      await page.getByRole('button', { name: 'Access Dashboard' }).click();
      await page.getByRole('form', { name: 'Create campaign' }).waitFor();
      const login = posts.find((r) => r.url().endsWith('/api/admin/login'))!;
      expect(login.postDataJSON()).toEqual({ password: TEST_ADMIN_PASSWORD });
      expect(pageErrors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 90_000);

  it('the landing waitlist: fields filled the moment the form shows are sent', async () => {
    const { context, page, pageErrors, posts } = await slowPhone(false);
    try {
      await page.goto('/#waitlist', { waitUntil: 'commit' });
      const form = page.getByRole('form', { name: 'Join the waitlist' });
      await form.getByLabel('Name').fill('Early Bird');
      await form.getByLabel('Email').fill('early.bird@example.com');
      await form.getByLabel('I am a...').selectOption({ index: 1 });
      await form.getByRole('button', { name: 'Join the Waitlist' }).click();
      await page.getByRole('heading', { name: "You're In!" }).waitFor();
      const sent = posts.find((r) => r.url().endsWith('/api/waitlist'))!;
      expect(sent.postDataJSON()).toMatchObject({ name: 'Early Bird', email: 'early.bird@example.com' });
      expect(pageErrors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 90_000);

  it('the affiliate application: fields filled the moment the dialog shows are sent', async () => {
    const { context, page, pageErrors } = await slowPhone(false);
    try {
      await page.goto('/affiliate', { waitUntil: 'commit' });
      await page.waitForSelector('html[data-ready]', { state: 'attached', timeout: 40_000 });
      await page.getByRole('button', { name: 'Apply Now' }).first().click();
      const form = page.getByRole('form', { name: 'Affiliate application' });
      await form.getByLabel('Full Name').fill('Early Applicant');
      await form.getByLabel('Email').fill('early.applicant@example.com');
      await form.getByLabel('How will you promote Echo?').fill('A weekly newsletter for 5,000 podcasters.');
      await form.getByRole('button', { name: /Submit/ }).click();
      await page.getByRole('heading', { name: 'Application Submitted!' }).waitFor();
      const rows = await echo.query('select 1 from affiliates where email = $1', [
        'early.applicant@example.com',
      ]);
      expect(rows).toHaveLength(1);
      expect(pageErrors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 90_000);

  it("the dashboard's sign-in: an address, then a code (one-time-code autofill), each filled the moment its step shows", async () => {
    const { context, page, pageErrors } = await slowPhone(false);
    try {
      await page.goto('/dashboard', { waitUntil: 'commit' });
      await page.getByLabel('Email').fill('early.reader@example.com');
      await page.getByRole('button', { name: 'Send Code' }).click();
      const code = await waitForCode(echo, 'early.reader@example.com');
      expect(code).toMatch(/^\d{6}$/);
      await page.getByLabel('Verification code').fill(code);
      await page.getByRole('button', { name: 'Verify' }).click();
      await toast(page, 'Access granted to your dashboard').first().waitFor();
      expect(pageErrors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 90_000);
});
