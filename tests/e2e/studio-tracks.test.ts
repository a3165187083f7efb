import { mkdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from '#tests/support/axe.ts';
import { DESKTOP, launchBrowser, openPage } from '#tests/support/browser.ts';
import { FakeOpenAi } from '#tests/support/fake-openai.ts';
import { type StudioTestApp, speechWav, startStudioApp } from '#tests/support/studio.ts';
import { createSession } from '../../src/server/lib/sessions.ts';

/**
 * One file per speaker (decision 023): two tracks chosen at once become one conversation whose
 * note shows each track's state, and the conversation mark is offered by a diarizing server; at
 * phone and desktop width, with axe.
 */
let browser: Browser;
let closeBrowser: () => Promise<void>;
let echo: StudioTestApp;
let stt: FakeOpenAi;
const dir = path.join(os.tmpdir(), `echo-tracks-${process.pid}`);
const files = [path.join(dir, 'Sam.wav'), path.join(dir, 'Priya.wav')];
const shots = process.env.SCREENSHOTS_DIR;

beforeAll(async () => {
  await mkdir(dir, { recursive: true });
  await writeFile(files[0]!, await speechWav('Welcome to the show.'));
  await writeFile(files[1]!, await speechWav('Thanks for having me.', 'flite'));
  stt = await new FakeOpenAi().start();
  [echo, { browser, close: closeBrowser }] = await Promise.all([
    startStudioApp({
      STT_BASE_URL: stt.baseUrl,
      STT_MODEL: 'whisper-test',
      STT_DIARIZE_MODEL: 'gpt-4o-transcribe-diarize',
    }),
    launchBrowser(),
  ]);
});
afterAll(async () => {
  await closeBrowser?.();
  await echo?.close();
  await stt?.stop();
  await rm(dir, { recursive: true, force: true });
});

describe('a conversation uploaded one file per speaker', () => {
  for (const viewport of [{ width: 390, height: 844 }, DESKTOP]) {
    it(`uploads two tracks as one conversation and shows their state at ${viewport.width} px`, async () => {
      const { page, context, pageErrors } = await openPage(browser, echo.url, viewport);
      const { token } = await createSession(
        echo.ctx.database.db,
        'dashboard',
        `tracks-${viewport.width}@example.com`,
        1,
      );
      await context.addCookies([{ name: 'echo_dashboard', value: token, url: `${echo.url}/api` }]);
      await page.goto('/studio');
      await page.getByRole('tab', { name: 'Upload' }).click();
      // The server diarizes: a single upload may be marked as a conversation.
      // (The Record tab offers it too; it is out of sight.)
      const mark = page.locator('[data-testid="conversation-mark"]:visible');
      await expect.poll(() => mark.count()).toBe(1);
      expect(await mark.getAttribute('aria-label')).toBeNull();
      expect(
        await page.getByLabel('This is a conversation (several speakers)').count(),
      ).toBeGreaterThanOrEqual(1);
      expect(await seriousViolations(page)).toEqual([]);
      if (shots)
        await page.screenshot({
          path: path.join(shots, `tracks-upload-${viewport.width}.png`),
          fullPage: true,
        });

      stt.nextSegments = [
        [{ start: 0, end: 1.5, text: 'Welcome to the show.' }],
        [{ start: 2, end: 3.5, text: 'Thanks for having me.' }],
      ];
      // A slow line and a slow server, so each file's progress and each track's state are seen.
      stt.transcriptionDelayMs = 2_500;
      await page.route('**/api/studio/uploads/**', async (route) => {
        if (route.request().method() === 'PATCH') await new Promise((resolve) => setTimeout(resolve, 1_500));
        await route.continue().catch(() => {});
      });
      await page.getByLabel('One audio file per speaker').setInputFiles(files);
      const progress = page.getByTestId('tracks-progress');
      await expect.poll(() => progress.isVisible()).toBe(true);
      expect(await progress.getByRole('progressbar').count()).toBe(2);
      expect(await seriousViolations(page)).toEqual([]);
      if (shots)
        await progress.screenshot({ path: path.join(shots, `tracks-progress-${viewport.width}.png`) });
      await expect
        .poll(() => page.getByText('Conversation uploaded').first().isVisible(), { timeout: 30_000 })
        .toBe(true);
      const note = page.getByTestId('note').filter({ hasText: 'Sam and Priya' });
      await expect.poll(() => note.count(), { timeout: 20_000 }).toBe(1);
      await note.getByRole('link').first().click();
      const tracks = page.getByTestId('note-tracks');
      await expect.poll(() => tracks.isVisible(), { timeout: 20_000 }).toBe(true);
      if (shots && (await tracks.getByText('transcribing').count()))
        await tracks.screenshot({ path: path.join(shots, `tracks-transcribing-${viewport.width}.png`) });
      await expect.poll(() => tracks.getByText('transcribed').count(), { timeout: 30_000 }).toBe(2);
      expect(await tracks.innerText()).toContain('Sam');
      expect(await tracks.innerText()).toContain('Priya');
      await expect
        .poll(() => page.getByTestId('conversation-panel').isVisible(), { timeout: 20_000 })
        .toBe(true);
      expect(await seriousViolations(page)).toEqual([]);
      if (shots)
        await page.screenshot({
          path: path.join(shots, `tracks-note-${viewport.width}.png`),
          fullPage: true,
        });
      expect(pageErrors).toEqual([]);
      await context.close();
    });
  }
});
