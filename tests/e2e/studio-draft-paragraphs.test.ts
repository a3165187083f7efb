import { describe, expect, it } from 'vitest';
import { editUnits } from '#contract/studio-draft-edits.ts';
import { DRAFT_FORMAT_LABELS, DRAFT_MIN_WORDS, type Draft } from '#contract/studio-drafts.ts';
import { seriousViolations } from '#tests/support/axe.ts';
import { animationsDone, DESKTOP } from '#tests/support/browser.ts';
import {
  callAs,
  draftFor,
  PHONE_390,
  readyDraft,
  sessionCookie,
  setUpStudioBrowser,
  signedInPage,
} from '#tests/support/studio.ts';

/**
 * The draft's editor edits a paragraph (a post, a slide) as one text: its sentences' sources stay
 * where the words still match, History says what each version was to the second; the format tabs
 * keep one order; 'Create content' offers only the formats a short note can make.
 */

/** Where the screenshots go when SCREENSHOT_DIR is set (to look at them). */
const SHOTS = process.env.SCREENSHOT_DIR;

const studio = setUpStudioBrowser();

const get = async <T>(cookie: string, url: string): Promise<T> =>
  (await callAs(studio.echo, 'GET', url, cookie)).json() as T;

const MINE = 'I had never once added it up before that week.';
/** 83 words: enough for a LinkedIn post, a thread and a carousel offline, not for a blog post. */
const SHORT_NOTE =
  'I raised my prices twice last year and lost only one client. The first time I was terrified. ' +
  'I wrote the e-mail three times before I sent it. Nobody complained. The second time I added a ' +
  'sentence about the results my clients got, and two of them thanked me for the clarity. ' +
  'What I learned is that pricing is a conversation about value, not a number you apologise for. ' +
  'If you are undercharging, raise your prices this month. Start with your best client.';

describe.each([
  ['desktop', DESKTOP],
  ['phone', PHONE_390],
])('The draft editor on a %s', (name, viewport) => {
  it('edits a paragraph as one text, keeps its sentences’ sources, and History says “Saved” to the second', async () => {
    const email = `paragraph-${name}@example.com`;
    const { cookie, noteId, draftId } = await draftFor(studio.echo, email, ['linkedin']);
    const session = await signedInPage(studio, cookie, null, viewport);
    const { page } = session;
    try {
      const before = await readyDraft(studio.echo, cookie, draftId);
      // A thread of the same note written after it: the tabs still read in the formats' order.
      const thread = await callAs(studio.echo, 'POST', '/api/studio/drafts', cookie, {
        note_ids: [noteId],
        formats: ['thread'],
        engine: 'extractive',
      });
      expect(thread.statusCode, thread.body).toBe(202);
      await page.goto(`/studio?draft=${draftId}`);
      const blocks = page.getByTestId('draft-blocks');
      await expect.poll(() => blocks.isVisible(), { timeout: 20_000 }).toBe(true);
      const tabs = page.getByRole('navigation', { name: 'Drafts of this note' }).getByRole('link');
      await expect.poll(() => tabs.count(), { timeout: 20_000 }).toBe(2);
      expect(await tabs.allInnerTexts()).toEqual([DRAFT_FORMAT_LABELS.linkedin, DRAFT_FORMAT_LABELS.thread]);

      await page.getByRole('button', { name: 'Edit', exact: true }).click();
      const editor = page.getByTestId('block-editor');
      const fields = editor.getByRole('textbox');
      const units = editUnits(before.blocks);
      // One field per part, not per sentence, and no action button until a part's menu opens.
      await expect.poll(() => fields.count()).toBe(units.length);
      expect(units.length).toBeLessThan(before.blocks.length);
      expect(await editor.getByRole('button', { name: /^(Move|Delete|Regenerate) / }).count()).toBe(0);
      const at = units.findIndex((u) => u.length >= 2 && u[0]!.kind === 'sentence');
      expect(at).toBeGreaterThanOrEqual(0);
      const paragraph = units[at]!;
      const field = editor.getByRole('textbox', { name: `Edit paragraph ${at + 1}` });
      expect(await field.inputValue()).toBe(paragraph.map((b) => b.text).join(' '));
      // Every field shows its whole text: none scrolls inside itself.
      for (const box of await fields.all())
        expect(await box.evaluate((el) => el.scrollHeight - el.clientHeight)).toBeLessThanOrEqual(2);
      // The keyboard hint only where there is a keyboard (and room).
      const hint = editor.getByText('Alt+↑ and Alt+↓ move the part you are typing in.');
      expect(await hint.isVisible()).toBe(name === 'desktop');

      await field.fill(
        `${paragraph[0]!.text} ${MINE} ${paragraph
          .slice(1)
          .map((b) => b.text)
          .join(' ')}`,
      );
      expect(await field.evaluate((el) => el.scrollHeight - el.clientHeight)).toBeLessThanOrEqual(2);
      await editor.getByRole('button', { name: `Actions for paragraph ${at + 1}` }).click();
      expect(
        await editor.getByRole('button', { name: `Regenerate sentence 2 of paragraph ${at + 1}` }).count(),
      ).toBe(1);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/paragraph-editor-${name}.png`, fullPage: true });
      expect(await seriousViolations(page)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

      await page.getByRole('checkbox', { name: 'Learn from my edits' }).uncheck();
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await expect.poll(() => blocks.innerText()).toContain(MINE);
      const saved = await get<Draft>(cookie, `/api/studio/drafts/${draftId}`);
      // The sentences left alone are the same blocks with the same sources; the typed one is the owner's.
      for (const old of paragraph)
        expect(saved.blocks.find((b) => b.id === old.id)).toMatchObject({
          text: old.text,
          sources: old.sources,
          origin: old.origin,
        });
      const i = saved.blocks.findIndex((b) => b.id === paragraph[0]!.id);
      expect(saved.blocks[i + 1]).toMatchObject({ text: MINE, origin: 'user', group: paragraph[0]!.group });
      expect(saved.blocks.length).toBe(before.blocks.length + 1);

      await page.getByRole('button', { name: 'History' }).click();
      const versions = page.getByTestId('draft-versions');
      await expect.poll(() => versions.getByRole('listitem').count()).toBe(1);
      expect(await versions.getByRole('listitem').first().innerText()).toMatch(/^Saved .*\d:\d\d:\d\d/);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/draft-view-${name}.png`, fullPage: true });
      expect(await seriousViolations(page)).toEqual([]);
      // A source scrolled to stops below the sticky header.
      expect(
        await page
          .getByTestId('draft-sources')
          .locator('[data-sentence]')
          .first()
          .evaluate((el) => getComputedStyle(el).scrollMarginTop),
      ).toBe('80px');
      expect(session.pageErrors).toEqual([]);
    } finally {
      await session.context.close();
    }
  }, 90_000);

  it('offers only the formats a short note can make, and says the drafts stay when it is deleted', async () => {
    const email = `short-${name}@example.com`;
    const cookie = await sessionCookie(studio.echo, email);
    const note = await callAs(studio.echo, 'POST', '/api/studio/notes', cookie, {
      text: SHORT_NOTE,
      title: 'Raising prices',
    });
    expect(note.statusCode, note.body).toBe(201);
    const { id, word_count: words } = note.json() as { id: string; word_count: number };
    expect(words).toBeLessThan(DRAFT_MIN_WORDS.blog!);
    const session = await signedInPage(studio, cookie, `/studio?note=${id}`, viewport);
    const { page } = session;
    try {
      const create = page.getByRole('button', { name: 'Create content' });
      await expect.poll(() => create.isVisible(), { timeout: 20_000 }).toBe(true);
      await create.click();
      const dialog = page.getByRole('dialog', { name: 'Create content' });
      await expect.poll(() => dialog.isVisible()).toBe(true);
      const blog = dialog.getByRole('checkbox', { name: /SEO blog post/ });
      expect(await blog.isDisabled()).toBe(true);
      expect(await blog.isChecked()).toBe(false);
      expect(await dialog.innerText()).toContain(
        `Needs about ${DRAFT_MIN_WORDS.blog} words offline; this note has ${words}.`,
      );
      // What it can make stays offered and ticked.
      expect(await dialog.getByRole('checkbox', { name: /LinkedIn post/ }).isChecked()).toBe(true);
      expect(await dialog.getByRole('checkbox', { name: /X\/Twitter thread/ }).isChecked()).toBe(true);
      if (SHOTS) {
        await animationsDone(page);
        await page.screenshot({ path: `${SHOTS}/create-content-short-${name}.png` });
      }
      expect(await seriousViolations(page)).toEqual([]);
      await dialog.getByRole('button', { name: 'Create 3 drafts' }).click();
      await page.waitForURL(/\?draft=/);

      await page.goto(`/studio?note=${id}`);
      await page.getByRole('button', { name: 'Delete', exact: true }).click();
      const ask = page.getByRole('dialog', { name: /^Delete “Raising prices”/ });
      await expect.poll(() => ask.isVisible()).toBe(true);
      expect(await ask.innerText()).toContain('The drafts made from it stay');
      if (SHOTS) {
        await animationsDone(page);
        await page.screenshot({ path: `${SHOTS}/delete-note-${name}.png` });
      }
      await ask.getByRole('button', { name: 'Keep it' }).click();
      expect(session.pageErrors).toEqual([]);
    } finally {
      await session.context.close();
    }
  }, 90_000);
});
