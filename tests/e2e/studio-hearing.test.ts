import { writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECORDING_KEPT_AS_AUDIO, SPEECH_FATE } from '#contract/studio.ts';
import { seriousViolations } from '#tests/support/axe.ts';
import { launchBrowser, openPage, PHONE } from '#tests/support/browser.ts';
import { FakeOpenAi } from '#tests/support/fake-openai.ts';
import {
  callAs,
  eventually,
  type StudioTestApp,
  speechWav,
  startStudioApp,
  WITHOUT_POCKETSPHINX,
} from '#tests/support/studio.ts';
import { joinNoteMedia } from '../../src/server/features/studio/notes/media-join.ts';
import { findNoteById } from '../../src/server/features/studio/notes/repository.ts';
import { createSession } from '../../src/server/lib/sessions.ts';

/**
 * Hearing. Honest before, not after: the Record and Upload views say what will happen
 * to the user's speech on this install before they start, and the Record button points at it.
 * Correcting what was heard: a sentence retyped by keyboard is what search finds.
 */
let browser: Browser;
let closeBrowser: () => Promise<void>;
let bare: StudioTestApp;
let withServer: StudioTestApp;
let stt: FakeOpenAi;

const micWav = path.join(os.tmpdir(), `echo-hearing-mic-${process.pid}.wav`);

beforeAll(async () => {
  await writeFile(micWav, await speechWav('We launched the podcast. Nobody listened at first.'));
  stt = await new FakeOpenAi().start();
  stt.transcriptionText = 'We launched the bodkin in March. Nobody listened at first. Then the letters came.';
  [bare, withServer, { browser, close: closeBrowser }] = await Promise.all([
    startStudioApp(WITHOUT_POCKETSPHINX),
    startStudioApp({ STT_BASE_URL: stt.baseUrl, STT_MODEL: 'whisper-test' }),
    launchBrowser([
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-audio-capture=${micWav}`,
    ]),
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
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown) =>
    callAs(echo, method, url, cookie, body);
  const id = (await call('POST', '/api/studio/recordings', { mime_type: 'audio/wav' })).json().id;
  await call('PUT', `/api/studio/recordings/${id}/chunks/0`, await speechWav('A short idea.'));
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

/**
 * A recogniser that sends audio nowhere (no on-device check, so the Studio asks first): its first
 * session hears one phrase and ends on its own after a pause; the second hears another and runs
 * until stopped. Its results are timed by when they arrive, as Chrome's are.
 */
const FAKE_RECOGNITION = `
(() => {
  let sessions = 0;
  class FakeRecognition extends EventTarget {
    constructor() { super(); this.continuous = false; this.interimResults = false; this.lang = '';
      this.onresult = null; this.onerror = null; this.onend = null; this.timers = []; }
    start() {
      const session = ++sessions;
      window.__recognitionSessions = session;
      const result = (text, isFinal) => Object.assign([{ transcript: text, confidence: 0.9 }], { isFinal });
      const script = session === 1
        ? [[500, 'we launched', false], [1500, 'we launched the podcast', true]]
        : session === 2 ? [[300, 'nobody listened', false], [1200, 'nobody listened at first', true]] : [];
      this.timers = script.map(([at, text, isFinal]) => setTimeout(
        () => this.onresult && this.onresult({ results: [result(text, isFinal)], resultIndex: 0 }), at));
      if (session === 1) this.timers.push(setTimeout(() => this.onend && this.onend(), 2000));
    }
    stop() { this.timers.forEach(clearTimeout); setTimeout(() => this.onend && this.onend(), 0); }
    abort() { this.stop(); }
  }
  window.SpeechRecognition = FakeRecognition;
  window.webkitSpeechRecognition = FakeRecognition;
})();
`;

describe('transcribing as you speak, in the browser', () => {
  it('asks before sending audio away, shows a live transcript across restarts, and saves it with plausible times', async () => {
    const email = 'live@example.com';
    const session = await openPage(browser, bare.url, PHONE);
    const { page, context, pageErrors } = session;
    await context.addInitScript(FAKE_RECOGNITION);
    const { token } = await createSession(bare.ctx.database.db, 'dashboard', email, 1);
    await context.addCookies([{ name: 'echo_dashboard', value: token, url: `${bare.url}/api` }]);
    await context.grantPermissions(['microphone'], { origin: bare.url });
    await page.goto('/studio');

    // Not on-device: the question comes first, and the notice says audio only until the answer.
    const consent = page.getByTestId('live-consent');
    await expect.poll(() => consent.isVisible()).toBe(true);
    expect(await consent.innerText()).toContain('sends your audio to its maker');
    const notice = page.getByTestId('speech-fate').first();
    await expect.poll(() => notice.innerText()).toBe(SPEECH_FATE.none);
    await consent.getByRole('button', { name: 'Use live transcript' }).click();
    await expect.poll(() => notice.innerText()).toBe(SPEECH_FATE.browser);
    expect(await page.evaluate(() => localStorage.getItem('echo.studio.live-transcript'))).toBe('yes');
    expect(await consent.count()).toBe(0);

    await page.getByRole('button', { name: 'Record', exact: true }).click();
    const live = page.getByTestId('live-transcript');
    await expect.poll(() => live.innerText(), { timeout: 10_000 }).toContain('we launched the podcast');
    // The recogniser ended on its own after its pause and was started again.
    await expect.poll(() => live.innerText(), { timeout: 10_000 }).toContain('nobody listened at first');
    expect(
      await page.evaluate(
        () => (window as unknown as { __recognitionSessions: number }).__recognitionSessions,
      ),
    ).toBe(2);
    await expect
      .poll(() => page.getByTestId('elapsed').innerText(), { timeout: 10_000 })
      .toMatch(/^0:0[4-9]$/);
    await page.getByRole('button', { name: 'Stop and save' }).click();

    const [row] = await eventually(async () => {
      const rows = await bare.query<{ id: string; status: string }>(
        `select id, status from studio_notes where owner_email = $1 and status = 'ready'`,
        [email],
      );
      return rows.length ? rows : null;
    });
    const sentences = await bare.query<{ text: string; start_ms: number; end_ms: number }>(
      'select text, start_ms, end_ms from studio_note_sentences where note_id = $1 order by position',
      [row!.id],
    );
    expect(sentences.map((s) => s.text)).toEqual(['We launched the podcast.', 'Nobody listened at first.']);
    const [first, second] = sentences;
    // Said (by the fake) from about 0.1 s and 2.3 s into the recording: within about a second.
    expect(first!.start_ms).toBeLessThan(1500);
    expect(second!.start_ms).toBeGreaterThan(first!.end_ms - 1);
    expect(Math.abs(second!.start_ms - 2300)).toBeLessThan(1200);
    const [note] = await bare.query<{ transcript_engine: string }>(
      'select transcript_engine from studio_notes where id = $1',
      [row!.id],
    );
    expect(note!.transcript_engine).toBe('browser');
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});

describe('a recording with no speech-to-text at all', () => {
  it('keeps the audio: the page plays it once a worker has joined its parts (finish copies nothing)', async () => {
    const email = 'audio-only@example.com';
    // The join waits until the test runs it (the last test of the file: the bare app's joins stop here).
    await bare.ctx.jobs.stopWorking('studio.assemble');
    const { page, context, pageErrors } = await studioPage(bare, email);
    await context.grantPermissions(['microphone'], { origin: bare.url });
    await page.getByRole('button', { name: 'Record', exact: true }).click();
    await expect
      .poll(() => page.getByTestId('elapsed').innerText(), { timeout: 15_000 })
      .toMatch(/^0:0[2-9]$/);
    await page.getByRole('button', { name: 'Stop and save' }).click();
    // Said as it is: kept as audio, not "transcribing".
    const saved = page.getByRole('status').filter({ hasText: 'Voice note saved' });
    await expect.poll(() => saved.innerText(), { timeout: 20_000 }).toContain(RECORDING_KEPT_AS_AUDIO);
    const note = page.getByTestId('note').first();
    await expect.poll(() => note.isVisible(), { timeout: 20_000 }).toBe(true);
    await note.getByRole('link').click();
    await expect
      .poll(() => page.getByTestId('transcript').or(page.getByText(SPEECH_FATE.none)).count())
      .toBeGreaterThan(0);
    // Not joined yet: no player (nothing to play).
    const audio = page.locator('audio');
    expect(await audio.count()).toBe(0);
    const [row] = await bare.query<{ id: string }>('select id from studio_notes where owner_email = $1', [
      email,
    ]);
    await joinNoteMedia(
      { config: bare.ctx.config, database: bare.ctx.database },
      (await findNoteById(bare.ctx.database.db, row!.id))!,
    );
    // The page looks again until the audio is there, with no reload.
    await expect.poll(() => audio.count(), { timeout: 10_000 }).toBe(1);
    expect(await audio.getAttribute('aria-label')).toMatch(/^Audio of Voice note/);
    expect(await seriousViolations(page)).toEqual([]);
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
