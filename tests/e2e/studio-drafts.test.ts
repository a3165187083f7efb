import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from '#tests/support/axe.ts';
import { DESKTOP, launchBrowser, openPage, type PageSession, PHONE } from '#tests/support/browser.ts';
import { FakeOpenAi } from '#tests/support/fake-openai.ts';
import {
  callAs,
  dashboardCookies,
  draftFor,
  PRICING_TRANSCRIPT,
  readyDraft,
  sessionCookie,
} from '#tests/support/studio.ts';
import { startTestApp, type TestApp } from '#tests/support/test-app.ts';
import { resolveFfmpeg } from '../../src/server/providers/media/ffmpeg.ts';

/**
 * What the fake microphone says (espeak-ng, fast, one sentence at a time so each sentence's time in
 * the recording is known): 177 words, enough for a blog post (150) and a carousel (80), and about 20
 * seconds of speech, enough for clip hooks (15 s).
 */
const SPOKEN = [
  "Here's the thing about pricing.",
  'Most freelancers never ask what the result is worth to the client.',
  'They look at what other people charge and pick a number that feels safe.',
  'That number is almost always too low.',
  'Last spring I doubled my day rate.',
  'I was honestly terrified.',
  'I thought every client would leave.',
  'Nobody left.',
  'Two clients even said they had expected a higher quote.',
  'Pricing is a conversation, not a number.',
  'When a client asks what I charge, I ask what happens if the project goes really well.',
  'Is it more leads?',
  'Is it fewer support tickets?',
  'Once we agree on the value, the price is easy to explain.',
  'The second lesson is about proposals.',
  'I always send three options now.',
  'The middle option is the one I want them to pick, and almost everyone picks the middle.',
  'The third lesson is to stop apologising for your rates.',
  'Say the number and then stop talking.',
  'Silence feels awkward, but it works every single time.',
  'So what is the biggest pricing mistake you have made?',
];

/** The PCM samples of a WAV file and its byte rate. */
function wavData(file: string): { format: Buffer; data: Buffer; byteRate: number } {
  const wav = readFileSync(file);
  let format: Buffer | undefined;
  for (let at = 12; at + 8 <= wav.length; ) {
    const id = wav.toString('ascii', at, at + 4);
    const size = wav.readUInt32LE(at + 4);
    if (id === 'fmt ') format = wav.subarray(at + 8, at + 8 + size);
    // espeak-ng may leave the data size unset when it cannot seek: the rest of the file.
    if (id === 'data')
      return {
        format: format!,
        data: wav.subarray(at + 8, size && at + 8 + size <= wav.length ? at + 8 + size : wav.length),
        byteRate: format!.readUInt32LE(8),
      };
    at += 8 + size + (size % 2);
  }
  throw new Error(`${file}: no data chunk`);
}

/** Speaks the sentences into one WAV file; returns each sentence's start and end (seconds). */
function speak(sentences: string[], file: string): Array<{ start: number; end: number; text: string }> {
  const parts = sentences.map((text, i) => {
    const part = `${file}.${i}.wav`;
    execFileSync('espeak-ng', ['-s', '450', '-w', part, text]);
    return wavData(part);
  });
  const { format, byteRate } = parts[0]!;
  const data = Buffer.concat(parts.map((p) => p.data));
  const header = Buffer.alloc(20);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(4 + 8 + format.length + 8 + data.length, 4);
  header.write('WAVE', 8, 'ascii');
  header.write('fmt ', 12, 'ascii');
  header.writeUInt32LE(format.length, 16);
  const dataHeader = Buffer.alloc(8);
  dataHeader.write('data', 0, 'ascii');
  dataHeader.writeUInt32LE(data.length, 4);
  writeFileSync(file, Buffer.concat([header, format, dataHeader, data]));
  let at = 0;
  return parts.map((p, i) => {
    const start = at;
    at += p.data.length / byteRate;
    return { start, end: at, text: ` ${sentences[i]}` };
  });
}

/** Seconds of audio in the file a speech-to-text request carried (its multipart `file` part). */
function uploadedSeconds(raw: Buffer, contentType: string, dir: string): number {
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/.exec(contentType)!;
  const delimiter = `\r\n--${boundary[1] ?? boundary[2]}`;
  const body = raw.toString('latin1');
  const part = body.indexOf('name="file"');
  const start = body.indexOf('\r\n\r\n', part) + 4;
  const file = path.join(dir, 'sent-to-stt');
  writeFileSync(file, raw.subarray(start, body.indexOf(delimiter, start)));
  // Decoded to the end by ffmpeg (the one Echo runs: PATH or the npm package's), which reports
  // the time it reached: the audio really in the file, not a header's estimate.
  const report = spawnSync(
    resolveFfmpeg().path,
    ['-hide_banner', '-nostdin', '-i', file, '-f', 'null', '-'],
    {
      encoding: 'utf8',
    },
  );
  const times = [...report.stderr.matchAll(/time=(\d+):(\d+):(\d+(?:\.\d+)?)/g)];
  const last = times.at(-1);
  if (report.status !== 0 || !last)
    throw new Error(`ffmpeg could not read ${file}: ${report.stderr.slice(-300)}`);
  return Number(last[1]) * 3600 + Number(last[2]) * 60 + Number(last[3]);
}

let echo: TestApp;
let stt: FakeOpenAi;
let browser: Browser;
let closeBrowser: () => Promise<void>;
let tmp: string;
let speechSeconds: number;

beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'echo-drafts-e2e-'));
  const speechWav = path.join(tmp, 'speech.wav');
  const segments = speak(SPOKEN, speechWav);
  speechSeconds = segments.at(-1)!.end;
  stt = await new FakeOpenAi().start();
  // The speech-to-text server hears the speech above: its words, timed where each sentence is.
  stt.transcriptionText = SPOKEN.join(' ');
  stt.transcriptionSegments = segments;
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

/** A signed-in browser (as after the code step) with one written note; opens the note. */
async function withNote(email: string, viewport: typeof DESKTOP): Promise<PageSession> {
  const cookie = await sessionCookie(echo, email);
  const title = 'Pricing is a conversation';
  const res = await callAs(echo, 'POST', '/api/studio/notes', cookie, { text: PRICING_TRANSCRIPT, title });
  const note = res.json() as { id: string };
  const session = await openPage(browser, echo.url, viewport);
  await session.context.addCookies(dashboardCookies(echo, cookie));
  await session.page.goto(`/studio?note=${note.id}`);
  await expect
    .poll(() => session.page.getByRole('button', { name: 'Create content' }).isVisible())
    .toBe(true);
  return session;
}

/** Lower-case words of four letters or more. */
const wordsOf = (text: string) => text.toLowerCase().match(/[a-z']{4,}/g) ?? [];
const seconds = (clock: string) => clock.split(':').reduce((total, part) => total * 60 + Number(part), 0);

/**
 * Points at (or focuses) a sentence of the draft: the sentences it came from are highlighted in the
 * transcript beside it, and they hold most of its words.
 */
async function expectSourceShown(page: Page, block: Locator, how: 'hover' | 'focus'): Promise<void> {
  const own = wordsOf(await block.innerText());
  if (how === 'hover') await block.hover();
  else await block.focus();
  await expect.poll(() => block.getAttribute('aria-pressed')).toBe('true');
  const highlighted = page.getByTestId('draft-sources').locator('[data-highlighted]');
  // Read until the highlight settles: the sources pane re-renders (and may scroll) after the block
  // is pressed, so one early read can see the highlight of the block before it.
  await expect
    .poll(async () => {
      const source = new Set(wordsOf((await highlighted.allInnerTexts()).join(' ')));
      return own.filter((word) => source.has(word)).length / own.length;
    })
    .toBeGreaterThanOrEqual(0.5);
}

/** What the draft is measured on (faithful to what was said, sounds like you) with the reasons. */
async function expectFidelity(page: Page): Promise<void> {
  const fidelity = page.getByTestId('fidelity');
  await expect.poll(() => fidelity.isVisible()).toBe(true);
  expect(await fidelity.innerText()).toMatch(/\d+\s*\/ 100 faithful to what you said/);
  expect(await fidelity.getByRole('listitem').count()).toBeGreaterThan(0);
}

describe('Echo Studio drafts', () => {
  it('records a voice note with the microphone and turns it into all five drafts, each beside its sources', async () => {
    const email = 'drafts-recorded@example.com';
    const session = await openPage(browser, echo.url, DESKTOP);
    const { page, context } = session;
    try {
      await context.addCookies(dashboardCookies(echo, await sessionCookie(echo, email)));
      await context.grantPermissions(['microphone'], { origin: echo.url });
      await page.goto('/studio');
      await page.getByRole('button', { name: 'Record', exact: true }).click();
      // The whole speech (the fake microphone plays it from the start), then stop.
      await expect
        .poll(async () => seconds(await page.getByTestId('elapsed').innerText()), {
          timeout: speechSeconds * 1000 + 15_000,
        })
        .toBeGreaterThan(speechSeconds);
      await page.getByRole('button', { name: 'Stop and save' }).click();
      const note = page.getByTestId('note').first();
      await expect.poll(() => note.getByTestId('note-status').innerText(), { timeout: 30_000 }).toBe('ready');
      // The speech-to-text server was given the recording of the whole speech it answers for.
      const [sent] = stt.transcriptions;
      expect(uploadedSeconds(sent!.raw, String(sent!.headers['content-type']), tmp)).toBeGreaterThanOrEqual(
        speechSeconds - 0.5,
      );

      await note.getByRole('link').click();
      await page.getByRole('button', { name: 'Create content' }).click();
      const dialog = page.getByRole('dialog');
      // A voice note: all five formats, clip hooks too.
      await expect.poll(() => dialog.getByRole('checkbox', { name: /Clip hooks/ }).isChecked()).toBe(true);
      await dialog.getByRole('button', { name: 'Create 5 drafts' }).click();
      const formats = page.getByRole('navigation', { name: 'Drafts of this note' });
      await expect.poll(() => formats.getByRole('link').count()).toBe(5);
      expect(await page.getByTestId('draft-sources').innerText()).toContain(
        "Here's the thing about pricing.",
      );

      for (const label of [
        'SEO blog post',
        'LinkedIn post',
        'X/Twitter thread',
        'Instagram carousel',
        'Clip hooks',
      ]) {
        await formats.getByRole('link', { name: label }).click();
        await expect.poll(() => page.getByRole('heading', { name: label, level: 2 }).isVisible()).toBe(true);
        const blocks = page.getByTestId('draft-blocks');
        await expect.poll(() => blocks.isVisible(), { timeout: 20_000 }).toBe(true);
        await expectFidelity(page);
        const supported = blocks.locator('[data-block][data-supported="true"]');
        const count = await supported.count();
        expect(count, label).toBeGreaterThan(0);
        await expectSourceShown(page, supported.nth(Math.floor(count / 2)), 'hover');
        if (label === 'Clip hooks') {
          // Each clip says where it is in the recording: 15-60 seconds of it.
          const times = (await blocks.innerText()).match(/\d+:\d\d – \d+:\d\d/g) ?? [];
          expect(times.length).toBe(count);
          for (const time of times) {
            const [from, to] = time.split(' – ').map(seconds) as [number, number];
            expect(to - from).toBeGreaterThanOrEqual(14);
            expect(to).toBeLessThanOrEqual(Math.ceil(speechSeconds));
          }
          expect(await blocks.getByRole('button', { name: 'Play this clip' }).count()).toBe(count);
          // Each clip's own captions, timed from its start.
          const srt = blocks.getByRole('link', { name: 'Clip 1 captions as SRT' });
          expect(await srt.getAttribute('href')).toMatch(/\/export\?as=srt&clip=1$/);
          const captions = await page.evaluate(
            async (href) => (await fetch(href!, { credentials: 'same-origin' })).text(),
            await srt.getAttribute('href'),
          );
          expect(captions).toMatch(/^1\r?\n00:00:0\d,\d{3} --> /);
          // By keyboard too: focus moves to a clip, its sentences show.
          await expectSourceShown(page, supported.first(), 'focus');
        }
        if (label === 'SEO blog post' || label === 'Clip hooks')
          expect(await seriousViolations(page), label).toEqual([]);
      }
      expect(session.pageErrors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 90_000);

  it('turns a pasted note into drafts shown beside their sources: highlight, score, edit, export and share', async () => {
    const session = await withNote('drafts-desktop@example.com', DESKTOP);
    const { page } = session;
    try {
      await page.getByRole('button', { name: 'Create content' }).click();
      const dialog = page.getByRole('dialog');
      // A written note: every format but clip hooks is ticked.
      await expect.poll(() => dialog.getByRole('checkbox', { name: /SEO blog post/ }).isChecked()).toBe(true);
      expect(await dialog.getByRole('checkbox', { name: /Clip hooks/ }).isChecked()).toBe(false);
      await dialog.getByRole('button', { name: 'Create 4 drafts' }).click();

      await expect.poll(() => page.getByTestId('draft-blocks').isVisible()).toBe(true);
      const formats = page.getByRole('navigation', { name: 'Drafts of this note' });
      await expect.poll(() => formats.getByRole('link').count()).toBe(4);

      // Pointing at a sentence of the draft highlights the sentence it came from; so does focus.
      await expectSourceShown(page, page.locator('[data-block][data-supported="true"]').nth(1), 'hover');
      await expectSourceShown(page, page.locator('[data-block][data-supported="true"]').last(), 'focus');
      await expectFidelity(page);

      // Downloads and the platforms' own share links.
      const markdown = page.getByRole('link', { name: 'Markdown' });
      expect(await markdown.getAttribute('href')).toMatch(
        /\/api\/studio\/drafts\/[0-9a-f-]+\/export\?as=md$/,
      );
      const linkedin = await page.getByRole('link', { name: 'Share on LinkedIn' }).getAttribute('href');
      expect(linkedin).toMatch(/^https:\/\/www\.linkedin\.com\/feed\/\?shareActive=true&text=/);
      expect(await page.getByRole('link', { name: 'Share on X' }).getAttribute('href')).toMatch(
        /^https:\/\/x\.com\/intent\/post\?text=/,
      );
      const download = await page.request.get(`${echo.url}${await markdown.getAttribute('href')}`);
      expect(download.status()).toBe(200);

      // Edit in place: an invented sentence is saved and marked as unsupported.
      await page.getByRole('button', { name: 'Edit' }).click();
      const editors = page.getByRole('textbox', { name: /^Edit / });
      await editors.nth(1).fill('We closed a ten million dollar round in Berlin last spring.');
      await page.getByRole('button', { name: 'Save' }).click();
      await expect.poll(() => page.getByText('Edited', { exact: true }).isVisible()).toBe(true);
      await expect
        .poll(() => page.locator('[data-block][data-supported="false"]').count())
        .toBeGreaterThan(0);
      expect(session.pageErrors).toEqual([]);
    } finally {
      await session.context.close();
    }
  });

  it('fits a 375 px screen, with no serious accessibility violation', async () => {
    const session = await withNote('drafts-phone@example.com', PHONE);
    const { page } = session;
    try {
      await page.getByRole('button', { name: 'Create content' }).click();
      await page
        .getByRole('dialog')
        .getByRole('button', { name: /^Create \d drafts$/ })
        .click();
      await expect.poll(() => page.getByTestId('draft-blocks').isVisible()).toBe(true);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await expectFidelity(page);
      expect(await seriousViolations(page)).toEqual([]);
    } finally {
      await session.context.close();
    }
  });
});

/** Where the screenshots go when SCREENSHOT_DIR is set (to look at them). */
const SHOTS = process.env.SCREENSHOT_DIR;

describe.each([
  ['desktop', DESKTOP],
  ['phone', PHONE],
])("Echo's words and the user's, on a %s", (name, viewport) => {
  it("marks Echo's blocks as Echo's suggestion, and shows an edited sentence as said and as written", async () => {
    const { cookie, draftId: id } = await draftFor(echo, `drafts-origin-${name}@example.com`, ['blog']);
    const draft = await readyDraft(echo, cookie, id);
    // The note opens on "Okay so, um, ..." and has Echo's keywords: both kinds are in this draft.
    const echoBlock = draft.blocks.find((b) => b.origin === 'echo');
    const edited = draft.blocks.find((b) => b.origin === 'user' && b.said && b.said !== b.text);
    expect(echoBlock, 'a block of Echo’s words').toBeDefined();
    expect(edited, 'a sentence Echo lightly edited').toBeDefined();

    const session = await openPage(browser, echo.url, viewport);
    const { page } = session;
    try {
      await session.context.addCookies(dashboardCookies(echo, cookie));
      await page.goto(`/studio?draft=${id}`);
      const blocks = page.getByTestId('draft-blocks');
      await expect.poll(() => blocks.isVisible(), { timeout: 20_000 }).toBe(true);

      // Every block of Echo's words is marked, for the eye (its own style) and for screen readers.
      const echoBlocks = blocks.locator('[data-block][data-origin="echo"]');
      const count = await echoBlocks.count();
      expect(count).toBe(draft.blocks.filter((b) => b.origin === 'echo').length);
      for (let i = 0; i < count; i++) {
        const one = echoBlocks.nth(i);
        expect(await one.getAttribute('title')).toBe('Echo’s suggestion');
        expect(await one.innerText()).not.toBe('');
        expect(await one.textContent()).toMatch(/^Echo’s suggestion: /);
      }
      const style = (locator: Locator) =>
        locator.evaluate((el) => {
          const s = getComputedStyle(el);
          return `${s.fontStyle}|${s.color}|${s.textDecorationLine}`;
        });
      const userBlock = blocks.locator('[data-block][data-origin="user"]').first();
      expect(await userBlock.textContent()).not.toMatch(/Echo’s suggestion/);
      expect(await style(echoBlocks.first())).not.toBe(await style(userBlock));
      // Pointing at one says whose words they are.
      const mark = blocks.locator(`[data-block="${echoBlock!.id}"]`);
      await mark.scrollIntoViewIfNeeded();
      await mark.focus();
      // (On a phone the sources may show beside the sentence and in their panel: any shown will do.)
      const says = page.getByText('Echo’s suggestion: Echo wrote this part; it is not something you said.');
      const shown = async () => {
        for (const one of await says.all()) if (await one.isVisible()) return true;
        return false;
      };
      await expect.poll(shown).toBe(true);

      // A sentence Echo trimmed shows as said (with the fillers) and as written.
      const trimmed = blocks.locator(`[data-block="${edited!.id}"]`);
      await trimmed.scrollIntoViewIfNeeded();
      await trimmed.focus();
      const saidOrWritten = page.getByTestId('said-or-written');
      await expect.poll(() => saidOrWritten.isVisible()).toBe(true);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/draft-origin-${name}.png`, fullPage: true });
      const asSaid = saidOrWritten.getByRole('button', { name: 'As said' });
      const asWritten = saidOrWritten.getByRole('button', { name: 'As written' });
      expect(await asSaid.getAttribute('aria-pressed')).toBe('true');
      expect(await saidOrWritten.locator('p').innerText()).toBe(edited!.said);
      await asWritten.click();
      expect(await asWritten.getAttribute('aria-pressed')).toBe('true');
      expect(await saidOrWritten.locator('p').innerText()).toBe(edited!.text);
      expect(await seriousViolations(page)).toEqual([]);
      expect(session.pageErrors).toEqual([]);
    } finally {
      await session.context.close();
    }
  }, 60_000);
});
