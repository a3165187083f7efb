import { describe, expect, it } from 'vitest';
import { DESKTOP, PHONE } from '#tests/support/browser.ts';
import {
  echo,
  expectFocus,
  press,
  setUpKeyboardSuite,
  tabTo,
  toast,
  withPage,
} from '#tests/support/keyboard.ts';

/** The landing page, the webhook test, the legal pages and the 404 page, by keyboard alone (tests/support/keyboard.ts). */

setUpKeyboardSuite();

describe('keyboard only: landing page', () => {
  it('phone menu: opens with Enter, Escape closes it and returns focus, a link closes it and moves on', async () => {
    await withPage(PHONE, async ({ page }) => {
      await page.goto('/');
      const toggle = page.getByTestId('mobile-menu-toggle');
      const menu = page.getByTestId('mobile-menu');
      await tabTo(toggle);
      expect(await toggle.getAttribute('aria-expanded')).toBe('false');
      await press(toggle, 'Enter');
      await expect.poll(() => menu.isVisible()).toBe(true);
      expect(await toggle.getAttribute('aria-expanded')).toBe('true');
      expect(await toggle.getAttribute('aria-label')).toBe('Close menu');
      // The menu follows its toggle in tab order.
      await page.keyboard.press('Tab');
      await expectFocus(menu.getByRole('link', { name: 'Features' }));
      await page.keyboard.press('Escape');
      await expect.poll(() => menu.isVisible()).toBe(false);
      await expectFocus(toggle);
      expect(await toggle.getAttribute('aria-expanded')).toBe('false');

      // Space opens it too; following an anchor closes it and the next Tab is inside that section.
      await press(toggle, ' ');
      await expect.poll(() => menu.isVisible()).toBe(true);
      await tabTo(menu.getByRole('link', { name: 'Waitlist' }));
      await page.keyboard.press('Enter');
      await expect.poll(() => menu.isVisible()).toBe(false);
      expect(new URL(page.url()).hash).toBe('#waitlist');
      // The form's fields are drawn once its script has loaded (a slow, busy machine may still be at it).
      const name = page.getByRole('form', { name: 'Join the waitlist' }).getByLabel('Name');
      await name.waitFor();
      await page.keyboard.press('Tab');
      await expectFocus(name);

      // A page link closes the menu and opens the page.
      await tabTo(toggle, { back: true });
      await page.keyboard.press('Enter');
      await tabTo(menu.getByRole('link', { name: 'Transcription Tool' }));
      await page.keyboard.press('Enter');
      await expect.poll(() => new URL(page.url()).pathname).toBe('/reaction-video');
      await tabTo(page.getByLabel('Link', { exact: true }));
    });
  });

  it("hero 'Join the Waitlist' puts the cursor in the form; #demo opens the Voice Note demo, arrows switch tabs", async () => {
    await withPage(DESKTOP, async ({ page }) => {
      await page.goto('/');
      const join = page.locator('main').getByRole('button', { name: 'Join the Waitlist' }).first();
      await tabTo(join);
      await page.keyboard.press('Enter');
      await expectFocus(page.getByRole('form', { name: 'Join the waitlist' }).getByLabel('Name'));

      // Back up to the header's Demo anchor.
      const demo = page.locator('header').first().getByRole('link', { name: 'Demo' });
      await tabTo(demo, { back: true, max: 120 });
      await page.keyboard.press('Enter');
      const voice = page.getByRole('tab', { name: 'Voice Note' });
      await expect.poll(() => voice.getAttribute('aria-selected')).toBe('true');
      // The next Tab lands on the selected tab (the demo anchor is the start point).
      await page.keyboard.press('Tab');
      await expectFocus(voice);
      const panel = page.getByRole('tabpanel');
      const note = panel.getByLabel('Your voice note');
      await tabTo(note);
      await page.keyboard.type('A thought about morning routines');
      expect(await note.inputValue()).toBe('A thought about morning routines');
      await tabTo(panel.getByRole('button', { name: 'Record' }));
      await page.keyboard.press('Enter');
      await expect.poll(() => toast(page, 'Record in Echo Studio').isVisible()).toBe(true);
      // Focus stays on Record; the toast is dismissed from the keyboard: F8, then Escape.
      await expectFocus(panel.getByRole('button', { name: 'Record' }));
      await page.keyboard.press('F8');
      await expect
        .poll(() => page.evaluate(() => !!document.activeElement?.closest('[role=region]')))
        .toBe(true);
      await page.keyboard.press('Escape');
      await expect.poll(() => toast(page, 'Record in Echo Studio').count()).toBe(0);

      // Arrow keys move between the tabs and select them.
      await tabTo(voice, { back: true });
      await page.keyboard.press('ArrowLeft');
      const video = page.getByRole('tab', { name: 'Upload Video' });
      await expectFocus(video);
      expect(await video.getAttribute('aria-selected')).toBe('true');
      expect(await page.getByRole('tabpanel').innerText()).toContain(
        'Car rant, workshop, or Zoom call — Echo finds the gold.',
      );
      await page.keyboard.press('End');
      await expectFocus(page.getByRole('tab', { name: 'Social Import' }));
      expect(await page.getByRole('tab', { name: 'Social Import' }).getAttribute('aria-selected')).toBe(
        'true',
      );
    });
  });

  it('joins the waitlist with Tab, typing, arrow keys and Enter', async () => {
    await withPage(DESKTOP, async ({ page }) => {
      await page.goto('/');
      const form = page.getByRole('form', { name: 'Join the waitlist' });
      // The form's code loads at the visitor's first key press (or as its section nears the
      // viewport): start tabbing from the top, then on to the form.
      await page.keyboard.press('Tab');
      // Enter on the empty form: the spec's messages, focus on the first invalid field.
      await tabTo(form.getByRole('button', { name: 'Join the Waitlist' }), { max: 120 });
      await page.keyboard.press('Enter');
      await expect
        .poll(() => form.getByRole('alert').allInnerTexts())
        .toEqual(['Name is required', 'Invalid email address', 'Please select your role']);
      await expectFocus(form.getByLabel('Name'));
      await page.keyboard.type('Kim Keyboard');
      await page.keyboard.press('Tab');
      await page.keyboard.type('kim.keyboard@example.com');
      await page.keyboard.press('Tab');
      const role = form.getByLabel('I am a...');
      await expectFocus(role);
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('ArrowDown');
      expect(await role.inputValue()).toBe('Founder');
      await page.keyboard.press('Tab');
      await page.keyboard.type('Finding time to write scripts');
      // The struggle is a textarea (Enter is a new line): Tab to the submit button, then Enter.
      await page.keyboard.press('Tab');
      await press(form.getByRole('button', { name: 'Join the Waitlist' }), 'Enter');
      // The form is replaced by the confirmation, which takes the focus.
      await expectFocus(page.getByRole('heading', { name: "You're In!" }));
      expect(
        await echo.query('select name, role, struggle from waitlist_signups where email = $1', [
          'kim.keyboard@example.com',
        ]),
      ).toEqual([{ name: 'Kim Keyboard', role: 'Founder', struggle: 'Finding time to write scripts' }]);
      await echo.smtp.waitFor((m) => m.some((x) => x.to.includes('kim.keyboard@example.com')));
    });
  });
});

describe('keyboard only: webhook test, legal pages, 404', () => {
  it('runs the webhook tests with Enter and keeps focus on the button', async () => {
    await withPage(DESKTOP, async ({ page }) => {
      await page.goto('/webhook-test');
      const run = page.getByRole('button', { name: 'Run Tests' });
      await tabTo(run);
      await page.keyboard.press('Enter');
      await expect
        .poll(() => page.getByTestId('webhook-summary').innerText())
        .toBe('All webhook tests passed');
      await expectFocus(run);
      // The code sample scrolls sideways, so it is reachable by keyboard.
      await tabTo(page.locator('pre[tabindex="0"]'));
    });
  });

  it('walks from the landing footer to the privacy policy, the terms and back home', async () => {
    await withPage(PHONE, async ({ page }) => {
      await page.goto('/');
      const footer = page.locator('footer').last();
      await tabTo(footer.getByRole('link', { name: 'Privacy Policy' }), { max: 150 });
      await page.keyboard.press('Enter');
      await expect.poll(() => page.locator('h1').innerText()).toBe('Privacy Policy');
      await tabTo(page.locator('footer').last().getByRole('link', { name: 'Terms of Service' }), {
        max: 150,
      });
      await page.keyboard.press('Enter');
      await expect.poll(() => page.locator('h1').innerText()).toBe('Terms of Service');
      await tabTo(page.getByRole('link', { name: 'Back to Home' }));
      await page.keyboard.press('Enter');
      await expect.poll(() => new URL(page.url()).pathname).toBe('/');
      await expect.poll(() => page.locator('h1').innerText()).toMatch(/unmute/i);

      await page.goto('/unsubscribe');
      await tabTo(page.getByRole('link', { name: 'Return to Homepage' }));
      await page.keyboard.press('Enter');
      await expect.poll(() => new URL(page.url()).pathname).toBe('/');
    });
  });

  it("the 404 page's link goes home", async () => {
    await withPage(DESKTOP, async ({ page }) => {
      await page.goto('/no/such/page');
      await expect
        .poll(() => page.getByRole('heading', { name: '404 Page Not Found' }).isVisible())
        .toBe(true);
      await tabTo(page.getByRole('link', { name: 'Go to the homepage' }));
      await page.keyboard.press('Enter');
      await expect.poll(() => new URL(page.url()).pathname).toBe('/');
      await expect.poll(() => page.locator('h1').innerText()).toMatch(/unmute/i);
    });
  });
});
