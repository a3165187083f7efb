import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runForOutput } from './executables.ts';
import { ffmpegVersion, packagedFfmpeg, resolveFfmpeg } from './ffmpeg.ts';

/** One second of a 440 Hz tone as 16-bit mono PCM WAV. */
function toneWav(seconds = 1, rate = 16_000): Buffer {
  const samples = seconds * rate;
  const data = Buffer.alloc(samples * 2);
  for (let i = 0; i < samples; i++)
    data.writeInt16LE(Math.round(Math.sin((2 * Math.PI * 440 * i) / rate) * 12_000), i * 2);
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVE', 8);
  header.write('fmt ', 12);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36);
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'echo-ffmpeg-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('ffmpeg from the npm registry (@ffmpeg-installer/ffmpeg)', () => {
  it('is used when no ffmpeg is on PATH; FFMPEG_PATH overrides; PATH comes before the package', () => {
    const packaged = packagedFfmpeg();
    expect(packaged?.path).toMatch(/@ffmpeg-installer/);
    expect(resolveFfmpeg(undefined, '/nonexistent')).toEqual({ path: packaged!.path, source: 'package' });
    expect(resolveFfmpeg('/opt/ffmpeg/bin/ffmpeg', '/nonexistent')).toEqual({
      path: '/opt/ffmpeg/bin/ffmpeg',
      source: 'configured',
    });
    expect(resolveFfmpeg(undefined, path.dirname(packaged!.path)).source).toBe('path');
  });

  it('converts a generated wav to the 16 kHz mono mp3 the speech-to-text step sends', async () => {
    const binary = resolveFfmpeg(undefined, '/nonexistent').path;
    expect(await ffmpegVersion(binary)).toBeTruthy();
    const input = path.join(dir, 'tone.wav');
    const output = path.join(dir, 'tone.mp3');
    await writeFile(input, toneWav());
    await runForOutput(
      binary,
      ['-nostdin', '-y', '-i', input, '-vn', '-ac', '1', '-ar', '16000', '-b:a', '64k', output],
      { timeoutMs: 60_000 },
    );
    expect((await stat(output)).size).toBeGreaterThan(1000);
    const head = await readFile(output);
    // An ID3 tag or an MPEG audio frame sync.
    expect(head.subarray(0, 3).toString() === 'ID3' || (head[0] === 0xff && (head[1]! & 0xe0) === 0xe0)).toBe(
      true,
    );
  });
});
