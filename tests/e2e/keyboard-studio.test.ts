import { describe, expect, it } from 'vitest';
import { DESKTOP } from '#tests/support/browser.ts';
import {
  count,
  echo,
  expectFocus,
  press,
  setUpKeyboardSuite,
  tabTo,
  toast,
  withPage,
} from '#tests/support/keyboard.ts';
import { createSession } from '../../src/server/lib/sessions.ts';

/** The studio, by keyboard alone (tests/support/keyboard.ts). */

setUpKeyboardSuite();

describe('keyboard only: Studio', () => {
  it('writes a note, searches it, opens the hit at its sentence, deletes it, and bans a word', async () => {
    await withPage(DESKTOP, async ({ page, context }) => {
      const email = 'keyboard-studio@example.com';
      const { token } = await createSession(echo.ctx.database.db, 'dashboard', email, 1);
      await context.addCookies([{ name: 'echo_dashboard', value: token, url: `${echo.url}/api` }]);
      await page.goto('/studio');
      await expect.poll(() => page.getByRole('heading', { name: 'Your Studio' }).isVisible()).toBe(true);

      // The capture tabs with the arrow keys, then the note field and its save button.
      await tabTo(page.getByRole('tab', { name: 'Record' }));
      await page.keyboard.press('ArrowRight');
      await expectFocus(page.getByRole('tab', { name: 'Upload' }));
      await page.keyboard.press('ArrowRight');
      await expectFocus(page.getByRole('tab', { name: 'Write' }));
      const field = page.getByRole('textbox', { name: 'Your note' });
      await tabTo(field);
      await page.keyboard.type(
        'We met twelve customers. The pricing page confused everyone. We fix it next week.',
      );
      await page.keyboard.press('Tab');
      await press(page.getByRole('button', { name: 'Save note' }), 'Enter');
      await expect.poll(() => toast(page, 'Note saved').isVisible()).toBe(true);
      await expectFocus(field);
      await expect.poll(() => page.getByTestId('note').count()).toBe(1);

      // Search, then Enter on the hit: the note opens with its matching sentence focused.
      await tabTo(page.getByRole('searchbox', { name: 'Search your notes' }));
      await page.keyboard.type('pricing');
      const hit = page.getByTestId('search-hit').first();
      await expect.poll(() => hit.isVisible()).toBe(true);
      await page.keyboard.press('Tab');
      await press(hit, 'Enter');
      const sentence = page.locator('[data-target]');
      await expectFocus(sentence);
      expect(await sentence.innerText()).toBe('The pricing page confused everyone.');

      // Delete with the confirmation dialog: Escape keeps it, Enter on 'Delete note' removes it.
      const remove = page.getByRole('button', { name: 'Delete', exact: true });
      await tabTo(remove, { back: true });
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog');
      await expect.poll(() => dialog.isVisible()).toBe(true);
      await page.keyboard.press('Escape');
      await expectFocus(remove);
      await page.keyboard.press('Enter');
      await tabTo(dialog.getByRole('button', { name: 'Delete note' }));
      await page.keyboard.press('Enter');
      await expect.poll(() => toast(page, 'Note deleted').isVisible()).toBe(true);
      expect(await count('select count(*) as n from studio_notes where owner_email = $1', [email])).toBe(0);

      // Ban a word and take it back.
      const ban = page.getByRole('textbox', { name: 'Banned words' });
      await tabTo(ban);
      await page.keyboard.type('synergy');
      await page.keyboard.press('Enter');
      const unban = page.getByRole('button', { name: 'Remove “synergy”' });
      await expect.poll(() => unban.isVisible()).toBe(true);
      await expectFocus(ban);
      await tabTo(unban);
      await page.keyboard.press('Enter');
      await expect.poll(() => unban.count()).toBe(0);
      await expectFocus(ban);
    });
  });
});
