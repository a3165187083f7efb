import { existsSync } from 'node:fs';
import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeWav } from '#tests/support/content-results.ts';
import { FakeOpenAi } from '#tests/support/fake-openai.ts';
import { createFakeYtDlp } from '#tests/support/fake-yt-dlp.ts';
import { startTestApp, type TestApp } from '#tests/support/test-app.ts';
import { createSpeechToText } from '../../providers/stt/stt.ts';
import { captionsTranscriber, runTranscribers, speechToTextTranscriber } from '../transcription/index.ts';

const CAPTIONED = 'https://www.youtube.com/watch?v=captioned';
const AUDIO_ONLY = 'https://www.tiktok.com/@echo/video/123';
const OPUS_ONLY = 'https://www.instagram.com/reel/opus/';
const UNKNOWN = 'https://www.facebook.com/watch/?v=404';
const VTT =
  'WEBVTT\n\n00:00:00.000 --> 00:00:02.000\nHello <b>from</b> captions.\n\n00:00:02.000 --> 00:00:04.000\nSecond &amp; last line.\n';
const wav = makeWav();

let echo: TestApp;
let stt: FakeOpenAi;
let ytdlp: Awaited<ReturnType<typeof createFakeYtDlp>>;

beforeAll(async () => {
  stt = await new FakeOpenAi().start();
  stt.transcriptionText = 'Speech from the audio file. It was transcribed by the fake server.';
  ytdlp = await createFakeYtDlp({
    [CAPTIONED]: {
      __subtitles: { 'en.vtt': VTT, 'en-GB.vtt': 'WEBVTT\n\n00:00:00.000 --> 00:00:01.000\nWrong variant\n' },
    },
    [AUDIO_ONLY]: { __audio: { ext: 'wav', base64: wav.toString('base64') } },
    // An Ogg page whose first packet is an Opus header: recognised by its bytes, not decodable.
    [OPUS_ONLY]: {
      __audio: {
        ext: 'opus',
        base64: Buffer.concat([
          Buffer.from('OggS'),
          Buffer.alloc(24),
          Buffer.from('OpusHead'),
          Buffer.alloc(32),
        ]).toString('base64'),
      },
    },
  });
  echo = await startTestApp({
    YTDLP_PATH: ytdlp.bin,
    STT_BASE_URL: stt.baseUrl,
    STT_API_KEY: 'sk-test',
    STT_MODEL: 'whisper-test',
    WEBHOOK_SECRET: 'whsec_dGVzdA==',
  });
});
afterAll(async () => {
  await echo?.close();
  await stt?.stop();
});

async function submit(link: string, source: string, email = 'media@example.com') {
  const res = await echo.app!.inject({
    method: 'POST',
    url: '/api/reaction-video/submit',
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify({ link, source, email }),
  });
  expect(res.statusCode).toBe(201);
  return res.json().id as string;
}

async function waitForStatus(id: string, statuses: string[]) {
  let row: { status: string; result_data: Record<string, string> } | undefined;
  await expect
    .poll(
      async () => {
        [row] = await echo.query('select status, result_data from content_results where id = $1', [id]);
        return statuses.includes(row!.status);
      },
      { timeout: 20_000 },
    )
    .toBe(true);
  return row!;
}

async function ytDlpCalls(url: string): Promise<string[][]> {
  const log = await readFile(path.join(ytdlp.dir, 'calls.log'), 'utf8');
  return log
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as string[])
    .filter((args) => args[args.length - 1] === url);
}

describe('transcription job', () => {
  it('uses platform captions first, parsed to clean text, and removes its temp files', async () => {
    const id = await submit(CAPTIONED, 'Youtube');
    const row = await waitForStatus(id, ['completed', 'failed']);
    expect(row.status).toBe('completed');
    expect(row.result_data).toMatchObject({
      transcription: 'Hello from captions. Second & last line.',
      method: 'captions',
      videoUrl: CAPTIONED,
      summary: 'Hello from captions. Second & last line.',
    });
    const [args] = await ytDlpCalls(CAPTIONED);
    expect(args).toEqual(
      expect.arrayContaining(['--skip-download', '--write-subs', '--write-auto-subs', '--']),
    );
    expect(args!.at(-2)).toBe('--');
    const output = args![args!.indexOf('-o') + 1]!;
    expect(existsSync(path.dirname(output))).toBe(false);
    expect(stt.requests).toHaveLength(0);
  });

  it('without captions, sends audio extracted by yt-dlp to the speech-to-text server', async () => {
    const id = await submit(AUDIO_ONLY, 'Tiktok');
    const row = await waitForStatus(id, ['completed', 'failed']);
    expect(row.status).toBe('completed');
    expect(row.result_data).toMatchObject({
      transcription: 'Speech from the audio file. It was transcribed by the fake server.',
      method: 'stt',
    });
    const [request] = stt.requests.filter((r) => r.path.endsWith('/audio/transcriptions'));
    expect(request!.headers.authorization).toBe('Bearer sk-test');
    expect(String(request!.headers['content-type'])).toMatch(/^multipart\/form-data; boundary=/);
    // The exact WAV bytes the test generated arrived as the uploaded file, with the model.
    expect(request!.raw.includes(wav)).toBe(true);
    expect(request!.raw.toString('latin1')).toMatch(/name="file"; filename="audio\.wav"/);
    expect(request!.raw.toString('latin1')).toMatch(/name="model"\r\n\r\nwhisper-test/);
    const calls = await ytDlpCalls(AUDIO_ONLY);
    expect(calls).toHaveLength(2);
    const download = calls[1]!;
    expect(download).toEqual(expect.arrayContaining(['--max-filesize', '25M', '--match-filter']));
    expect(existsSync(path.dirname(download[download.indexOf('-o') + 1]!))).toBe(false);
  });

  it('hands a video nobody can transcribe to the external service and waits for its signed callback', async () => {
    const id = await submit(UNKNOWN, 'Facebook');
    await waitForStatus(id, ['processing']);
    await expect
      .poll(
        async () =>
          (
            await echo.query(
              `select id from pgboss.job where name = 'content.callback-timeout' and data->>'resultId' = $1 and start_after > now() + interval '25 minutes'`,
              [id],
            )
          ).length,
      )
      .toBe(1);
    // The time-out job fails it with a message when no callback came.
    await echo.query(
      `update pgboss.job set start_after = now() where name = 'content.callback-timeout' and data->>'resultId' = $1`,
      [id],
    );
    const row = await waitForStatus(id, ['failed']);
    expect(row.result_data.error).toBe(
      'No transcript arrived from the external transcription service within 30 minutes.',
    );
  });
});

describe('transcribers', () => {
  it('say what to configure when none can produce a transcript', async () => {
    const outcome = await runTranscribers([captionsTranscriber(ytdlp.bin)], UNKNOWN);
    expect(outcome).toEqual({
      kind: 'failed',
      message:
        'No transcript could be produced: captions could not be fetched ([generic] Unable to download webpage: HTTP Error 404: Not Found). To transcribe videos without captions, set STT_BASE_URL to an OpenAI-compatible speech-to-text server or connect an external transcription service to the webhook (set WEBHOOK_SECRET).',
    });
    const noYtDlp = await runTranscribers([captionsTranscriber('/nonexistent/yt-dlp')], CAPTIONED);
    expect(noYtDlp.kind === 'failed' && noYtDlp.message).toContain(
      'yt-dlp was not found (/nonexistent/yt-dlp); install it or set YTDLP_PATH',
    );
  });

  it('fail clearly when audio needs converting and ffmpeg is missing', async () => {
    const client = createSpeechToText({ baseUrl: stt.baseUrl, model: 'whisper-test' })!;
    const transcriber = speechToTextTranscriber(ytdlp.bin, client, { ffmpegPath: '/nonexistent/ffmpeg' });
    const before = stt.requests.length;
    expect(await transcriber.transcribe(OPUS_ONLY)).toEqual({
      kind: 'unavailable',
      reason:
        'ffmpeg is needed to prepare audio for speech-to-text but was not found; install ffmpeg or set FFMPEG_PATH',
    });
    expect(stt.requests.length).toBe(before);
    const calls = await ytDlpCalls(OPUS_ONLY);
    const download = calls.at(-1)!;
    expect(existsSync(path.dirname(download[download.indexOf('-o') + 1]!))).toBe(false);
  });

  it('have ffmpeg read downloaded audio with the demuxer its bytes show, as uploads are read', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'echo-fake-ffmpeg-'));
    try {
      const fake = path.join(dir, 'ffmpeg');
      await writeFile(fake, `#!/bin/sh\necho "$@" >> ${path.join(dir, 'args.log')}\nexit 1\n`);
      await chmod(fake, 0o755);
      const client = createSpeechToText({ baseUrl: stt.baseUrl, model: 'whisper-test' })!;
      await speechToTextTranscriber(ytdlp.bin, client, { ffmpegPath: fake }).transcribe(OPUS_ONLY);
      expect(await readFile(path.join(dir, 'args.log'), 'utf8')).toMatch(
        / -f ogg (-\S+ \S+ )*-i \S*audio\.opus /,
      );
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('report a failing speech-to-text server', async () => {
    const client = createSpeechToText({ baseUrl: stt.baseUrl, model: 'whisper-test' })!;
    stt.failWithStatus = 500;
    try {
      const outcome = await speechToTextTranscriber(ytdlp.bin, client).transcribe(AUDIO_ONLY);
      expect(outcome.kind).toBe('unavailable');
      expect(outcome.kind === 'unavailable' && outcome.reason).toMatch(/^the speech-to-text server failed/);
    } finally {
      stt.failWithStatus = null;
    }
  });
});
