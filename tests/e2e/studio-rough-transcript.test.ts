import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type NoteDetail, REVIEW_TRANSCRIPT_TITLE } from '#contract/studio.ts';
import { BEFORE_CORRECTIONS_NOTICE, type Draft, ROUGH_TRANSCRIPT_NOTICE } from '#contract/studio-drafts.ts';
import { seriousViolations } from '#tests/support/axe.ts';
import { DESKTOP, launchBrowser, openPage, PHONE } from '#tests/support/browser.ts';
import {
  callAs,
  type StudioTestApp,
  sessionCookie,
  settledDraft,
  startStudioApp,
  PRICING_TRANSCRIPT as transcript,
} from '#tests/support/studio.ts';

/**
 * In Chromium, at 390 and 1280 px: a rough transcript is read before it becomes posts ("Check the
 * words first": Looks right / Fix the words), the transcript editor splits and joins sentences, and a
 * draft made from unchecked or since-corrected words says so at its top with Regenerate one click away.
 */

/** Where the screenshots go when SCREENSHOT_DIR is set (to look at them). */
const SHOTS = process.env.SCREENSHOT_DIR;
const WIDTHS = [{ ...PHONE, width: 390 }, DESKTOP] as const;

let echo: StudioTestApp;
let browser: Browser;
let closeBrowser: () => Promise<void>;
beforeAll(async () => {
  [echo, { browser, close: closeBrowser }] = await Promise.all([startStudioApp(), launchBrowser()]);
});
afterAll(async () => {
  await closeBrowser?.();
  await echo?.close();
});

/** A note as PocketSphinx would have heard it: a voice note, its sentences timed. */
async function roughNote(cookie: string, text: string): Promise<NoteDetail> {
  const created = await callAs(echo, 'POST', '/api/studio/notes', cookie, { text, title: 'Race day' });
  const note = created.json() as NoteDetail;
  await echo.query(
    `update studio_notes set kind = 'voice', register = 'spoken', transcript_engine = 'pocketsphinx' where id = $1`,
    [note.id],
  );
  await echo.query(
    `update studio_note_sentences set start_ms = position * 2000, end_ms = position * 2000 + 1800 where note_id = $1`,
    [note.id],
  );
  return note;
}

async function signedIn(viewport: { width: number; height: number }, email: string) {
  const cookie = await sessionCookie(echo, email);
  const session = await openPage(browser, echo.url, viewport);
  await session.context.addCookies([
    { name: 'echo_dashboard', value: cookie.replace(/^echo_dashboard=/, ''), url: `${echo.url}/api` },
  ]);
  return { ...session, cookie };
}

const RACE =
  'We had forty runners at the start. Half of them finished under four hours and the rest walked. Nobody quit. It rained the whole way round.';

describe('a rough transcript, checked before it becomes posts', () => {
  for (const viewport of WIDTHS) {
    it(`asks for a quick read first, then splits and joins sentences in the editor (${viewport.width} px)`, async () => {
      const { page, context, pageErrors, cookie } = await signedIn(
        viewport,
        `check-${viewport.width}@example.com`,
      );
      try {
        const note = await roughNote(cookie, RACE);
        await page.goto(`/studio?note=${note.id}`);
        await page.getByRole('button', { name: 'Create content' }).click();
        const check = page.getByTestId('transcript-check');
        await check.getByRole('heading', { name: REVIEW_TRANSCRIPT_TITLE }).waitFor();
        expect(await check.getByTestId('transcript-check-text').innerText()).toContain('forty runners');
        expect(await seriousViolations(page)).toEqual([]);
        if (SHOTS) await page.screenshot({ path: `${SHOTS}/check-words-${viewport.width}.png` });

        // "Fix the words": the whole text opens in the editor.
        await check.getByRole('button', { name: 'Fix the words' }).click();
        const editor = page.getByTestId('transcript-editor');
        const field = editor.getByRole('textbox', { name: 'Edit the whole text' });
        await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('TEXTAREA');
        expect(await field.inputValue()).toBe(RACE);
        // Split the second sentence, join the last two.
        await field.fill(
          'We had forty runners at the start. Half of them finished under four hours. The rest walked. Nobody quit, and it rained the whole way round.',
        );
        expect(await seriousViolations(page)).toEqual([]);
        if (SHOTS)
          await page.screenshot({ path: `${SHOTS}/edit-whole-text-${viewport.width}.png`, fullPage: true });
        await editor.getByRole('button', { name: 'Save the text' }).click();
        const lines = page.getByTestId('transcript');
        await expect
          .poll(async () =>
            (await lines.locator('li').allInnerTexts()).map((t) => t.replace(/^\d+:\d+\s*/, '')),
          )
          .toEqual([
            expect.stringContaining('We had forty runners at the start.'),
            expect.stringContaining('Half of them finished under four hours.'),
            expect.stringContaining('The rest walked.'),
            expect.stringContaining('Nobody quit, and it rained the whole way round.'),
          ]);
        if (SHOTS)
          await page.screenshot({ path: `${SHOTS}/edited-transcript-${viewport.width}.png`, fullPage: true });

        // Corrected words count as read: 'Create content' goes straight to the formats.
        await page.getByRole('button', { name: 'Create content' }).click();
        await page.getByRole('dialog').getByText('Formats').waitFor();
        expect(await page.getByTestId('transcript-check').count()).toBe(0);
        await page.keyboard.press('Escape');

        // Another rough note: "Looks right" goes on to the formats.
        const second = await roughNote(cookie, transcript);
        await page.goto(`/studio?note=${second.id}`);
        await page.getByRole('button', { name: 'Create content' }).click();
        await page.getByTestId('transcript-check').getByRole('button', { name: 'Looks right' }).click();
        await page.getByRole('dialog').getByText('Formats').waitFor();
        expect(pageErrors).toEqual([]);
      } finally {
        await context.close();
      }
    });

    it(`says at the top of a draft that its words are unchecked, or corrected since (${viewport.width} px)`, async () => {
      const { page, context, pageErrors, cookie } = await signedIn(
        viewport,
        `stale-${viewport.width}@example.com`,
      );
      try {
        await callAs(echo, 'POST', '/api/studio/notes', cookie, { text: transcript, title: 'Other' });
        const note = await roughNote(cookie, transcript);
        const started = await callAs(echo, 'POST', '/api/studio/drafts', cookie, {
          note_ids: [note.id],
          formats: ['linkedin'],
          engine: 'extractive',
        });
        const draft = await settledDraft(echo, cookie, (started.json() as { drafts: Draft[] }).drafts[0]!.id);
        await page.goto(`/studio?draft=${draft.id}`);
        await page.getByTestId('rough-transcript-notice').waitFor();
        expect(await page.getByTestId('rough-transcript-notice').innerText()).toContain(
          ROUGH_TRANSCRIPT_NOTICE,
        );
        await page.getByTestId('fidelity-faithful').waitFor();
        await page.getByTestId('fidelity-voice').waitFor();
        expect(await page.getByTestId('fidelity').innerText()).not.toContain('as you said it');
        if (SHOTS)
          await page.screenshot({ path: `${SHOTS}/rough-draft-${viewport.width}.png`, fullPage: true });

        // A correction of a sentence it cites: made before your corrections, Regenerate right there.
        const cited = draft.blocks.find((b) => b.sources.length > 0)!.sources[0]!;
        await callAs(echo, 'PATCH', `/api/studio/notes/${note.id}/sentences/${cited.sentence_id}`, cookie, {
          text: 'I said something else here entirely.',
        });
        await page.reload();
        const stale = page.getByTestId('before-corrections-notice');
        await stale.waitFor();
        expect(await stale.innerText()).toContain(BEFORE_CORRECTIONS_NOTICE);
        expect(await page.getByTestId('rough-transcript-notice').count()).toBe(0);
        expect(await seriousViolations(page)).toEqual([]);
        if (SHOTS)
          await page.screenshot({ path: `${SHOTS}/stale-draft-${viewport.width}.png`, fullPage: true });
        await stale.getByRole('button', { name: 'Regenerate' }).click();
        await expect
          .poll(() => page.getByTestId('before-corrections-notice').count(), { timeout: 20_000 })
          .toBe(0);
        expect(pageErrors).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }
});
