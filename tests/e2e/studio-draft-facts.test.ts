import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Draft, DraftFact } from '#contract/studio-drafts.ts';
import { seriousViolations } from '#tests/support/axe.ts';
import { DESKTOP, launchBrowser, openPage } from '#tests/support/browser.ts';
import { callAs, dashboardCookies, draftFor, readyDraft } from '#tests/support/studio.ts';
import { startTestApp, type TestApp } from '#tests/support/test-app.ts';

/** The fact checklist under a draft: what it left out, and putting it back in one click. */

const PHONE_390 = { width: 390, height: 844 };
/** Where the screenshots go when SCREENSHOT_DIR is set (to look at them). */
const SHOTS = process.env.SCREENSHOT_DIR;
const AGENCY = readFileSync(
  path.join(import.meta.dirname, '../fixtures/studio/notes/story-agency-client.txt'),
  'utf8',
);

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

describe.each([
  ['desktop', DESKTOP],
  ['phone', PHONE_390],
])('The fact checklist on a %s', (name, viewport) => {
  it('says what the draft left out and puts it back where it was said', async () => {
    const { cookie, draftId } = await draftFor(echo, `facts-${name}@example.com`, ['linkedin'], {
      title: 'The client I almost kept',
      text: AGENCY,
    });
    // The owner deleted the sentence with the rates: the draft now leaves two facts out.
    const draft = await readyDraft(echo, cookie, draftId);
    const rates = draft.blocks.find((b) => b.text.includes('closer to $140 an hour'))!;
    const saved = await callAs(echo, 'PUT', `/api/studio/drafts/${draftId}`, cookie, {
      blocks: [],
      order: draft.blocks.filter((b) => b.id !== rates.id).map((b) => b.id),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const facts = (saved.json() as Draft).meta.facts as DraftFact[];
    expect(facts.filter((f) => !f.kept).map((f) => f.text)).toEqual([
      '$85 an hour',
      'closer to $140 an hour',
    ]);

    const session = await openPage(browser, echo.url, viewport);
    const { page } = session;
    try {
      await session.context.addCookies(dashboardCookies(echo, cookie));
      await page.goto(`/studio?draft=${draftId}`);
      const checklist = page.getByTestId('draft-facts');
      await expect.poll(() => checklist.isVisible(), { timeout: 20_000 }).toBe(true);
      const summary = checklist.locator('summary');
      expect(await summary.innerText()).toBe(
        `Kept ${facts.length - 2} of ${facts.length} facts · left out: $85 an hour, closer to $140 an hour`,
      );
      // Opened from the keyboard; every fact listed, the left-out ones with their button.
      await summary.focus();
      await page.keyboard.press('Enter');
      const list = checklist.getByRole('list', { name: 'Facts of your notes' });
      await expect.poll(() => list.isVisible()).toBe(true);
      expect(await list.getByRole('listitem').count()).toBe(facts.length);
      await checklist.scrollIntoViewIfNeeded();
      if (SHOTS) {
        await page.screenshot({ path: `${SHOTS}/draft-facts-${name}.png`, fullPage: true });
        await checklist.screenshot({ path: `${SHOTS}/draft-facts-list-${name}.png` });
      }
      expect(await seriousViolations(page)).toEqual([]);

      const button = checklist.getByRole('button', { name: 'Put back closer to $140 an hour' });
      const box = (await button.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
      await button.focus();
      await page.keyboard.press('Enter');
      const blocks = page.getByTestId('draft-blocks');
      await expect.poll(() => blocks.innerText()).toContain('closer to $140 an hour');
      await expect.poll(() => summary.innerText()).toBe(`Kept ${facts.length} of ${facts.length} facts`);
      // The button went with its fact: the keyboard is back on the checklist, not lost.
      expect(await summary.evaluate((el) => el === document.activeElement)).toBe(true);
      // Where it was said: before the sentence that needs it.
      const text = await blocks.innerText();
      expect(text.indexOf('closer to $140 an hour')).toBeLessThan(
        text.indexOf('biggest client was actually our worst'),
      );
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/draft-facts-back-${name}.png`, fullPage: true });
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      expect(session.pageErrors).toEqual([]);
    } finally {
      await session.context.close();
    }
  }, 60_000);
});
