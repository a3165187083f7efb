import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from '#tests/support/axe.ts';
import { DESKTOP, openPage, PHONE } from '#tests/support/browser.ts';
import type { FakeBluesky } from '#tests/support/fake-social.ts';
import { startPublishingBrowserApp } from '#tests/support/publishing.ts';
import { eventually, PRICING_TRANSCRIPT, type StudioTestApp } from '#tests/support/studio.ts';
import { createSession } from '../../src/server/lib/sessions.ts';

/**
 * In Chromium: the dashboard's 'My Voice' tab shows the posts published from the Studio
 * (platform, when, status, live links, counts per platform), its loading and empty states, by
 * keyboard and by name; at 375 and 1280 px.
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

/** A signed-in owner with a Bluesky account, a published thread, a published post and one to check. */
async function publishedFor(email: string, handle: string) {
  bsky.addAccount(handle, 'abcd-efgh-ijkl-mnop');
  const { token } = await createSession(echo.ctx.database.db, 'dashboard', email, 1);
  const headers = { cookie: `echo_dashboard=${token}`, 'content-type': 'application/json' };
  const call = async (method: 'GET' | 'POST', url: string, body?: unknown) =>
    (
      await echo.app!.inject({
        method,
        url,
        headers,
        payload: body === undefined ? undefined : JSON.stringify(body),
      })
    ).json() as Record<string, unknown>;
  const account = await call('POST', '/api/publishing/accounts/bluesky', {
    handle,
    app_password: 'abcd-efgh-ijkl-mnop',
  });
  const note = await call('POST', '/api/studio/notes', { text: PRICING_TRANSCRIPT, title: 'Pricing' });
  const created = await call('POST', '/api/studio/drafts', {
    note_ids: [note.id],
    formats: ['thread'],
    engine: 'extractive',
  });
  const draftId = (created.drafts as { id: string }[])[0]!.id;
  await eventually(async () => (await call('GET', `/api/studio/drafts/${draftId}`)).status === 'ready');
  const ids: string[] = [];
  for (const texts of [
    ['Pricing is a story you tell 1/2', 'Tell it plainly 2/2'],
    ['One plain post about pricing'],
    ['A post that may have gone out'],
  ]) {
    const made = await call('POST', '/api/publishing/posts', {
      draft_id: draftId,
      account_ids: [account.id],
      texts: { [String(account.id)]: texts },
      when: 'now',
    });
    const id = (made.posts as { id: string }[])[0]!.id;
    await eventually(async () =>
      ((await call('GET', '/api/publishing/posts')).posts as { id: string; status: string }[]).some(
        (p) => p.id === id && p.status === 'published',
      ),
    );
    ids.push(id);
  }
  // The last one's outcome was unknown (the publishing tests make this for real).
  await echo.query(
    "update publish_posts set status = 'check', error = 'Check on Bluesky: part 1 may have been posted' where id = $1",
    [ids[2]],
  );
  return token;
}

describe.each([
  ['desktop', DESKTOP],
  ['phone', PHONE],
])("The dashboard's 'My Voice' tab on a %s", (name, viewport) => {
  it('shows published posts with status, live links and counts, by keyboard and by name', async () => {
    const handle = `voice-${name}.test`;
    const token = await publishedFor(`voice-${name}@example.com`, handle);
    const session = await openPage(browser, echo.url, viewport);
    const { page } = session;
    await session.context.addCookies([{ name: 'echo_dashboard', value: token, url: `${echo.url}/api` }]);
    // Hold the results until the loading state has been seen.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/publishing/results*', async (route) => {
      await held;
      await route.continue();
    });
    try {
      await page.goto('/dashboard');
      const tab = page.getByRole('tab', { name: /^My Voice/ });
      await expect.poll(() => tab.isVisible(), { timeout: 10_000 }).toBe(true);
      // By keyboard: focus the first tab, then arrow to 'My Voice' (the last) and it opens.
      await page.getByRole('tab', { name: /^All Content/ }).focus();
      await page.keyboard.press('End');
      await expect.poll(() => tab.getAttribute('aria-selected')).toBe('true');
      const section = page.getByRole('region', { name: 'Published from your Studio' });
      await expect
        .poll(() => section.getByRole('status').textContent())
        .toMatch(/Loading your published posts/);
      release();

      const posts = section.getByRole('list', { name: 'Published posts, newest first' });
      await expect.poll(() => posts.getByRole('article').count(), { timeout: 10_000 }).toBe(3);
      const articles = posts.getByRole('article', { name: `Bluesky @${handle}` });
      // Newest first: the one to check, the single post, the thread.
      expect(await articles.nth(0).getByText('Check on the platform', { exact: true }).isVisible()).toBe(
        true,
      );
      expect(
        await articles
          .nth(0)
          .getByText(/may have been posted/)
          .isVisible(),
      ).toBe(true);
      expect(await articles.nth(1).getByText('Published', { exact: true }).isVisible()).toBe(true);
      const thread = articles.nth(2);
      expect(await thread.getByText(/a thread of 2 posts/).isVisible()).toBe(true);
      const link = thread.getByRole('link', { name: 'Post 1 on Bluesky (opens in a new tab)' });
      expect(await link.getAttribute('href')).toMatch(
        new RegExp(`^https://bsky\\.app/profile/${handle.replace('.', '\\.')}/post/`),
      );
      expect(await thread.getByRole('link', { name: /^Post 2 on Bluesky/ }).count()).toBe(1);
      expect(await thread.locator('time').getAttribute('datetime')).toMatch(/^\d{4}-\d\d-\d\dT/);
      const counts = section.getByRole('list', { name: 'Posts per platform' });
      expect((await counts.innerText()).replace(/\s+/g, ' ')).toMatch(/Bluesky 2 published, 1 to check/);

      // The live links are reached by Tab.
      await link.focus();
      expect(await page.evaluate(() => document.activeElement?.textContent)).toMatch(/Post 1/);
      // Nothing wider than the screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        viewport.width,
      );
      if (SHOTS) {
        // From the top, so the sticky header does not cover a card in the full-page picture.
        await page.evaluate(() => window.scrollTo(0, 0));
        await page.screenshot({ path: `${SHOTS}/my-voice-${name}.png`, fullPage: true });
      }
      expect(await seriousViolations(page)).toEqual([]);
    } finally {
      release();
      await session.context.close();
    }
  });
});

describe("The 'My Voice' tab without published posts", () => {
  it('says where publishing starts', async () => {
    const { token } = await createSession(echo.ctx.database.db, 'dashboard', 'quiet@example.com', 1);
    const session = await openPage(browser, echo.url, PHONE);
    await session.context.addCookies([{ name: 'echo_dashboard', value: token, url: `${echo.url}/api` }]);
    try {
      const { page } = session;
      await page.goto('/dashboard');
      await page.getByRole('tab', { name: /^My Voice/ }).click();
      const section = page.getByRole('region', { name: 'Published from your Studio' });
      await expect
        .poll(() => section.getByText(/Nothing published yet/).isVisible(), { timeout: 10_000 })
        .toBe(true);
      expect(await section.getByRole('link', { name: 'Studio' }).getAttribute('href')).toBe('/studio');
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/my-voice-empty.png`, fullPage: true });
    } finally {
      await session.context.close();
    }
  });
});
