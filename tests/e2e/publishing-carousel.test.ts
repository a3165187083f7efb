import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from '#tests/support/axe.ts';
import { DESKTOP, openPage, PHONE } from '#tests/support/browser.ts';
import type { FakeBluesky } from '#tests/support/fake-social.ts';
import { startPublishingBrowserApp } from '#tests/support/publishing.ts';
import { eventually, PRICING_TRANSCRIPT, type StudioTestApp } from '#tests/support/studio.ts';
import { createSession } from '../../src/server/lib/sessions.ts';

/**
 * In Chromium: a carousel goes to Bluesky as its slides, 4 images a post, each with alt
 * text the user can edit in the publish preview (an emptied one asks for it and holds the
 * button); published, Bluesky receives the edited alt text; at 375 and 1280 px.
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
  ['phone', PHONE],
])('A carousel to Bluesky on a %s', (name, viewport) => {
  it('edits the alt text in the preview, is held while one is empty, and publishes the images with it', async () => {
    const email = `carousel-${name}@example.com`;
    const handle = `slides-${name}.test`;
    bsky.addAccount(handle, 'abcd-efgh-ijkl-mnop');
    const { token } = await createSession(echo.ctx.database.db, 'dashboard', email, 1);
    const headers = { cookie: `echo_dashboard=${token}`, 'content-type': 'application/json' };
    const api = async (method: 'GET' | 'POST', url: string, body?: unknown) =>
      (
        await echo.app!.inject({
          method,
          url,
          headers,
          payload: body === undefined ? undefined : JSON.stringify(body),
        })
      ).json();
    const connected = await api('POST', '/api/publishing/accounts/bluesky', {
      handle,
      app_password: 'abcd-efgh-ijkl-mnop',
    });
    expect(connected).toMatchObject({ status: 'connected' });
    const note = (await api('POST', '/api/studio/notes', { text: PRICING_TRANSCRIPT, title: 'Pricing' })) as {
      id: string;
    };
    const created = (await api('POST', '/api/studio/drafts', {
      note_ids: [note.id],
      formats: ['carousel'],
      engine: 'extractive',
    })) as { drafts: { id: string }[] };
    const draftId = created.drafts[0]!.id;
    const draft = await eventually(async () => {
      const d = (await api('GET', `/api/studio/drafts/${draftId}`)) as {
        status: string;
        blocks: { text: string }[];
      };
      return d.status === 'ready' && d;
    });
    const slides = draft.blocks.filter((b) => b.text.trim()).length;

    const session = await openPage(browser, echo.url, viewport);
    const { page } = session;
    await session.context.addCookies([{ name: 'echo_dashboard', value: token, url: `${echo.url}/api` }]);
    try {
      await page.goto(`/studio?draft=${draftId}`);
      await page.getByRole('checkbox', { name: `Bluesky @${handle}` }).check();
      const preview = page.getByRole('region', { name: `Preview for @${handle}` });
      await expect.poll(() => preview.isVisible(), { timeout: 10_000 }).toBe(true);
      // It says which slides go with which post.
      await expect.poll(() => preview.getByText(/Slides 1-4 go with post 1/).isVisible()).toBe(true);
      const first = preview.getByLabel('Alt text, slide 1', { exact: true });
      await expect.poll(() => first.inputValue()).not.toBe('');
      expect(await preview.getByRole('textbox', { name: /^Alt text, slide/ }).count()).toBe(slides);

      // Emptied, slide 2's alt text asks for it and the post cannot go.
      const second = preview.getByLabel('Alt text, slide 2', { exact: true });
      await second.fill('');
      await second.blur();
      await expect
        .poll(() => preview.getByText(/image without alt text asks for it: describe slide 2/).isVisible())
        .toBe(true);
      expect(await second.getAttribute('aria-invalid')).toBe('true');
      await expect.poll(() => page.getByRole('button', { name: 'Publish now' }).isDisabled()).toBe(true);
      if (SHOTS)
        await page.screenshot({ path: `${SHOTS}/publish-carousel-missing-alt-${name}.png`, fullPage: true });

      // Described by hand, both go.
      await first.fill('Title slide: pricing is a conversation, in white on purple');
      await second.fill('Second slide: ask what the customer gains');
      await second.blur();
      await expect.poll(() => page.getByRole('button', { name: 'Publish now' }).isEnabled()).toBe(true);
      if (SHOTS) {
        await preview.screenshot({ path: `${SHOTS}/publish-carousel-${name}.png` });
        await page.screenshot({ path: `${SHOTS}/publish-carousel-page-${name}.png`, fullPage: true });
      }
      expect(await seriousViolations(page)).toEqual([]);
      await page.getByRole('button', { name: 'Publish now' }).click();
      const went = page.getByRole('region', { name: 'Where this draft went' });
      await expect.poll(() => went.getByText('Published').isVisible(), { timeout: 30_000 }).toBe(true);

      const mine = bsky.received.filter((r) => r.id.includes(bsky.received.at(-1)!.account));
      const alts = mine.flatMap((r) => (r.media ?? []).map((m) => m.alt));
      expect(alts).toHaveLength(slides);
      expect(alts.slice(0, 2)).toEqual([
        'Title slide: pricing is a conversation, in white on purple',
        'Second slide: ask what the customer gains',
      ]);
      expect(mine[0]!.media).toHaveLength(4);
      expect(session.pageErrors).toEqual([]);
    } finally {
      await session.context.close();
    }
  }, 90_000);
});
