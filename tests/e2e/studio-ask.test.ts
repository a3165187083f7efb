import { describe, expect, it } from 'vitest';
import type { NoteDetail } from '#contract/studio.ts';
import { seriousViolations } from '#tests/support/axe.ts';
import { DESKTOP } from '#tests/support/browser.ts';
import {
  callAs,
  PHONE_390,
  sessionCookie,
  setUpStudioBrowser,
  signedInPage,
  timedNote,
} from '#tests/support/studio.ts';

/** Asking the notes in the Studio: ask by keyboard, read the cited answer, open a citation at its sentence. */

/** Where the screenshots go when SCREENSHOT_DIR is set (to look at them). */
const SHOTS = process.env.SCREENSHOT_DIR;

const studio = setUpStudioBrowser();

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
    const { echo } = studio;
    const cookie = await sessionCookie(echo, `ask-${name}@example.com`);
    const notes: NoteDetail[] = [];
    for (const note of NOTES)
      notes.push((await callAs(echo, 'POST', '/api/studio/notes', cookie, note)).json());
    const { page, context, pageErrors } = await signedInPage(studio, cookie, '/studio', viewport);
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

describe.each([
  ['desktop', DESKTOP],
  ['phone', PHONE_390],
])('An answer kept as a note on a %s', (name, viewport) => {
  it('saves the answer as a note with where it was said, and opens it', async () => {
    const { echo } = studio;
    const cookie = await sessionCookie(echo, `keep-${name}@example.com`);
    await callAs(echo, 'POST', '/api/studio/notes', cookie, NOTES[0]);
    // A recorded note: the answer cites the moment it was said.
    await timedNote(echo, cookie, NOTES[1]!);
    const { page, context, pageErrors } = await signedInPage(studio, cookie, '/studio', viewport);
    const question = page.getByRole('textbox', { name: 'Your question' });
    await expect.poll(() => question.isVisible(), { timeout: 20_000 }).toBe(true);
    await question.fill('What do I tell runners with knee pain?');
    await question.press('Enter');
    const answer = page.getByRole('region', { name: 'Ask your notes' });
    await expect
      .poll(() => page.getByTestId('answer-citation').first().isVisible(), { timeout: 10_000 })
      .toBe(true);

    await page.getByRole('button', { name: 'Save as a note' }).click();
    const saved = page.getByTestId('saved-answer-note');
    await expect.poll(() => saved.isVisible(), { timeout: 10_000 }).toBe(true);
    expect(await answer.getByRole('status').innerText()).toContain('kept out of your voice profile');
    // Saved once: the button is gone, the draft starts from the same note.
    expect(await page.getByRole('button', { name: 'Save as a note' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Write a LinkedIn post from this' }).isVisible()).toBe(
      true,
    );
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/ask-saved-${name}.png`, fullPage: true });
    expect(await seriousViolations(page)).toEqual([]);
    const box = (await answer.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);

    await saved.click();
    const source = page.getByTestId('saved-answer-source');
    await expect.poll(() => source.isVisible(), { timeout: 10_000 }).toBe(true);
    expect(await source.innerText()).toContain('What do I tell runners with knee pain?');
    const heading = page.getByRole('heading', { name: 'What do I tell runners with knee pain?' });
    expect(await heading.count()).toBeGreaterThan(0);
    expect(await page.locator('body').innerText()).toContain('From your notes: Knees,');
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/ask-saved-note-${name}.png`, fullPage: true });
    expect(await seriousViolations(page)).toEqual([]);
    const [{ stats }] = await echo.query<{ stats: unknown }>(
      "select stats from studio_notes where owner_email = $1 and source_url like '%/studio?ask=%'",
      [`keep-${name}@example.com`],
    );
    expect(stats).toBeNull();
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
