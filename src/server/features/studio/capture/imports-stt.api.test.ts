import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NoteDetail } from '#contract/studio.ts';
import { FakeOpenAi } from '#tests/support/fake-openai.ts';
import { createFakeYtDlp } from '#tests/support/fake-yt-dlp.ts';
import { eventually, type StudioTestApp, sessionCookie, startStudioApp } from '#tests/support/studio.ts';
import { ffmpegBinary, runFfmpeg } from '../../../providers/media/ffmpeg-run.ts';
import { sttPerDayMessage } from '../notes/index.ts';

/**
 * A link's audio is counted against the owner's daily speech-to-text minutes before it is sent, as
 * an upload's is: with a 1-minute limit, two 25-second videos fit and the third is refused with the
 * uploads' message, and the speech server hears only the two.
 */
const LINKS = [1, 2, 3].map((n) => `https://www.youtube.com/watch?v=nocaptions${n}`);

let echo: StudioTestApp;
let stt: FakeOpenAi;
let cookie: string;
let tmp: string;
beforeAll(async () => {
  stt = await new FakeOpenAi().start();
  stt.transcriptionText = 'A video without captions. Its words came from the speech server.';
  const ytdlp = await createFakeYtDlp({});
  echo = await startStudioApp({
    YTDLP_PATH: ytdlp.bin,
    STT_BASE_URL: stt.baseUrl,
    STT_MODEL: 'whisper-test',
    STUDIO_STT_MINUTES_PER_DAY: '1',
  });
  cookie = await sessionCookie(echo, 'linker@example.com');
  tmp = await mkdtemp(path.join(os.tmpdir(), 'echo-link-stt-'));
  const wav = path.join(tmp, 'tone.wav');
  // The length is what counts, not the words: 25 s of tone, 16 kHz mono.
  await runFfmpeg(ffmpegBinary(echo.ctx.config), [
    '-y',
    '-f',
    'lavfi',
    '-i',
    'sine=frequency=440:duration=25',
    '-ac',
    '1',
    '-ar',
    '16000',
    wav,
  ]);
  const base64 = (await readFile(wav)).toString('base64');
  await ytdlp.setResponses(
    Object.fromEntries(LINKS.map((url) => [url, { __audio: { ext: 'wav', base64 } }])),
  );
});
afterAll(async () => {
  await echo?.close();
  await stt?.stop();
  if (tmp) await rm(tmp, { recursive: true, force: true });
});

describe('link imports and the speech-to-text minutes', () => {
  it('counts each link before its audio is sent; the one past the limit fails as an upload would', async () => {
    const ids: string[] = [];
    for (const url of LINKS) {
      const res = await echo.app!.inject({
        method: 'POST',
        url: '/api/studio/imports',
        headers: { cookie, 'content-type': 'application/json' },
        payload: JSON.stringify({ type: 'link', url }),
      });
      expect(res.statusCode).toBe(201);
      ids.push(res.json().note_ids[0]);
    }
    const notes = await eventually(async () => {
      const all = await Promise.all(
        ids.map(
          async (id) =>
            (
              await echo.app!.inject({ method: 'GET', url: `/api/studio/notes/${id}`, headers: { cookie } })
            ).json() as NoteDetail,
        ),
      );
      return all.every((n) => n.status !== 'transcribing') ? all : null;
    }, 60_000);
    expect(notes.map((n) => n.status).sort()).toEqual(['failed', 'ready', 'ready']);
    expect(notes.find((n) => n.status === 'failed')!.status_message).toBe(sttPerDayMessage(1));
    expect(stt.transcriptions).toHaveLength(2);
  });
});
