import { execFile } from 'node:child_process';
import { chmod, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packagedFfmpeg, resolveFfmpeg } from './ffmpeg.ts';
import {
  audioPieces,
  BUNDLED_FFMPEG_REFUSED,
  bundledFfmpeg,
  confinedCommand,
  FfmpegError,
  ffmpegBinary,
  runFfmpeg,
  STT_PIECE_SECONDS,
} from './ffmpeg-run.ts';

/**
 * ffmpeg parses untrusted uploads, so it runs with no server secret in its environment,
 * reads local files only, and what it reports never reaches a person with DATA_DIR's path in it.
 */
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'echo-ffmpeg-run-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('runFfmpeg', () => {
  it('shows a person a plain verdict; the report for the logs names no directory', async () => {
    const secretDir = path.join(dir, 'data-dir-secret-name', 'studio', 'media');
    await mkdir(secretDir, { recursive: true });
    const input = path.join(secretDir, 'note.webm');
    await writeFile(input, 'this is not audio at all'.repeat(100));
    const ffmpeg = resolveFfmpeg().path;
    const error = await runFfmpeg(ffmpeg, ['-i', input, '-f', 'null', '-'], 60_000).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(FfmpegError);
    expect((error as FfmpegError).message).toBe('the file could not be read as audio');
    expect((error as FfmpegError).detail).not.toContain('data-dir-secret-name');
    expect((error as FfmpegError).detail.length).toBeGreaterThan(0);
  });

  it('passes ffmpeg no environment but PATH (no database URL, no API key)', async () => {
    const fake = path.join(dir, 'fake-ffmpeg');
    const out = path.join(dir, 'env.txt');
    await writeFile(fake, `#!/bin/sh\nenv > "${out}"\n`);
    await chmod(fake, 0o755);
    process.env.ECHO_TEST_SECRET = 'sk-must-not-leak';
    try {
      await runFfmpeg(fake, ['-i', 'x'], 10_000);
    } finally {
      delete process.env.ECHO_TEST_SECRET;
    }
    const env = await readFile(out, 'utf8');
    expect(env).not.toContain('sk-must-not-leak');
    expect(env).toMatch(/^PATH=/m);
    const names = env
      .trim()
      .split('\n')
      .map((line) => line.split('=')[0]);
    expect(names.filter((n) => !['PATH', 'LC_ALL', 'PWD', 'SHLVL', '_', 'OLDPWD'].includes(n!))).toEqual([]);
  });

  it('limits every input to local files and pipes, and caps CPU time and memory where prlimit exists', () => {
    const command = confinedCommand(
      '/usr/bin/ffmpeg',
      ['-y', '-i', 'a.wav', '-i', 'b.srt', 'out.m4a'],
      90_000,
    );
    const args = command.args;
    const ffmpegArgs = args.slice(args.indexOf('-hide_banner'));
    expect(ffmpegArgs.join(' ')).toBe(
      '-hide_banner -nostdin -y -protocol_whitelist file,pipe -i a.wav -protocol_whitelist file,pipe -i b.srt out.m4a',
    );
    if (command.file !== '/usr/bin/ffmpeg') {
      expect(path.basename(command.file)).toBe('prlimit');
      expect(args.slice(0, 4)).toEqual(['--cpu=90', `--as=${2 * 1024 ** 3}`, '--', '/usr/bin/ffmpeg']);
    }
  });
});

describe('the bundled ffmpeg', () => {
  it('is refused in production unless the operator opts in, when it is the only one', () => {
    const saved = process.env.PATH;
    process.env.PATH = dir; // no ffmpeg here: the npm package's build is what would run
    try {
      const production = { ffmpegPath: undefined, production: true, allowBundledFfmpeg: false };
      expect(bundledFfmpeg(production)).toEqual({ bundled: true, refused: true });
      expect(() => ffmpegBinary(production)).toThrow(BUNDLED_FFMPEG_REFUSED);
      expect(ffmpegBinary({ ...production, allowBundledFfmpeg: true })).toBe(packagedFfmpeg()!.path);
      expect(ffmpegBinary({ ...production, production: false })).toBe(packagedFfmpeg()!.path);
      // A configured ffmpeg is never the bundled one.
      expect(ffmpegBinary({ ...production, ffmpegPath: '/usr/bin/ffmpeg' })).toBe('/usr/bin/ffmpeg');
    } finally {
      process.env.PATH = saved;
    }
  });
});

describe('the input format', () => {
  it('is the demuxer of the type detected from the first bytes; other types are not run at all', async () => {
    const fake = path.join(dir, 'args-ffmpeg');
    const out = path.join(dir, 'args.txt');
    await writeFile(fake, `#!/bin/sh\nprintf '%s ' "$@" > "${out}"\n`);
    await chmod(fake, 0o755);
    await audioPieces(fake, '/tmp/in', dir, 'audio/wav');
    expect(await readFile(out, 'utf8')).toContain('-y -f wav -protocol_whitelist file,pipe -i /tmp/in ');
    await audioPieces(fake, '/tmp/in', dir, 'video/webm');
    expect(await readFile(out, 'utf8')).toContain('-f matroska -protocol_whitelist file,pipe -i /tmp/in ');
    await rm(out);
    await expect(audioPieces(fake, '/tmp/in', dir, 'application/x-hls')).rejects.toThrow(
      'this file type is not accepted',
    );
    await expect(readFile(out)).rejects.toThrow();
  });
});

describe('audio pieces for speech-to-text', () => {
  it('are 16 kHz mono FLAC files of STT_PIECE_SECONDS, each starting at its own sample 0', async () => {
    const ffmpeg = resolveFfmpeg().path;
    const input = path.join(dir, 'long.wav');
    // A little over one piece of tone: two pieces, the second of about 2 s.
    await promisify(execFile)(ffmpeg, [
      '-v',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      `sine=frequency=440:sample_rate=8000:duration=${STT_PIECE_SECONDS + 2}`,
      input,
    ]);
    const out = path.join(dir, 'pieces');
    await mkdir(out);
    const { pieces, durationMs } = await audioPieces(ffmpeg, input, out, 'audio/wav');
    expect(durationMs).toBe((STT_PIECE_SECONDS + 2) * 1000);
    expect(pieces.map((p) => [path.basename(p.file), p.offsetMs])).toEqual([
      ['piece0000.flac', 0],
      ['piece0001.flac', STT_PIECE_SECONDS * 1000],
    ]);
    expect(await readdir(out)).toEqual(['piece0000.flac', 'piece0001.flac']);
    for (const piece of pieces) {
      // ffmpeg's own report of its input (the npm package ships no ffprobe): stream and start time.
      const report = await promisify(execFile)(ffmpeg, ['-hide_banner', '-nostdin', '-i', piece.file]).then(
        () => '',
        (error: { stderr?: string }) => error.stderr ?? '',
      );
      expect(report).toMatch(/Stream #0:0: Audio: flac, 16000 Hz, mono\b/);
      // The segment muxer numbers FLAC frames on from the previous piece (start: 600): not kept.
      expect(/start: ([\d.]+)/.exec(report)?.[1]).toBe('0.000000');
    }
  });
});
