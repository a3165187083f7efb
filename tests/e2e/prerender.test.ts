import { brotliDecompressSync } from 'node:zlib';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRERENDERED_WEB_ROUTES } from '#contract/routes.ts';
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

/** What each prerendered page must show before any JavaScript runs: its title and a heading. */
const EXPECTED: Record<string, { title: RegExp; heading: string | RegExp }> = {
  '/': { title: /^Echo — Unmute yourself/, heading: /^Unmute Yourself\./ },
  '/privacy-policy': { title: /^Privacy Policy — Echo$/, heading: 'Privacy Policy' },
  '/tos': { title: /^Terms of Service — Echo$/, heading: 'Terms of Service' },
  '/trends': { title: /^Trend Analyzer — Echo$/, heading: 'Trend Analyzer' },
  '/reaction-video': { title: /^Transcription Tool — Echo$/, heading: 'Transcription Tool' },
  '/affiliate': {
    title: /^Affiliate Program — Echo$/,
    heading: 'Earn 20% recurring commission sharing Echo',
  },
  '/affiliate-login': { title: /^Affiliate Login — Echo$/, heading: 'Affiliate Login' },
};

describe('prerendered pages', () => {
  it('covers every prerendered route', () => {
    expect(Object.keys(EXPECTED).sort()).toEqual([...PRERENDERED_WEB_ROUTES].sort());
  });

  it('the server sends their HTML (compressed when the browser accepts it), other pages the empty shell', async () => {
    for (const route of PRERENDERED_WEB_ROUTES) {
      const res = await fetch(`${echo.url}${route}`, { headers: { 'accept-encoding': 'identity' } });
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(html).toMatch(/<div id="root">(<!--\$-->)?<div class=/);
      expect(html).not.toMatch(/<link rel="stylesheet"/); // the CSS is inline: nothing blocks the first paint
    }
    const inject = await echo.app!.inject({
      method: 'GET',
      url: '/trends',
      headers: { 'accept-encoding': 'br' },
    });
    expect(inject.headers['content-encoding']).toBe('br');
    expect(inject.headers.vary).toContain('accept-encoding');
    expect(brotliDecompressSync(inject.rawPayload).toString()).toContain(
      '<title>Trend Analyzer — Echo</title>',
    );
    // Pages that depend on who is asking (dashboard, portal, admin) are rendered in the browser.
    const dashboard = await (await fetch(`${echo.url}/dashboard`)).text();
    expect(dashboard).toContain('<div id="root"></div>');
  });

  it('show their content with JavaScript off, then hydrate with no mismatch and work', async () => {
    const context = await browser.newContext({ viewport: PHONE, javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      for (const [route, { title, heading }] of Object.entries(EXPECTED)) {
        await page.goto(`${echo.url}${route}`);
        expect(await page.title()).toMatch(title);
        expect(await page.getByRole('heading', { level: 1, name: heading }).isVisible()).toBe(true);
        // Forms cannot be submitted natively before the app runs (their fields would end up in the URL).
        for (const button of await page.locator('form button[type="submit"]').all())
          expect(await button.isDisabled()).toBe(true);
      }
    } finally {
      await context.close();
    }

    const { page, context: live, pageErrors } = await openPage(browser, echo.url, PHONE);
    try {
      for (const [route, { title, heading }] of Object.entries(EXPECTED)) {
        await page.goto(route); // waits for the app to mark the document ready
        expect(await page.title()).toMatch(title);
        expect(await page.getByRole('heading', { level: 1, name: heading }).isVisible()).toBe(true);
      }
      // Hydrated: the trends form reacts to typing.
      await page.goto('/trends');
      await page.getByLabel('Trend URL').fill('https://www.youtube.com/shorts/abc123');
      await expect.poll(() => page.getByText('Valid YouTube URL').isVisible()).toBe(true);
      // React reports a hydration mismatch as a console error.
      expect(pageErrors).toEqual([]);
    } finally {
      await live.close();
    }
  });
});
