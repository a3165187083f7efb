import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, PHONE } from '#tests/support/browser.ts';
import { startTestApp, type TestApp } from '#tests/support/test-app.ts';

let echo: TestApp;
let browser: Browser;
let closeBrowser: () => Promise<void>;

beforeAll(async () => {
  [echo, { browser, close: closeBrowser }] = await Promise.all([startTestApp(), launchBrowser()]);
});
afterAll(async () => {
  await closeBrowser?.();
  await echo?.close();
});

const PRIVACY_SECTIONS = [
  'Information We Collect',
  'How We Use Your Information',
  'Data Storage and Security',
  'Data Retention',
  'Your Rights',
  'Third-Party Services',
  'AI Model Training',
  'Cookies',
  "Children's Privacy",
  'Changes to This Policy',
  'Governing Law',
  'Contact Us',
];
const TERMS_SECTIONS = [
  'Eligibility',
  'Description of Service',
  'User Accounts',
  'Imported Content',
  'Generated Content',
  'User Responsibilities',
  'Subscription and Billing',
  'Data Storage and Transfer',
  'Termination',
  'Disclaimer of Warranties',
  'Limitation of Liability',
  'Modifications to the Service and Terms',
  'Governing Law',
  'Contact',
];

describe('legal and info pages', () => {
  it('privacy policy: 12 numbered sections, consistent with the promises of spec §1 item 9', async () => {
    const { page, context, pageErrors } = await openPage(browser, echo.url);
    try {
      await page.goto('/privacy-policy');
      await expect.poll(() => page.locator('h1').innerText()).toBe('Privacy Policy');
      const headings = await page.locator('main h2').allInnerTexts();
      expect(headings).toEqual(PRIVACY_SECTIONS.map((title, i) => `${i + 1}. ${title}`));
      const text = await page.locator('main').innerText();
      expect(text).toContain('January 1, 2024');
      expect(text).toMatch(/18/);
      expect(text).toMatch(/Bahamas/);
      expect(text).toMatch(/24 months/);
      expect(text).toMatch(/opt out/i);
      expect(text).toMatch(/permanently delete/i);
      expect(await page.locator('header a[href="/"]').count()).toBeGreaterThan(0);
      expect(await page.locator('footer a[href="/tos"]').count()).toBe(1);
      expect(pageErrors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('terms of service: 14 sections including 8.A', async () => {
    const { page, context } = await openPage(browser, echo.url);
    try {
      await page.goto('/tos');
      await expect.poll(() => page.locator('h1').innerText()).toBe('Terms of Service');
      expect(await page.locator('main h2').allInnerTexts()).toEqual(
        TERMS_SECTIONS.map((title, i) => `${i + 1}. ${title}`),
      );
      expect(await page.locator('main h3').allInnerTexts()).toContain(
        '8.A Data Usage for Product Improvement',
      );
      const text = await page.locator('main').innerText();
      expect(text).toMatch(/Bahamas/);
      expect(text).toMatch(/non-refundable/i);
      expect(text).toMatch(/end of (the|your) (current )?billing cycle/i);
    } finally {
      await context.close();
    }
  });

  it("unsubscribe: points to the e-mail link or support, and 'Return to Homepage' goes home", async () => {
    const { page, context } = await openPage(browser, echo.url, PHONE);
    try {
      await page.goto('/unsubscribe');
      const text = await page.locator('main').innerText();
      expect(text).toMatch(/unsubscribe link/i);
      expect(text).toMatch(/support@/);
      await page.getByRole('link', { name: 'Return to Homepage' }).click();
      await expect.poll(() => new URL(page.url()).pathname).toBe('/');
      await expect.poll(() => page.locator('h1').innerText()).toMatch(/unmute/i);
    } finally {
      await context.close();
    }
  });

  it("unknown paths show '404 Page Not Found' with the router hint", async () => {
    const { page, context } = await openPage(browser, echo.url);
    try {
      const response = await page.goto('/this/does/not/exist');
      expect(response?.status()).toBe(404);
      await expect
        .poll(() => page.getByRole('heading', { name: '404 Page Not Found' }).isVisible())
        .toBe(true);
      expect(await page.locator('main').innerText()).toContain(
        'Did you forget to add the page to the router?',
      );
    } finally {
      await context.close();
    }
  });
});
