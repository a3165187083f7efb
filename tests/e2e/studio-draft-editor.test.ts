import { describe, expect, it } from 'vitest';
import type { DraftVersion } from '#contract/studio-draft-edits.ts';
import type { Draft, DraftFormat } from '#contract/studio-drafts.ts';
import { seriousViolations } from '#tests/support/axe.ts';
import { DESKTOP, type PageSession, PHONE } from '#tests/support/browser.ts';
import { draftFor, setUpStudioBrowser, signedInPage } from '#tests/support/studio.ts';

/** A note renamed in place; the draft's block editor; a sentence's source inline on a phone. */

/** Where the screenshots go when SCREENSHOT_DIR is set (to look at them). */
const SHOTS = process.env.SCREENSHOT_DIR;

const studio = setUpStudioBrowser();

interface Signed {
  session: PageSession;
  headers: Record<string, string>;
  noteId: string;
  draftId: string;
}

/** A signed-in browser with a written note and a ready draft of it (in the given format). */
async function signedIn(email: string, viewport: typeof DESKTOP, format: DraftFormat): Promise<Signed> {
  const { cookie, noteId, draftId } = await draftFor(studio.echo, email, [format]);
  const headers = { cookie, 'content-type': 'application/json' };
  const session = await signedInPage(studio, cookie, null, viewport);
  return { session, headers, noteId, draftId };
}

async function api<T>(headers: Record<string, string>, url: string): Promise<T> {
  return (await studio.echo.app!.inject({ method: 'GET', url, headers })).json() as T;
}

/** note-title.tsx's words for an empty title. */
const RENAME_EMPTY = 'A title needs at least one character.';
const MINE = 'A post I wrote myself: raise your prices before the busy season starts.';

describe.each([
  ['desktop', DESKTOP],
  ['phone', PHONE],
])('The Studio on a %s', (name, viewport) => {
  it('renames a note in place, by keyboard, and says why an empty title is refused', async () => {
    const { session, noteId, headers } = await signedIn(`rename-${name}@example.com`, viewport, 'linkedin');
    const { page } = session;
    try {
      await page.goto(`/studio?note=${noteId}`);
      const heading = page.getByRole('heading', { level: 2, name: 'Pricing is a conversation' });
      await expect.poll(() => heading.isVisible(), { timeout: 20_000 }).toBe(true);
      const rename = page.getByRole('button', { name: 'Rename this note' });
      await rename.focus();
      await page.keyboard.press('Enter');
      const field = page.getByRole('textbox', { name: 'Note title' });
      await expect.poll(() => field.evaluate((el) => el === document.activeElement)).toBe(true);
      // Escape leaves the title as it was, and focus back on Rename.
      await page.keyboard.type('Thrown away');
      await page.keyboard.press('Escape');
      await expect.poll(() => heading.isVisible()).toBe(true);
      await expect.poll(() => rename.evaluate((el) => el === document.activeElement)).toBe(true);

      await page.keyboard.press('Enter');
      await field.fill('   ');
      await page.keyboard.press('Enter');
      const alert = page.getByRole('alert').filter({ hasText: RENAME_EMPTY });
      await expect.poll(() => alert.isVisible()).toBe(true);
      expect(await field.getAttribute('aria-invalid')).toBe('true');
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/rename-error-${name}.png`, fullPage: true });
      expect(await seriousViolations(page)).toEqual([]);

      await field.fill('Podcast launch');
      await page.keyboard.press('Enter');
      const renamed = page.getByRole('heading', { level: 2, name: 'Podcast launch' });
      await expect.poll(() => renamed.isVisible()).toBe(true);
      await expect.poll(() => rename.evaluate((el) => el === document.activeElement)).toBe(true);
      const stored = await api<{ title: string }>(headers, `/api/studio/notes/${noteId}`);
      expect(stored.title).toBe('Podcast launch');
      // The library lists it by its new name.
      await page.getByRole('link', { name: 'All notes' }).click();
      await expect
        .poll(() => page.getByRole('list').filter({ hasText: 'Podcast launch' }).count())
        .toBeGreaterThan(0);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/rename-done-${name}.png` });
      expect(session.pageErrors).toEqual([]);
    } finally {
      await session.context.close();
    }
  }, 60_000);

  it('adds, deletes and moves posts from their menus by keyboard, undoes, and saves a new version', async () => {
    const { session, draftId, headers } = await signedIn(`editor-${name}@example.com`, viewport, 'thread');
    const { page } = session;
    try {
      await page.goto(`/studio?draft=${draftId}`);
      const blocks = page.getByTestId('draft-blocks');
      await expect.poll(() => blocks.isVisible(), { timeout: 20_000 }).toBe(true);
      const before = await api<Draft>(headers, `/api/studio/drafts/${draftId}`);
      const count = before.blocks.length;
      expect(count).toBeGreaterThanOrEqual(3);

      await page.getByRole('button', { name: 'Edit', exact: true }).click();
      const editor = page.getByTestId('block-editor');
      const fields = editor.getByRole('textbox');
      await expect.poll(() => fields.count()).toBe(count);

      // Each post's actions fold into one menu under it; closed, no action button shows.
      expect(await editor.getByRole('button', { name: /^Move / }).count()).toBe(0);
      // Add a post after the first: the new field takes the cursor.
      await editor.getByRole('button', { name: 'Actions for post 1' }).press('Enter');
      await editor.getByRole('button', { name: 'Add a post after post 1' }).press('Enter');
      await expect.poll(() => fields.count()).toBe(count + 1);
      await expect.poll(() => fields.nth(1).evaluate((el) => el === document.activeElement)).toBe(true);
      await page.keyboard.type(MINE);
      // Alt+Up moves the post being typed in to the top; the cursor stays in it.
      await page.keyboard.press('Alt+ArrowUp');
      await expect.poll(() => fields.first().inputValue()).toBe(MINE);
      await expect.poll(() => fields.first().evaluate((el) => el === document.activeElement)).toBe(true);
      expect(await page.getByTestId('editor-said').innerText()).toContain('now post 1');
      // Undo puts it back; the move button works from the keyboard too and keeps focus on a move button.
      await editor.getByRole('button', { name: 'Undo' }).click();
      await expect.poll(() => fields.nth(1).inputValue()).toBe(MINE);
      await editor.getByRole('button', { name: 'Actions for post 2' }).press('Enter');
      await editor.getByRole('button', { name: 'Move post 2 up' }).press('Enter');
      await expect.poll(() => fields.first().inputValue()).toBe(MINE);
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-control')))
        .toMatch(/^(up|down)$/);
      // Delete the last post.
      const last = before.blocks.at(-1)!;
      await editor.getByRole('button', { name: `Actions for post ${count + 1}` }).click();
      await editor.getByRole('button', { name: `Delete post ${count + 1}` }).click();
      await expect.poll(() => fields.count()).toBe(count);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/block-editor-${name}.png`, fullPage: true });
      expect(await seriousViolations(page)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

      await page.getByRole('checkbox', { name: 'Learn from my edits' }).uncheck();
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await expect.poll(() => blocks.isVisible()).toBe(true);
      await expect.poll(() => blocks.innerText()).toContain(MINE);
      const saved = await api<Draft>(headers, `/api/studio/drafts/${draftId}`);
      expect(saved.blocks.map((b) => b.text)).toEqual([
        MINE,
        ...before.blocks.slice(0, -1).map((b) => b.text),
      ]);
      expect(saved.blocks.map((b) => b.text)).not.toContain(last.text);
      const { versions } = await api<{ versions: DraftVersion[] }>(
        headers,
        `/api/studio/drafts/${draftId}/versions`,
      );
      expect(versions.map((v) => v.reason)).toEqual(['save']);
      expect(session.pageErrors).toEqual([]);
    } finally {
      await session.context.close();
    }
  }, 90_000);
});

describe.each([
  ['desktop', DESKTOP],
  ['phone', PHONE],
])('The dashboard’s My Voice tab on a %s', (name, viewport) => {
  it('lists drafts by format and note with their first words and time, names a failure’s cause, and opens a draft', async () => {
    const { session, headers, noteId, draftId } = await signedIn(
      `cards-${name}@example.com`,
      viewport,
      'linkedin',
    );
    const { page } = session;
    try {
      // Clip hooks of a written note fail, for a reason of their own.
      const clips = await studio.echo.app!.inject({
        method: 'POST',
        url: '/api/studio/drafts',
        headers,
        payload: JSON.stringify({ note_ids: [noteId], formats: ['clips'], engine: 'extractive' }),
      });
      const clipsId = (clips.json() as { drafts: { id: string }[] }).drafts[0]!.id;
      for (const id of [draftId, clipsId])
        await expect
          .poll(async () => (await api<Draft>(headers, `/api/studio/drafts/${id}`)).status, {
            timeout: 20_000,
          })
          .toMatch(/^(ready|failed)$/);

      await page.goto('/dashboard');
      await page.getByRole('tab', { name: /My Voice/ }).click();
      const panel = page.getByRole('tabpanel');
      await expect.poll(() => panel.getByTestId('content-result').count(), { timeout: 20_000 }).toBe(2);
      const done = panel.locator('[data-testid="content-result"][data-status="completed"]');
      const failed = panel.locator('[data-testid="content-result"][data-status="failed"]');
      expect(await done.getByTestId('result-title').innerText()).toBe(
        'LinkedIn post · Pricing is a conversation',
      );
      expect(await failed.getByTestId('result-title').innerText()).toBe(
        'Clip hooks · Pricing is a conversation',
      );
      const failure = await failed.innerText();
      expect(failure).toContain('Echo could not write this draft.');
      expect(failure).toMatch(/timings/);
      expect(failure).not.toContain('Transcription failed');
      // No raw e-mail, the first words of the post, and when it was written.
      expect(await panel.innerText()).not.toMatch(/https?:\/\//);
      const summary = await done.getByTestId('result-summary').innerText();
      const draft = await api<Draft>(headers, `/api/studio/drafts/${draftId}`);
      expect(summary.startsWith(draft.blocks[0]!.text.slice(0, 20))).toBe(true);
      expect(await done.innerText()).toMatch(/Written /);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/dashboard-voice-${name}.png`, fullPage: true });
      expect(await seriousViolations(page)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

      await done.getByRole('link', { name: 'LinkedIn post · Pricing is a conversation' }).click();
      await expect.poll(() => page.getByTestId('draft-blocks').isVisible(), { timeout: 20_000 }).toBe(true);
      expect(new URL(page.url()).search).toBe(`?draft=${draftId}`);
      expect(session.pageErrors).toEqual([]);
    } finally {
      await session.context.close();
    }
  }, 60_000);
});

describe.each([
  ['desktop', DESKTOP],
  ['phone', PHONE],
])('The way in from the landing page on a %s', (name, viewport) => {
  it('leaves the page prerendered, and carries what the visitor typed into the Studio’s Write tab', async () => {
    // The landing page is still prerendered (decision 011): its HTML holds the page before any script runs.
    const html = await (await fetch(`${studio.echo.url}/`)).text();
    expect(html.includes('Start however you like. Echo does the rest.')).toBe(true);
    expect(html.includes('Voice Note')).toBe(true);

    const { session } = await signedIn(`way-in-${name}@example.com`, viewport, 'linkedin');
    const { page } = session;
    try {
      await page.goto('/');
      await page.getByRole('tab', { name: 'Voice Note' }).click();
      const panel = page.getByRole('tabpanel');
      const words = 'Why my clients stopped haggling once I named the result first.';
      await panel.getByLabel('Your voice note').fill(words);
      const link = panel.getByRole('link', { name: 'Continue in Echo Studio' });
      await link.scrollIntoViewIfNeeded();
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/landing-way-in-${name}.png` });
      expect(await seriousViolations(page)).toEqual([]);
      await link.click();
      await page.waitForURL(/\/studio$/);
      const write = page.getByRole('tab', { name: 'Write' });
      await expect.poll(() => write.getAttribute('aria-selected'), { timeout: 20_000 }).toBe('true');
      expect(await page.getByRole('textbox', { name: 'Your note' }).inputValue()).toBe(words);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/studio-carried-${name}.png` });
      // Once: a reload starts from an empty field.
      await page.reload();
      await expect
        .poll(() => page.getByRole('tab', { name: 'Record' }).getAttribute('aria-selected'))
        .toBe('true');
      // (The Write tab is hidden now, its field still there.)
      expect(await page.getByRole('textbox', { name: 'Your note', includeHidden: true }).inputValue()).toBe(
        '',
      );
      expect(session.pageErrors).toEqual([]);
    } finally {
      await session.context.close();
    }
  }, 60_000);
});

describe('A draft sentence’s source', () => {
  it('shows inline under the tapped sentence on a phone, without moving the page', async () => {
    const { session, draftId } = await signedIn('reveal-phone@example.com', PHONE, 'linkedin');
    const { page } = session;
    try {
      await page.goto(`/studio?draft=${draftId}`);
      const blocks = page.getByTestId('draft-blocks');
      await expect.poll(() => blocks.isVisible(), { timeout: 20_000 }).toBe(true);
      const sentence = blocks.locator('[data-block][data-origin="user"]').nth(1);
      await sentence.scrollIntoViewIfNeeded();
      const scrolled = await page.evaluate(() => window.scrollY);
      await sentence.click();
      const reveal = page.getByTestId('source-reveal');
      await expect.poll(() => reveal.isVisible()).toBe(true);
      // Right under the sentence, on screen, and the page did not jump to 'What you said' below.
      const [s, r] = [(await sentence.boundingBox())!, (await reveal.boundingBox())!];
      expect(r.y).toBeGreaterThanOrEqual(s.y + s.height - 1);
      expect(r.y - (s.y + s.height)).toBeLessThan(120);
      expect(r.y).toBeLessThan(PHONE.height);
      expect(Math.abs((await page.evaluate(() => window.scrollY)) - scrolled)).toBeLessThan(5);
      expect(await reveal.innerText()).toMatch(/From \d+ sentences? you said/);
      expect(await reveal.locator('q').count()).toBeGreaterThan(0);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/source-reveal-phone.png` });
      expect(await seriousViolations(page)).toEqual([]);
      // Hide: gone, focus back on the sentence; tapping it again shows it again.
      await reveal.getByRole('button', { name: /^Hide/ }).click();
      await expect.poll(() => reveal.count()).toBe(0);
      await expect.poll(() => sentence.evaluate((el) => el === document.activeElement)).toBe(true);
      await sentence.click();
      await expect.poll(() => reveal.isVisible()).toBe(true);
      expect(session.pageErrors).toEqual([]);
    } finally {
      await session.context.close();
    }
  }, 60_000);

  it('is highlighted beside the draft on a desktop, with nothing inline', async () => {
    const { session, draftId } = await signedIn('reveal-desktop@example.com', DESKTOP, 'linkedin');
    const { page } = session;
    try {
      await page.goto(`/studio?draft=${draftId}`);
      const blocks = page.getByTestId('draft-blocks');
      await expect.poll(() => blocks.isVisible(), { timeout: 20_000 }).toBe(true);
      await blocks.locator('[data-block][data-origin="user"]').nth(1).click();
      await expect
        .poll(() => page.getByTestId('draft-sources').locator('[data-highlighted]').count())
        .toBeGreaterThan(0);
      expect(await page.getByTestId('source-reveal').count()).toBe(0);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/source-desktop.png` });
    } finally {
      await session.context.close();
    }
  }, 60_000);
});
