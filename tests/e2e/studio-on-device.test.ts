import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type NoteDetail, SPEECH_FATE } from '#contract/studio.ts';
import { seriousViolations } from '#tests/support/axe.ts';
import { DESKTOP, launchBrowser, openPage, PHONE } from '#tests/support/browser.ts';
import {
  callAs,
  eventually,
  type StudioTestApp,
  sessionCookie,
  startStudioApp,
} from '#tests/support/studio.ts';

/**
 * In Chromium, at 390 and 1280 px: a recording whose transcript the browser's on-device recogniser
 * heard says so on the note (kept over PocketSphinx's; still a transcript worth a read), and a
 * recording made with one on an install with PocketSphinx keeps what the browser heard.
 */
const SHOTS = process.env.SCREENSHOT_DIR;
const WIDTHS = [{ ...PHONE, width: 390 }, DESKTOP] as const;

let echo: StudioTestApp;
let browser: Browser;
let closeBrowser: () => Promise<void>;
beforeAll(async () => {
  // A fake microphone: what PocketSphinx hears of it does not matter, the browser's transcript wins.
  [echo, { browser, close: closeBrowser }] = await Promise.all([
    startStudioApp(),
    launchBrowser(['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream']),
  ]);
});
afterAll(async () => {
  await closeBrowser?.();
  await echo?.close();
});

const TEXT = 'We raised the sourdough to seven dollars. The bread club has a hundred and twelve members now.';

/** A recording as the browser's on-device recogniser heard it. */
async function heardOnDevice(cookie: string): Promise<NoteDetail> {
  const note = (
    await callAs(echo, 'POST', '/api/studio/notes', cookie, { text: TEXT, title: 'Bakery' })
  ).json() as NoteDetail;
  await echo.query(
    `update studio_notes set kind = 'voice', register = 'spoken', transcript_engine = 'browser',
       browser_transcript = $2::jsonb where id = $1`,
    [
      note.id,
      JSON.stringify([
        { startMs: 0, endMs: 2400, text: 'we raised the sourdough to seven dollars', onDevice: true },
        {
          startMs: 3000,
          endMs: 6100,
          text: 'the bread club has a hundred and twelve members now',
          onDevice: true,
        },
      ]),
    ],
  );
  return note;
}

describe('a transcript heard on-device', () => {
  for (const viewport of WIDTHS) {
    it(`says so on the note (${viewport.width} px)`, async () => {
      const cookie = await sessionCookie(echo, `device-${viewport.width}@example.com`);
      const { page, context, pageErrors } = await openPage(browser, echo.url, viewport);
      await context.addCookies([
        { name: 'echo_dashboard', value: cookie.replace(/^echo_dashboard=/, ''), url: `${echo.url}/api` },
      ]);
      try {
        const note = await heardOnDevice(cookie);
        const answered = (
          await callAs(echo, 'GET', `/api/studio/notes/${note.id}`, cookie)
        ).json() as NoteDetail;
        expect(answered).toMatchObject({ transcript_engine: 'browser', transcript_on_device: true });
        await page.goto(`/studio?note=${note.id}`);
        const notice = page.getByTestId('rough-notice');
        await notice.waitFor();
        expect(await notice.innerText()).toContain('on-device recogniser');
        expect(await seriousViolations(page)).toEqual([]);
        if (SHOTS)
          await page.screenshot({ path: `${SHOTS}/on-device-${viewport.width}.png`, fullPage: true });
        expect(pageErrors).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }
});

/** An on-device recogniser (it answers `available` for processLocally): one phrase, then stopped. */
const ON_DEVICE_RECOGNITION = `
(() => {
  class FakeRecognition extends EventTarget {
    static available() { return Promise.resolve('available'); }
    constructor() { super(); this.onresult = null; this.onerror = null; this.onend = null; this.timers = []; }
    start() {
      window.__processLocally = this.processLocally === true;
      const result = (text, isFinal) => Object.assign([{ transcript: text, confidence: 0.9 }], { isFinal });
      this.timers = [[400, 'we raised the sourdough', false], [1400, 'we raised the sourdough to seven dollars', true]]
        .map(([at, text, isFinal]) => setTimeout(
          () => this.onresult && this.onresult({ results: [result(text, isFinal)], resultIndex: 0 }), at));
    }
    stop() { this.timers.forEach(clearTimeout); setTimeout(() => this.onend && this.onend(), 0); }
    abort() { this.stop(); }
  }
  window.SpeechRecognition = FakeRecognition;
  window.webkitSpeechRecognition = FakeRecognition;
})();
`;

describe('recording with an on-device recogniser where PocketSphinx transcribes', () => {
  it("says so before recording and keeps the browser's transcript", async () => {
    const email = 'on-device-recorder@example.com';
    const cookie = await sessionCookie(echo, email);
    const { page, context, pageErrors } = await openPage(browser, echo.url, PHONE);
    await context.addInitScript(ON_DEVICE_RECOGNITION);
    await context.addCookies([
      { name: 'echo_dashboard', value: cookie.replace(/^echo_dashboard=/, ''), url: `${echo.url}/api` },
    ]);
    await context.grantPermissions(['microphone'], { origin: echo.url });
    try {
      await page.goto('/studio');
      const notice = page.getByTestId('speech-fate').first();
      await expect.poll(() => notice.innerText()).toBe(SPEECH_FATE.browser);
      await page.getByRole('button', { name: 'Record', exact: true }).click();
      const live = page.getByTestId('live-transcript');
      await expect.poll(() => live.innerText(), { timeout: 10_000 }).toContain('to seven dollars');
      expect(
        await page.evaluate(() => (window as unknown as { __processLocally: boolean }).__processLocally),
      ).toBe(true);
      await expect
        .poll(() => page.getByTestId('elapsed').innerText(), { timeout: 10_000 })
        .toMatch(/^0:0[2-9]$/);
      await page.getByRole('button', { name: 'Stop and save' }).click();
      const [row] = await eventually(async () => {
        const rows = await echo.query<{ id: string }>(
          `select id from studio_notes where owner_email = $1 and status = 'ready'`,
          [email],
        );
        return rows.length ? rows : null;
      }, 60_000);
      const note = (await callAs(echo, 'GET', `/api/studio/notes/${row!.id}`, cookie)).json() as NoteDetail;
      expect(note).toMatchObject({
        transcript_engine: 'browser',
        transcript_on_device: true,
        text: 'We raised the sourdough to seven dollars.',
      });
      expect(pageErrors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
