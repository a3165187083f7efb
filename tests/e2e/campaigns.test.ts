import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  animationsDone,
  DESKTOP,
  launchBrowser,
  openPage,
  PHONE,
  showWaitlistForm,
} from '#tests/support/browser.ts';
import { FakeTwilio } from '#tests/support/fake-twilio.ts';
import { startTestApp, TEST_ADMIN_PASSWORD, type TestApp } from '#tests/support/test-app.ts';

let echo: TestApp;
let twilio: FakeTwilio;
let browser: Browser;
let closeBrowser: () => Promise<void>;

beforeAll(async () => {
  twilio = await new FakeTwilio().start();
  [echo, { browser, close: closeBrowser }] = await Promise.all([
    startTestApp({ ...twilio.env, SIGNUP_RATE_LIMIT: '1000' }),
    launchBrowser(),
  ]);
});
afterAll(async () => {
  await closeBrowser?.();
  await echo?.close();
  await twilio?.stop();
});

async function signIn(page: Page) {
  await page.getByLabel('Admin password').fill(TEST_ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Access Dashboard' }).click();
}
const SHOTS = process.env.SCREENSHOT_DIR;

const toastWith = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text });

describe('campaign builder', () => {
  it('is behind the admin gate, lists the Welcome Series with its badge, and creates a campaign', async () => {
    const { page, context, pageErrors } = await openPage(browser, echo.url, DESKTOP);
    try {
      await page.goto('/campaigns');
      await expect.poll(() => page.getByLabel('Admin password').isVisible()).toBe(true);
      expect(await page.getByRole('form', { name: 'Create campaign' }).count()).toBe(0);
      await signIn(page);
      const list = page.getByRole('region', { name: 'Campaign list' });
      const welcome = list.locator('div.rounded-xl').filter({ hasText: 'Welcome Series' });
      await expect.poll(() => welcome.isVisible()).toBe(true);
      expect(await welcome.getByText('Auto-sends on signup').isVisible()).toBe(true);
      expect(await welcome.getByText('active', { exact: true }).isVisible()).toBe(true);

      const form = page.getByRole('form', { name: 'Create campaign' });
      await form.getByRole('button', { name: 'Create Campaign' }).click();
      await expect.poll(() => toastWith(page, 'Please enter a campaign name').isVisible()).toBe(true);
      expect(new URL(page.url()).pathname).toBe('/campaigns');

      await form.getByLabel('Campaign name').fill('Launch week');
      await form.getByLabel('Description').fill('Five days of news');
      await form.getByRole('button', { name: 'Create Campaign' }).click();
      await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/campaigns\/\d+$/);
      await expect.poll(() => toastWith(page, 'Campaign created successfully').isVisible()).toBe(true);
      await expect.poll(() => page.getByRole('heading', { name: 'Launch week' }).isVisible()).toBe(true);
      const id = Number(new URL(page.url()).pathname.split('/').pop());
      const [row] = await echo.query(
        'select name, description, status, trigger_type from campaigns where id = $1',
        [id],
      );
      expect(row).toEqual({
        name: 'Launch week',
        description: 'Five days of news',
        status: 'draft',
        trigger_type: 'time_based',
      });
      // The Welcome Series editor shows the badge too.
      await page.getByRole('link', { name: 'Back to Campaigns' }).click();
      await list.getByRole('link', { name: 'Welcome Series' }).click();
      await expect.poll(() => page.getByRole('heading', { name: 'Welcome Series' }).isVisible()).toBe(true);
      expect(await page.getByText('Auto-sends on signup').isVisible()).toBe(true);
      expect(pageErrors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('adds, edits and deletes steps; counts SMS characters and segments; saves settings; transforms are Soon', async () => {
    const { page, context, pageErrors } = await openPage(browser, echo.url, PHONE);
    try {
      const [{ id }] = await echo.query<{ id: number }>(
        `insert into campaigns (name) values ('Steps test') returning id`,
      );
      await page.goto(`/campaigns/${id}`);
      await signIn(page);
      await expect.poll(() => page.getByRole('heading', { name: 'Steps test' }).isVisible()).toBe(true);
      const steps = page.getByTestId('campaign-step');

      // E-mail step: the subject is required.
      await page.getByRole('button', { name: 'Add Step' }).click();
      let dialog = page.getByRole('dialog', { name: 'Add Step' });
      await dialog.getByLabel('Text content').fill('Hello {{name}}');
      await dialog.getByRole('button', { name: 'Add Step' }).click();
      await expect.poll(() => toastWith(page, 'Please enter an email subject').isVisible()).toBe(true);
      await dialog.getByLabel('Subject').fill('Welcome aboard');
      await dialog.getByLabel('Delay (days)').fill('');
      await dialog.getByRole('button', { name: 'Add Step' }).click();
      await expect.poll(() => toastWith(page, 'Message added successfully').isVisible()).toBe(true);
      await expect.poll(() => steps.count()).toBe(1);

      // SMS step: counter as typed, name token, content required.
      await page.getByRole('button', { name: 'Add Step' }).click();
      dialog = page.getByRole('dialog', { name: 'Add Step' });
      expect(await dialog.getByLabel('Sequence number').inputValue()).toBe('2');
      await dialog.getByLabel('Type').selectOption('sms');
      expect(await dialog.getByLabel('Subject').count()).toBe(0);
      await dialog.getByRole('button', { name: 'Add Step' }).click();
      await expect.poll(() => toastWith(page, 'Please enter message content').isVisible()).toBe(true);
      const message = dialog.getByLabel('Message');
      const counter = dialog.getByTestId('sms-counter');
      await message.fill('a'.repeat(160));
      await expect.poll(() => counter.innerText()).toMatch(/^160 characters · 1 segment \(GSM-7/);
      await message.fill('a'.repeat(161));
      await expect
        .poll(() => counter.innerText())
        .toMatch(/^161 characters · 2 segments \(GSM-7, 160 per message, 153 per part\)/);
      await message.fill('Hi 👋');
      await expect
        .poll(() => counter.innerText())
        .toMatch(/^5 characters · 1 segment \(UCS-2, 70 per message/);
      await message.fill('See you soon, ');
      await message.press('End');
      await dialog.getByRole('button', { name: 'Insert name token' }).click();
      await expect.poll(() => message.inputValue()).toBe('See you soon, {{name}}');
      await dialog.getByLabel('Delay (days)').fill('2');
      await dialog.getByRole('button', { name: 'Add Step' }).click();
      await expect.poll(() => steps.count()).toBe(2);
      expect(await steps.nth(1).innerText()).toContain('After 2 days');

      // Edit step 1: updated in place, not a second step.
      await page.getByRole('button', { name: 'Edit step 1' }).click();
      dialog = page.getByRole('dialog', { name: 'Edit Step' });
      expect(await dialog.getByLabel('Subject').inputValue()).toBe('Welcome aboard');
      await dialog.getByLabel('Subject').fill('Welcome aboard, {{name}}');
      await dialog.getByRole('button', { name: 'Save Step' }).click();
      await expect.poll(() => toastWith(page, 'Message updated successfully').isVisible()).toBe(true);
      await expect.poll(() => steps.first().innerText()).toContain('Welcome aboard, {{name}}');
      expect(await steps.count()).toBe(2);
      const rows = await echo.query(
        'select sequence_number, delay_days, message_type, subject, text_content from campaign_steps where campaign_id = $1 order by sequence_number',
        [id],
      );
      expect(rows).toEqual([
        {
          sequence_number: 1,
          delay_days: 0,
          message_type: 'email',
          subject: 'Welcome aboard, {{name}}',
          text_content: 'Hello {{name}}',
        },
        {
          sequence_number: 2,
          delay_days: 2,
          message_type: 'sms',
          subject: null,
          text_content: 'See you soon, {{name}}',
        },
      ]);

      // Delete asks first; dismissing keeps the step.
      const asked: string[] = [];
      page.once('dialog', (d) => {
        asked.push(d.message());
        void d.dismiss();
      });
      await page.getByRole('button', { name: 'Delete step 2' }).click();
      await expect.poll(() => asked).toEqual(['Are you sure you want to delete this message?']);
      expect(await steps.count()).toBe(2);
      page.once('dialog', (d) => void d.accept());
      await page.getByRole('button', { name: 'Delete step 2' }).click();
      await expect.poll(() => toastWith(page, 'Message deleted successfully').isVisible()).toBe(true);
      await expect.poll(() => steps.count()).toBe(1);

      // Settings are saved on the server; Cancel restores the saved values.
      await page.getByLabel('Description').fill('Will be cancelled');
      await page.getByRole('button', { name: 'Cancel' }).click();
      expect(await page.getByLabel('Description').inputValue()).toBe('');
      await page.getByLabel('Description').fill('Saved description');
      await page.getByLabel('Pause on response').uncheck();
      await page.getByLabel('Share with everyone').check();
      await page.getByLabel('Status').selectOption('active');
      await page.getByRole('button', { name: 'Save' }).click();
      await expect.poll(() => toastWith(page, 'Campaign saved').isVisible()).toBe(true);
      const [saved] = await echo.query(
        'select description, pause_on_response, share_with_everyone, status from campaigns where id = $1',
        [id],
      );
      expect(saved).toEqual({
        description: 'Saved description',
        pause_on_response: false,
        share_with_everyone: true,
        status: 'active',
      });
      await page.reload();
      await expect.poll(() => page.getByLabel('Description').inputValue()).toBe('Saved description');
      expect(await page.getByLabel('Pause on response').isChecked()).toBe(false);

      // Unshipped transforms are disabled and marked Soon.
      const transforms = page.getByRole('list', { name: 'Transform options' }).getByRole('button');
      expect(await transforms.allInnerTexts()).toEqual(
        ['IG Carousel', 'Twitter Thread', 'YT Shorts', 'Blog Post', 'Podcast Script', 'Infographic'].map(
          (t) => `${t}\nSoon`,
        ),
      );
      for (const button of await transforms.all()) expect(await button.isDisabled()).toBe(true);
      expect(pageErrors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('sends a test SMS that reaches the SMS provider, and shows it in the outbox', async () => {
    const { page, context, pageErrors } = await openPage(browser, echo.url, DESKTOP);
    try {
      const [{ id }] = await echo.query<{ id: number }>(
        `insert into campaigns (name) values ('SMS campaign') returning id`,
      );
      await echo.query(
        `insert into campaign_steps (campaign_id, sequence_number, message_type, text_content) values ($1, 1, 'sms', 'Hi {{name}}, doors open Monday!')`,
        [id],
      );
      // The steps are held back until the dialog is open: opened before they have loaded, its
      // message fills in once they have.
      let release = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      await page.route(`**/api/campaigns/${id}/messages`, async (route) => {
        await held;
        await route.continue();
      });
      await page.goto(`/campaigns/${id}`);
      await signIn(page);
      await page.getByRole('button', { name: 'Test SMS' }).click();
      const dialog = page.getByRole('dialog', { name: 'Send a test SMS' });
      await expect.poll(() => dialog.isVisible()).toBe(true);
      expect(await dialog.getByLabel('Message').inputValue()).toBe('');
      release();
      await expect
        .poll(() => dialog.getByLabel('Message').inputValue())
        .toBe('Hi {{name}}, doors open Monday!');
      if (SHOTS) {
        await animationsDone(page);
        for (const [width, viewport] of [
          ['1280', DESKTOP],
          ['390', { ...PHONE, width: 390 }],
        ] as const) {
          await page.setViewportSize(viewport);
          await page.screenshot({ path: `${SHOTS}/campaign-test-sms-${width}.png` });
        }
        await page.setViewportSize(DESKTOP);
      }
      await dialog.getByLabel('Phone number').fill('12345');
      await dialog.getByRole('button', { name: 'Send Test' }).click();
      await expect.poll(() => toastWith(page, 'international format').isVisible()).toBe(true);
      await dialog.getByLabel('Phone number').fill('+44 7700 900123');
      await dialog.getByRole('button', { name: 'Send Test' }).click();
      await expect.poll(() => toastWith(page, 'Test SMS sent').isVisible()).toBe(true);
      const [sms] = await twilio.waitFor((m) => m.some((x) => x.To === '+447700900123'));
      expect(twilio.messages.find((m) => m.To === '+447700900123')).toEqual({
        To: '+447700900123',
        From: twilio.env.TWILIO_FROM,
        Body: 'Hi there, doors open Monday!',
      });
      expect(sms).toBeDefined();

      await page.getByRole('link', { name: 'Outbox' }).click();
      const row = page.getByRole('row').filter({ hasText: '+447700900123' });
      await expect.poll(() => row.innerText()).toMatch(/SMS\s+\+447700900123\s+—\s+sent/);
      expect(await page.getByRole('columnheader').allInnerTexts()).toEqual([
        'CHANNEL',
        'RECIPIENT',
        'SUBJECT',
        'STATUS',
        'TIME',
      ]);
      expect(pageErrors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('Welcome Series on signup', () => {
  it('a landing-page signup receives the Welcome Series first e-mail, which unsubscribes in one click', async () => {
    const { page, context, pageErrors } = await openPage(browser, echo.url, PHONE);
    try {
      await page.goto('/');
      const form = await showWaitlistForm(page);
      await form.getByLabel('Name').fill('Wendy Welcome');
      await form.getByLabel('Email').fill('wendy@example.com');
      await form.getByLabel('I am a...').selectOption('Founder');
      await form.getByRole('button', { name: 'Join the Waitlist' }).click();
      await expect.poll(() => page.getByRole('heading', { name: "You're In!" }).isVisible()).toBe(true);
      const [mail] = await echo.smtp
        .waitFor((m) => m.some((x) => x.to.includes('wendy@example.com')))
        .then(() => echo.smtp.to('wendy@example.com'));
      expect(mail!.subject).toBe("You're on the Echo waitlist");
      expect(mail!.text).toContain('Hi Wendy Welcome,');
      const [{ kind }] = await echo.query<{ kind: string }>(
        `select kind from outbox where recipient = 'wendy@example.com'`,
      );
      const [{ id: welcomeId }] = await echo.query<{ id: number }>(
        `select id from campaigns where system_key = 'welcome'`,
      );
      expect(kind).toBe(`campaign:${welcomeId}`);

      // The unsubscribe link: the page asks first, then confirms.
      const link = /^list-unsubscribe:\s*<([^>]+)>/im.exec(mail!.raw)![1]!;
      await page.goto(link.slice(link.indexOf('/unsubscribe')));
      await expect.poll(() => page.getByRole('button', { name: 'Unsubscribe' }).isVisible()).toBe(true);
      const subscribed = async () =>
        (
          await echo.query<{ s: boolean }>(
            `select email_subscribed as s from contacts where email = 'wendy@example.com'`,
          )
        )[0]!.s;
      expect(await subscribed()).toBe(true);
      await page.getByRole('button', { name: 'Unsubscribe' }).click();
      await expect
        .poll(() => page.getByRole('status').filter({ hasText: 'You have been unsubscribed' }).isVisible())
        .toBe(true);
      expect(await subscribed()).toBe(false);
      // Without a token the page keeps the spec's info text.
      await page.goto('/unsubscribe');
      await expect
        .poll(() => page.getByText('use the unsubscribe link at the bottom of any e-mail').isVisible())
        .toBe(true);
      expect(await page.getByRole('link', { name: 'Return to Homepage' }).isVisible()).toBe(true);
      expect(pageErrors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
