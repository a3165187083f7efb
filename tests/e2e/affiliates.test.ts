import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, launchBrowser, openPage, PHONE, showWaitlistForm } from '#tests/support/browser.ts';
import { codeIn } from '#tests/support/smtp-sink.ts';
import { startTestApp, TEST_ADMIN_PASSWORD, type TestApp } from '#tests/support/test-app.ts';

const STRIPE_SECRET = 'whsec_e2e_affiliates';
let echo: TestApp;
let browser: Browser;
let closeBrowser: () => Promise<void>;

beforeAll(async () => {
  [echo, { browser, close: closeBrowser }] = await Promise.all([
    startTestApp({ SIGNUP_RATE_LIMIT: '1000', STRIPE_WEBHOOK_SECRET: STRIPE_SECRET }),
    launchBrowser(),
  ]);
});
afterAll(async () => {
  await closeBrowser?.();
  await echo?.close();
});

/** Set SCREENSHOT_DIR to keep a picture of each screen (for looking at the pages). */
async function shot(page: Page, name: string) {
  const dir = process.env.SCREENSHOT_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  const size = page.viewportSize()!;
  for (const viewport of [size, size.width === PHONE.width ? DESKTOP : PHONE]) {
    await page.setViewportSize(viewport);
    await page.screenshot({ path: path.join(dir, `${name}-${viewport.width}.png`), fullPage: true });
  }
  await page.setViewportSize(size);
}

const toast = (page: Page, title: string) => page.getByRole('status').filter({ hasText: title });

async function codeFromMail(email: string): Promise<string> {
  const mails = await echo.smtp.waitFor((m) =>
    m.some((x) => x.to.includes(email) && /sign-in code/.test(x.subject)),
  );
  const mail = mails.filter((x) => x.to.includes(email) && /sign-in code/.test(x.subject)).at(-1)!;
  return codeIn(mail);
}

async function adminSignIn(page: Page, path = '/admin') {
  await page.goto(path);
  await page.getByLabel('Admin password').fill(TEST_ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Access Dashboard' }).click();
}

async function sendStripe(type: string, object: Record<string, unknown>, id: string) {
  const payload = JSON.stringify({ id, object: 'event', type, data: { object } });
  const res = await fetch(`${echo.url}/api/webhooks/stripe`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret: STRIPE_SECRET }),
    },
    body: payload,
  });
  expect(res.status).toBe(200);
}

describe('affiliate programme, end to end', () => {
  it('apply -> admin approves -> sign in by e-mailed code -> link -> referred signup -> paid invoice -> conversion in admin and portal', async () => {
    const affiliate = await openPage(browser, echo.url, DESKTOP);
    const admin = await openPage(browser, echo.url, DESKTOP);
    const visitor = await openPage(browser, echo.url, PHONE);
    for (const session of [affiliate, admin, visitor]) session.page.setDefaultTimeout(15_000);
    try {
      // 1. Apply.
      const { page } = affiliate;
      await page.goto('/affiliate');
      await expect.poll(() => page.getByRole('heading', { name: 'Why Join' }).isVisible()).toBe(true);
      for (const heading of ['Why Join', 'How It Works', 'Rules', "Who It's For", 'Payouts'])
        expect(await page.getByRole('heading', { name: heading, exact: true }).isVisible()).toBe(true);
      expect(await page.getByRole('link', { name: 'Affiliate Login' }).getAttribute('href')).toBe(
        '/affiliate-login',
      );
      await shot(page, 'affiliate-landing');
      await page.getByRole('button', { name: 'Apply Now' }).first().click();
      const form = page.getByRole('form', { name: 'Affiliate application' });
      await form.getByRole('button', { name: 'Submit Application' }).click();
      await expect
        .poll(() => form.getByRole('alert').allInnerTexts())
        .toEqual([
          'Name must be at least 2 characters',
          'Invalid email address',
          'Please provide more detail about your promotion strategy',
        ]);
      await form.getByLabel('Full Name').fill('Nora Creator');
      await form.getByLabel('Email').fill('nora@example.com');
      await form.getByLabel('Company Name').fill('Nora Studio');
      await form
        .getByLabel('How will you promote Echo?')
        .fill('Weekly YouTube videos about creator workflows.');
      await shot(page, 'affiliate-apply-dialog');
      await form.getByRole('button', { name: 'Submit Application' }).click();
      await expect
        .poll(() => page.getByRole('heading', { name: 'Application Submitted!' }).isVisible())
        .toBe(true);
      expect(await page.getByRole('button', { name: 'Submit Another Application' }).isVisible()).toBe(true);
      expect(await page.getByRole('button', { name: 'Back to Home' }).isVisible()).toBe(true);
      await shot(page, 'affiliate-submitted');

      // 2. The admin approves.
      const a = admin.page;
      await adminSignIn(a);
      const card = a.getByTestId('affiliate-card').filter({ hasText: 'nora@example.com' });
      await expect.poll(() => card.isVisible()).toBe(true);
      expect(await a.getByRole('tab', { name: /Pending \(1\)/ }).isVisible()).toBe(true);
      await a.getByLabel('Search affiliates').fill('nora studio');
      await expect.poll(() => card.count()).toBe(1);
      await card.getByRole('button', { name: 'Details for Nora Creator' }).click();
      const dialog = a.getByRole('dialog');
      await expect.poll(() => dialog.innerText()).toContain('Weekly YouTube videos about creator workflows.');
      await shot(a, 'admin-details');
      await dialog.getByRole('button', { name: 'Approve Nora Creator' }).click();
      await expect.poll(() => toast(a, 'Status Updated').isVisible()).toBe(true);
      await expect.poll(() => dialog.getByRole('button', { name: /Approve/ }).count()).toBe(0);
      await dialog.getByRole('button', { name: 'Close dialog' }).click();
      await expect.poll(() => dialog.count()).toBe(0);
      await a.getByRole('tab', { name: /Approved/ }).click();
      await expect.poll(() => card.innerText()).toContain('Approved');
      expect(await card.getByRole('button', { name: /Approve|Reject/ }).count()).toBe(0);
      await shot(a, 'admin-affiliates');
      const [{ referral_code: code }] = await echo.query<{ referral_code: string }>(
        "select referral_code from affiliates where email = 'nora@example.com'",
      );

      // 3. The affiliate signs in with the e-mailed code.
      await page.getByRole('button', { name: 'Back to Home' }).click();
      await page.goto('/affiliate-login');
      await shot(page, 'affiliate-login');
      await page.getByLabel('Email').fill('nora@example.com');
      await page.getByRole('button', { name: 'Send Sign-In Code' }).click();
      await page.getByLabel('Verification code').fill(await codeFromMail('nora@example.com'));
      await page.getByRole('button', { name: 'Sign In' }).click();
      await expect.poll(() => toast(page, 'Login Successful').isVisible()).toBe(true);
      await expect.poll(() => new URL(page.url()).pathname).toBe('/affiliate-portal');
      expect(await page.evaluate(() => localStorage.getItem('affiliate_token'))).toBeTruthy();
      await expect
        .poll(() => page.getByRole('heading', { name: 'Welcome back, Nora Creator!' }).isVisible())
        .toBe(true);
      const linkField = page.getByLabel('Referral link', { exact: true });
      expect(await linkField.inputValue()).toMatch(new RegExp(`/\\?ref=${code}$`));
      await affiliate.context.grantPermissions(['clipboard-read', 'clipboard-write']);
      await page.getByRole('button', { name: 'Copy referral link' }).click();
      await expect
        .poll(() => page.getByRole('button', { name: 'Copy referral link' }).innerText())
        .toBe('Copied!');
      await expect.poll(() => toast(page, 'Link Copied').isVisible()).toBe(true);
      await shot(page, 'portal-overview');

      // 4. A fresh browser follows the link and joins the waitlist.
      const v = visitor.page;
      // Headless Chromium says "HeadlessChrome", which isbot rightly counts as a bot: the visitor
      // presents the user agent of the desktop browser a real person would use.
      await visitor.context.setExtraHTTPHeaders({
        'user-agent':
          'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36',
      });
      await v.goto(`/?ref=${code}`);
      const cookies = await visitor.context.cookies();
      expect(cookies.find((c) => c.name === 'ref')).toMatchObject({ value: code, httpOnly: true });
      const waitlist = await showWaitlistForm(v);
      await waitlist.getByLabel('Name').fill('Riley Referred');
      await waitlist.getByLabel('Email').fill('riley@example.com');
      await waitlist.getByLabel('I am a...').selectOption('Creator');
      await waitlist.getByRole('button', { name: 'Join the Waitlist' }).click();
      await expect.poll(() => toast(v, 'Success!').isVisible()).toBe(true);

      // 5. A signed invoice.paid arrives.
      await sendStripe(
        'invoice.paid',
        {
          id: 'in_e2e',
          customer: 'cus_e2e',
          customer_email: 'riley@example.com',
          amount_paid: 2900,
          billing_reason: 'subscription_create',
        },
        'evt_e2e_1',
      );

      // 6. The conversion appears in /admin/conversions ...
      await a.getByRole('link', { name: 'Conversions' }).click();
      const row = a.getByTestId('conversion-row').filter({ hasText: 'riley@example.com' });
      await expect.poll(() => row.innerText()).toContain('$29.00');
      expect(await row.innerText()).toContain('$5.80');
      expect(await row.innerText()).toContain('Nora Creator');
      expect(await a.getByText('Average Order Value').locator('..').innerText()).toContain('$29.00');
      const select = row.getByLabel(/Status of conversion/);
      await select.selectOption('approved');
      await expect
        .poll(() => toast(a, 'Success').innerText())
        .toContain('Conversion status updated to approved');
      await expect.poll(() => row.locator('span', { hasText: 'approved' }).first().isVisible()).toBe(true);
      await shot(a, 'admin-conversions');

      // ... and in the portal's stats.
      await page.reload();
      await expect.poll(() => page.getByTestId('stat-total-clicks').innerText()).toBe('1');
      expect(await page.getByTestId('stat-conversions').innerText()).toBe('1');
      expect(await page.getByTestId('stat-pending-commissions').innerText()).toBe('$5.80');
      expect(await page.getByTestId('stat-total-earned').innerText()).toBe('$0.00');

      // Links & Tools (with the creative kit) and Payouts with the settings dialog.
      await page.getByRole('tab', { name: 'Links & Tools' }).click();
      expect(await page.getByLabel('Email template', { exact: true }).inputValue()).toContain(`?ref=${code}`);
      const logo = page.getByRole('link', { name: 'Download Echo logo' });
      expect(await logo.getAttribute('download')).not.toBeNull();
      expect((await fetch(`${echo.url}${await logo.getAttribute('href')}`)).status).toBe(200);
      await shot(page, 'portal-links');
      await page.getByRole('tab', { name: 'Payouts' }).click();
      expect(await page.getByTestId('payout-method').innerText()).toBe('Not set');
      await page.getByRole('button', { name: 'Update Payout Settings' }).click();
      const payoutForm = page.getByRole('form', { name: 'Payout settings' });
      await payoutForm.getByLabel('Payout method').selectOption('paypal');
      await payoutForm.getByLabel(/Payout account/).fill('nora@paypal.example');
      await payoutForm.getByRole('button', { name: 'Save Settings' }).click();
      await expect
        .poll(() => page.getByTestId('payout-method').innerText())
        .toBe('PayPal (nora@paypal.example)');
      await shot(page, 'portal-payouts');

      expect([...affiliate.pageErrors, ...admin.pageErrors, ...visitor.pageErrors]).toEqual([]);
    } finally {
      await affiliate.context.close();
      await admin.context.close();
      await visitor.context.close();
    }
  }, 120_000);

  it('portal: Authentication Required without a token, status views for pending and rejected', async () => {
    const { page, context, pageErrors } = await openPage(browser, echo.url, PHONE);
    try {
      await page.goto('/affiliate-portal');
      await expect
        .poll(() => page.getByRole('heading', { name: 'Authentication Required' }).isVisible())
        .toBe(true);
      expect(await page.getByText('Please log in to access your affiliate dashboard.').isVisible()).toBe(
        true,
      );
      expect(await page.getByRole('button', { name: 'Refresh Status' }).isVisible()).toBe(true);
      await shot(page, 'portal-auth-required');

      await page.evaluate(() => localStorage.setItem('affiliate_token', 'forged'));
      await page.reload();
      await expect
        .poll(() => page.getByRole('heading', { name: 'Authentication Required' }).isVisible())
        .toBe(true);

      await fetch(`${echo.url}/api/affiliates/apply`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          display_name: 'Pat Pending',
          email: 'pat@example.com',
          promotion_strategy: 'Posting on my blog every single week.',
        }),
      });
      await page.goto('/affiliate-login');
      await page.getByLabel('Email').fill('pat@example.com');
      await page.getByRole('button', { name: 'Send Sign-In Code' }).click();
      await page.getByLabel('Verification code').fill('000000');
      await page.getByRole('button', { name: 'Sign In' }).click();
      const code = await codeFromMail('pat@example.com');
      if (code !== '000000') {
        await expect
          .poll(() => toast(page, 'Login Failed').innerText())
          .toContain('Invalid verification code');
        await page.getByLabel('Verification code').fill(code);
        await page.getByRole('button', { name: 'Sign In' }).click();
      }
      await expect
        .poll(() =>
          page
            .getByText("Your application is under review. We'll get back to you within 2-3 business days.")
            .isVisible(),
        )
        .toBe(true);
      await shot(page, 'portal-pending');

      const [{ id }] = await echo.query<{ id: number }>(
        "select id::int as id from affiliates where email = 'pat@example.com'",
      );
      await echo.query("update affiliates set status = 'rejected' where id = $1", [id]);
      await page.getByRole('button', { name: 'Refresh Status' }).click();
      await expect
        .poll(() =>
          page
            .getByText(
              'Your application was not approved at this time. Please contact support for more information.',
            )
            .isVisible(),
        )
        .toBe(true);
      expect(pageErrors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("a duplicate application shows 'Application Already Exists'", async () => {
    const { page, context } = await openPage(browser, echo.url, PHONE);
    try {
      for (let i = 0; i < 2; i++) {
        await page.goto('/affiliate');
        await page.getByRole('button', { name: 'Apply Now' }).first().click();
        const form = page.getByRole('form', { name: 'Affiliate application' });
        await form.getByLabel('Full Name').fill('Dee Duplicate');
        await form.getByLabel('Email').fill('dee@example.com');
        await form
          .getByLabel('How will you promote Echo?')
          .fill('Newsletter features and a podcast segment.');
        await form.getByRole('button', { name: 'Submit Application' }).click();
        if (i === 0)
          await expect
            .poll(() => page.getByRole('heading', { name: 'Application Submitted!' }).isVisible())
            .toBe(true);
      }
      await expect
        .poll(() => toast(page, 'Application Already Exists').innerText())
        .toContain('An application with this email has already been submitted.');
    } finally {
      await context.close();
    }
  });
});
