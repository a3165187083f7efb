import { describe, expect, it } from 'vitest';
import { DESKTOP, PHONE } from '#tests/support/browser.ts';
import { insertResult, waitForCode } from '#tests/support/content-results.ts';
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
import { codeIn } from '../support/smtp-sink.ts';

/** The transcription tool and the content dashboard, by keyboard alone (tests/support/keyboard.ts). */

setUpKeyboardSuite();

describe('keyboard only: transcription tool and content dashboard', () => {
  it('submits a transcription link by keyboard', async () => {
    await withPage(DESKTOP, async ({ page }) => {
      await page.goto('/reaction-video');
      const link = page.getByLabel('Link', { exact: true });
      await tabTo(link);
      await page.keyboard.type('https://www.youtube.com/watch?v=keyboard');
      await page.keyboard.press('Tab');
      const platform = page.getByLabel('Source platform');
      await expectFocus(platform);
      await page.keyboard.press('ArrowDown');
      expect(await platform.inputValue()).toBe('Youtube');
      await page.keyboard.press('Tab');
      await expectFocus(page.getByLabel('Email'));
      await page.keyboard.type('kb.transcribe@example.com');
      await page.keyboard.press('Enter');
      await expect
        .poll(() => page.getByText('Link submitted successfully!', { exact: true }).isVisible())
        .toBe(true);
      expect(
        await count('select count(*) as n from content_results where user_email = $1', [
          'kb.transcribe@example.com',
        ]),
      ).toBe(1);
      // It goes on to the dashboard, where the code field takes the focus.
      await expect.poll(() => new URL(page.url()).pathname).toBe('/dashboard');
      await expectFocus(page.getByRole('textbox', { name: 'Verification code' }));
    });
  });

  it('e-mail, code from the e-mail, results, inline submit, tabs, delete with confirmation', async () => {
    const email = 'kb.dashboard@example.com';
    const old = 'https://www.youtube.com/watch?v=old-one';
    await insertResult(echo, { email, sourceUrl: old, data: { transcription: 'An older transcript.' } });
    await withPage(DESKTOP, async ({ page }) => {
      await page.goto('/dashboard');
      const emailField = page.getByLabel('Email');
      await tabTo(emailField);
      await page.keyboard.type(email);
      await page.keyboard.press('Enter');
      await expect.poll(() => toast(page, 'Code sent!').isVisible()).toBe(true);
      const codeField = page.getByRole('textbox', { name: 'Verification code' });
      await expectFocus(codeField);
      await waitForCode(echo, email);

      // 'Use a different email' goes back with the cursor in the e-mail field.
      await tabTo(page.getByRole('button', { name: 'Use a different email' }));
      await page.keyboard.press('Enter');
      await expectFocus(emailField);
      expect(await emailField.inputValue()).toBe(email);
      await page.keyboard.press('Enter');
      await expectFocus(codeField);
      const code = await waitForCode(echo, email, 2);
      // A wrong code: refused, the field is cleared and keeps the cursor for the next try.
      await page.keyboard.type(code === '000000' ? '111111' : '000000');
      await page.keyboard.press('Enter');
      await expect.poll(() => toast(page, 'Invalid verification code').isVisible()).toBe(true);
      await expectFocus(codeField);
      expect(await codeField.inputValue()).toBe('');
      await page.keyboard.type(`${code.slice(0, 3)}x${code.slice(3)}`);
      expect(await codeField.inputValue()).toBe(code);
      await page.keyboard.press('Enter');
      await expect.poll(() => toast(page, 'Access granted to your dashboard').isVisible()).toBe(true);
      await expectFocus(page.getByRole('heading', { name: 'Your Content' }));
      const refresh = page.getByRole('button', { name: 'Refresh' });
      await tabTo(refresh);
      await page.keyboard.press('Enter');
      await expectFocus(refresh);

      // The transcript's Show more and the download buttons.
      const oldCard = page.getByTestId('content-result').filter({ hasText: old });
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        (async () => {
          await tabTo(oldCard.getByRole('button', { name: 'Download transcript as md' }));
          await page.keyboard.press('Enter');
        })(),
      ]);
      expect(download.suggestedFilename()).toMatch(/^transcript-\d{4}-\d{2}-\d{2}\.md$/);

      // The inline 'New Transcription' form.
      const toggle = page.getByRole('button', { name: 'New Transcription' });
      await tabTo(toggle);
      await page.keyboard.press('Enter');
      expect(await toggle.getAttribute('aria-expanded')).toBe('true');
      const inline = page.getByRole('form', { name: 'New Transcription' });
      await tabTo(inline.getByLabel('Link', { exact: true }));
      await page.keyboard.type('https://www.instagram.com/reel/keyboard/');
      await page.keyboard.press('Tab');
      await expectFocus(inline.getByLabel('Source platform'));
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('ArrowDown');
      expect(await inline.getByLabel('Source platform').inputValue()).toBe('Instagram');
      await page.keyboard.press('Tab');
      await press(inline.getByRole('button', { name: 'Submit for Transcription' }), 'Enter');
      await expect.poll(() => toast(page, 'Link submitted successfully!').isVisible()).toBe(true);
      await expect.poll(() => inline.count()).toBe(0);
      await expectFocus(toggle);
      expect(
        await echo.query('select user_email, source_platform from content_results where source_url = $1', [
          'https://www.instagram.com/reel/keyboard/',
        ]),
      ).toEqual([{ user_email: email, source_platform: 'Instagram' }]);
      await expect
        .poll(() =>
          page.getByRole('link', { name: 'https://www.instagram.com/reel/keyboard/' }).first().isVisible(),
        )
        .toBe(true);

      // Tabs with the arrow keys.
      const all = page.getByRole('tab', { name: /All Content/ });
      await tabTo(all);
      await page.keyboard.press('ArrowRight');
      const transcriptions = page.getByRole('tab', { name: /Transcriptions/ });
      await expectFocus(transcriptions);
      await expect.poll(() => transcriptions.getAttribute('aria-selected')).toBe('true');
      await page.keyboard.press('ArrowLeft');
      await expectFocus(all);
      await expect.poll(() => all.getAttribute('aria-selected')).toBe('true');

      // Delete asks the spec's question (a native confirm, answered with Enter by the user).
      const asked: string[] = [];
      page.once('dialog', (dialog) => {
        asked.push(dialog.message());
        void dialog.accept();
      });
      await tabTo(page.getByRole('button', { name: `Delete content from ${old}` }));
      await page.keyboard.press('Enter');
      await expect.poll(() => toast(page, 'Deleted').isVisible()).toBe(true);
      expect(asked).toEqual(['Are you sure you want to delete this content?']);
      expect(await count('select count(*) as n from content_results where source_url = $1', [old])).toBe(0);
      await expectFocus(page.getByRole('tabpanel'));
      // From the list, the next Tab reaches the remaining card.
      await page.keyboard.press('Tab');
      await expectFocus(page.getByRole('link', { name: 'https://www.instagram.com/reel/keyboard/' }));
    });
  });

  it("privacy: the data-use switch with Space, 'Delete my data' with Escape, then a fresh code", async () => {
    const email = 'kb.privacy@example.com';
    await insertResult(echo, { email, data: { transcription: 'Private words.' } });
    await withPage(PHONE, async ({ page }) => {
      await page.goto('/dashboard');
      await tabTo(page.getByLabel('Email'));
      await page.keyboard.type(email);
      await page.keyboard.press('Enter');
      await expectFocus(page.getByRole('textbox', { name: 'Verification code' }));
      await page.keyboard.type(await waitForCode(echo, email));
      await page.keyboard.press('Enter');
      await expectFocus(page.getByRole('heading', { name: 'Your Content' }));

      const toggle = page.getByRole('switch', { name: "Don't use my data" });
      await tabTo(toggle);
      await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('false');
      await page.keyboard.press('Space');
      await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('true');
      await expect
        .poll(() => count('select count(*) as n from data_use_opt_outs where email = $1', [email]))
        .toBe(1);
      await expect.poll(() => toast(page, 'Your data will not be used').isVisible()).toBe(true);
      await expectFocus(toggle);

      const open = page.getByRole('button', { name: 'Delete my data' });
      await tabTo(open);
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: 'Delete all your data?' });
      await expect.poll(() => dialog.isVisible()).toBe(true);
      await expectFocus(dialog.getByRole('button', { name: 'Cancel' }));
      await page.keyboard.press('Escape');
      await expect.poll(() => dialog.count()).toBe(0);
      await expectFocus(open);
      expect(await count('select count(*) as n from content_results where user_email = $1', [email])).toBe(1);

      await page.keyboard.press('Enter');
      // Focus is trapped in the dialog: Tab cycles through its controls only.
      await tabTo(dialog.getByRole('button', { name: 'E-mail me a code' }));
      for (let i = 0; i < 4; i++) {
        await page.keyboard.press('Tab');
        expect(await page.evaluate(() => !!document.activeElement?.closest('[role="dialog"]'))).toBe(true);
      }
      await tabTo(dialog.getByRole('button', { name: 'E-mail me a code' }));
      await page.keyboard.press('Enter');
      const codeField = dialog.getByRole('textbox', { name: 'Confirmation code' });
      await expectFocus(codeField);
      await echo.smtp.waitFor((m) =>
        m.some((x) => x.to.includes(email) && /Confirm deleting/.test(x.subject)),
      );
      const mail = echo.smtp.to(email).find((m) => /Confirm deleting/.test(m.subject))!;
      await page.keyboard.type(codeIn(mail));
      await page.keyboard.press('Enter');
      await expect.poll(() => toast(page, 'Your data has been deleted.').isVisible()).toBe(true);
      // Signed out: back at the e-mail step, with the cursor there.
      await expectFocus(page.getByLabel('Email'));
      expect(await count('select count(*) as n from content_results where user_email = $1', [email])).toBe(0);
      await echo.smtp.waitFor((m) =>
        m.some((x) => x.to.includes(email) && /has been deleted/.test(x.subject)),
      );
    });
  });
});
