import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SPEECH_FATE } from '#contract/studio.ts';
import { launchBrowser, openPage, PHONE } from '#tests/support/browser.ts';
import { type StudioTestApp, startStudioApp, WITHOUT_POCKETSPHINX } from '#tests/support/studio.ts';
import { createSession } from '../../src/server/lib/sessions.ts';

/**
 * Honest before, not after (issue 22): the Record and Upload views say what will happen to the
 * user's speech on this install before they start, and the Record button points at it.
 */
let browser: Browser;
let closeBrowser: () => Promise<void>;
let bare: StudioTestApp;
let withServer: StudioTestApp;

beforeAll(async () => {
  [bare, withServer, { browser, close: closeBrowser }] = await Promise.all([
    startStudioApp(WITHOUT_POCKETSPHINX),
    // Never called here: the notice only needs the server to be configured.
    startStudioApp({ STT_BASE_URL: 'http://127.0.0.1:9/v1' }),
    launchBrowser(),
  ]);
});
afterAll(async () => {
  await closeBrowser?.();
  await bare?.close();
  await withServer?.close();
});

async function studioPage(echo: StudioTestApp, email: string) {
  const session = await openPage(browser, echo.url, PHONE);
  const { token } = await createSession(echo.ctx.database.db, 'dashboard', email, 1);
  await session.context.addCookies([{ name: 'echo_dashboard', value: token, url: `${echo.url}/api` }]);
  await session.page.goto('/studio');
  return session;
}

describe('what happens to my speech, said before I start', () => {
  for (const [name, app, engine] of [
    ['with no speech-to-text at all', () => bare, 'none'],
    ['with a speech-to-text server', () => withServer, 'server'],
  ] as const) {
    it(name, async () => {
      const { page, context, pageErrors } = await studioPage(app(), `fate-${engine}@example.com`);
      const record = page.getByRole('button', { name: 'Record', exact: true });
      await record.waitFor();
      const notice = page.getByTestId('speech-fate').first();
      await expect.poll(() => notice.innerText()).toBe(SPEECH_FATE[engine]);
      // The Record button is described by it (what a screen reader says on reaching the button).
      const described = await record.getAttribute('aria-describedby');
      expect(await page.locator(`[id="${described}"]`).innerText()).toBe(SPEECH_FATE[engine]);
      if (engine === 'none') expect(SPEECH_FATE.none).toContain('STT_BASE_URL');
      await page.getByRole('tab', { name: 'Upload' }).click();
      const upload = page.getByRole('button', { name: 'Choose a file' });
      const ids = (await upload.getAttribute('aria-describedby'))!.split(' ');
      const texts = await Promise.all(ids.map((id) => page.locator(`[id="${id}"]`).innerText()));
      expect(texts).toContain(SPEECH_FATE[engine]);
      expect(pageErrors).toEqual([]);
      await context.close();
    });
  }
});
