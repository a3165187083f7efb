/**
 * The note every user of studio-voice-to-drafts records and what they ask of it: the 2-minute
 * recording (espeak-ng reading the text engine's fixture transcript, made once and cached), the
 * speech-to-text fake's fixed delay and the five formats.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import type { DraftFormat } from '../src/contract/studio-drafts.ts';
import { TRANSCRIPT } from '../src/server/features/studio/engine/__fixtures__/transcript.ts';
import { speak } from '../tests/support/speech.ts';
import { log, ROOT_DIR } from './lib.ts';

const exec = promisify(execFile);
export const RECORDING_MS = 120_000;
export const CHUNK_MS = 10_000;
export const STT_DELAY_MS = 2_000;
export const FORMATS: DraftFormat[] = ['blog', 'linkedin', 'thread', 'carousel', 'clips'];
const CACHE_DIR = path.join(ROOT_DIR, '.tmp', 'bench-cache');

export interface Recording {
  wav: Buffer;
  /** Bytes of PCM per second (for chunks of CHUNK_MS). */
  byteRate: number;
  headerBytes: number;
  /** What was said, sentence by sentence, on the recording's clock (the fake's answer). */
  sentences: Array<{ startMs: number; endMs: number; text: string }>;
}

/**
 * Exactly RECORDING_MS of espeak-ng reading the fixture transcript (the sentences that fit, then
 * silence). Cached by the text and espeak-ng's version: speaking 40 sentences takes a while.
 */
export async function recording(): Promise<Recording> {
  const { stdout: version } = await exec('espeak-ng', ['--version']);
  const said = TRANSCRIPT.split(/(?<=[.?!])\s+/)
    .map((s) => s.trim())
    .filter(Boolean);
  const key = createHash('sha256')
    .update(`${version}\n${RECORDING_MS}\n${said.join('\n')}`)
    .digest('hex')
    .slice(0, 16);
  const wavFile = path.join(CACHE_DIR, `voice-to-drafts-${key}.wav`);
  const jsonFile = `${wavFile}.json`;
  const cached = await stat(jsonFile).then(
    () => true,
    () => false,
  );
  if (!cached) {
    log('studio-voice-to-drafts: speaking the 2-minute recording with espeak-ng (once; cached)');
    const audio = await speak('espeak-ng', said, 400);
    try {
      const wav = await readFile(audio.file);
      const format = wav.subarray(20, 36);
      const byteRate = format.readUInt32LE(8);
      const headerBytes = 44;
      if (wav.toString('ascii', 36, 40) !== 'data') throw new Error('unexpected WAV layout from speak()');
      const dataBytes = Math.round((RECORDING_MS * byteRate) / 1000 / 2) * 2;
      const data = Buffer.alloc(dataBytes);
      wav.copy(data, 0, headerBytes, Math.min(wav.length, headerBytes + dataBytes));
      const out = Buffer.concat([wav.subarray(0, headerBytes), data]);
      out.writeUInt32LE(out.length - 8, 4);
      out.writeUInt32LE(dataBytes, 40);
      const sentences = audio.sentences.filter((s) => s.endMs <= RECORDING_MS);
      await mkdir(CACHE_DIR, { recursive: true });
      await writeFile(`${wavFile}.part`, out);
      await rename(`${wavFile}.part`, wavFile);
      await writeFile(jsonFile, JSON.stringify({ byteRate, headerBytes, sentences }));
    } finally {
      await audio.remove();
    }
  }
  const meta = JSON.parse(await readFile(jsonFile, 'utf8')) as Omit<Recording, 'wav'>;
  return { ...meta, wav: await readFile(wavFile) };
}
