import { readFileSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Draft } from '#contract/studio-drafts.ts';
import { seriousViolations } from '#tests/support/axe.ts';
import { DESKTOP, launchBrowser, openPage, PHONE } from '#tests/support/browser.ts';
import { FakeOpenAi } from '#tests/support/fake-openai.ts';
import { type FakeBluesky, startFakeBluesky } from '#tests/support/fake-social.ts';
import {
  dashboardCookies,
  eventually,
  type StudioTestApp,
  sessionCookie,
  startStudioApp,
  uploadVideoNote,
} from '#tests/support/studio.ts';

/**
 * In Chromium: a clip-hooks draft of a video note publishes the clip the user picks to
 * Bluesky as a video (its hook as the text), at 375 and 1280 px.
 */

const transcript = readFileSync(new URL('../fixtures/pricing-voice-note.txt', import.meta.url), 'utf8');
const SHOTS = process.env.SCREENSHOT_DIR;

let echo: StudioTestApp;
let stt: FakeOpenAi;
let bsky: FakeBluesky;
let browser: Browser;
let closeBrowser: () => Promise<void>;
let cookie: string;
let draft: Draft;
beforeAll(async () => {
  bsky = await startFakeBluesky();
  stt = await new FakeOpenAi().start();
  stt.transcriptionText = transcript;
  stt.secondsPerSegment = 1.5;
  [echo, { browser, close: closeBrowser }] = await Promise.all([
    startStudioApp({
      STT_BASE_URL: stt.baseUrl,
      STT_MODEL: 'whisper-test',
      PUBLISH_ALLOW_PRIVATE_HOSTS: 'true',
      BLUESKY_SERVICE_URL: bsky.origin,
      BLUESKY_VIDEO_URL: bsky.origin,
    }),
    launchBrowser(),
  ]);
  cookie = await sessionCookie(echo, 'clips@example.com');
  const call = async (method: 'GET' | 'POST', url: string, body?: unknown) =>
    (
      await echo.app!.inject({
        method,
        url,
        headers: { cookie, 'content-type': 'application/json' },
        payload: body === undefined ? undefined : JSON.stringify(body),
      })
    ).json();
  const noteId = await uploadVideoNote(echo, cookie, transcript);
  await eventually(async () => (await call('GET', `/api/studio/notes/${noteId}`)).status === 'ready', 60_000);
  const created = await call('POST', '/api/studio/drafts', { note_ids: [noteId], formats: ['clips'] });
  draft = await eventually(async () => {
    const d = (await call('GET', `/api/studio/drafts/${created.drafts[0].id}`)) as Draft;
    return ['ready', 'failed'].includes(d.status) && d;
  }, 60_000);
  expect(draft.status, draft.error ?? '').toBe('ready');
  for (const name of ['desktop', 'phone']) {
    bsky.addAccount(`clips-${name}.test`, 'abcd-efgh-ijkl-mnop');
    await call('POST', '/api/publishing/accounts/bluesky', {
      handle: `clips-${name}.test`,
      app_password: 'abcd-efgh-ijkl-mnop',
    });
  }
}, 180_000);
afterAll(async () => {
  await closeBrowser?.();
  await echo?.close();
  await stt?.stop();
  await bsky?.close();
});

describe.each([
  ['desktop', DESKTOP],
  ['phone', PHONE],
])('A clip to Bluesky on a %s', (name, viewport) => {
  it('picks the clip, previews its hook with the video, and publishes it as a video', async () => {
    const clips = draft.blocks.filter((b) => b.kind === 'clip');
    const pick = clips.length > 1 ? 2 : 1;
    const session = await openPage(browser, echo.url, viewport);
    const { page } = session;
    await session.context.addCookies(dashboardCookies(echo, cookie));
    try {
      await page.goto(`/studio?draft=${draft.id}`);
      await page.getByRole('checkbox', { name: `Bluesky @clips-${name}.test` }).check();
      const preview = page.getByRole('region', { name: `Preview for @clips-${name}.test` });
      await expect.poll(() => preview.isVisible(), { timeout: 10_000 }).toBe(true);
      if (clips.length > 1) await page.getByLabel('Clip to publish').selectOption(String(pick));
      await expect
        .poll(() =>
          preview
            .getByText(new RegExp(`Clip ${pick} of ${clips.length} goes with it as a video`))
            .isVisible(),
        )
        .toBe(true);
      await expect.poll(() => preview.getByRole('textbox').inputValue()).toBe(clips[pick - 1]!.text.trim());
      // The Publish card: the clip picker and the preview.
      if (SHOTS)
        await page
          .locator('[aria-labelledby="publish-heading"]')
          .screenshot({ path: `${SHOTS}/publish-clip-${name}.png` });
      expect(await seriousViolations(page)).toEqual([]);
      await page.getByRole('button', { name: 'Publish now' }).click();
      const went = page.getByRole('region', { name: 'Where this draft went' });
      await expect
        .poll(() => went.getByText('Published').first().isVisible(), { timeout: 60_000 })
        .toBe(true);
      const post = bsky.received.at(-1)!;
      expect(post.text).toBe(clips[pick - 1]!.text.trim());
      expect(post.media?.[0]).toMatchObject({ type: 'video/mp4' });
      expect(session.pageErrors).toEqual([]);
    } finally {
      await session.context.close();
    }
  }, 120_000);
});
