import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NoteDetail } from '#contract/studio.ts';
import { seriousViolations } from '#tests/support/axe.ts';
import { DESKTOP, launchBrowser, openPage } from '#tests/support/browser.ts';
import { callAs, dashboardCookies, sessionCookie } from '#tests/support/studio.ts';
import { startTestApp, type TestApp } from '#tests/support/test-app.ts';

/** Asking the notes in the Studio: ask by keyboard, read the cited answer, open a citation at its sentence. */

const PHONE_390 = { width: 390, height: 844 };
/** Where the screenshots go when SCREENSHOT_DIR is set (to look at them). */
const SHOTS = process.env.SCREENSHOT_DIR;

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

const NOTES = [
  {
    title: 'The big client',
    text: 'We signed the big client in March after three calls. They pay eighteen thousand a month. That is more than the next five customers together.',
  },
  {
    title: 'Knees',
    text: 'Most runners with sore knees skip the hips. I give them clamshells and glute bridges three times a week. After a month the knee pain is usually gone.',
  },
];

describe.each([
  ['desktop', DESKTOP],
  ['phone', PHONE_390],
])('Ask your notes on a %s', (name, viewport) => {
  it('asks by keyboard, reads the cited answer, opens a citation at its sentence and comes back', async () => {
    const cookie = await sessionCookie(echo, `ask-${name}@example.com`);
    const notes: NoteDetail[] = [];
    for (const note of NOTES)
      notes.push((await callAs(echo, 'POST', '/api/studio/notes', cookie, note)).json());
    const { page, context, pageErrors } = await openPage(browser, echo.url, viewport);
    await context.addCookies(dashboardCookies(echo, cookie));
    await page.goto('/studio');
    const question = page.getByRole('textbox', { name: 'Your question' });
    await expect.poll(() => question.isVisible(), { timeout: 20_000 }).toBe(true);
    await question.fill('How much does the big client pay? 18,000?');
    await question.press('Enter');

    const citation = page.getByTestId('answer-citation').first();
    await expect.poll(() => citation.isVisible(), { timeout: 10_000 }).toBe(true);
    const answer = page.getByRole('region', { name: 'Ask your notes' });
    expect(await answer.innerText()).toContain('They pay eighteen thousand a month.');
    expect(await answer.getByRole('heading', { name: /The big client/ }).count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Write a LinkedIn post from this' }).isVisible()).toBe(
      true,
    );
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/ask-answer-${name}.png`, fullPage: true });
    expect(await seriousViolations(page)).toEqual([]);
    // Nothing of the answer is wider than the screen.
    const box = (await answer.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);

    // The citation opens the note at that sentence (by keyboard).
    await citation.focus();
    await page.keyboard.press('Enter');
    const target = page.locator('[data-target]');
    await expect.poll(() => target.isVisible(), { timeout: 10_000 }).toBe(true);
    expect(await target.innerText()).toContain('They pay eighteen thousand a month.');
    expect(new URL(page.url()).searchParams.get('sentence')).toBe(notes[0]!.sentences[1]!.id);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/ask-citation-${name}.png` });

    // Back to the same answer, not asked again.
    await page.getByRole('link', { name: 'Back to the answer' }).click();
    await expect.poll(() => page.getByTestId('answer-citation').first().isVisible()).toBe(true);

    // A question the notes do not answer says so, with the closest notes.
    await page
      .getByRole('textbox', { name: 'Your question' })
      .fill('What did the wedding photographer charge?');
    await page.getByRole('button', { name: 'Ask', exact: true }).click();
    await expect.poll(() => answer.innerText()).toContain("I don't find that in your notes.");
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/ask-not-found-${name}.png`, fullPage: true });
    expect(await seriousViolations(page)).toEqual([]);
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
