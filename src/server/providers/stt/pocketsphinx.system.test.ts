import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { speak, wordErrorRate } from '#tests/support/speech.ts';
import { resolveFfmpeg } from '../media/ffmpeg.ts';
import {
  checkPocketsphinx,
  createOfflineSpeechToText,
  createPocketsphinx,
  PocketsphinxError,
  type RoughTranscript,
  resolvePocketsphinx,
} from './pocketsphinx.ts';

const ffmpeg = resolveFfmpeg().path;
const binary = resolvePocketsphinx();

const SENTENCES = [
  'We recorded twelve episodes before we published a single one.',
  'Nobody listened to the second show until the summer.',
];

function checkTimes(result: RoughTranscript, durationMs: number) {
  expect(result).toMatchObject({ rough: true, label: 'rough transcript', engine: 'pocketsphinx-en-us' });
  // The audio's length as PocketSphinx heard it (16 kHz samples), within a frame of the file's.
  expect(Math.abs(result.durationMs - durationMs)).toBeLessThan(50);
  expect(result.words.length).toBeGreaterThan(5);
  let last = 0;
  for (const word of result.words) {
    expect(word.startMs).toBeGreaterThanOrEqual(last);
    expect(word.endMs).toBeGreaterThanOrEqual(word.startMs);
    expect(word.endMs).toBeLessThanOrEqual(result.durationMs);
    expect(word.text).toMatch(/^[a-z0-9'.-]+$/);
    last = word.endMs;
  }
  for (const segment of result.segments) {
    expect(segment.startMs).toBe(segment.words[0]!.startMs);
    expect(segment.endMs).toBe(segment.words.at(-1)!.endMs);
    expect(segment.text).toMatch(/^[A-Z].*\.$/);
  }
  expect(result.segments.flatMap((s) => s.words)).toEqual(result.words);
  expect(result.text).toBe(result.segments.map((s) => s.text).join(' '));
}

describe('PocketSphinx, the offline rough transcript', () => {
  it('is installed here and loads its model (the health check)', async () => {
    expect(binary).toMatch(/pocketsphinx_continuous$/);
    const check = await checkPocketsphinx(binary);
    expect(check).toEqual({ version: expect.stringMatching(/\S/) });
    expect(await checkPocketsphinx(null)).toEqual({
      version: null,
      problem: 'pocketsphinx_continuous was not found on PATH',
    });
    expect((await checkPocketsphinx('/nonexistent/pocketsphinx_continuous')).problem).toBe(
      'PocketSphinx was not found (/nonexistent/pocketsphinx_continuous)',
    );
  });

  for (const [voice, maxWer] of [
    // espeak-ng's formant voice is far from the speech the model learnt: generous.
    ['espeak-ng', 0.9],
    ['flite', 0.4],
  ] as const) {
    it(`transcribes ${voice}'s speech with timed words, a segment per sentence and WER below ${maxWer}`, async () => {
      const audio = await speak(voice, SENTENCES, 1200);
      try {
        const stt = createPocketsphinx({ binary: binary!, ffmpeg });
        const result = await stt.transcribeTimed(audio.file);
        checkTimes(result, audio.durationMs);
        const wer = wordErrorRate(SENTENCES.join(' '), result.text);
        expect(wer).toBeLessThan(maxWer);
        // The 1.2 s between the sentences ends a segment: no segment spans the silence's middle.
        const pause = (audio.sentences[0]!.endMs + audio.sentences[1]!.startMs) / 2;
        expect(result.segments.some((s) => s.startMs < pause && s.endMs > pause)).toBe(false);
        expect(result.segments.some((s) => s.startMs > pause)).toBe(true);
      } finally {
        await audio.remove();
      }
    }, 120_000);
  }

  it('stops at its time budget with a clear reason', async () => {
    const audio = await speak('flite', [...SENTENCES, ...SENTENCES], 500);
    try {
      const stt = createPocketsphinx({ binary: binary!, ffmpeg, timeoutMs: 1500 });
      const started = Date.now();
      const error = await stt.transcribeTimed(audio.file).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(PocketsphinxError);
      expect((error as PocketsphinxError).reason).toBe('timeout');
      expect((error as Error).message).toMatch(/within its time budget of 1\.5 s.*stopped/);
      expect(Date.now() - started).toBeLessThan(5000);
    } finally {
      await audio.remove();
    }
  }, 60_000);

  it("is the configuration's offline recogniser when it is installed", () => {
    expect(createOfflineSpeechToText({})?.model).toBe('pocketsphinx-en-us');
    expect(resolvePocketsphinx(undefined, '/nonexistent')).toBeNull();
    expect(resolvePocketsphinx('/opt/sphinx/bin/pocketsphinx_continuous', '/nonexistent')).toBe(
      '/opt/sphinx/bin/pocketsphinx_continuous',
    );
  });

  it('says so when the file is not audio', async () => {
    const stt = createPocketsphinx({ binary: binary!, ffmpeg });
    const dir = await mkdtemp(path.join(os.tmpdir(), 'echo-pocketsphinx-not-audio-'));
    const file = path.join(dir, 'note.mp3');
    await writeFile(file, 'not audio at all');
    const error = await stt
      .transcribeTimed(file)
      .catch((e: unknown) => e)
      .finally(() => rm(dir, { recursive: true, force: true }));
    expect(error).toBeInstanceOf(PocketsphinxError);
    expect((error as PocketsphinxError).reason).toBe('unreadable_audio');
  });
});

describe('PocketSphinx and ffmpeg as children', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'echo-pocketsphinx-env-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('get PATH and LANG only, never Echo secrets', async () => {
    // Fakes that print their environment to a file: ffmpeg "converts" to 1 s of silence and
    // PocketSphinx "hears" one word.
    const fakeFfmpeg = path.join(dir, 'ffmpeg');
    await writeFile(fakeFfmpeg, `#!/bin/sh\nenv > '${dir}/ffmpeg.env'\nhead -c 32000 /dev/zero\n`);
    const fakeSphinx = path.join(dir, 'pocketsphinx_continuous');
    await writeFile(
      fakeSphinx,
      `#!/bin/sh\nenv > '${dir}/sphinx.env'\necho "$@" > '${dir}/sphinx.args'\necho 'hello'\necho '<s> 0.500 0.600 1.0'\necho 'hello 0.600 1.100 0.9'\n`,
    );
    await chmod(fakeFfmpeg, 0o755);
    await chmod(fakeSphinx, 0o755);
    process.env.ECHO_TEST_SECRET = 'do-not-leak';
    try {
      const stt = createPocketsphinx({ binary: fakeSphinx, ffmpeg: fakeFfmpeg });
      const input = path.join(dir, 'note.wav');
      await writeFile(input, 'x');
      const result = await stt.transcribeTimed(input);
      expect(result.segments).toEqual([
        {
          startMs: 100,
          endMs: 600,
          text: 'Hello.',
          words: [{ text: 'hello', startMs: 100, endMs: 600, confidence: 0.9 }],
        },
      ]);
      expect(result.durationMs).toBe(1000);
    } finally {
      delete process.env.ECHO_TEST_SECRET;
    }
    for (const name of ['ffmpeg.env', 'sphinx.env']) {
      const env = await readFile(path.join(dir, name), 'utf8');
      expect(env).not.toContain('do-not-leak');
      const keys = env
        .trim()
        .split('\n')
        .map((line) => line.split('=')[0]);
      // PWD (and SHLVL in some shells) are set by the fake's own /bin/sh.
      expect(keys.filter((key) => !['PWD', 'SHLVL', '_', 'OLDPWD'].includes(key!)).sort()).toEqual([
        'LANG',
        'PATH',
      ]);
    }
    expect(await readFile(path.join(dir, 'sphinx.args'), 'utf8')).toMatch(
      /^-infile \S+audio\.raw -samprate 16000 -time yes -remove_noise no\n$/,
    );
  });

  it('stops a recogniser that writes more than its output cap', async () => {
    const fakeFfmpeg = path.join(dir, 'ffmpeg-quiet');
    await writeFile(fakeFfmpeg, '#!/bin/sh\nhead -c 32000 /dev/zero\n');
    const chatty = path.join(dir, 'chatty');
    await writeFile(chatty, "#!/bin/sh\nwhile :; do echo 'word 0.600 1.100 0.9'; done\n");
    await chmod(fakeFfmpeg, 0o755);
    await chmod(chatty, 0o755);
    const stt = createPocketsphinx({ binary: chatty, ffmpeg: fakeFfmpeg, maxOutputBytes: 100_000 });
    const input = path.join(dir, 'chatty.wav');
    await writeFile(input, 'x');
    const error = await stt.transcribeTimed(input).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PocketsphinxError);
    expect((error as PocketsphinxError).reason).toBe('too_large');
    expect((error as Error).message).toBe('PocketSphinx wrote more than 100000 bytes and was stopped');
  });
});
