import { execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DELETE_NOTE_CONFIRMATION } from '#contract/studio.ts';
import { DESKTOP, launchBrowser, openPage, type PageSession, PHONE } from '#tests/support/browser.ts';
import { waitForCode } from '#tests/support/content-results.ts';
import { FakeOpenAi } from '#tests/support/fake-openai.ts';
import { startTestApp, type TestApp } from '#tests/support/test-app.ts';
import { createSession } from '../../src/server/lib/sessions.ts';
import { resolveFfmpeg } from '../../src/server/providers/media/ffmpeg.ts';

// Speech the fake microphone plays (looped) and what the fake speech-to-text server answers for it.
const SPOKEN = 'Pricing is the story you tell about value. We doubled our price and nobody left.';

let echo: TestApp;
let stt: FakeOpenAi;
let browser: Browser;
let closeBrowser: () => Promise<void>;
let tmp: string;
let speechWav: string;
let uploadWav: string;

beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'echo-studio-e2e-'));
  speechWav = path.join(tmp, 'speech.wav');
  uploadWav = path.join(tmp, 'interview.wav');
  execFileSync('espeak-ng', ['-w', speechWav, SPOKEN]);
  // About 20 MB of real audio: three 8 MB pieces of upload.
  execFileSync(resolveFfmpeg().path, [
    '-loglevel',
    'error',
    '-y',
    '-stream_loop',
    '24',
    '-i',
    speechWav,
    '-ar',
    '44100',
    '-ac',
    '2',
    uploadWav,
  ]);
  stt = await new FakeOpenAi().start();
  stt.transcriptionText = SPOKEN;
  [echo, { browser, close: closeBrowser }] = await Promise.all([
    startTestApp({ STT_BASE_URL: stt.baseUrl, STT_API_KEY: 'test-key' }),
    launchBrowser([
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-audio-capture=${speechWav}`,
      '--autoplay-policy=no-user-gesture-required',
    ]),
  ]);
});
afterAll(async () => {
  await closeBrowser?.();
  await echo?.close();
  await stt?.stop();
  if (tmp) await rm(tmp, { recursive: true, force: true });
});

/** A page whose browser holds a dashboard session for the owner (as after the code step). */
async function signedInPage(email: string, viewport = DESKTOP): Promise<PageSession> {
  const session = await openPage(browser, echo.url, viewport);
  const { token } = await createSession(echo.ctx.database.db, 'dashboard', email, 1);
  await session.context.addCookies([{ name: 'echo_dashboard', value: token, url: `${echo.url}/api` }]);
  await session.context.grantPermissions(['microphone'], { origin: echo.url });
  await session.page.goto('/studio');
  await expect.poll(() => session.page.getByRole('heading', { name: 'Your Studio' }).isVisible()).toBe(true);
  return session;
}

const notes = (page: Page) => page.getByTestId('note');
const noteTitled = (page: Page, title: string | RegExp) =>
  notes(page).filter({ has: page.getByRole('link', { name: title }) });

/** No part of the page is wider than the window (nothing to scroll sideways). */
const fitsWidth = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

describe('Echo Studio', () => {
  it('signs in by e-mailed code, as on the dashboard; the dashboard leads to the Studio', async () => {
    const email = 'studio-code@example.com';
    const { page, pageErrors, foreignRequests } = await openPage(browser, echo.url, PHONE);
    await page.goto('/studio');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send Code' }).click();
    const codeField = page.getByRole('textbox', { name: 'Verification code' });
    await expect.poll(() => codeField.isVisible()).toBe(true);
    await codeField.fill(await waitForCode(echo, email));
    // The e-mail says where the code was asked for.
    const [mail] = echo.smtp.to(email);
    expect(mail!.subject).toBe('Your Echo Studio code');
    expect(mail!.text).toContain('/studio.');
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Your Studio' }).isVisible()).toBe(true);
    expect(await page.getByText(email, { exact: true }).isVisible()).toBe(true);
    await expect.poll(() => page.getByText('No notes yet.').isVisible()).toBe(true);
    expect(await fitsWidth(page)).toBe(true);

    // The dashboard's personal-voice tab and its header both lead here.
    await page.getByRole('link', { name: 'Dashboard' }).first().click();
    await page.getByRole('tab', { name: /My Voice/ }).click();
    await page.getByRole('link', { name: 'Open your Studio' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Your Studio' }).isVisible()).toBe(true);
    expect(
      await page
        .getByRole('navigation', { name: 'Tools' })
        .getByRole('link', { name: 'Studio' })
        .getAttribute('aria-current'),
    ).toBe('page');
    expect(pageErrors).toEqual([]);
    expect(foreignRequests).toEqual([]);
    await page.context().close();
  });

  it('records with the microphone (level, time, pause, resume), and the note appears and is transcribed', async () => {
    const { page, context, pageErrors } = await signedInPage('studio-record@example.com');
    await page.getByRole('button', { name: 'Record', exact: true }).click();
    const elapsed = page.getByTestId('elapsed');
    await expect.poll(() => elapsed.innerText(), { timeout: 15_000 }).toMatch(/^0:0[3-9]$/);
    // The fake microphone plays speech: the level meter moves.
    await expect
      .poll(() => page.locator('meter').evaluate((m) => (m as HTMLMeterElement).value))
      .toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Pause' }).click();
    const paused = await elapsed.innerText();
    await page.waitForTimeout(1_500);
    expect(await elapsed.innerText()).toBe(paused);
    await page.getByRole('button', { name: 'Resume' }).click();
    // Past one chunk (5 s), so parts went up while recording.
    await expect.poll(() => elapsed.innerText(), { timeout: 15_000 }).toMatch(/^0:0[6-9]$/);
    await page.getByRole('button', { name: 'Stop and save' }).click();
    await expect.poll(() => notes(page).count(), { timeout: 20_000 }).toBe(1);
    const note = notes(page).first();
    expect(await note.innerText()).toContain('voice');
    await expect.poll(() => note.getByTestId('note-status').innerText(), { timeout: 30_000 }).toBe('ready');
    // The recording went to the speech-to-text server, and its sentences are readable.
    expect(stt.requests.some((r) => r.path.includes('/audio/transcriptions'))).toBe(true);
    await note.getByRole('link').click();
    const transcript = page.getByTestId('transcript');
    await expect.poll(() => transcript.isVisible()).toBe(true);
    expect(await transcript.innerText()).toContain('Pricing is the story you tell about value.');
    // A sentence is a button that plays the recording from its start.
    const audio = page.locator('audio');
    expect(await audio.count()).toBe(1);
    const second = transcript.getByRole('button', { name: /^Play from 0:0[1-9]/ }).first();
    const label = (await second.innerText()).match(/0:0(\d)/)!;
    await second.click();
    await expect
      .poll(() => audio.evaluate((el) => (el as HTMLAudioElement).currentTime))
      .toBeGreaterThanOrEqual(Number(label[1]));
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('uploads a file with a progress bar that survives a dropped connection', async () => {
    const { page, context, pageErrors } = await signedInPage('studio-upload@example.com');
    await page.getByRole('tab', { name: 'Upload' }).click();
    // A slow line: each 8 MB piece of the upload waits a moment, so the progress is visible.
    await page.route('**/api/studio/uploads/**', async (route) => {
      if (route.request().method() === 'PATCH') await new Promise((resolve) => setTimeout(resolve, 1_500));
      await route.continue().catch(() => {});
    });
    await page.getByLabel('Audio or video file').setInputFiles(uploadWav);
    const bar = page.getByRole('progressbar', { name: 'Uploading interview.wav' });
    await expect.poll(() => bar.isVisible()).toBe(true);
    const percent = async () => Number(await bar.getAttribute('aria-valuenow'));
    await expect.poll(percent).toBeGreaterThan(0);
    // The connection drops halfway and comes back: the upload continues where it stopped.
    await context.setOffline(true);
    await expect
      .poll(() => page.getByText('Connection lost. Resuming where it stopped...').isVisible(), {
        timeout: 20_000,
      })
      .toBe(true);
    expect(await percent()).toBeLessThan(100);
    await context.setOffline(false);
    await expect
      .poll(() => page.getByText('Upload complete').first().isVisible(), { timeout: 30_000 })
      .toBe(true);
    await expect.poll(() => noteTitled(page, /interview/).count(), { timeout: 20_000 }).toBe(1);
    expect(pageErrors.filter((e) => !/ERR_INTERNET_DISCONNECTED|net::/.test(e))).toEqual([]);
    await context.close();
  });

  it('resumes an upload after a reload: the same file continues where it stopped', async () => {
    const { page, context, pageErrors } = await signedInPage('studio-resume@example.com');
    await page.route('**/api/studio/uploads/**', async (route) => {
      if (route.request().method() === 'PATCH') await new Promise((resolve) => setTimeout(resolve, 1_500));
      await route.continue().catch(() => {});
    });
    await page.getByRole('tab', { name: 'Upload' }).click();
    await page.getByLabel('Audio or video file').setInputFiles(uploadWav);
    const bar = page.getByRole('progressbar', { name: 'Uploading interview.wav' });
    const percent = async () => Number(await bar.getAttribute('aria-valuenow'));
    await expect.poll(percent, { timeout: 20_000 }).toBeGreaterThanOrEqual(30);
    await page.reload();
    await page.getByRole('tab', { name: 'Upload' }).click();
    const interrupted = page.getByRole('list', { name: 'Interrupted uploads' });
    await expect.poll(() => interrupted.innerText()).toContain('interview.wav was interrupted');
    const methods: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/studio/uploads')) methods.push(request.method());
    });
    await page.getByLabel('Audio or video file').setInputFiles(uploadWav);
    await expect
      .poll(() => page.getByText('Upload complete').first().isVisible(), { timeout: 30_000 })
      .toBe(true);
    // It asked the server where it had got to (HEAD) and sent only the rest: no new upload, fewer
    // 8 MB pieces than the three of the whole file.
    expect(methods[0]).toBe('HEAD');
    expect(methods).not.toContain('POST');
    expect(methods.filter((m) => m === 'PATCH').length).toBeLessThanOrEqual(2);
    await expect.poll(() => noteTitled(page, /interview/).count()).toBe(1);
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('pastes text, searches it, and opens a hit at its sentence; deletes with confirmation', async () => {
    const { page, context, pageErrors } = await signedInPage('studio-text@example.com');
    await page.getByRole('tab', { name: 'Write' }).click();
    const field = page.getByRole('textbox', { name: 'Your note' });
    expect(await field.getAttribute('placeholder')).toBe("What's on your mind today?");
    await field.fill(
      'We talked to fifty customers this month. Um, most of them asked about onboarding. The pricing page confused everyone, you know. Next week we fix it.',
    );
    await page.getByRole('button', { name: 'Save note' }).click();
    await expect.poll(() => notes(page).count()).toBe(1);
    await expect.poll(() => notes(page).first().getByTestId('note-status').innerText()).toBe('ready');
    expect(await notes(page).first().innerText()).toContain('text');

    await page.getByRole('searchbox', { name: 'Search your notes' }).fill('pricing');
    const hit = page.getByTestId('search-hit').first();
    await expect.poll(() => hit.isVisible()).toBe(true);
    expect((await hit.locator('mark').allInnerTexts()).map((t) => t.toLowerCase())).toContain('pricing');
    await hit.click();
    const target = page.locator('[data-target]');
    await expect.poll(() => target.isVisible()).toBe(true);
    expect(await target.innerText()).toContain('The pricing page confused everyone');
    await expect.poll(() => target.evaluate((el) => el === document.activeElement)).toBe(true);
    // Fillers are de-emphasised, not removed.
    expect(await page.locator('[data-filler]').allInnerTexts()).toEqual(expect.arrayContaining(['Um']));

    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.isVisible()).toBe(true);
    expect(await dialog.innerText()).toContain(DELETE_NOTE_CONFIRMATION);
    await dialog.getByRole('button', { name: 'Delete note' }).click();
    await expect.poll(() => page.getByText('Note deleted').first().isVisible()).toBe(true);
    await page.getByRole('searchbox', { name: 'Search your notes' }).fill('');
    await expect.poll(() => page.getByText('No notes yet.').isVisible()).toBe(true);
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('waits for a web address to import a video; imports a LinkedIn export: each post becomes a note', async () => {
    const { page, context, pageErrors } = await signedInPage('studio-import@example.com', PHONE);
    await page.getByRole('tab', { name: 'Import' }).click();
    // The video link form: its button waits for a web address.
    const video = page.getByRole('form', { name: 'Import a video' });
    const importVideo = video.getByRole('button', { name: 'Import video' });
    expect(await importVideo.isDisabled()).toBe(true);
    await video.getByLabel('Video link').fill('not a link');
    expect(await importVideo.isDisabled()).toBe(true);
    await video.getByLabel('Video link').fill(' https://www.youtube.com/watch?v=abc ');
    await expect.poll(() => importVideo.isEnabled()).toBe(true);
    await page
      .getByLabel('File of your posts')
      .setInputFiles(path.join(import.meta.dirname, '../fixtures/studio/Shares.csv'));
    await expect
      .poll(() =>
        page
          .getByText(/posts? from Shares\.csv became notes/)
          .first()
          .isVisible(),
      )
      .toBe(true);
    await expect.poll(() => notes(page).count()).toBeGreaterThanOrEqual(2);
    expect(await notes(page).first().innerText()).toContain('post');
    expect(await notes(page).first().getByTestId('note-status').innerText()).toBe('ready');
    expect(await fitsWidth(page)).toBe(true);
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  for (const viewport of [PHONE, DESKTOP]) {
    it(`shows the voice card at ${viewport.width} px, with bans that can be added and removed and a name to save`, async () => {
      const email = `studio-voice-${viewport.width}@example.com`;
      const res = await fetch(`${echo.url}/api/studio/notes`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          cookie: `echo_dashboard=${(await createSession(echo.ctx.database.db, 'dashboard', email, 1)).token}`,
        },
        body: JSON.stringify({
          text: "Here's the thing: I love short sentences. Do you? I think so! Here's the thing about pricing. We raised it. Nobody left.",
        }),
      });
      expect(res.status).toBe(201);
      const { page, context, pageErrors } = await signedInPage(email, viewport);
      const card = page.getByTestId('voice-card');
      await expect
        .poll(() => card.getByTestId('based-on').innerText())
        .toMatch(/^based on 1 note, \d+ words$/);
      expect(await card.getByTestId('length-chart').isVisible()).toBe(true);
      expect(await card.getByRole('table').count()).toBe(1);
      expect(await card.getByTestId('habits').innerText()).toContain('Questions');
      expect(await fitsWidth(page)).toBe(true);

      const bans = card.getByRole('form', { name: 'Add to banned words' });
      await bans.getByRole('textbox', { name: 'Banned words' }).fill('synergy');
      await bans.getByRole('button', { name: 'Add' }).click();
      const remove = card.getByRole('button', { name: 'Remove “synergy”' });
      await expect.poll(() => remove.isVisible()).toBe(true);
      // The field is empty again, ready for the next word.
      expect(await bans.getByRole('textbox', { name: 'Banned words' }).inputValue()).toBe('');
      const [row] = await echo.query<{ bans: string[] }>(
        `select bans from studio_voice_settings where owner_email = $1`,
        [email],
      );
      expect(row?.bans).toEqual(['synergy']);
      await remove.click();
      await expect.poll(() => remove.count()).toBe(0);

      // The name on the carousel slides: saved trimmed, and Save waits for a change.
      const byline = card.getByRole('textbox', { name: 'Name for your content' });
      const saveName = card.getByRole('button', { name: 'Save the name for your content' });
      expect(await saveName.isDisabled()).toBe(true);
      await byline.fill('  Dana Lee ');
      await saveName.click();
      await page.getByRole('status').filter({ hasText: 'Name saved' }).first().waitFor();
      const bylineOf = async () =>
        (
          await echo.query<{ byline: string | null }>(
            `select byline from studio_voice_settings where owner_email = $1`,
            [email],
          )
        )[0]?.byline;
      await expect.poll(bylineOf).toBe('Dana Lee');
      await expect.poll(() => saveName.isDisabled()).toBe(true);
      await card.screenshot({ path: path.join(tmp, `voice-${viewport.width}.png`) });
      expect(pageErrors).toEqual([]);
      await context.close();
    });
  }
});
