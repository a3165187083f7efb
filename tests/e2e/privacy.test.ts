import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, launchBrowser, openPage, PHONE } from '#tests/support/browser.ts';
import { insertResult, waitForCode } from '#tests/support/content-results.ts';
import { startTestApp, type TestApp } from '#tests/support/test-app.ts';
import { codeIn } from '../support/smtp-sink.ts';

let echo: TestApp;
let browser: Browser;
let closeBrowser: () => Promise<void>;

beforeAll(async () => {
  [echo, { browser, close: closeBrowser }] = await Promise.all([
    startTestApp({ META_PIXEL_ID: '112233445566' }),
    launchBrowser(),
  ]);
});
afterAll(async () => {
  await closeBrowser?.();
  await echo?.close();
});

async function signIn(page: Page, email: string) {
  await page.goto('/dashboard');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send Code' }).click();
  const codeField = page.getByRole('textbox', { name: 'Verification code' });
  await expect.poll(() => codeField.isVisible()).toBe(true);
  await codeField.fill(await waitForCode(echo, email));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect.poll(() => page.getByRole('heading', { name: 'Your Content' }).isVisible()).toBe(true);
}

const pixelRequests = (requests: string[]) =>
  requests.filter((u) => u.startsWith('https://connect.facebook.net/')).length;
const count = async (sql: string, values: unknown[]) =>
  Number((await echo.query<{ n: string }>(sql, values))[0]!.n);

describe('dashboard privacy controls', () => {
  it('the data-use switch persists per owner and stops the Meta pixel in this browser', async () => {
    const email = 'e2e-optout@example.com';
    const { page, context, foreignRequests, pageErrors } = await openPage(browser, echo.url, PHONE);
    try {
      await page.goto('/');
      // The pixel is configured: it loads for a browser that has not opted out.
      await expect.poll(() => pixelRequests(foreignRequests)).toBeGreaterThan(0);
      await signIn(page, email);
      const toggle = page.getByRole('switch', { name: "Don't use my data" });
      await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('false');
      await toggle.click();
      await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('true');
      await expect
        .poll(() => count('select count(*) as n from data_use_opt_outs where email = $1', [email]))
        .toBe(1);
      await expect.poll(() => page.evaluate(() => document.cookie)).toContain('echo_no_tracking=1');

      const before = pixelRequests(foreignRequests);
      await page.goto('/');
      await expect.poll(() => page.getByRole('heading', { level: 1 }).isVisible()).toBe(true);
      await page.waitForLoadState('networkidle');
      expect(pixelRequests(foreignRequests)).toBe(before);
      expect(await page.evaluate(() => typeof (window as unknown as { fbq?: unknown }).fbq)).toBe(
        'undefined',
      );

      // The choice is kept server-side: after a reload the switch is still on; off again resumes.
      await page.goto('/dashboard');
      await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('true');
      await toggle.press('Space');
      await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('false');
      await expect
        .poll(() => count('select count(*) as n from data_use_opt_outs where email = $1', [email]))
        .toBe(0);
      await expect.poll(() => page.evaluate(() => document.cookie)).not.toContain('echo_no_tracking=1');
      expect(pageErrors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("'Delete my data': confirmation dialog, fresh code, everything of that owner gone, e-mail, signed out", async () => {
    const email = 'e2e-delete@example.com';
    const other = 'e2e-keep@example.com';
    await insertResult(echo, { email, data: { transcription: 'mine' } });
    await insertResult(echo, { email, productType: 'trend_analysis', data: { summary: 'Hook.' } });
    await insertResult(echo, { email: other });
    const { page, context, pageErrors } = await openPage(browser, echo.url, DESKTOP);
    try {
      await signIn(page, email);
      await expect.poll(() => page.locator('[data-testid="content-result"]').count()).toBe(2);

      const open = page.getByRole('button', { name: 'Delete my data' });
      await open.click();
      const dialog = page.getByRole('dialog', { name: 'Delete all your data?' });
      await expect.poll(() => dialog.isVisible()).toBe(true);
      expect(await dialog.innerText()).toContain('It cannot be undone.');
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect.poll(() => dialog.isVisible()).toBe(false);
      expect(await count('select count(*) as n from content_results where user_email = $1', [email])).toBe(2);

      await open.click();
      await dialog.getByRole('button', { name: 'E-mail me a code' }).click();
      const codeField = dialog.getByRole('textbox', { name: 'Confirmation code' });
      await expect.poll(() => codeField.isVisible()).toBe(true);
      await echo.smtp.waitFor((mails) =>
        mails.some((m) => m.to.includes(email) && /Confirm deleting/.test(m.subject)),
      );
      const mail = echo.smtp.to(email).find((m) => /Confirm deleting/.test(m.subject))!;
      const code = codeIn(mail);
      await codeField.fill(code);
      await dialog.getByRole('button', { name: 'Delete permanently' }).click();

      await expect
        .poll(() => page.getByText('Your data has been deleted.', { exact: true }).isVisible())
        .toBe(true);
      await expect.poll(() => page.getByRole('heading', { name: 'Your Dashboard' }).isVisible()).toBe(true);
      expect(await count('select count(*) as n from content_results where user_email = $1', [email])).toBe(0);
      expect(await count('select count(*) as n from content_results where user_email = $1', [other])).toBe(1);
      await echo.smtp.waitFor((mails) =>
        mails.some((m) => m.to.includes(email) && /has been deleted/.test(m.subject)),
      );
      // Signed out for real: a reload asks for an e-mail again.
      await page.reload();
      await expect.poll(() => page.getByRole('button', { name: 'Send Code' }).isVisible()).toBe(true);
      expect(pageErrors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('the privacy policy names the dashboard switch and Delete my data beside the e-mail route', async () => {
    const { page, context } = await openPage(browser, echo.url, DESKTOP);
    try {
      await page.goto('/privacy-policy');
      const training = page.locator('section', { has: page.locator('h2#ai-model-training') });
      await expect.poll(() => training.isVisible()).toBe(true);
      const text = await training.innerText();
      expect(text).toContain('"Don\'t use my data" switch on your content dashboard');
      expect(text).toMatch(/or by e-mailing privacy@/i);
      expect(await page.locator('section', { has: page.locator('h2#your-rights') }).innerText()).toContain(
        '"Delete my data" on your content dashboard',
      );
      expect(await page.locator('main h2').count()).toBe(12);
    } finally {
      await context.close();
    }
  });
});
