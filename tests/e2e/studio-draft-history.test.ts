import { describe, expect, it } from 'vitest';
import { seriousViolations } from '#tests/support/axe.ts';
import { DESKTOP, type PageSession } from '#tests/support/browser.ts';
import { draftFor, PHONE_390, setUpStudioBrowser, signedInPage } from '#tests/support/studio.ts';

/** A draft keeps its versions; regenerating asks first; a block's regeneration keeps edits. */

/** Where the screenshots go when SCREENSHOT_DIR is set (to look at them). */
const SHOTS = process.env.SCREENSHOT_DIR;

const studio = setUpStudioBrowser();

/** A signed-in browser on a ready LinkedIn draft of a written note. */
async function onDraft(email: string, viewport: typeof DESKTOP): Promise<PageSession> {
  const { cookie, draftId } = await draftFor(studio.echo, email, ['linkedin']);
  const session = await signedInPage(studio, cookie, `/studio?draft=${draftId}`, viewport);
  await expect
    .poll(() => session.page.getByTestId('draft-blocks').isVisible(), { timeout: 20_000 })
    .toBe(true);
  return session;
}

const MINE = 'My own opening line, written after the call, that no regeneration may lose.';

describe.each([
  ['desktop', DESKTOP],
  ['phone', PHONE_390],
])('Draft history on a %s', (name, viewport) => {
  it('edits and saves, regenerates after confirming, and restores the edited version', async () => {
    const session = await onDraft(`history-${name}@example.com`, viewport);
    const { page } = session;
    try {
      const blocks = page.getByTestId('draft-blocks');
      await page.getByRole('button', { name: 'Edit', exact: true }).click();
      await page
        .getByRole('textbox', { name: /^Edit / })
        .first()
        .fill(MINE);
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await expect.poll(() => blocks.innerText()).toContain(MINE);

      // Regenerating an edited draft asks first; keeping the edits changes nothing.
      await page.getByRole('button', { name: 'Regenerate', exact: true }).click();
      const ask = page.getByRole('dialog', { name: 'Replace your edited draft?' });
      await expect.poll(() => ask.isVisible()).toBe(true);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/draft-confirm-${name}.png` });
      // Its buttons are on the screen.
      for (const button of await ask.getByRole('button').all()) {
        const box = (await button.boundingBox())!;
        expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
        expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
      }
      await ask.getByRole('button', { name: 'Regenerate' }).click();
      await expect.poll(() => blocks.innerText(), { timeout: 20_000 }).not.toContain(MINE);

      await page.getByRole('button', { name: 'History' }).click();
      const versions = page.getByTestId('draft-versions');
      await expect.poll(() => versions.getByRole('listitem').count()).toBe(2);
      // Each says what happened, to the second: two in one minute read apart.
      const [regenerated, saved] = await versions.getByRole('listitem').allInnerTexts();
      expect(regenerated).toContain('Before Echo wrote it again');
      expect(regenerated).toMatch(/Regenerated .*\d:\d\d:\d\d/);
      expect(saved).toMatch(/Saved .*\d:\d\d:\d\d/);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/draft-history-${name}.png`, fullPage: true });
      expect(await seriousViolations(page)).toEqual([]);
      await versions
        .getByRole('listitem')
        .first()
        .getByRole('button', { name: /^Restore/ })
        .click();
      await expect.poll(() => blocks.innerText()).toContain(MINE);
      await expect.poll(() => versions.getByRole('listitem').count()).toBe(3);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      expect(session.pageErrors).toEqual([]);
    } finally {
      await session.context.close();
    }
  }, 60_000);

  it("regenerates one part and keeps the other parts' unsaved edits", async () => {
    const session = await onDraft(`block-${name}@example.com`, viewport);
    const { page } = session;
    try {
      await page.getByRole('button', { name: 'Edit', exact: true }).click();
      const editors = page.getByRole('textbox', { name: /^Edit / });
      await editors.first().fill(MINE);
      const third = editors.nth(2);
      const before = await third.inputValue();
      // The third part's menu: its own regeneration (or its first sentence's, for a paragraph).
      await page
        .getByRole('button', { name: /^Actions for / })
        .nth(2)
        .click();
      await page
        .getByRole('button', { name: /^Regenerate (this |sentence 1 of )/ })
        .first()
        .click();
      await expect.poll(() => third.inputValue(), { timeout: 20_000 }).not.toBe(before);
      // Still editing, and the first block still holds the unsaved words.
      expect(await editors.first().inputValue()).toBe(MINE);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/draft-editing-${name}.png` });
      expect(session.pageErrors).toEqual([]);
    } finally {
      await session.context.close();
    }
  }, 60_000);

  it('offers only what can run in the Create content dialog, which fits the screen', async () => {
    const session = await onDraft(`create-${name}@example.com`, viewport);
    const { page } = session;
    try {
      await page.getByRole('link', { name: 'Back to the note' }).click();
      await page.getByRole('button', { name: 'Create content' }).click();
      const dialog = page.getByRole('dialog', { name: 'Create content' });
      await expect.poll(() => dialog.isVisible()).toBe(true);
      // A written note has no timings; no language model is set up here: both say why.
      const clips = dialog.getByRole('checkbox', { name: /Clip hooks/ });
      expect(await clips.isDisabled()).toBe(true);
      expect(await dialog.innerText()).toContain('Needs a voice or video note with timings');
      await expect.poll(() => dialog.getByRole('radio', { name: /Language model/ }).isDisabled()).toBe(true);
      expect(await dialog.innerText()).toContain('No language model is set up on this server.');
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/create-content-${name}.png` });
      const cancel = dialog.getByRole('button', { name: 'Cancel' });
      await cancel.scrollIntoViewIfNeeded();
      const box = (await cancel.boundingBox())!;
      expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
      expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
      await cancel.click();
      await expect.poll(() => dialog.isVisible()).toBe(false);
      expect(session.pageErrors).toEqual([]);
    } finally {
      await session.context.close();
    }
  }, 60_000);
});
