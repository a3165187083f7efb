import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INTERVIEW } from '#tests/fixtures/studio/conversations.ts';
import { seriousViolations } from '#tests/support/axe.ts';
import { DESKTOP, launchBrowser, openPage } from '#tests/support/browser.ts';
import { addConversationNote } from '#tests/support/conversation.ts';
import { callAs, dashboardCookies, readyDraft, sessionCookie } from '#tests/support/studio.ts';
import { startTestApp, type TestApp } from '#tests/support/test-app.ts';

/** A conversation's show notes: chapters with times, quotes in their speakers' names, who said what. */

const PHONE_390 = { width: 390, height: 844 };
/** Where the screenshots go when SCREENSHOT_DIR is set (to look at them). */
const SHOTS = process.env.SCREENSHOT_DIR;

let echo: TestApp;
let browser: Browser;
let closeBrowser: () => Promise<void>;
let cookie: string;
let draftId: string;
beforeAll(async () => {
  [echo, { browser, close: closeBrowser }] = await Promise.all([startTestApp(), launchBrowser()]);
  // One interview note (host Sam, the owner; guest Priya) and its show notes, read at both sizes.
  cookie = await sessionCookie(echo, 'shownotes@example.com');
  const { note } = await addConversationNote(echo, cookie, INTERVIEW, { me: 'Sam' });
  const res = await callAs(echo, 'POST', '/api/studio/drafts', cookie, {
    note_ids: [note.id],
    formats: ['shownotes'],
    engine: 'extractive',
  });
  expect(res.statusCode, res.body).toBe(202);
  draftId = res.json().drafts[0].id as string;
  await readyDraft(echo, cookie, draftId);
}, 90_000);
afterAll(async () => {
  await closeBrowser?.();
  await echo?.close();
});

describe.each([
  ['desktop', DESKTOP],
  ['phone', PHONE_390],
])('Show notes of an interview on a %s', (name, viewport) => {
  it('shows chapters with times and quotes attributed to who said them', async () => {
    const session = await openPage(browser, echo.url, viewport);
    const { page } = session;
    try {
      page.setDefaultTimeout(5_000);
      await session.context.addCookies(dashboardCookies(echo, cookie));
      await page.goto(`/studio?draft=${draftId}`);
      const blocks = page.getByTestId('draft-blocks');
      await expect.poll(() => blocks.isVisible(), { timeout: 20_000 }).toBe(true);
      await expect.poll(() => page.getByRole('heading', { name: 'Show notes' }).isVisible()).toBe(true);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/shownotes-${name}-open.png`, fullPage: true });
      const text = await blocks.innerText();
      expect(text).toContain('Guest: Priya · Host: Sam');
      expect(text).toContain('Chapters');
      expect(text).toMatch(/00:00 \S/);
      expect(text.match(/\n\d\d:\d\d \S/g)?.length).toBeGreaterThanOrEqual(1);
      expect(text).toMatch(/” — Priya, \d\d:\d\d/);
      await expect
        .poll(() => page.getByTestId('draft-speaks-as').innerText())
        .toContain('Written as Sam; Priya is quoted by name');

      // A quote says who said it, and when.
      const quote = blocks.locator('[data-origin="guest"]').first();
      expect(await quote.getAttribute('data-speaker')).toBe('Priya');
      await quote.focus();
      await page.keyboard.press('Enter');
      const said =
        name === 'phone' ? page.getByTestId('source-reveal') : page.locator('#sources-heading + p');
      await expect.poll(() => said.innerText()).toMatch(/Priya said, \d+:\d\d/);
      await expect.poll(() => page.getByTestId('guest-legend').isVisible()).toBe(true);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/shownotes-${name}.png`, fullPage: true });
      expect(await seriousViolations(page)).toEqual([]);
    } finally {
      expect(session.pageErrors).toEqual([]);
      await session.context.close();
    }
  });
});
