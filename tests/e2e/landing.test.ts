import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SOCIAL_PROFILE_URL, TAGLINE } from '#contract/brand.ts';
import { DESKTOP, launchBrowser, openPage, PHONE, showWaitlistForm } from '#tests/support/browser.ts';
import { startTestApp, type TestApp } from '#tests/support/test-app.ts';

let echo: TestApp;
let browser: Browser;
let closeBrowser: () => Promise<void>;

beforeAll(async () => {
  [echo, { browser, close: closeBrowser }] = await Promise.all([
    startTestApp({ SIGNUP_RATE_LIMIT: '1000' }),
    launchBrowser(),
  ]);
});
afterAll(async () => {
  await closeBrowser?.();
  await echo?.close();
});

async function apiCount(): Promise<number> {
  return (await (await fetch(`${echo.url}/api/waitlist/count`)).json()).count;
}

async function fillWaitlist(
  page: Page,
  values: { name?: string; email?: string; role?: string; struggle?: string },
) {
  const form = await showWaitlistForm(page);
  if (values.name !== undefined) await form.getByLabel('Name').fill(values.name);
  if (values.email !== undefined) await form.getByLabel('Email').fill(values.email);
  if (values.role) await form.getByLabel('I am a...').selectOption(values.role);
  if (values.struggle !== undefined) await form.getByLabel(/biggest content struggle/).fill(values.struggle);
  return form;
}

describe('landing page', () => {
  it('shows every section of spec §2 in order, with the exact strings', async () => {
    const { page, context, foreignRequests, pageErrors } = await openPage(browser, echo.url, DESKTOP);
    try {
      await page.goto('/');
      const header = page.locator('header').first();
      await expect.poll(() => header.isVisible()).toBe(true);
      for (const anchor of ['#features', '#demo', '#waitlist']) {
        expect(await header.locator(`a[href="${anchor}"]`).first().isVisible()).toBe(true);
      }
      expect(await header.getByRole('link', { name: 'Transcription Tool' }).getAttribute('href')).toBe(
        '/reaction-video',
      );
      expect(await header.getByRole('link', { name: 'Affiliate Program' }).getAttribute('href')).toBe(
        '/affiliate',
      );
      expect(await header.locator(`a[href="${SOCIAL_PROFILE_URL}"]`).count()).toBeGreaterThan(0);

      // Hero: mascot, unmute headline, the two buttons.
      const main = page.locator('main');
      expect(await main.locator('svg[role="img"]').first().isVisible()).toBe(true);
      expect(await page.locator('h1').innerText()).toMatch(/unmute/i);
      expect(await main.getByRole('button', { name: 'Join the Waitlist' }).first().isVisible()).toBe(true);
      const demo = main.getByRole('button', { name: /Watch Demo/ });
      expect(await demo.isDisabled()).toBe(true);
      const badgeId = await demo.getAttribute('aria-describedby');
      expect(await page.locator(`[id="${badgeId}"]`).innerText()).toBe('Coming Soon');

      // Stats strip: the live count and the two claims.
      const count = await apiCount();
      await expect
        .poll(() => page.getByTestId('waitlist-count').innerText())
        .toBe(count.toLocaleString('en-US'));
      const stats = page.getByRole('region', { name: 'Echo in numbers' });
      expect(await stats.getByText('10+', { exact: true }).isVisible()).toBe(true);
      expect(await stats.getByText('95%', { exact: true }).isVisible()).toBe(true);

      // Features: three tabs, video by default, the same three outputs, the demo panel only on Voice Note.
      const features = page.locator('#features');
      const tabs = features.getByRole('tab');
      expect(await tabs.allInnerTexts()).toEqual(['Upload Video', 'Voice Note', 'Social Import']);
      expect(await features.getByRole('tab', { name: 'Upload Video' }).getAttribute('aria-selected')).toBe(
        'true',
      );
      const panel = features.getByRole('tabpanel');
      expect(await panel.innerText()).toContain('Car rant, workshop, or Zoom call — Echo finds the gold.');
      for (const output of ['SEO Blog Post', 'Social Media Kit', 'Viral Clips'])
        expect(await panel.innerText()).toContain(output);
      expect(await panel.getByPlaceholder("What's on your mind today?").count()).toBe(0);

      await features.getByRole('tab', { name: 'Voice Note' }).click();
      expect(await panel.innerText()).toContain('Half-baked thought? Perfect starting point.');
      for (const output of ['SEO Blog Post', 'Social Media Kit', 'Viral Clips'])
        expect(await panel.innerText()).toContain(output);
      expect(await panel.getByPlaceholder("What's on your mind today?").isVisible()).toBe(true);
      expect(await panel.getByRole('button', { name: 'Record' }).isVisible()).toBe(true);
      expect(await panel.innerText()).toMatch(/tip/i);

      await features.getByRole('tab', { name: 'Social Import' }).click();
      expect(await panel.innerText()).toMatch(/repurpose/i);
      for (const output of ['SEO Blog Post', 'Social Media Kit', 'Viral Clips'])
        expect(await panel.innerText()).toContain(output);
      expect(await panel.getByPlaceholder("What's on your mind today?").count()).toBe(0);

      // Remaining sections, in order.
      const headings = [
        page.locator('h1'),
        page.getByTestId('waitlist-count'),
        page.locator('#features'),
        page.getByRole('heading', { name: 'What You Get' }),
        page.getByRole('heading', { name: 'Learns Your Voice' }),
        page.getByRole('heading', { name: 'Why Unmute Yourself?' }),
        page.getByRole('heading', { name: 'Join the Waitlist' }),
        page.locator('footer').last(),
      ];
      const tops: number[] = [];
      for (const h of headings) tops.push((await h.first().boundingBox())!.y);
      expect([...tops].sort((a, b) => a - b)).toEqual(tops);
      for (const card of ['Learns Your Voice', 'Stores Your Ideas', 'Evolves With You']) {
        expect(await page.getByRole('heading', { name: card }).isVisible()).toBe(true);
      }
      expect(await (await showWaitlistForm(page)).isVisible()).toBe(true);
      expect(await main.innerText()).toContain('20% recurring commission on every referral');

      const footer = page.locator('footer').last();
      for (const href of ['/privacy-policy', '/tos', '/affiliate'])
        expect(await footer.locator(`a[href="${href}"]`).count()).toBe(1);
      expect(await footer.innerText()).toContain(TAGLINE);

      // No pixel configured: nothing was requested from any other host, and no script errors.
      expect(foreignRequests).toEqual([]);
      expect(pageErrors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("'Join the Waitlist' in the hero brings the form into view; #demo opens the Voice Note tab", async () => {
    const { page, context } = await openPage(browser, echo.url, DESKTOP);
    try {
      await page.goto('/');
      await page.locator('main').getByRole('button', { name: 'Join the Waitlist' }).first().click();
      await expect
        .poll(() =>
          page
            .locator('#waitlist form')
            .evaluate((el) => el.getBoundingClientRect().top < window.innerHeight),
        )
        .toBe(true);
      await page.locator('header').first().locator('a[href="#demo"]').first().click();
      await expect
        .poll(() => page.getByRole('tab', { name: 'Voice Note' }).getAttribute('aria-selected'))
        .toBe('true');
    } finally {
      await context.close();
    }
  });
});

describe('waitlist signup', () => {
  it('shows the spec messages for empty and invalid fields and sends nothing', async () => {
    const { page, context } = await openPage(browser, echo.url, DESKTOP);
    let posts = 0;
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().endsWith('/api/waitlist')) posts++;
    });
    try {
      await page.goto('/#waitlist');
      const form = page.getByRole('form', { name: 'Join the waitlist' });
      await form.getByRole('button', { name: 'Join the Waitlist' }).click();
      await expect
        .poll(() => form.getByRole('alert').allInnerTexts())
        .toEqual(['Name is required', 'Invalid email address', 'Please select your role']);
      expect(await form.getByLabel('Name').getAttribute('aria-invalid')).toBe('true');
      await fillWaitlist(page, { name: 'Ann', email: 'not-an-email' });
      await form.getByRole('button', { name: 'Join the Waitlist' }).click();
      await expect
        .poll(() => form.getByRole('alert').allInnerTexts())
        .toEqual(['Invalid email address', 'Please select your role']);
      expect(posts).toBe(0);
    } finally {
      await context.close();
    }
  });

  it("joins: 'Joining...' while pending, then 'You're In!', the 'Success!' toast, a welcome e-mail and a higher count", async () => {
    const { page, context, foreignRequests } = await openPage(browser, echo.url, DESKTOP);
    try {
      await page.goto('/');
      const before = await apiCount();
      await expect
        .poll(() => page.getByTestId('waitlist-count').innerText())
        .toBe(before.toLocaleString('en-US'));
      // Hold the request briefly so the pending state can be seen.
      await page.route('**/api/waitlist', async (route) => {
        await new Promise((r) => setTimeout(r, 400));
        await route.continue();
      });
      const form = await fillWaitlist(page, {
        name: 'Browser Person',
        email: 'Browser.Person@Example.com',
        role: 'Service Provider',
        struggle: 'Turning client calls into posts',
      });
      expect(await form.getByLabel(/biggest content struggle/).getAttribute('rows')).toBe('4');
      await form.getByRole('button', { name: 'Join the Waitlist' }).click();
      const pending = form.getByRole('button', { name: 'Joining...' });
      await expect.poll(() => pending.isDisabled()).toBe(true);

      await expect.poll(() => page.getByRole('heading', { name: "You're In!" }).isVisible()).toBe(true);
      expect(await page.locator('#waitlist form').count()).toBe(0);
      expect(
        await page
          .locator('#waitlist')
          .getByRole('link', { name: /Follow/ })
          .getAttribute('href'),
      ).toBe(SOCIAL_PROFILE_URL);
      const toast = page.getByRole('status').filter({ hasText: 'Success!' });
      await expect.poll(() => toast.innerText()).toContain("You've been added to the waitlist.");
      await expect
        .poll(() => page.getByTestId('waitlist-count').innerText())
        .toBe((before + 1).toLocaleString('en-US'));

      const rows = await echo.query(
        'select name, email, role, struggle from waitlist_signups where email = $1',
        ['browser.person@example.com'],
      );
      expect(rows).toEqual([
        {
          name: 'Browser Person',
          email: 'browser.person@example.com',
          role: 'Service Provider',
          struggle: 'Turning client calls into posts',
        },
      ]);
      await echo.smtp.waitFor((m) => m.some((x) => x.to.includes('browser.person@example.com')));
      expect(foreignRequests).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("tells a returning address 'You're already in our system!' and e-mails a reminder", async () => {
    await fetch(`${echo.url}/api/waitlist`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Returning', email: 'returning@example.com', role: 'Founder' }),
    });
    const { page, context } = await openPage(browser, echo.url, DESKTOP);
    try {
      await page.goto('/');
      const form = await fillWaitlist(page, {
        name: 'Returning Again',
        email: '  RETURNING@example.com',
        role: 'Other',
      });
      await form.getByRole('button', { name: 'Join the Waitlist' }).click();
      const toast = page.getByRole('status').filter({ hasText: "You're already in our system!" });
      await expect
        .poll(() => toast.innerText())
        .toContain("We've sent you a reminder email with all the details.");
      await echo.smtp.waitFor((m) => m.filter((x) => x.to.includes('returning@example.com')).length === 2);
      expect(echo.smtp.to('returning@example.com').map((m) => m.subject)).toContain(
        "You're already on the Echo waitlist",
      );
      expect(
        await echo.query(`select 1 from waitlist_signups where email = 'returning@example.com'`),
      ).toHaveLength(1);
    } finally {
      await context.close();
    }
  });

  it("shows the server's message in an 'Error' toast, and the fallback when the network fails", async () => {
    const { page, context } = await openPage(browser, echo.url, DESKTOP);
    try {
      await page.goto('/');
      await page.route('**/api/waitlist', (route) =>
        route.fulfill({
          status: 429,
          contentType: 'application/json',
          body: JSON.stringify({ message: 'Too many requests. Please try again later.' }),
        }),
      );
      const form = await fillWaitlist(page, { name: 'Err', email: 'err@example.com', role: 'Creator' });
      await form.getByRole('button', { name: 'Join the Waitlist' }).click();
      const toast = page.getByRole('status').filter({ hasText: 'Error' });
      await expect.poll(() => toast.innerText()).toContain('Too many requests. Please try again later.');
      expect(await form.getByRole('button', { name: 'Join the Waitlist' }).isEnabled()).toBe(true);

      await page.unroute('**/api/waitlist');
      await page.route('**/api/waitlist', (route) => route.abort('connectionrefused'));
      await form.getByRole('button', { name: 'Join the Waitlist' }).click();
      await expect
        .poll(() => page.getByRole('status').filter({ hasText: 'Error' }).innerText())
        .toContain('Failed to join waitlist. Please try again.');
    } finally {
      await context.close();
    }
  });

  it("fires the pixel's 'Lead' event after a signup when META_PIXEL_ID is configured", async () => {
    const pixelApp = await startTestApp({ META_PIXEL_ID: '998877665544' });
    const { page, context } = await openPage(browser, pixelApp.url, DESKTOP);
    try {
      // A stand-in for fbevents.js that records what the page asks of it.
      await context.unrouteAll();
      await context.route('https://connect.facebook.net/**', (route) =>
        route.fulfill({
          contentType: 'application/javascript',
          body: 'window.__pixel = window.__pixel || []; window.fbq.callMethod = function () { window.__pixel.push(Array.from(arguments)); }; (window.fbq.queue || []).forEach(function (a) { window.__pixel.push(a); });',
        }),
      );
      await page.goto('/');
      await expect
        .poll(() =>
          page.evaluate(() => (window as unknown as { __pixel?: unknown[][] }).__pixel?.length ?? 0),
        )
        .toBeGreaterThan(0);
      const form = await fillWaitlist(page, { name: 'Pixel', email: 'pixel@example.com', role: 'Creator' });
      await form.getByRole('button', { name: 'Join the Waitlist' }).click();
      await expect
        .poll(() => page.evaluate(() => (window as unknown as { __pixel: unknown[][] }).__pixel))
        .toContainEqual(['track', 'Lead']);
      const calls = await page.evaluate(() => (window as unknown as { __pixel: unknown[][] }).__pixel);
      expect(calls).toContainEqual(['init', '998877665544']);
    } finally {
      await context.close();
      await pixelApp.close();
    }
  });
});

describe('phone layout', () => {
  it('collapses the header into a menu that closes on any link click and on Escape', async () => {
    const { page, context } = await openPage(browser, echo.url, PHONE);
    try {
      await page.goto('/');
      const toggle = page.getByTestId('mobile-menu-toggle');
      expect(await toggle.getAttribute('aria-label')).toBe('Open menu');
      expect(await toggle.getAttribute('aria-expanded')).toBe('false');
      expect(
        await page.locator('header').first().getByRole('link', { name: 'Transcription Tool' }).isVisible(),
      ).toBe(false);

      const links = ['#features', '#demo', '#waitlist', '/reaction-video', '/affiliate'];
      for (const href of links.slice(0, 3)) {
        await toggle.click();
        const menu = page.getByTestId('mobile-menu');
        await expect.poll(() => menu.isVisible()).toBe(true);
        expect(await toggle.getAttribute('aria-label')).toBe('Close menu');
        for (const h of links) expect(await menu.locator(`a[href="${h}"]`).count()).toBe(1);
        await menu.locator(`a[href="${href}"]`).click();
        await expect.poll(() => menu.isVisible()).toBe(false);
        expect(await toggle.getAttribute('aria-expanded')).toBe('false');
      }
      await toggle.click();
      await expect.poll(() => page.getByTestId('mobile-menu').isVisible()).toBe(true);
      await page.keyboard.press('Escape');
      await expect.poll(() => page.getByTestId('mobile-menu').isVisible()).toBe(false);
    } finally {
      await context.close();
    }
  });

  it('fits a 375 px screen without sideways scrolling and still signs up', async () => {
    const { page, context } = await openPage(browser, echo.url, PHONE);
    try {
      await page.goto('/');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        PHONE.width,
      );
      const form = await fillWaitlist(page, { name: 'Phone', email: 'phone@example.com', role: 'Creator' });
      await form.getByRole('button', { name: 'Join the Waitlist' }).click();
      await expect.poll(() => page.getByRole('heading', { name: "You're In!" }).isVisible()).toBe(true);
    } finally {
      await context.close();
    }
  });
});
