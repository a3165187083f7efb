import { describe, expect, it } from 'vitest';
import { DESKTOP, PHONE } from '#tests/support/browser.ts';
import {
  count,
  echo,
  expectFocus,
  retype,
  setUpKeyboardSuite,
  tabTo,
  toast,
  twilio,
  withPage,
} from '#tests/support/keyboard.ts';
import { TEST_ADMIN_PASSWORD } from '#tests/support/test-app.ts';

/** The admin pages, by keyboard alone (tests/support/keyboard.ts). */

setUpKeyboardSuite();

describe('keyboard only: admin', () => {
  it('password gate, affiliate decisions (dialog and card), tabs, conversion status', async () => {
    const [{ id: approvedId }] = await echo.query<{ id: string }>(
      `insert into affiliates (display_name, email, promotion_strategy, referral_code, status) values
       ('Cleo Converts', 'cleo@example.com', 'Newsletter', 'CLEO1', 'approved') returning id::text`,
    );
    await echo.query(
      `insert into affiliates (display_name, email, promotion_strategy, status) values
       ('Pat Pending', 'pat.kb@example.com', 'Podcast mentions every week', 'pending'),
       ('Rex Reject', 'rex.kb@example.com', 'Coupon sites everywhere', 'pending')`,
    );
    const [{ id: conversionId }] = await echo.query<{ id: string }>(
      `insert into affiliate_conversions (affiliate_id, customer_email, conversion_type, order_value_cents, commission_cents, rate_bps, hold_until)
       values ($1, 'buyer.kb@example.com', 'subscription', 2900, 580, 2000, now()) returning id::text`,
      [approvedId],
    );
    const statusOf = async (email: string) =>
      (await echo.query<{ status: string }>('select status from affiliates where email = $1', [email]))[0]!
        .status;

    await withPage(DESKTOP, async ({ page }) => {
      await page.goto('/admin');
      const password = page.getByLabel('Admin password');
      await tabTo(password);
      await page.keyboard.type('not the password');
      await page.keyboard.press('Enter');
      await expect.poll(() => toast(page, 'Access Denied').innerText()).toContain('Invalid admin password');
      await expectFocus(password);
      await retype(page, TEST_ADMIN_PASSWORD);
      await page.keyboard.press('Enter');
      const heading = page.getByRole('heading', { name: 'Affiliate Applications' });
      await expectFocus(heading);

      // Details dialog: approve inside it, Escape closes it.
      const pat = page.getByTestId('affiliate-card').filter({ hasText: 'pat.kb@example.com' });
      await tabTo(pat.getByRole('button', { name: 'Details for Pat Pending' }));
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: 'Pat Pending' });
      await expect.poll(() => dialog.innerText()).toContain('Podcast mentions every week');
      await expectFocus(dialog.getByRole('button', { name: 'Approve Pat Pending' }));
      await page.keyboard.press('Enter');
      await expect.poll(() => toast(page, 'Status Updated').isVisible()).toBe(true);
      await expect.poll(() => statusOf('pat.kb@example.com')).toBe('approved');
      await expect.poll(() => dialog.getByRole('button', { name: /Approve|Reject/ }).count()).toBe(0);
      // Focus stayed in the dialog, which Escape closes; the card left the Pending tab.
      expect(await page.evaluate(() => !!document.activeElement?.closest('[role="dialog"]'))).toBe(true);
      await page.keyboard.press('Escape');
      await expect.poll(() => dialog.count()).toBe(0);
      const results = page.getByRole('region', { name: 'Affiliate results' });
      await expectFocus(results);

      // Reject from the card itself.
      const rex = page.getByTestId('affiliate-card').filter({ hasText: 'rex.kb@example.com' });
      await tabTo(rex.getByRole('button', { name: 'Reject Rex Reject' }));
      await page.keyboard.press('Enter');
      await expect.poll(() => statusOf('rex.kb@example.com')).toBe('rejected');
      await expect.poll(() => rex.count()).toBe(0);
      await expectFocus(results);

      // The status tabs by arrow keys.
      const pending = page.getByRole('tab', { name: /^Pending/ });
      await tabTo(pending, { back: true });
      await page.keyboard.press('ArrowRight');
      const approved = page.getByRole('tab', { name: /^Approved/ });
      await expectFocus(approved);
      await expect.poll(() => approved.getAttribute('aria-selected')).toBe('true');
      await expect.poll(() => pat.isVisible()).toBe(true);
      await page.keyboard.press('ArrowRight');
      await expect
        .poll(() => page.getByRole('tab', { name: /^Rejected/ }).getAttribute('aria-selected'))
        .toBe('true');
      await expect.poll(() => rex.isVisible()).toBe(true);

      // Conversions: the row's dropdown with the arrow keys.
      await tabTo(page.getByRole('link', { name: 'Conversions' }), { back: true });
      await page.keyboard.press('Enter');
      await expect.poll(() => new URL(page.url()).pathname).toBe('/admin/conversions');
      const select = page.getByLabel(`Status of conversion ${conversionId}`);
      await tabTo(select);
      expect(await select.inputValue()).toBe('pending');
      await page.keyboard.press('ArrowDown');
      await expect
        .poll(() => toast(page, 'Success').innerText())
        .toContain('Conversion status updated to approved');
      await expectFocus(select);
      expect(
        await echo.query('select status from affiliate_conversions where id = $1', [conversionId]),
      ).toEqual([{ status: 'approved' }]);
      await page.keyboard.press('ArrowDown');
      await expect
        .poll(() => toast(page, 'Success').innerText())
        .toContain('Conversion status updated to paid');
      await expect
        .poll(
          async () =>
            (await echo.query('select status from affiliate_conversions where id = $1', [conversionId]))[0],
        )
        .toEqual({ status: 'paid' });
      await expectFocus(select);
    });
  });

  it('campaigns: create, add / edit / delete steps, test SMS, activate and save', async () => {
    await withPage(PHONE, async ({ page }) => {
      await page.goto('/campaigns');
      await tabTo(page.getByLabel('Admin password'));
      await page.keyboard.type(TEST_ADMIN_PASSWORD);
      await page.keyboard.press('Enter');
      await expectFocus(page.getByRole('heading', { name: 'Campaigns' }));

      const create = page.getByRole('form', { name: 'Create campaign' });
      await tabTo(create.getByRole('button', { name: 'Create Campaign' }));
      await page.keyboard.press('Enter');
      await expect.poll(() => toast(page, 'Please enter a campaign name').isVisible()).toBe(true);
      await tabTo(create.getByLabel('Campaign name'), { back: true });
      await page.keyboard.type('Keyboard launch');
      await page.keyboard.press('Tab');
      await page.keyboard.type('Five days, no mouse');
      await page.keyboard.press('Enter');
      await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/campaigns\/\d+$/);
      await expect.poll(() => toast(page, 'Campaign created successfully').isVisible()).toBe(true);
      const id = Number(new URL(page.url()).pathname.split('/').pop());
      expect(await echo.query('select name, description, status from campaigns where id = $1', [id])).toEqual(
        [{ name: 'Keyboard launch', description: 'Five days, no mouse', status: 'draft' }],
      );
      const steps = page.getByTestId('campaign-step');

      // Add an e-mail step: the subject is required; the dialog gives focus back to 'Add Step'.
      const addStep = page.getByRole('button', { name: 'Add Step' });
      await tabTo(addStep);
      await page.keyboard.press('Enter');
      let dialog = page.getByRole('dialog', { name: 'Add Step' });
      await expectFocus(dialog.getByLabel('Sequence number'));
      const submitStep = dialog.getByRole('button', { name: 'Add Step' });
      await tabTo(submitStep);
      await page.keyboard.press('Enter');
      await expect.poll(() => toast(page, 'Please enter an email subject').isVisible()).toBe(true);
      await tabTo(dialog.getByLabel('Subject'), { back: true });
      await page.keyboard.type('Welcome, keyboard friend');
      await tabTo(dialog.getByLabel('Text content'));
      await page.keyboard.type('Hello ');
      // 'Insert name token' puts the token at the cursor and returns to the text.
      await tabTo(dialog.getByRole('button', { name: 'Insert name token' }), { back: true });
      await page.keyboard.press('Enter');
      await expectFocus(dialog.getByLabel('Text content'));
      await expect.poll(() => dialog.getByLabel('Text content').inputValue()).toBe('Hello {{name}}');
      await tabTo(submitStep);
      await page.keyboard.press('Enter');
      await expect.poll(() => toast(page, 'Message added successfully').isVisible()).toBe(true);
      await expect.poll(() => dialog.count()).toBe(0);
      await expectFocus(addStep);
      await expect.poll(() => steps.count()).toBe(1);

      // An SMS step: the type select by arrow keys.
      await page.keyboard.press('Enter');
      dialog = page.getByRole('dialog', { name: 'Add Step' });
      const type = dialog.getByLabel('Type');
      await tabTo(type);
      await page.keyboard.press('ArrowDown');
      expect(await type.inputValue()).toBe('sms');
      await tabTo(dialog.getByLabel('Message'));
      await page.keyboard.type('Doors open Monday!');
      await tabTo(dialog.getByRole('button', { name: 'Add Step' }));
      await page.keyboard.press('Enter');
      await expect.poll(() => steps.count()).toBe(2);
      await expectFocus(addStep);

      // Edit step 1 (Enter in the subject field saves).
      const edit = page.getByRole('button', { name: 'Edit step 1' });
      await tabTo(edit);
      await page.keyboard.press('Enter');
      dialog = page.getByRole('dialog', { name: 'Edit Step' });
      await tabTo(dialog.getByLabel('Subject'));
      await retype(page, 'Welcome aboard, {{name}}');
      await page.keyboard.press('Enter');
      await expect.poll(() => toast(page, 'Message updated successfully').isVisible()).toBe(true);
      await expect.poll(() => dialog.count()).toBe(0);
      await expectFocus(edit);
      await expect.poll(() => steps.first().innerText()).toContain('Welcome aboard, {{name}}');

      // Delete step 2 after the spec's question; focus continues from the list.
      const asked: string[] = [];
      page.once('dialog', (d) => {
        asked.push(d.message());
        void d.accept();
      });
      await tabTo(page.getByRole('button', { name: 'Delete step 2' }));
      await page.keyboard.press('Enter');
      await expect.poll(() => toast(page, 'Message deleted successfully').isVisible()).toBe(true);
      expect(asked).toEqual(['Are you sure you want to delete this message?']);
      await expect.poll(() => steps.count()).toBe(1);
      await expectFocus(page.getByRole('list', { name: 'Steps' }));
      expect(
        await echo.query(
          'select sequence_number, message_type, subject, text_content from campaign_steps where campaign_id = $1',
          [id],
        ),
      ).toEqual([
        {
          sequence_number: 1,
          message_type: 'email',
          subject: 'Welcome aboard, {{name}}',
          text_content: 'Hello {{name}}',
        },
      ]);

      // Test SMS through the SMS provider.
      const testSms = page.getByRole('button', { name: 'Test SMS' });
      await tabTo(testSms, { back: true });
      await page.keyboard.press('Enter');
      const smsDialog = page.getByRole('dialog', { name: 'Send a test SMS' });
      await expectFocus(smsDialog.getByLabel('Phone number'));
      await page.keyboard.type('+44 7700 900456');
      await page.keyboard.press('Tab');
      await page.keyboard.type('Keyboard test {{name}}');
      await tabTo(smsDialog.getByRole('button', { name: 'Send Test' }));
      await page.keyboard.press('Enter');
      await expect.poll(() => toast(page, 'Test SMS sent').isVisible()).toBe(true);
      await expect.poll(() => smsDialog.count()).toBe(0);
      await expectFocus(testSms);
      await twilio.waitFor((m) => m.some((x) => x.To === '+447700900456'));
      expect(twilio.messages.find((m) => m.To === '+447700900456')?.Body).toBe('Keyboard test there');

      // Settings: status by arrow keys, a checkbox by Space, then Save.
      const status = page.getByLabel('Status');
      await tabTo(status);
      await page.keyboard.press('ArrowDown');
      expect(await status.inputValue()).toBe('active');
      const pause = page.getByLabel('Pause on response');
      await tabTo(pause);
      await page.keyboard.press('Space');
      expect(await pause.isChecked()).toBe(false);
      await tabTo(page.getByRole('button', { name: 'Save', exact: true }), { back: true });
      await page.keyboard.press('Enter');
      await expect.poll(() => toast(page, 'Campaign saved').isVisible()).toBe(true);
      expect(await echo.query('select status, pause_on_response from campaigns where id = $1', [id])).toEqual(
        [{ status: 'active', pause_on_response: false }],
      );

      // Back to the list, import contacts in its dialog, then into the editor again.
      await tabTo(page.getByRole('link', { name: 'Back to Campaigns' }), { back: true });
      await page.keyboard.press('Enter');
      await expect.poll(() => new URL(page.url()).pathname).toBe('/campaigns');
      const importButton = page.getByRole('button', { name: 'Import contacts' });
      await tabTo(importButton);
      await page.keyboard.press('Enter');
      const importDialog = page.getByRole('dialog', { name: 'Import contacts (CSV)' });
      await expectFocus(importDialog.getByLabel('CSV'));
      await page.keyboard.type(
        'name,email,phone,sms_consent,time_zone\nKey Contact,key.contact@example.com,,no,Europe/London',
      );
      await tabTo(importDialog.getByRole('button', { name: 'Import', exact: true }));
      await page.keyboard.press('Enter');
      await expect.poll(() => toast(page, 'Contacts imported').isVisible()).toBe(true);
      expect(await count("select count(*) as n from contacts where email = 'key.contact@example.com'")).toBe(
        1,
      );
      await page.keyboard.press('Escape');
      await expect.poll(() => importDialog.count()).toBe(0);
      await expectFocus(importButton);
      await tabTo(page.getByRole('link', { name: 'Keyboard launch' }));
      await page.keyboard.press('Enter');
      await expect.poll(() => new URL(page.url()).pathname).toBe(`/campaigns/${id}`);
      await expect.poll(() => page.getByRole('heading', { name: 'Keyboard launch' }).isVisible()).toBe(true);
    });
  });
});
