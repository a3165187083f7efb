import { readFileSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, launchBrowser, openPage, type PageSession, PHONE } from '#tests/support/browser.ts';
import { startTestApp, type TestApp } from '#tests/support/test-app.ts';
import { createSession } from '../../src/server/lib/sessions.ts';

const transcript = readFileSync(new URL('../fixtures/pricing-voice-note.txt', import.meta.url), 'utf8');

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

/** A signed-in browser (as after the code step) with one written note; opens the note. */
async function withNote(email: string, viewport: typeof DESKTOP): Promise<PageSession> {
  const { token } = await createSession(echo.ctx.database.db, 'dashboard', email, 1);
  const res = await echo.app!.inject({
    method: 'POST',
    url: '/api/studio/notes',
    headers: { cookie: `echo_dashboard=${token}`, 'content-type': 'application/json' },
    payload: JSON.stringify({ text: transcript, title: 'Pricing is a conversation' }),
  });
  const note = res.json() as { id: string };
  const session = await openPage(browser, echo.url, viewport);
  await session.context.addCookies([{ name: 'echo_dashboard', value: token, url: `${echo.url}/api` }]);
  await session.page.goto(`/studio?note=${note.id}`);
  await expect
    .poll(() => session.page.getByRole('button', { name: 'Create content' }).isVisible())
    .toBe(true);
  return session;
}

describe('Echo Studio drafts', () => {
  it('turns a note into drafts shown beside their sources: highlight, score, edit, export and share', async () => {
    const session = await withNote('drafts-desktop@example.com', DESKTOP);
    const { page } = session;
    try {
      await page.getByRole('button', { name: 'Create content' }).click();
      const dialog = page.getByRole('dialog');
      // A written note: every format but clip hooks is ticked.
      await expect.poll(() => dialog.getByRole('checkbox', { name: /SEO blog post/ }).isChecked()).toBe(true);
      expect(await dialog.getByRole('checkbox', { name: /Clip hooks/ }).isChecked()).toBe(false);
      await dialog.getByRole('button', { name: 'Create 4 drafts' }).click();

      await expect.poll(() => page.getByTestId('draft-blocks').isVisible()).toBe(true);
      const formats = page.getByRole('navigation', { name: 'Drafts of this note' });
      await expect.poll(() => formats.getByRole('link').count()).toBe(4);

      // Pointing at a sentence of the draft highlights the sentence it came from.
      const first = page.locator('[data-block][data-supported="true"]').nth(1);
      const text = (await first.innerText()).trim();
      await first.hover();
      const highlighted = page.getByTestId('draft-sources').locator('[data-highlighted]');
      await expect.poll(() => highlighted.count()).toBeGreaterThan(0);
      const words = text
        .toLowerCase()
        .replace(/[^a-z ]/g, '')
        .split(' ')
        .slice(0, 3)
        .join(' ');
      expect((await highlighted.first().innerText()).toLowerCase()).toContain(words.split(' ')[0]);
      // The same by keyboard: focus moves to a block, its source shows.
      await page.locator('[data-block]').last().focus();
      await expect.poll(() => highlighted.count()).toBeGreaterThan(0);

      // The voice-fidelity score with its reasons.
      const fidelity = page.getByTestId('fidelity');
      await expect.poll(() => fidelity.isVisible()).toBe(true);
      expect(await fidelity.innerText()).toMatch(/\d+\s*\/ 100 voice fidelity/);
      expect(await fidelity.getByRole('listitem').count()).toBeGreaterThan(0);

      // Downloads and the platforms' own share links.
      const markdown = page.getByRole('link', { name: 'Markdown' });
      expect(await markdown.getAttribute('href')).toMatch(
        /\/api\/studio\/drafts\/[0-9a-f-]+\/export\?as=md$/,
      );
      const linkedin = await page.getByRole('link', { name: 'Share on LinkedIn' }).getAttribute('href');
      expect(linkedin).toMatch(/^https:\/\/www\.linkedin\.com\/feed\/\?shareActive=true&text=/);
      expect(await page.getByRole('link', { name: 'Share on X' }).getAttribute('href')).toMatch(
        /^https:\/\/x\.com\/intent\/post\?text=/,
      );
      const download = await page.request.get(`${echo.url}${await markdown.getAttribute('href')}`);
      expect(download.status()).toBe(200);

      // Edit in place: an invented sentence is saved and marked as unsupported.
      await page.getByRole('button', { name: 'Edit' }).click();
      const editors = page.getByRole('textbox', { name: /^Edit / });
      await editors.nth(1).fill('We closed a ten million dollar round in Berlin last spring.');
      await page.getByRole('button', { name: 'Save' }).click();
      await expect.poll(() => page.getByText('Edited', { exact: true }).isVisible()).toBe(true);
      await expect
        .poll(() => page.locator('[data-block][data-supported="false"]').count())
        .toBeGreaterThan(0);
      expect(session.pageErrors).toEqual([]);
    } finally {
      await session.context.close();
    }
  });

  it('fits a 375 px screen', async () => {
    const session = await withNote('drafts-phone@example.com', PHONE);
    const { page } = session;
    try {
      await page.getByRole('button', { name: 'Create content' }).click();
      await page
        .getByRole('dialog')
        .getByRole('button', { name: /^Create \d drafts$/ })
        .click();
      await expect.poll(() => page.getByTestId('draft-blocks').isVisible()).toBe(true);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    } finally {
      await session.context.close();
    }
  });
});
