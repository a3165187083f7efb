import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAPTIONS_ONLY_NOTICE } from '#contract/system.ts';
import { DESKTOP, launchBrowser, openPage, PHONE } from '#tests/support/browser.ts';
import { startTestApp, TEST_ADMIN_PASSWORD, type TestApp } from '#tests/support/test-app.ts';
import { REFRESH_FAILED_PREFIX } from '../../src/server/features/publishing/refresh.service.ts';

/** Where the screenshots go when SCREENSHOT_DIR is set (to look at them). */
const SHOTS = process.env.SCREENSHOT_DIR;

let echo: TestApp;
let withStt: TestApp;
let browser: Browser;
let closeBrowser: () => Promise<void>;

beforeAll(async () => {
  [echo, withStt, { browser, close: closeBrowser }] = await Promise.all([
    startTestApp(),
    startTestApp({ STT_BASE_URL: 'http://127.0.0.1:9/v1' }),
    launchBrowser(),
  ]);
});
afterAll(async () => {
  await closeBrowser?.();
  await Promise.all([echo?.close(), withStt?.close()]);
});

describe('users are told before, not after', () => {
  it('without a speech-to-text server, /reaction-video says up front that only videos with captions work', async () => {
    const { page, context, pageErrors } = await openPage(browser, echo.url, PHONE);
    try {
      await page.goto('/reaction-video');
      await expect.poll(() => page.getByText(CAPTIONS_ONLY_NOTICE).isVisible()).toBe(true);
      expect(pageErrors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('with one configured, the notice is not shown', async () => {
    const { page, context } = await openPage(browser, withStt.url, DESKTOP);
    try {
      const capabilities = page.waitForResponse((res) => res.url().endsWith('/api/capabilities'));
      await page.goto('/reaction-video');
      await capabilities;
      await expect.poll(() => page.getByRole('button', { name: 'Transcribe' }).isVisible()).toBe(true);
      expect(await page.getByText(CAPTIONS_ONLY_NOTICE).count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});

describe('/admin/system', () => {
  it('shows the checklist with what each missing piece means for users', async () => {
    const { page, context, pageErrors } = await openPage(browser, echo.url, DESKTOP);
    try {
      await page.goto('/admin/system');
      await page.getByLabel('Admin password').fill(TEST_ADMIN_PASSWORD);
      await page.keyboard.press('Enter');
      const checklist = page.getByRole('list', { name: 'Checklist' });
      await expect.poll(() => checklist.isVisible()).toBe(true);
      expect(await checklist.innerText()).toContain(
        'videos without captions cannot be transcribed: set STT_BASE_URL',
      );
      expect(await page.getByRole('region', { name: 'Outside services' }).innerText()).toContain(
        'Speech-to-text',
      );
      expect(await checklist.innerText()).toContain(`this machine's disk (${echo.ctx.config.dataDir})`);
      await expect
        .poll(() => page.getByText(/^Media storage: local disk, .* \(answers\)\.$/).isVisible())
        .toBe(true);
      expect(pageErrors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it.each([
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ])(
    'on a %s, publishing shows accounts waiting to reconnect and token renewals that failed, without tokens',
    async (name, viewport) => {
      await echo.query(
        `insert into publish_accounts (owner_email, platform, remote_id, handle, instance_url, status, credentials, char_limit, last_error)
       values ($1, 'bluesky', $2, '@a.test', 'https://pds.example', 'reconnect', 'sealed-secret-a', 300, 'Could not renew the access: Bluesky 401'),
              ($1, 'bluesky', $3, '@b.test', 'https://pds.example', 'connected', 'sealed-secret-b', 300, $4)
       on conflict do nothing`,
        [
          `admin-${name}@example.com`,
          `did:a:${name}`,
          `did:b:${name}`,
          `${REFRESH_FAILED_PREFIX}: Bluesky 502`,
        ],
      );
      const { page, context, pageErrors } = await openPage(browser, echo.url, viewport);
      try {
        await page.goto('/admin/system');
        await page.getByLabel('Admin password').fill(TEST_ADMIN_PASSWORD);
        await page.keyboard.press('Enter');
        const bluesky = page.getByRole('row', { name: /^Bluesky/ });
        await expect.poll(() => bluesky.isVisible(), { timeout: 10_000 }).toBe(true);
        const text = await bluesky.innerText();
        expect(text).toMatch(/connected, \d+ to reconnect, \d+ token renewal failed \(retried hourly\)/);
        expect(text).toMatch(/Latest: /);
        const page_ = await page.locator('body').innerText();
        expect(page_).not.toMatch(/sealed-secret|admin-\w+@example\.com/);
        if (SHOTS) await page.screenshot({ path: `${SHOTS}/admin-system-${name}.png`, fullPage: true });
        expect(pageErrors).toEqual([]);
      } finally {
        await context.close();
      }
    },
  );
});
