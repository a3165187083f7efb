import { describe, expect, it } from 'vitest';
import { DESKTOP, PHONE } from '#tests/support/browser.ts';
import {
  echo,
  expectFocus,
  press,
  retype,
  setUpKeyboardSuite,
  tabTo,
  toast,
  withPage,
} from '#tests/support/keyboard.ts';
import { codeIn } from '../support/smtp-sink.ts';

/** The affiliate programme, by keyboard alone (tests/support/keyboard.ts). */

setUpKeyboardSuite();

async function affiliateCode(email: string, count = 1): Promise<string> {
  const matching = (m: { to: string[]; subject: string }) =>
    m.to.includes(email) && /sign-in code/.test(m.subject);
  await echo.smtp.waitFor((mails) => mails.filter(matching).length >= count);
  return codeIn(echo.smtp.messages.filter(matching).at(-1)!);
}

describe('keyboard only: affiliate programme', () => {
  it('applies: Escape closes the dialog, Enter shows the spec messages, then the success screen', async () => {
    await withPage(DESKTOP, async ({ page }) => {
      await page.goto('/affiliate');
      const apply = page.getByRole('button', { name: 'Apply Now' }).first();
      await tabTo(apply);
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: 'Apply to the Echo Affiliate Program' });
      const form = dialog.getByRole('form', { name: 'Affiliate application' });
      await expectFocus(form.getByLabel('Full Name'));
      await page.keyboard.press('Escape');
      await expect.poll(() => dialog.count()).toBe(0);
      await expectFocus(apply);

      await page.keyboard.press('Enter');
      await tabTo(form.getByRole('button', { name: 'Submit Application' }));
      await page.keyboard.press('Enter');
      await expect
        .poll(() => form.getByRole('alert').allInnerTexts())
        .toEqual([
          'Name must be at least 2 characters',
          'Invalid email address',
          'Please provide more detail about your promotion strategy',
        ]);
      await expectFocus(form.getByLabel('Full Name'));
      await page.keyboard.type('Nia Keys');
      await page.keyboard.press('Tab');
      await expectFocus(form.getByLabel('Email'));
      await page.keyboard.type('nia.keys@example.com');
      await tabTo(form.getByLabel('How will you promote Echo?'));
      await page.keyboard.type('Weekly keyboard-only productivity videos.');
      await page.keyboard.press('Tab');
      await expectFocus(form.getByRole('button', { name: 'Cancel' }));
      await page.keyboard.press('Tab');
      await press(form.getByRole('button', { name: 'Submit Application' }), 'Enter');
      const done = page.getByRole('heading', { name: 'Application Submitted!' });
      await expect.poll(() => done.isVisible()).toBe(true);
      await expectFocus(done);
      expect(
        await echo.query('select display_name, status from affiliates where email = $1', [
          'nia.keys@example.com',
        ]),
      ).toEqual([{ display_name: 'Nia Keys', status: 'pending' }]);
      await echo.smtp.waitFor((m) => m.some((x) => x.to.includes('nia.keys@example.com')));
      await page.keyboard.press('Tab');
      await press(page.getByRole('button', { name: 'Submit Another Application' }), 'Enter');

      // The same address again: 'Application Already Exists', and focus stays on the submit button.
      await tabTo(apply);
      await page.keyboard.press('Enter');
      await expectFocus(form.getByLabel('Full Name'));
      await page.keyboard.type('Nia Again');
      await page.keyboard.press('Tab');
      await page.keyboard.type('nia.keys@example.com');
      await tabTo(form.getByLabel('How will you promote Echo?'));
      await page.keyboard.type('Weekly keyboard-only productivity videos.');
      const submit = form.getByRole('button', { name: 'Submit Application' });
      await tabTo(submit);
      await page.keyboard.press('Enter');
      await expect
        .poll(() => toast(page, 'Application Already Exists').innerText())
        .toContain('An application with this email has already been submitted.');
      await expectFocus(submit);
    });
  });

  it('signs in with the e-mailed code and uses the portal: copy link, tabs, payout settings, sign out', async () => {
    await echo.query(
      `insert into affiliates (display_name, email, promotion_strategy, referral_code, status)
       values ('Kai Keys', 'kai.keys@example.com', 'Keyboard reviews every week', 'KAIKEYS1', 'approved')`,
    );
    await withPage(PHONE, async ({ page, context }) => {
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: echo.url });
      await page.goto('/affiliate-login');
      await tabTo(page.getByLabel('Email'));
      await page.keyboard.type('kai.keys@example.com');
      await page.keyboard.press('Enter');
      const codeField = page.getByLabel('Verification code');
      await expectFocus(codeField);
      const code = await affiliateCode('kai.keys@example.com');
      await page.keyboard.type(code === '000000' ? '111111' : '000000');
      await page.keyboard.press('Enter');
      await expect.poll(() => toast(page, 'Login Failed').isVisible()).toBe(true);
      await expectFocus(codeField);
      await retype(page, code);
      await page.keyboard.press('Enter');
      await expect.poll(() => toast(page, 'Login Successful').isVisible()).toBe(true);
      await expect.poll(() => new URL(page.url()).pathname).toBe('/affiliate-portal');
      await expect
        .poll(() => page.getByRole('heading', { name: 'Welcome back, Kai Keys!' }).isVisible())
        .toBe(true);

      const copy = page.getByRole('button', { name: 'Copy referral link' });
      await tabTo(copy);
      await page.keyboard.press('Enter');
      await expect.poll(() => copy.innerText()).toBe('Copied!');
      await expect.poll(() => toast(page, 'Link Copied').isVisible()).toBe(true);
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
        `${echo.ctx.config.publicUrl}/?ref=KAIKEYS1`,
      );
      await expectFocus(copy);

      // Tabs by arrow keys; each panel's copy buttons and the payout dialog by Tab and Enter.
      const overview = page.getByRole('tab', { name: 'Overview' });
      await tabTo(overview, { back: true });
      await page.keyboard.press('ArrowRight');
      const links = page.getByRole('tab', { name: 'Links & Tools' });
      await expectFocus(links);
      await expect.poll(() => links.getAttribute('aria-selected')).toBe('true');
      await tabTo(page.getByRole('button', { name: 'Copy social media post' }));
      await page.keyboard.press('Enter');
      await expect
        .poll(() => page.evaluate(() => navigator.clipboard.readText()))
        .toContain('Join the waitlist: ');
      await tabTo(links, { back: true });
      await page.keyboard.press('ArrowRight');
      const payouts = page.getByRole('tab', { name: 'Payouts' });
      await expect.poll(() => payouts.getAttribute('aria-selected')).toBe('true');
      const update = page.getByRole('button', { name: 'Update Payout Settings' });
      await tabTo(update);
      await page.keyboard.press('Enter');
      const payoutForm = page.getByRole('form', { name: 'Payout settings' });
      const method = payoutForm.getByLabel('Payout method');
      await expectFocus(method);
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('ArrowDown');
      expect(await method.inputValue()).toBe('paypal');
      await page.keyboard.press('Tab');
      await page.keyboard.type('kai@paypal.example');
      await page.keyboard.press('Enter');
      await expect.poll(() => toast(page, 'Payout Settings Updated').isVisible()).toBe(true);
      await expect.poll(() => payoutForm.count()).toBe(0);
      await expectFocus(update);
      expect(await page.getByTestId('payout-method').innerText()).toBe('PayPal (kai@paypal.example)');
      expect(
        await echo.query("select payout_method from affiliates where email = 'kai.keys@example.com'"),
      ).toEqual([{ payout_method: 'paypal' }]);

      await tabTo(page.getByRole('button', { name: 'Sign out' }), { back: true });
      await page.keyboard.press('Enter');
      await expect.poll(() => new URL(page.url()).pathname).toBe('/affiliate-login');
      expect(await page.evaluate(() => localStorage.getItem('affiliate_token'))).toBeNull();
    });
  });
});
