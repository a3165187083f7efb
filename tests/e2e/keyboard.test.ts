import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DESKTOP, launchBrowser, openPage, type PageSession, PHONE } from '#tests/support/browser.ts';
import { insertResult, waitForCode } from '#tests/support/content-results.ts';
import { FakeTwilio } from '#tests/support/fake-twilio.ts';
import { createFakeYtDlp, ytDlpFixture } from '#tests/support/fake-yt-dlp.ts';
import { startTestApp, TEST_ADMIN_PASSWORD, type TestApp } from '#tests/support/test-app.ts';
import { createSession } from '../../src/server/lib/sessions.ts';
import { codeIn } from '../support/smtp-sink.ts';

/**
 * Every flow works by keyboard alone. These tests press Tab, Shift+Tab, Enter, Space,
 * arrow keys and Escape (and type text); they never click, fill or focus an element from the
 * test. At every stop they check that the focused control is the expected one and shows a
 * visible focus ring, and at the end that the flow's effect happened (database, e-mail, UI text).
 */

// Each flow is long (many key presses, each a round trip): give them room on a busy machine.
vi.setConfig({ testTimeout: 90_000 });

const TIKTOK = 'https://www.tiktok.com/@brewedbyjules/video/7434512345678901234';

let echo: TestApp;
let twilio: FakeTwilio;
let browser: Browser;
let closeBrowser: () => Promise<void>;

beforeAll(async () => {
  const ytdlp = await createFakeYtDlp({ [TIKTOK]: ytDlpFixture('tiktok-2025.json') });
  twilio = await new FakeTwilio().start();
  [echo, { browser, close: closeBrowser }] = await Promise.all([
    startTestApp({
      ...twilio.env,
      YTDLP_PATH: ytdlp.bin,
      SIGNUP_RATE_LIMIT: '1000',
      TREND_RATE_LIMIT: '1000',
    }),
    launchBrowser(),
  ]);
});
afterAll(async () => {
  await closeBrowser?.();
  await echo?.close();
  await twilio?.stop();
});

// ---------------------------------------------------------------------------------------------
// Keyboard helpers

/** Elements that took focus without a visible focus ring while these tests tabbed through pages. */
const ringless: string[] = [];

const describeActive = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return 'body';
    const name =
      el.getAttribute('aria-label') ||
      (el as HTMLInputElement).labels?.[0]?.textContent ||
      el.textContent?.trim().slice(0, 40) ||
      '';
    return `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''} "${name}"`;
  });

/** True when the page's focused element shows a focus indicator (outline or box-shadow on :focus-visible). */
const activeHasRing = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return true;
    if (!el.matches(':focus-visible')) return false;
    const style = getComputedStyle(el);
    const outline = style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) > 0;
    return outline || (style.boxShadow !== 'none' && style.boxShadow !== '');
  });

const isActive = (target: Locator) => target.evaluate((el) => el === document.activeElement);

/** The target has focus (now or soon) and shows a focus ring. */
async function expectFocus(target: Locator) {
  await expect
    .poll(async () => ((await isActive(target)) ? 'target' : await describeActive(target.page())), {
      timeout: 5000,
    })
    .toBe('target');
  expect(await activeHasRing(target.page())).toBe(true);
}

/** Presses Tab (or Shift+Tab) until the target has focus, checking the ring at every stop. */
async function tabTo(target: Locator, { back = false, max = 80 } = {}) {
  const page = target.page();
  await target.waitFor({ state: 'visible' });
  const element = await target.elementHandle();
  // One round trip per key press: is the target focused, and does the focused element show a ring?
  const state = () =>
    page.evaluate((el) => {
      const active = document.activeElement;
      let ring = true;
      if (active && active !== document.body) {
        const style = getComputedStyle(active);
        ring =
          active.matches(':focus-visible') &&
          ((style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) > 0) ||
            (style.boxShadow !== 'none' && style.boxShadow !== ''));
      }
      return { reached: active === el, ring };
    }, element);
  let now = await state();
  for (let i = 0; i < max && !now.reached; i++) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    now = await state();
    if (!now.ring) ringless.push(`${page.url()}: ${await describeActive(page)}`);
  }
  await element?.dispose();
  await expectFocus(target);
}

/** Presses a key and expects the focus to stay on (or come back to) the given control. */
async function press(target: Locator, key: string) {
  await expectFocus(target);
  await target.page().keyboard.press(key);
}

/** Replaces a text field's content by keyboard (select all, then type). */
async function retype(page: Page, text: string) {
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Backspace');
  await page.keyboard.type(text);
}

const toast = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text });
const count = async (sql: string, values: unknown[] = []) =>
  Number((await echo.query<{ n: string }>(sql, values))[0]!.n);

async function withPage(
  viewport: typeof DESKTOP,
  run: (session: PageSession) => Promise<void>,
): Promise<void> {
  const session = await openPage(browser, echo.url, viewport);
  try {
    await run(session);
    expect(session.pageErrors).toEqual([]);
  } finally {
    await session.context.close();
  }
}

afterAll(() => {
  // Every control reached by Tab in this file showed a focus ring.
  expect(ringless).toEqual([]);
});

// ---------------------------------------------------------------------------------------------

describe('keyboard only: landing page', () => {
  it('phone menu: opens with Enter, Escape closes it and returns focus, a link closes it and moves on', async () => {
    await withPage(PHONE, async ({ page }) => {
      await page.goto('/');
      const toggle = page.getByTestId('mobile-menu-toggle');
      const menu = page.getByTestId('mobile-menu');
      await tabTo(toggle);
      expect(await toggle.getAttribute('aria-expanded')).toBe('false');
      await press(toggle, 'Enter');
      await expect.poll(() => menu.isVisible()).toBe(true);
      expect(await toggle.getAttribute('aria-expanded')).toBe('true');
      expect(await toggle.getAttribute('aria-label')).toBe('Close menu');
      // The menu follows its toggle in tab order.
      await page.keyboard.press('Tab');
      await expectFocus(menu.getByRole('link', { name: 'Features' }));
      await page.keyboard.press('Escape');
      await expect.poll(() => menu.isVisible()).toBe(false);
      await expectFocus(toggle);
      expect(await toggle.getAttribute('aria-expanded')).toBe('false');

      // Space opens it too; following an anchor closes it and the next Tab is inside that section.
      await press(toggle, ' ');
      await expect.poll(() => menu.isVisible()).toBe(true);
      await tabTo(menu.getByRole('link', { name: 'Waitlist' }));
      await page.keyboard.press('Enter');
      await expect.poll(() => menu.isVisible()).toBe(false);
      expect(new URL(page.url()).hash).toBe('#waitlist');
      // The form's fields are drawn once its script has loaded (a slow, busy machine may still be at it).
      const name = page.getByRole('form', { name: 'Join the waitlist' }).getByLabel('Name');
      await name.waitFor();
      await page.keyboard.press('Tab');
      await expectFocus(name);

      // A page link closes the menu and opens the page.
      await tabTo(toggle, { back: true });
      await page.keyboard.press('Enter');
      await tabTo(menu.getByRole('link', { name: 'Transcription Tool' }));
      await page.keyboard.press('Enter');
      await expect.poll(() => new URL(page.url()).pathname).toBe('/reaction-video');
      await tabTo(page.getByLabel('Link', { exact: true }));
    });
  });

  it("hero 'Join the Waitlist' puts the cursor in the form; #demo opens the Voice Note demo, arrows switch tabs", async () => {
    await withPage(DESKTOP, async ({ page }) => {
      await page.goto('/');
      const join = page.locator('main').getByRole('button', { name: 'Join the Waitlist' }).first();
      await tabTo(join);
      await page.keyboard.press('Enter');
      await expectFocus(page.getByRole('form', { name: 'Join the waitlist' }).getByLabel('Name'));

      // Back up to the header's Demo anchor.
      const demo = page.locator('header').first().getByRole('link', { name: 'Demo' });
      await tabTo(demo, { back: true, max: 120 });
      await page.keyboard.press('Enter');
      const voice = page.getByRole('tab', { name: 'Voice Note' });
      await expect.poll(() => voice.getAttribute('aria-selected')).toBe('true');
      // The next Tab lands on the selected tab (the demo anchor is the start point).
      await page.keyboard.press('Tab');
      await expectFocus(voice);
      const panel = page.getByRole('tabpanel');
      const note = panel.getByLabel('Your voice note');
      await tabTo(note);
      await page.keyboard.type('A thought about morning routines');
      expect(await note.inputValue()).toBe('A thought about morning routines');
      await tabTo(panel.getByRole('button', { name: 'Record' }));
      await page.keyboard.press('Enter');
      await expect.poll(() => toast(page, 'Record in Echo Studio').isVisible()).toBe(true);
      // Focus stays on Record; the toast is dismissed from the keyboard: F8, then Escape.
      await expectFocus(panel.getByRole('button', { name: 'Record' }));
      await page.keyboard.press('F8');
      await expect
        .poll(() => page.evaluate(() => !!document.activeElement?.closest('[role=region]')))
        .toBe(true);
      await page.keyboard.press('Escape');
      await expect.poll(() => toast(page, 'Record in Echo Studio').count()).toBe(0);

      // Arrow keys move between the tabs and select them.
      await tabTo(voice, { back: true });
      await page.keyboard.press('ArrowLeft');
      const video = page.getByRole('tab', { name: 'Upload Video' });
      await expectFocus(video);
      expect(await video.getAttribute('aria-selected')).toBe('true');
      expect(await page.getByRole('tabpanel').innerText()).toContain(
        'Car rant, workshop, or Zoom call — Echo finds the gold.',
      );
      await page.keyboard.press('End');
      await expectFocus(page.getByRole('tab', { name: 'Social Import' }));
      expect(await page.getByRole('tab', { name: 'Social Import' }).getAttribute('aria-selected')).toBe(
        'true',
      );
    });
  });

  it('joins the waitlist with Tab, typing, arrow keys and Enter', async () => {
    await withPage(DESKTOP, async ({ page }) => {
      await page.goto('/');
      const form = page.getByRole('form', { name: 'Join the waitlist' });
      // The form's code loads at the visitor's first key press (or as its section nears the
      // viewport): start tabbing from the top, then on to the form.
      await page.keyboard.press('Tab');
      // Enter on the empty form: the spec's messages, focus on the first invalid field.
      await tabTo(form.getByRole('button', { name: 'Join the Waitlist' }), { max: 120 });
      await page.keyboard.press('Enter');
      await expect
        .poll(() => form.getByRole('alert').allInnerTexts())
        .toEqual(['Name is required', 'Invalid email address', 'Please select your role']);
      await expectFocus(form.getByLabel('Name'));
      await page.keyboard.type('Kim Keyboard');
      await page.keyboard.press('Tab');
      await page.keyboard.type('kim.keyboard@example.com');
      await page.keyboard.press('Tab');
      const role = form.getByLabel('I am a...');
      await expectFocus(role);
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('ArrowDown');
      expect(await role.inputValue()).toBe('Founder');
      await page.keyboard.press('Tab');
      await page.keyboard.type('Finding time to write scripts');
      // The struggle is a textarea (Enter is a new line): Tab to the submit button, then Enter.
      await page.keyboard.press('Tab');
      await press(form.getByRole('button', { name: 'Join the Waitlist' }), 'Enter');
      // The form is replaced by the confirmation, which takes the focus.
      await expectFocus(page.getByRole('heading', { name: "You're In!" }));
      expect(
        await echo.query('select name, role, struggle from waitlist_signups where email = $1', [
          'kim.keyboard@example.com',
        ]),
      ).toEqual([{ name: 'Kim Keyboard', role: 'Founder', struggle: 'Finding time to write scripts' }]);
      await echo.smtp.waitFor((m) => m.some((x) => x.to.includes('kim.keyboard@example.com')));
    });
  });
});

describe('keyboard only: trend analyser', () => {
  it('checks the URL live, adds a trend, re-analyses it, uses an idea in the builder and deletes it', async () => {
    await withPage(DESKTOP, async ({ page, context }) => {
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: echo.url });
      await page.goto('/trends');
      const form = page.getByRole('form', { name: 'Add New Trend' });
      const input = form.getByLabel('Trend URL');
      await tabTo(input);
      // Live checks while typing; Enter on a bad URL explains itself in an 'Invalid URL' toast.
      await page.keyboard.type('https://tiktok.com.evil.com/@x/video/1');
      await expect
        .poll(() => form.getByRole('alert').innerText())
        .toBe('URL must be from TikTok, Instagram, or YouTube');
      await page.keyboard.press('Enter');
      await expect.poll(() => toast(page, 'Invalid URL').isVisible()).toBe(true);
      await expectFocus(input);
      await retype(page, 'not a url');
      await expect
        .poll(() => form.getByRole('alert').innerText())
        .toBe('Please enter a valid URL starting with https://');
      await retype(page, 'https://youtu.be/abc');
      await expect.poll(() => form.getByText('Valid YouTube URL').isVisible()).toBe(true);
      // The platform select follows and is operable with the arrow keys.
      await page.keyboard.press('Tab');
      const platform = form.getByLabel('Platform');
      await expectFocus(platform);
      expect(await platform.inputValue()).toBe('youtube');
      await page.keyboard.press('ArrowUp');
      expect(await platform.inputValue()).toBe('instagram');
      await tabTo(input, { back: true });
      await retype(page, TIKTOK);
      await page.keyboard.press('Enter');
      await expect
        .poll(() => toast(page, 'Trend added successfully and analysis starting...').isVisible())
        .toBe(true);
      expect(await count('select count(*) as n from trends where source = $1', [TIKTOK])).toBe(1);
      const card = page.getByRole('article', { name: `Trend ${TIKTOK}`, exact: true });
      await expect.poll(() => card.getAttribute('data-status'), { timeout: 20_000 }).toBe('processed');

      // More Ideas by keyboard: the button is busy meanwhile, and focus is not lost.
      const more = card.getByRole('button', { name: 'More Ideas', exact: true });
      await tabTo(more);
      await page.keyboard.press('Enter');
      await expect
        .poll(() => card.getByRole('button', { name: 'Show 6 more ideas' }).isVisible(), { timeout: 20_000 })
        .toBe(true);
      await expectFocus(more);
      const ideas = card.getByRole('region', { name: 'Twist Ideas' }).locator('li');
      await tabTo(card.getByRole('button', { name: 'Show 6 more ideas' }));
      await page.keyboard.press('Enter');
      expect(await ideas.count()).toBe(9);
      await expectFocus(card.getByRole('button', { name: 'Show less' }));
      await page.keyboard.press('Space');
      expect(await ideas.count()).toBe(3);

      // The template builder: opened with Enter, edited, copied, closed with Escape.
      const use = card.getByRole('button', { name: /^Use idea:/ }).first();
      await tabTo(use, { back: true });
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: 'Content Template Builder' });
      await expect.poll(() => dialog.isVisible()).toBe(true);
      const twist = dialog.getByLabel('Your Twist');
      await tabTo(twist);
      await retype(page, 'POV: my coffee order judges me back');
      await tabTo(dialog.getByRole('button', { name: 'Copy Template' }));
      await page.keyboard.press('Enter');
      await expect.poll(() => toast(page, 'Content template copied to clipboard').isVisible()).toBe(true);
      expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(
        /\n\nYour Twist: POV: my coffee order judges me back$/,
      );
      await page.keyboard.press('Escape');
      await expect.poll(() => dialog.count()).toBe(0);
      await expectFocus(use);

      // Delete (this browser added it): the card goes, focus lands on the list heading, not on <body>.
      await tabTo(card.getByRole('button', { name: `Delete trend ${TIKTOK}` }), { back: true });
      await page.keyboard.press('Enter');
      await expect.poll(() => toast(page, 'The trend has been successfully removed.').isVisible()).toBe(true);
      await expect.poll(() => card.count()).toBe(0);
      expect(await count('select count(*) as n from trends where source = $1', [TIKTOK])).toBe(0);
      await expectFocus(page.getByRole('heading', { name: 'Recent Trends' }));
    });
  });
});

describe('keyboard only: trend list paging', () => {
  it("'Load More' by Enter: focus moves to the first newly loaded trend", async () => {
    const [{ n: existing }] = await echo.query<{ n: number }>('select count(*)::int as n from trends');
    const seeded = 14 - existing!;
    await echo.query(
      `insert into trends (source, platform, status, created_at)
       select 'https://www.tiktok.com/@kbseed/video/' || g, 'tiktok', 'pending', now() - make_interval(mins => 1000 - g)
       from generate_series(1, $1::int) g`,
      [seeded],
    );
    await echo.query(
      'insert into trend_totals (id, count) values (1, $1) on conflict (id) do update set count = trend_totals.count + $1',
      [seeded],
    );
    await withPage(PHONE, async ({ page }) => {
      await page.goto('/trends');
      await expect.poll(() => page.getByTestId('trends-shown').innerText()).toBe('12 of 14 trends shown');
      await tabTo(page.getByRole('button', { name: 'Load More (2 remaining)' }), { max: 200 });
      await page.keyboard.press('Enter');
      await expect.poll(() => page.getByTestId('trends-shown').innerText()).toBe('14 of 14 trends shown');
      expect(await page.getByRole('button', { name: /^Load More/ }).count()).toBe(0);
      await expectFocus(page.getByTestId('trend-card').nth(12));
      // The next Tab goes on inside that trend.
      await page.keyboard.press('Tab');
      expect(
        await page
          .getByTestId('trend-card')
          .nth(12)
          .evaluate((card) => card.contains(document.activeElement)),
      ).toBe(true);
    });
  });
});

describe('keyboard only: transcription tool and content dashboard', () => {
  it('submits a transcription link by keyboard', async () => {
    await withPage(DESKTOP, async ({ page }) => {
      await page.goto('/reaction-video');
      const link = page.getByLabel('Link', { exact: true });
      await tabTo(link);
      await page.keyboard.type('https://www.youtube.com/watch?v=keyboard');
      await page.keyboard.press('Tab');
      const platform = page.getByLabel('Source platform');
      await expectFocus(platform);
      await page.keyboard.press('ArrowDown');
      expect(await platform.inputValue()).toBe('Youtube');
      await page.keyboard.press('Tab');
      await expectFocus(page.getByLabel('Email'));
      await page.keyboard.type('kb.transcribe@example.com');
      await page.keyboard.press('Enter');
      await expect
        .poll(() => page.getByText('Link submitted successfully!', { exact: true }).isVisible())
        .toBe(true);
      expect(
        await count('select count(*) as n from content_results where user_email = $1', [
          'kb.transcribe@example.com',
        ]),
      ).toBe(1);
      // It goes on to the dashboard, where the code field takes the focus.
      await expect.poll(() => new URL(page.url()).pathname).toBe('/dashboard');
      await expectFocus(page.getByRole('textbox', { name: 'Verification code' }));
    });
  });

  it('e-mail, code from the e-mail, results, inline submit, tabs, delete with confirmation', async () => {
    const email = 'kb.dashboard@example.com';
    const old = 'https://www.youtube.com/watch?v=old-one';
    await insertResult(echo, { email, sourceUrl: old, data: { transcription: 'An older transcript.' } });
    await withPage(DESKTOP, async ({ page }) => {
      await page.goto('/dashboard');
      const emailField = page.getByLabel('Email');
      await tabTo(emailField);
      await page.keyboard.type(email);
      await page.keyboard.press('Enter');
      await expect.poll(() => toast(page, 'Code sent!').isVisible()).toBe(true);
      const codeField = page.getByRole('textbox', { name: 'Verification code' });
      await expectFocus(codeField);
      await waitForCode(echo, email);

      // 'Use a different email' goes back with the cursor in the e-mail field.
      await tabTo(page.getByRole('button', { name: 'Use a different email' }));
      await page.keyboard.press('Enter');
      await expectFocus(emailField);
      expect(await emailField.inputValue()).toBe(email);
      await page.keyboard.press('Enter');
      await expectFocus(codeField);
      const code = await waitForCode(echo, email, 2);
      // A wrong code: refused, the field is cleared and keeps the cursor for the next try.
      await page.keyboard.type(code === '000000' ? '111111' : '000000');
      await page.keyboard.press('Enter');
      await expect.poll(() => toast(page, 'Invalid verification code').isVisible()).toBe(true);
      await expectFocus(codeField);
      expect(await codeField.inputValue()).toBe('');
      await page.keyboard.type(`${code.slice(0, 3)}x${code.slice(3)}`);
      expect(await codeField.inputValue()).toBe(code);
      await page.keyboard.press('Enter');
      await expect.poll(() => toast(page, 'Access granted to your dashboard').isVisible()).toBe(true);
      await expectFocus(page.getByRole('heading', { name: 'Your Content' }));
      const refresh = page.getByRole('button', { name: 'Refresh' });
      await tabTo(refresh);
      await page.keyboard.press('Enter');
      await expectFocus(refresh);

      // The transcript's Show more and the download buttons.
      const oldCard = page.getByTestId('content-result').filter({ hasText: old });
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        (async () => {
          await tabTo(oldCard.getByRole('button', { name: 'Download transcript as md' }));
          await page.keyboard.press('Enter');
        })(),
      ]);
      expect(download.suggestedFilename()).toMatch(/^transcript-\d{4}-\d{2}-\d{2}\.md$/);

      // The inline 'New Transcription' form.
      const toggle = page.getByRole('button', { name: 'New Transcription' });
      await tabTo(toggle);
      await page.keyboard.press('Enter');
      expect(await toggle.getAttribute('aria-expanded')).toBe('true');
      const inline = page.getByRole('form', { name: 'New Transcription' });
      await tabTo(inline.getByLabel('Link', { exact: true }));
      await page.keyboard.type('https://www.instagram.com/reel/keyboard/');
      await page.keyboard.press('Tab');
      await expectFocus(inline.getByLabel('Source platform'));
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('ArrowDown');
      expect(await inline.getByLabel('Source platform').inputValue()).toBe('Instagram');
      await page.keyboard.press('Tab');
      await press(inline.getByRole('button', { name: 'Submit for Transcription' }), 'Enter');
      await expect.poll(() => toast(page, 'Link submitted successfully!').isVisible()).toBe(true);
      await expect.poll(() => inline.count()).toBe(0);
      await expectFocus(toggle);
      expect(
        await echo.query('select user_email, source_platform from content_results where source_url = $1', [
          'https://www.instagram.com/reel/keyboard/',
        ]),
      ).toEqual([{ user_email: email, source_platform: 'Instagram' }]);
      await expect
        .poll(() =>
          page.getByRole('link', { name: 'https://www.instagram.com/reel/keyboard/' }).first().isVisible(),
        )
        .toBe(true);

      // Tabs with the arrow keys.
      const all = page.getByRole('tab', { name: /All Content/ });
      await tabTo(all);
      await page.keyboard.press('ArrowRight');
      const transcriptions = page.getByRole('tab', { name: /Transcriptions/ });
      await expectFocus(transcriptions);
      await expect.poll(() => transcriptions.getAttribute('aria-selected')).toBe('true');
      await page.keyboard.press('ArrowLeft');
      await expectFocus(all);
      await expect.poll(() => all.getAttribute('aria-selected')).toBe('true');

      // Delete asks the spec's question (a native confirm, answered with Enter by the user).
      const asked: string[] = [];
      page.once('dialog', (dialog) => {
        asked.push(dialog.message());
        void dialog.accept();
      });
      await tabTo(page.getByRole('button', { name: `Delete content from ${old}` }));
      await page.keyboard.press('Enter');
      await expect.poll(() => toast(page, 'Deleted').isVisible()).toBe(true);
      expect(asked).toEqual(['Are you sure you want to delete this content?']);
      expect(await count('select count(*) as n from content_results where source_url = $1', [old])).toBe(0);
      await expectFocus(page.getByRole('tabpanel'));
      // From the list, the next Tab reaches the remaining card.
      await page.keyboard.press('Tab');
      await expectFocus(page.getByRole('link', { name: 'https://www.instagram.com/reel/keyboard/' }));
    });
  });

  it("privacy: the data-use switch with Space, 'Delete my data' with Escape, then a fresh code", async () => {
    const email = 'kb.privacy@example.com';
    await insertResult(echo, { email, data: { transcription: 'Private words.' } });
    await withPage(PHONE, async ({ page }) => {
      await page.goto('/dashboard');
      await tabTo(page.getByLabel('Email'));
      await page.keyboard.type(email);
      await page.keyboard.press('Enter');
      await expectFocus(page.getByRole('textbox', { name: 'Verification code' }));
      await page.keyboard.type(await waitForCode(echo, email));
      await page.keyboard.press('Enter');
      await expectFocus(page.getByRole('heading', { name: 'Your Content' }));

      const toggle = page.getByRole('switch', { name: "Don't use my data" });
      await tabTo(toggle);
      await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('false');
      await page.keyboard.press('Space');
      await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('true');
      await expect
        .poll(() => count('select count(*) as n from data_use_opt_outs where email = $1', [email]))
        .toBe(1);
      await expect.poll(() => toast(page, 'Your data will not be used').isVisible()).toBe(true);
      await expectFocus(toggle);

      const open = page.getByRole('button', { name: 'Delete my data' });
      await tabTo(open);
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: 'Delete all your data?' });
      await expect.poll(() => dialog.isVisible()).toBe(true);
      await expectFocus(dialog.getByRole('button', { name: 'Cancel' }));
      await page.keyboard.press('Escape');
      await expect.poll(() => dialog.count()).toBe(0);
      await expectFocus(open);
      expect(await count('select count(*) as n from content_results where user_email = $1', [email])).toBe(1);

      await page.keyboard.press('Enter');
      // Focus is trapped in the dialog: Tab cycles through its controls only.
      await tabTo(dialog.getByRole('button', { name: 'E-mail me a code' }));
      for (let i = 0; i < 4; i++) {
        await page.keyboard.press('Tab');
        expect(await page.evaluate(() => !!document.activeElement?.closest('[role="dialog"]'))).toBe(true);
      }
      await tabTo(dialog.getByRole('button', { name: 'E-mail me a code' }));
      await page.keyboard.press('Enter');
      const codeField = dialog.getByRole('textbox', { name: 'Confirmation code' });
      await expectFocus(codeField);
      await echo.smtp.waitFor((m) =>
        m.some((x) => x.to.includes(email) && /Confirm deleting/.test(x.subject)),
      );
      const mail = echo.smtp.to(email).find((m) => /Confirm deleting/.test(m.subject))!;
      await page.keyboard.type(codeIn(mail));
      await page.keyboard.press('Enter');
      await expect.poll(() => toast(page, 'Your data has been deleted.').isVisible()).toBe(true);
      // Signed out: back at the e-mail step, with the cursor there.
      await expectFocus(page.getByLabel('Email'));
      expect(await count('select count(*) as n from content_results where user_email = $1', [email])).toBe(0);
      await echo.smtp.waitFor((m) =>
        m.some((x) => x.to.includes(email) && /has been deleted/.test(x.subject)),
      );
    });
  });
});

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

describe('keyboard only: Studio', () => {
  it('writes a note, searches it, opens the hit at its sentence, deletes it, and bans a word', async () => {
    await withPage(DESKTOP, async ({ page, context }) => {
      const email = 'keyboard-studio@example.com';
      const { token } = await createSession(echo.ctx.database.db, 'dashboard', email, 1);
      await context.addCookies([{ name: 'echo_dashboard', value: token, url: `${echo.url}/api` }]);
      await page.goto('/studio');
      await expect.poll(() => page.getByRole('heading', { name: 'Your Studio' }).isVisible()).toBe(true);

      // The capture tabs with the arrow keys, then the note field and its save button.
      await tabTo(page.getByRole('tab', { name: 'Record' }));
      await page.keyboard.press('ArrowRight');
      await expectFocus(page.getByRole('tab', { name: 'Upload' }));
      await page.keyboard.press('ArrowRight');
      await expectFocus(page.getByRole('tab', { name: 'Write' }));
      const field = page.getByRole('textbox', { name: 'Your note' });
      await tabTo(field);
      await page.keyboard.type(
        'We met twelve customers. The pricing page confused everyone. We fix it next week.',
      );
      await page.keyboard.press('Tab');
      await press(page.getByRole('button', { name: 'Save note' }), 'Enter');
      await expect.poll(() => toast(page, 'Note saved').isVisible()).toBe(true);
      await expectFocus(field);
      await expect.poll(() => page.getByTestId('note').count()).toBe(1);

      // Search, then Enter on the hit: the note opens with its matching sentence focused.
      await tabTo(page.getByRole('searchbox', { name: 'Search your notes' }));
      await page.keyboard.type('pricing');
      const hit = page.getByTestId('search-hit').first();
      await expect.poll(() => hit.isVisible()).toBe(true);
      await page.keyboard.press('Tab');
      await press(hit, 'Enter');
      const sentence = page.locator('[data-target]');
      await expectFocus(sentence);
      expect(await sentence.innerText()).toBe('The pricing page confused everyone.');

      // Delete with the confirmation dialog: Escape keeps it, Enter on 'Delete note' removes it.
      const remove = page.getByRole('button', { name: 'Delete', exact: true });
      await tabTo(remove, { back: true });
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog');
      await expect.poll(() => dialog.isVisible()).toBe(true);
      await page.keyboard.press('Escape');
      await expectFocus(remove);
      await page.keyboard.press('Enter');
      await tabTo(dialog.getByRole('button', { name: 'Delete note' }));
      await page.keyboard.press('Enter');
      await expect.poll(() => toast(page, 'Note deleted').isVisible()).toBe(true);
      expect(await count('select count(*) as n from studio_notes where owner_email = $1', [email])).toBe(0);

      // Ban a word and take it back.
      const ban = page.getByRole('textbox', { name: 'Banned words' });
      await tabTo(ban);
      await page.keyboard.type('synergy');
      await page.keyboard.press('Enter');
      const unban = page.getByRole('button', { name: 'Remove “synergy”' });
      await expect.poll(() => unban.isVisible()).toBe(true);
      await expectFocus(ban);
      await tabTo(unban);
      await page.keyboard.press('Enter');
      await expect.poll(() => unban.count()).toBe(0);
      await expectFocus(ban);
    });
  });
});

describe('keyboard only: webhook test, legal pages, 404', () => {
  it('runs the webhook tests with Enter and keeps focus on the button', async () => {
    await withPage(DESKTOP, async ({ page }) => {
      await page.goto('/webhook-test');
      const run = page.getByRole('button', { name: 'Run Tests' });
      await tabTo(run);
      await page.keyboard.press('Enter');
      await expect
        .poll(() => page.getByTestId('webhook-summary').innerText())
        .toBe('All webhook tests passed');
      await expectFocus(run);
      // The code sample scrolls sideways, so it is reachable by keyboard.
      await tabTo(page.locator('pre[tabindex="0"]'));
    });
  });

  it('walks from the landing footer to the privacy policy, the terms and back home', async () => {
    await withPage(PHONE, async ({ page }) => {
      await page.goto('/');
      const footer = page.locator('footer').last();
      await tabTo(footer.getByRole('link', { name: 'Privacy Policy' }), { max: 150 });
      await page.keyboard.press('Enter');
      await expect.poll(() => page.locator('h1').innerText()).toBe('Privacy Policy');
      await tabTo(page.locator('footer').last().getByRole('link', { name: 'Terms of Service' }), {
        max: 150,
      });
      await page.keyboard.press('Enter');
      await expect.poll(() => page.locator('h1').innerText()).toBe('Terms of Service');
      await tabTo(page.getByRole('link', { name: 'Back to Home' }));
      await page.keyboard.press('Enter');
      await expect.poll(() => new URL(page.url()).pathname).toBe('/');
      await expect.poll(() => page.locator('h1').innerText()).toMatch(/unmute/i);

      await page.goto('/unsubscribe');
      await tabTo(page.getByRole('link', { name: 'Return to Homepage' }));
      await page.keyboard.press('Enter');
      await expect.poll(() => new URL(page.url()).pathname).toBe('/');
    });
  });

  it("the 404 page's link goes home", async () => {
    await withPage(DESKTOP, async ({ page }) => {
      await page.goto('/no/such/page');
      await expect
        .poll(() => page.getByRole('heading', { name: '404 Page Not Found' }).isVisible())
        .toBe(true);
      await tabTo(page.getByRole('link', { name: 'Go to the homepage' }));
      await page.keyboard.press('Enter');
      await expect.poll(() => new URL(page.url()).pathname).toBe('/');
      await expect.poll(() => page.locator('h1').innerText()).toMatch(/unmute/i);
    });
  });
});
