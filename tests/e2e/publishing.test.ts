import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from '#tests/support/axe.ts';
import { DESKTOP, openPage, PHONE } from '#tests/support/browser.ts';
import type { FakeBluesky } from '#tests/support/fake-social.ts';
import { startPublishingBrowserApp } from '#tests/support/publishing.ts';
import { dashboardCookies, draftFor, readyDraft, type StudioTestApp } from '#tests/support/studio.ts';

/**
 * In Chromium: connect a Bluesky account, add a time slot, schedule a thread into the
 * next free slot, see it in the week's calendar, and see it published with its links; at 375 and
 * 1280 px.
 */

/** Where the screenshots go when SCREENSHOT_DIR is set (to look at them). */
const SHOTS = process.env.SCREENSHOT_DIR;

let echo: StudioTestApp;
let bsky: FakeBluesky;
let browser: Browser;
let close: (() => Promise<void>) | undefined;
beforeAll(async () => {
  ({ echo, bsky, browser, close } = await startPublishingBrowserApp());
});
afterAll(() => close?.());

describe.each([
  ['desktop', DESKTOP],
  ['phone', { ...PHONE, width: 390 }],
])('The Publish card of a creator without accounts, on a %s', (name, viewport) => {
  it('names only the platforms this Echo offers, and no deletion note before anything was published', async () => {
    const { cookie, draftId } = await draftFor(echo, `first-${name}@example.com`, ['thread'], {
      title: 'Pricing',
    });
    await readyDraft(echo, cookie, draftId);
    const session = await openPage(browser, echo.url, viewport);
    const { page } = session;
    await session.context.addCookies(dashboardCookies(echo, cookie));
    try {
      await page.goto(`/studio?draft=${draftId}`);
      const connect = page.getByRole('link', { name: /^Connect / });
      await expect.poll(() => connect.isVisible(), { timeout: 10_000 }).toBe(true);
      // This Echo has no X or LinkedIn app: only what a creator can connect is named.
      await expect.poll(() => connect.textContent()).toBe('Connect Bluesky or Mastodon');
      expect(await page.getByText(/Deleting this draft does not delete/).count()).toBe(0);
      if (SHOTS)
        await page.screenshot({ path: `${SHOTS}/publish-card-first-${viewport.width}.png`, fullPage: true });
      expect(await seriousViolations(page)).toEqual([]);

      // The publishing page says what is not set up without naming any setting.
      await connect.click();
      await expect
        .poll(() => page.getByText("LinkedIn isn't set up on this Echo yet").isVisible(), { timeout: 10_000 })
        .toBe(true);
      expect(await page.getByText(/CLIENT_ID|CLIENT_SECRET|operator/).count()).toBe(0);
      if (SHOTS)
        await page.screenshot({ path: `${SHOTS}/publishing-first-${viewport.width}.png`, fullPage: true });
      expect(session.pageErrors).toEqual([]);
    } finally {
      await session.context.close();
    }
  });
});

describe.each([
  ['desktop', DESKTOP],
  ['phone', PHONE],
])('Publishing on a %s', (name, viewport) => {
  it('connects Bluesky, schedules a thread into the next free slot, shows it in the calendar, then its links', async () => {
    const email = `publish-${name}@example.com`;
    const handle = `${name}.test`;
    bsky.addAccount(handle, 'abcd-efgh-ijkl-mnop');
    const { cookie, draftId } = await draftFor(echo, email, ['thread'], { title: 'Pricing' });
    const headers = { cookie, 'content-type': 'application/json' };
    await readyDraft(echo, cookie, draftId);

    const session = await openPage(browser, echo.url, viewport);
    const { page } = session;
    await session.context.addCookies(dashboardCookies(echo, cookie));
    try {
      await page.goto('/studio?tab=publishing');
      await page.getByLabel('Handle').fill(handle);
      await page.getByLabel('App password').fill('abcd-efgh-ijkl-mnop');
      await page.getByRole('button', { name: 'Connect Bluesky' }).click();
      await expect
        .poll(() => page.getByText(`Bluesky @${handle}`).first().isVisible(), { timeout: 10_000 })
        .toBe(true);
      // X and LinkedIn without the operator's apps say so, in a creator's words.
      await expect.poll(() => page.getByText("X isn't set up on this Echo yet").isVisible()).toBe(true);
      expect(await page.getByText(/CLIENT_ID|CLIENT_SECRET/).count()).toBe(0);

      // A slot tomorrow at 08:30 in the browser's zone.
      const tomorrow = (new Date().getDay() + 1) % 7;
      await page.getByLabel('Day').selectOption(String(tomorrow));
      await page.getByLabel('Time', { exact: true }).fill('08:30');
      await page.getByRole('button', { name: 'Add slot' }).click();
      await expect.poll(() => page.getByRole('button', { name: /^Remove .* 08:30$/ }).isVisible()).toBe(true);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/publishing-${name}.png`, fullPage: true });
      expect(await seriousViolations(page)).toEqual([]);

      // The draft: pick the account, see the preview, schedule into the next free slot.
      await page.goto(`/studio?draft=${draftId}`);
      await page.getByRole('checkbox', { name: `Bluesky @${handle}` }).check();
      const preview = page.getByRole('region', { name: `Preview for @${handle}` });
      await expect.poll(() => preview.isVisible(), { timeout: 10_000 }).toBe(true);
      await page.getByRole('radio', { name: 'In the next free slot' }).check();
      await page.getByRole('button', { name: 'Schedule' }).click();
      const went = page.getByRole('region', { name: 'Where this draft went' });
      await expect.poll(() => went.getByText('Scheduled').isVisible(), { timeout: 10_000 }).toBe(true);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/publish-draft-${name}.png`, fullPage: true });
      expect(await seriousViolations(page)).toEqual([]);

      // The week's calendar shows it (the slot may fall in next week).
      await page.goto('/studio?tab=publishing');
      const calendar = page.getByRole('region', { name: /^Week of/ });
      const thread = calendar.getByText(/^Thread of \d+ posts$/);
      await expect.poll(() => calendar.isVisible()).toBe(true);
      // The week's posts have loaded (the region is busy until then), so an absent post is next week's.
      await expect.poll(() => calendar.getAttribute('aria-busy'), { timeout: 10_000 }).toBe('false');
      if (!(await thread.isVisible().catch(() => false)))
        await page.getByRole('button', { name: /Next week/ }).click();
      await expect.poll(() => thread.isVisible(), { timeout: 10_000 }).toBe(true);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/calendar-${name}.png`, fullPage: true });

      // Its time comes (moved to now through the API), and the draft shows the live posts.
      const posts = (
        await echo.app!.inject({ method: 'GET', url: `/api/publishing/posts?draft_id=${draftId}`, headers })
      ).json() as {
        posts: { id: string; parts: string[] }[];
      };
      const post = posts.posts[0]!;
      const moved = await echo.app!.inject({
        method: 'PATCH',
        url: `/api/publishing/posts/${post.id}`,
        headers,
        payload: JSON.stringify({ scheduled_at: new Date().toISOString() }),
      });
      expect(moved.statusCode, moved.body).toBe(200);
      await page.goto(`/studio?draft=${draftId}`);
      await expect.poll(() => went.getByText('Published').isVisible(), { timeout: 20_000 }).toBe(true);
      const links = went.getByRole('link');
      expect(await links.count()).toBe(post.parts.length);
      expect(await links.first().getAttribute('href')).toMatch(
        new RegExp(`^https://bsky\\.app/profile/${handle}/post/`),
      );
      expect(
        bsky.received.filter((r) => r.account === bsky.received.at(-1)!.account).map((r) => r.text),
      ).toEqual(post.parts);
      // Now that something is live, the card says deleting the draft leaves it live.
      await expect
        .poll(() => page.getByText(/Deleting this draft does not delete what was published/).isVisible())
        .toBe(true);
      if (SHOTS)
        await page.screenshot({ path: `${SHOTS}/publish-card-published-${name}.png`, fullPage: true });

      // Disconnecting asks first and says the live posts stay; declining keeps the account.
      await page.goto('/studio?tab=publishing');
      const disconnect = page.getByRole('button', { name: new RegExp(`^Disconnect @${handle}`) });
      await expect.poll(() => disconnect.isVisible()).toBe(true);
      // The click returns only once the dialog is answered: answer it from its event.
      let asked = '';
      page.once('dialog', (dialog) => {
        asked = dialog.message();
        void dialog.dismiss();
      });
      await disconnect.click();
      expect(asked).toBe(
        `Disconnect Bluesky @${handle}? Its scheduled posts are cancelled; posts already published stay on Bluesky.`,
      );
      await expect.poll(() => disconnect.isVisible()).toBe(true);
      expect(session.pageErrors).toEqual([]);
    } finally {
      await session.context.close();
    }
  });
});
