import { writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INTERVIEW } from '#tests/fixtures/studio/transcripts.ts';
import { seriousViolations } from '#tests/support/axe.ts';
import { DESKTOP, launchBrowser, openPage } from '#tests/support/browser.ts';
import { type StudioTestApp, startStudioApp } from '#tests/support/studio.ts';
import { createSession } from '../../src/server/lib/sessions.ts';

/**
 * Conversations (decision 023): a host imports an interview transcript, says which speaker is them
 * and gives a sentence to the guest, by keyboard, at phone and desktop width.
 */
let browser: Browser;
let closeBrowser: () => Promise<void>;
let echo: StudioTestApp;
const transcript = path.join(os.tmpdir(), `echo-conversation-${process.pid}`, INTERVIEW.filename);
/** Where the screenshots go when SCREENSHOTS_DIR is set (to look at them). */
const shots = process.env.SCREENSHOTS_DIR;

beforeAll(async () => {
  const { mkdir } = await import('node:fs/promises');
  await mkdir(path.dirname(transcript), { recursive: true });
  await writeFile(transcript, INTERVIEW.content);
  [echo, { browser, close: closeBrowser }] = await Promise.all([startStudioApp(), launchBrowser()]);
});
afterAll(async () => {
  await closeBrowser?.();
  await echo?.close();
});

const PHONE_390 = { width: 390, height: 844 };

describe('a conversation note', () => {
  for (const viewport of [PHONE_390, DESKTOP]) {
    it(`is imported, asks "which one is you?" and takes a sentence for the guest at ${viewport.width} px`, async () => {
      const email = `host-${viewport.width}@example.com`;
      const session = await openPage(browser, echo.url, viewport);
      const { page, context, pageErrors } = session;
      const { token } = await createSession(echo.ctx.database.db, 'dashboard', email, 1);
      await context.addCookies([{ name: 'echo_dashboard', value: token, url: `${echo.url}/api` }]);
      await page.goto('/studio');
      await page.getByRole('tab', { name: 'Import' }).click();
      await page.getByLabel('File of your posts or a transcript').setInputFiles(transcript);
      await expect.poll(() => page.getByText('Conversation imported').first().isVisible()).toBe(true);
      const note = page.getByTestId('note').filter({ hasText: 'Episode 42' });
      await expect.poll(() => note.count()).toBe(1);
      await note.getByRole('link').first().click();

      // Asked once, with the reason; nothing chosen yet (no byline, no name remembered).
      const panel = page.getByTestId('conversation-panel');
      await expect
        .poll(() => panel.getByRole('heading', { name: 'Which one is you?' }).isVisible())
        .toBe(true);
      expect(await page.getByTestId('turn').count()).toBeGreaterThanOrEqual(10);
      // Each turn says who and when.
      expect(await page.getByTestId('turn').first().getByRole('heading').innerText()).toBe('Sam 0:00');
      expect(await page.getByTestId('turn').nth(1).getByRole('heading').innerText()).toBe('Priya 0:12');
      expect(await seriousViolations(page)).toEqual([]);
      if (shots) {
        await panel.scrollIntoViewIfNeeded();
        await page.screenshot({ path: path.join(shots, `conversation-ask-${viewport.width}.png`) });
      }

      await panel.getByLabel('This is me').selectOption({ label: 'Sam' });
      await panel.getByRole('button', { name: 'This is me' }).click();
      await expect
        .poll(() => panel.getByRole('heading').innerText())
        .toBe('A conversation of 2: you are Sam');
      expect(await page.getByTestId('turn').first().getByRole('heading').innerText()).toBe('Sam (you) 0:00');

      // "What made you finally quit?" was the guest's, by keyboard.
      const change = page.getByRole('button', {
        name: /^Speaker of sentence \d+: What made you finally quit/,
      });
      await change.focus();
      await page.keyboard.press('Enter');
      const who = page.getByRole('combobox', { name: /^Who said sentence \d+\?$/ });
      await expect.poll(() => who.evaluate((el) => el === document.activeElement)).toBe(true);
      await who.selectOption({ label: 'Priya' });
      if (shots) {
        await who.scrollIntoViewIfNeeded();
        await page.screenshot({ path: path.join(shots, `conversation-assign-${viewport.width}.png`) });
      }
      // Polled: the toast of the answer above is checked once it has faded in.
      await expect.poll(() => seriousViolations(page)).toEqual([]);
      await page.getByTestId('speaker-assign').getByRole('button', { name: 'Save' }).click();
      // Priya's turns around it are one turn now, and focus is back on the sentence's button.
      const turnOf = page.getByTestId('turn').filter({ hasText: 'What made you finally quit?' });
      await expect.poll(() => turnOf.getByRole('heading').innerText()).toBe('Priya 0:12');
      expect(await turnOf.innerText()).toContain('Honestly the dough was the only thing');
      await expect.poll(() => change.evaluate((el) => el === document.activeElement)).toBe(true);

      // Nothing wider than the window.
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      if (shots) {
        await page.getByTestId('speaker-assign').or(turnOf).first().scrollIntoViewIfNeeded();
        await page.screenshot({ path: path.join(shots, `conversation-${viewport.width}.png`) });
      }

      // The whole text, turn by turn: each speaker's name is read-only beside their words.
      const turnCount = await page.getByTestId('turn').count();
      const editButton = page.getByTestId('edit-whole-text');
      await editButton.click();
      const editor = page.getByTestId('transcript-editor');
      const turns = editor.getByTestId('turn-editor');
      expect(await turns.count()).toBe(turnCount);
      const first = editor.getByRole('textbox', { name: /^Sam \(you\)\s*, turn 1$/ });
      await expect.poll(() => first.evaluate((el) => el === document.activeElement)).toBe(true);
      const hiring = editor
        .getByRole('textbox', { name: /^Priya\s*, turn \d+$/ })
        .filter({ hasText: 'Hiring.' });
      await hiring.fill(
        (await hiring.inputValue()).replace('Hiring.', 'Hiring. Sourdough was the easy part.'),
      );
      expect(await seriousViolations(page)).toEqual([]);
      if (shots) {
        await hiring.scrollIntoViewIfNeeded();
        await page.screenshot({ path: path.join(shots, `conversation-edit-${viewport.width}.png`) });
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await editor.getByRole('button', { name: 'Save the text' }).click();
      const added = page.getByTestId('turn').filter({ hasText: 'Sourdough was the easy part.' });
      await expect.poll(() => added.count()).toBe(1);
      expect(await added.getByRole('heading').innerText()).toMatch(/^Priya/);
      await expect.poll(() => editButton.evaluate((el) => el === document.activeElement)).toBe(true);
      expect(pageErrors).toEqual([]);
      await context.close();
    });

    it(`imports a Word transcript as a conversation at ${viewport.width} px`, async () => {
      const session = await openPage(browser, echo.url, viewport);
      const { page, context, pageErrors } = session;
      const { token } = await createSession(
        echo.ctx.database.db,
        'dashboard',
        `docx-${viewport.width}@example.com`,
        1,
      );
      await context.addCookies([{ name: 'echo_dashboard', value: token, url: `${echo.url}/api` }]);
      await page.goto('/studio');
      await page.getByRole('tab', { name: 'Import' }).click();
      // The same interview as the .txt above, as a Word document (a paragraph a line).
      await page
        .getByLabel('File of your posts or a transcript')
        .setInputFiles(fileURLToPath(new URL('../fixtures/studio/episode-42-priya.docx', import.meta.url)));
      await expect.poll(() => page.getByText('Conversation imported').first().isVisible()).toBe(true);
      const note = page.getByTestId('note').filter({ hasText: 'Episode 42' });
      await expect.poll(() => note.count()).toBe(1);
      await note.getByRole('link').first().click();
      await expect.poll(() => page.getByTestId('turn').count()).toBeGreaterThanOrEqual(10);
      expect(await page.getByTestId('turn').nth(1).getByRole('heading').innerText()).toBe('Priya 0:12');
      expect(await seriousViolations(page)).toEqual([]);
      expect(pageErrors).toEqual([]);
      await context.close();
    });

    it(`makes a solo note a conversation with "add a speaker" at ${viewport.width} px`, async () => {
      const email = `solo-${viewport.width}@example.com`;
      const session = await openPage(browser, echo.url, viewport);
      const { page, context, pageErrors } = session;
      const { token } = await createSession(echo.ctx.database.db, 'dashboard', email, 1);
      await context.addCookies([{ name: 'echo_dashboard', value: token, url: `${echo.url}/api` }]);
      const created = await echo.app!.inject({
        method: 'POST',
        url: '/api/studio/notes',
        headers: { cookie: `echo_dashboard=${token}`, 'content-type': 'application/json' },
        payload: JSON.stringify({
          text: 'I called my accountant today. The numbers look fine, she said. I was relieved all the same.',
        }),
      });
      const { id } = created.json() as { id: string };
      await page.goto(`/studio?note=${id}`);
      const add = page.getByRole('button', { name: 'This was a conversation — add a speaker' });
      await add.focus();
      await page.keyboard.press('Enter');
      const name = page.getByRole('textbox', { name: 'Their name' });
      await expect.poll(() => name.evaluate((el) => el === document.activeElement)).toBe(true);
      // Escape closes it and gives focus back to the button.
      await page.keyboard.press('Escape');
      await expect.poll(() => add.evaluate((el) => el === document.activeElement)).toBe(true);
      await page.keyboard.press('Enter');
      // Saved empty: the schema's message, beside the field.
      await page.getByRole('button', { name: 'Add the speaker' }).click();
      await expect.poll(() => page.getByTestId('add-speaker-form').getByRole('alert').count()).toBe(1);
      await name.fill('Accountant');
      const form = page.getByTestId('add-speaker-form');
      await form.getByLabel('First sentence they said').selectOption({ index: 1 });
      await form.getByLabel('Last sentence they said').selectOption({ index: 1 });
      expect(await seriousViolations(page)).toEqual([]);
      if (shots) {
        await form.scrollIntoViewIfNeeded();
        await page.screenshot({ path: path.join(shots, `add-speaker-${viewport.width}.png`) });
      }
      await form.getByRole('button', { name: 'Add the speaker' }).click();
      const panel = page.getByTestId('conversation-panel');
      await expect.poll(() => panel.getByRole('heading').innerText()).toBe('A conversation of 2: you are Me');
      expect(await page.getByTestId('turn').allInnerTexts()).toEqual([
        expect.stringMatching(/^Me \(you\)\s+I called my accountant today\./),
        expect.stringMatching(/^Accountant\s+The numbers look fine, she said\./),
        expect.stringMatching(/^Me \(you\)\s+I was relieved/),
      ]);
      await expect.poll(() => seriousViolations(page)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      if (shots) {
        await panel.scrollIntoViewIfNeeded();
        await page.screenshot({ path: path.join(shots, `note-view-${viewport.width}.png`) });
      }
      expect(pageErrors).toEqual([]);
      await context.close();
    });
  }
});
