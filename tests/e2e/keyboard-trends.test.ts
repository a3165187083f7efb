import { describe, expect, it } from 'vitest';
import { DESKTOP, PHONE } from '#tests/support/browser.ts';
import {
  count,
  echo,
  expectFocus,
  retype,
  setUpKeyboardSuite,
  TIKTOK,
  tabTo,
  toast,
  withPage,
} from '#tests/support/keyboard.ts';

/** The trend analyser and its list, by keyboard alone (tests/support/keyboard.ts). */

setUpKeyboardSuite();

describe('keyboard only: trend analyser', () => {
  it('checks the URL live, adds a trend, re-analyses it, uses an idea in the builder and deletes it', async () => {
    await withPage(DESKTOP, async ({ page, context }) => {
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: echo.url });
      await page.goto('/trends');
      const form = page.getByRole('form', { name: 'Add New Trend' });
      const input = form.getByLabel('Trend URL');
      await tabTo(input);
      // Live checks while typing; Enter on a bad URL explains itself in an 'Invalid URL' toast.
      await page.keyboard.type('https://tiktok.com.evil.com/@x/video/1');
      await expect
        .poll(() => form.getByRole('alert').innerText())
        .toBe('URL must be from TikTok, Instagram, or YouTube');
      await page.keyboard.press('Enter');
      await expect.poll(() => toast(page, 'Invalid URL').isVisible()).toBe(true);
      await expectFocus(input);
      await retype(page, 'not a url');
      await expect
        .poll(() => form.getByRole('alert').innerText())
        .toBe('Please enter a valid URL starting with https://');
      await retype(page, 'https://youtu.be/abc');
      await expect.poll(() => form.getByText('Valid YouTube URL').isVisible()).toBe(true);
      // The platform select follows and is operable with the arrow keys.
      await page.keyboard.press('Tab');
      const platform = form.getByLabel('Platform');
      await expectFocus(platform);
      expect(await platform.inputValue()).toBe('youtube');
      await page.keyboard.press('ArrowUp');
      expect(await platform.inputValue()).toBe('instagram');
      await tabTo(input, { back: true });
      await retype(page, TIKTOK);
      await page.keyboard.press('Enter');
      await expect
        .poll(() => toast(page, 'Trend added successfully and analysis starting...').isVisible())
        .toBe(true);
      expect(await count('select count(*) as n from trends where source = $1', [TIKTOK])).toBe(1);
      const card = page.getByRole('article', { name: `Trend ${TIKTOK}`, exact: true });
      await expect.poll(() => card.getAttribute('data-status'), { timeout: 20_000 }).toBe('processed');

      // More Ideas by keyboard: the button is busy meanwhile, and focus is not lost.
      const more = card.getByRole('button', { name: 'More Ideas', exact: true });
      await tabTo(more);
      await page.keyboard.press('Enter');
      await expect
        .poll(() => card.getByRole('button', { name: 'Show 6 more ideas' }).isVisible(), { timeout: 20_000 })
        .toBe(true);
      await expectFocus(more);
      const ideas = card.getByRole('region', { name: 'Twist Ideas' }).locator('li');
      await tabTo(card.getByRole('button', { name: 'Show 6 more ideas' }));
      await page.keyboard.press('Enter');
      expect(await ideas.count()).toBe(9);
      await expectFocus(card.getByRole('button', { name: 'Show less' }));
      await page.keyboard.press('Space');
      expect(await ideas.count()).toBe(3);

      // The template builder: opened with Enter, edited, copied, closed with Escape.
      const use = card.getByRole('button', { name: /^Use idea:/ }).first();
      await tabTo(use, { back: true });
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: 'Content Template Builder' });
      await expect.poll(() => dialog.isVisible()).toBe(true);
      const twist = dialog.getByLabel('Your Twist');
      await tabTo(twist);
      await retype(page, 'POV: my coffee order judges me back');
      await tabTo(dialog.getByRole('button', { name: 'Copy Template' }));
      await page.keyboard.press('Enter');
      await expect.poll(() => toast(page, 'Content template copied to clipboard').isVisible()).toBe(true);
      expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(
        /\n\nYour Twist: POV: my coffee order judges me back$/,
      );
      await page.keyboard.press('Escape');
      await expect.poll(() => dialog.count()).toBe(0);
      await expectFocus(use);

      // Delete (this browser added it): the card goes, focus lands on the list heading, not on <body>.
      await tabTo(card.getByRole('button', { name: `Delete trend ${TIKTOK}` }), { back: true });
      await page.keyboard.press('Enter');
      await expect.poll(() => toast(page, 'The trend has been successfully removed.').isVisible()).toBe(true);
      await expect.poll(() => card.count()).toBe(0);
      expect(await count('select count(*) as n from trends where source = $1', [TIKTOK])).toBe(0);
      await expectFocus(page.getByRole('heading', { name: 'Recent Trends' }));
    });
  });
});

describe('keyboard only: trend list paging', () => {
  it("'Load More' by Enter: focus moves to the first newly loaded trend", async () => {
    const [{ n: existing }] = await echo.query<{ n: number }>('select count(*)::int as n from trends');
    const seeded = 14 - existing!;
    await echo.query(
      `insert into trends (source, platform, status, created_at)
       select 'https://www.tiktok.com/@kbseed/video/' || g, 'tiktok', 'pending', now() - make_interval(mins => 1000 - g)
       from generate_series(1, $1::int) g`,
      [seeded],
    );
    await echo.query(
      'insert into trend_totals (id, count) values (1, $1) on conflict (id) do update set count = trend_totals.count + $1',
      [seeded],
    );
    await withPage(PHONE, async ({ page }) => {
      await page.goto('/trends');
      await expect.poll(() => page.getByTestId('trends-shown').innerText()).toBe('12 of 14 trends shown');
      await tabTo(page.getByRole('button', { name: 'Load More (2 remaining)' }), { max: 200 });
      await page.keyboard.press('Enter');
      await expect.poll(() => page.getByTestId('trends-shown').innerText()).toBe('14 of 14 trends shown');
      expect(await page.getByRole('button', { name: /^Load More/ }).count()).toBe(0);
      await expectFocus(page.getByTestId('trend-card').nth(12));
      // The next Tab goes on inside that trend.
      await page.keyboard.press('Tab');
      expect(
        await page
          .getByTestId('trend-card')
          .nth(12)
          .evaluate((card) => card.contains(document.activeElement)),
      ).toBe(true);
    });
  });
});
