import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SPEECH_FATE } from '#contract/studio.ts';
import { seriousViolations } from '#tests/support/axe.ts';
import { launchBrowser, openPage, PHONE } from '#tests/support/browser.ts';
import { FakeOpenAi } from '#tests/support/fake-openai.ts';
import {
  eventually,
  type StudioTestApp,
  speechWav,
  startStudioApp,
  WITHOUT_POCKETSPHINX,
} from '#tests/support/studio.ts';
import { createSession } from '../../src/server/lib/sessions.ts';

/**
 * Hearing (issue 22). Honest before, not after: the Record and Upload views say what will happen
 * to the user's speech on this install before they start, and the Record button points at it.
 * Correcting what was heard: a sentence retyped by keyboard is what search finds.
 */
let browser: Browser;
let closeBrowser: () => Promise<void>;
let bare: StudioTestApp;
let withServer: StudioTestApp;
let stt: FakeOpenAi;

beforeAll(async () => {
  stt = await new FakeOpenAi().start();
  stt.transcriptionText = 'We launched the bodkin in March. Nobody listened at first. Then the letters came.';
  [bare, withServer, { browser, close: closeBrowser }] = await Promise.all([
    startStudioApp(WITHOUT_POCKETSPHINX),
    startStudioApp({ STT_BASE_URL: stt.baseUrl, STT_MODEL: 'whisper-test' }),
    launchBrowser(),
  ]);
});
afterAll(async () => {
  await closeBrowser?.();
  await bare?.close();
  await withServer?.close();
  await stt?.stop();
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
      expect(await seriousViolations(page)).toEqual([]);
      expect(pageErrors).toEqual([]);
      await context.close();
    });
  }
});

/** A voice note recorded through the API and transcribed by the fake server; its id. */
async function recordedNote(echo: StudioTestApp, cookie: string): Promise<string> {
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown, raw?: Buffer) =>
    echo.app!.inject({
      method,
      url,
      headers: { cookie, 'content-type': raw ? 'application/octet-stream' : 'application/json' },
      ...(raw || body !== undefined ? { payload: raw ?? JSON.stringify(body) } : {}),
    });
  const id = (await call('POST', '/api/studio/recordings', { mime_type: 'audio/wav' })).json().id;
  await call('PUT', `/api/studio/recordings/${id}/chunks/0`, undefined, await speechWav('A short idea.'));
  const noteId = (await call('POST', `/api/studio/recordings/${id}/finish`, { chunk_count: 1 })).json().id;
  await eventually(async () => (await call('GET', `/api/studio/notes/${noteId}`)).json().status === 'ready');
  return noteId;
}

describe('correcting what was heard', () => {
  it('retypes a sentence by keyboard; search finds the corrected word; a rough transcript says so', async () => {
    const email = 'corrector@example.com';
    const { token } = await createSession(withServer.ctx.database.db, 'dashboard', email, 1);
    const noteId = await recordedNote(withServer, `echo_dashboard=${token}`);
    // As if PocketSphinx had made it: the library and the note call it rough.
    await withServer.query(`update studio_notes set transcript_engine = 'pocketsphinx' where id = $1`, [
      noteId,
    ]);
    const { page, context, pageErrors } = await studioPage(withServer, email);
    const note = page.getByTestId('note').first();
    await expect.poll(() => note.getByTestId('rough-transcript').isVisible(), { timeout: 15_000 }).toBe(true);
    await note.getByRole('link').first().click();
    await expect.poll(() => page.getByTestId('rough-notice').isVisible()).toBe(true);

    const correct = page.getByRole('button', { name: /^Correct sentence 1: We launched the bodkin/ });
    await correct.focus();
    await page.keyboard.press('Enter');
    const field = page.getByRole('textbox', { name: 'Correct sentence 1' });
    await expect.poll(() => field.evaluate((el) => el === document.activeElement)).toBe(true);
    // The rough label, the notice, the Correct buttons and the open field, at phone width.
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.type('We launched the podcast in March.');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect
      .poll(() => page.getByTestId('transcript').innerText())
      .toContain('We launched the podcast in March.');
    // Focus is back on the sentence's Correct button (now named by the corrected words).
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? ''))
      .toMatch(/^Correct sentence 1: We launched the podcast/);

    await page.getByRole('link', { name: /All notes/ }).click();
    await page.getByRole('searchbox', { name: 'Search your notes' }).fill('podcast');
    const hit = page.getByTestId('search-hit').first();
    await expect.poll(() => hit.isVisible()).toBe(true);
    expect((await hit.locator('mark').allInnerTexts()).map((t) => t.toLowerCase())).toContain('podcast');
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
