import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * Real synthetic speech for the speech-to-text tests and the bench. Two engines with different
 * voices: espeak-ng (its default voice, formant synthesis) and flite with its 16 kHz `kal16`
 * diphone voice (flite's default `kal` is an 8 kHz voice).
 */
export type Voice = 'espeak-ng' | 'flite';

export interface SpokenAudio {
  /** A 16-bit mono WAV file (22.05 kHz from espeak-ng, 16 kHz from flite). */
  file: string;
  durationMs: number;
  /** Where each sentence was said, on the file's clock. */
  sentences: Array<{ startMs: number; endMs: number; text: string }>;
  remove(): Promise<void>;
}

function pcmOf(wav: Buffer): { format: Buffer; data: Buffer; byteRate: number } {
  let at = 12;
  let format: Buffer | null = null;
  while (at + 8 <= wav.length) {
    const id = wav.toString('ascii', at, at + 4);
    const size = wav.readUInt32LE(at + 4);
    if (id === 'fmt ') format = wav.subarray(at + 8, at + 8 + size);
    // espeak-ng writes a data size of 0x7ffff000 or so when it streams: take what is there.
    if (id === 'data' && format)
      return {
        format,
        data: wav.subarray(at + 8, Math.min(wav.length, at + 8 + size)),
        byteRate: format.readUInt32LE(8),
      };
    at += 8 + size + (size % 2);
  }
  throw new Error('not a WAV file with a data chunk');
}

/** Says each sentence with the voice, `gapMs` of silence between them, into one WAV file. */
export async function speak(voice: Voice, sentences: string[], gapMs = 800): Promise<SpokenAudio> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'echo-speech-'));
  const parts: Array<{ format: Buffer; data: Buffer; byteRate: number }> = [];
  for (const [i, text] of sentences.entries()) {
    const part = path.join(dir, `part-${i}.wav`);
    if (voice === 'espeak-ng') await run('espeak-ng', ['-w', part, text]);
    else await run('flite', ['-voice', 'kal16', '-t', text, '-o', part]);
    parts.push(pcmOf(await readFile(part)));
  }
  const { format, byteRate } = parts[0]!;
  const gap = Buffer.alloc(Math.round((gapMs * byteRate) / 1000 / 2) * 2);
  const timed: SpokenAudio['sentences'] = [];
  const chunks: Buffer[] = [];
  let bytes = 0;
  for (const [i, part] of parts.entries()) {
    if (i > 0) {
      chunks.push(gap);
      bytes += gap.length;
    }
    const startMs = (bytes / byteRate) * 1000;
    chunks.push(part.data);
    bytes += part.data.length;
    timed.push({ startMs, endMs: (bytes / byteRate) * 1000, text: sentences[i]! });
  }
  const data = Buffer.concat(chunks);
  const header = Buffer.alloc(20);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(4 + 8 + format.length + 8 + data.length, 4);
  header.write('WAVE', 8, 'ascii');
  header.write('fmt ', 12, 'ascii');
  header.writeUInt32LE(format.length, 16);
  const dataHeader = Buffer.alloc(8);
  dataHeader.write('data', 0, 'ascii');
  dataHeader.writeUInt32LE(data.length, 4);
  const file = path.join(dir, `${voice}.wav`);
  await writeFile(file, Buffer.concat([header, format, dataHeader, data]));
  return {
    file,
    durationMs: (data.length / byteRate) * 1000,
    sentences: timed,
    remove: () => rm(dir, { recursive: true, force: true }),
  };
}

const wordsOf = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9' ]+/g, ' ')
    .split(/\s+/)
    .filter(Boolean);

/** Word error rate: (substitutions + deletions + insertions) / words in the reference. */
export function wordErrorRate(reference: string, hypothesis: string): number {
  const ref = wordsOf(reference);
  const hyp = wordsOf(hypothesis);
  if (ref.length === 0) return hyp.length === 0 ? 0 : 1;
  let previous = Array.from({ length: hyp.length + 1 }, (_, j) => j);
  for (let i = 1; i <= ref.length; i++) {
    const row = [i];
    for (let j = 1; j <= hyp.length; j++)
      row[j] = Math.min(
        previous[j]! + 1,
        row[j - 1]! + 1,
        previous[j - 1]! + (ref[i - 1] === hyp[j - 1] ? 0 : 1),
      );
    previous = row;
  }
  return previous[hyp.length]! / ref.length;
}
