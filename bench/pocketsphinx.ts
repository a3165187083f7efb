/**
 * The offline rough transcript (PocketSphinx, providers/stt/pocketsphinx.ts) on synthetic speech:
 * five sentences said by espeak-ng and by flite (its 16 kHz kal16 voice), 0.8 s apart. Reported
 * per voice: the word error rate against the text said, and the real-time factor (seconds spent
 * per second of audio) both in wall time and in CPU time of the children (ffmpeg and PocketSphinx,
 * read from /proc/self/stat: Linux only). The targets are those of the tests (WER) and "faster
 * than the audio on one core" (CPU).
 */
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { resolveFfmpeg } from '../src/server/providers/media/ffmpeg.ts';
import { createPocketsphinx, resolvePocketsphinx } from '../src/server/providers/stt/pocketsphinx.ts';
import { speak, type Voice, wordErrorRate } from '../tests/support/speech.ts';
import { log } from './lib.ts';
import type { BenchResult } from './types.ts';

export const BENCH_SENTENCES = [
  'We recorded twelve episodes before we published a single one.',
  'The first guest talked for an hour about the weather.',
  'Nobody listened to the second show until the summer.',
  'My sister found the microphone in a box under the stairs.',
  'Next week we will answer the questions you sent us.',
];

/** Sentences of the Studio's fixture notes (tests/fixtures/studio/notes), as a user says them. */
export const NOTE_SENTENCES = [
  'For three years our biggest client was a retail chain that paid us roughly eighty-five dollars an hour.',
  'They asked for weekend changes, they paid sixty days late, and they never once said thank you.',
  'Everyone goes straight for the knee brace, but it is almost never the knee.',
  'We gave them ninety days notice and replaced the revenue within four months.',
  'Look at what each client pays per hour, not per year.',
  'My sister found the microphone in a box under the stairs.',
];

const MAX_WER: Record<Voice, number> = { 'espeak-ng': 0.9, flite: 0.4 };

/** CPU seconds used by this process's finished children (cutime + cstime), or NaN off Linux. */
function childCpuSeconds(): number {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    // Fields after the command name (which is in parentheses and may hold spaces).
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // cutime and cstime are fields 16 and 17 of the whole line, in clock ticks (100 a second on Linux).
    return (Number(fields[13]) + Number(fields[14])) / 100;
  } catch {
    return Number.NaN;
  }
}

const round = (value: number, digits: number) => Number(value.toFixed(digits));

export async function run(): Promise<BenchResult[]> {
  const binary = resolvePocketsphinx();
  if (!binary)
    throw new Error("pocketsphinx_continuous is not installed (Debian's pocketsphinx, pocketsphinx-en-us)");
  const stt = createPocketsphinx({ binary, ffmpeg: resolveFfmpeg().path });
  const results: BenchResult[] = [];
  for (const [set, sentences] of [
    ['bench', BENCH_SENTENCES],
    ['note', NOTE_SENTENCES],
  ] as const)
    for (const voice of ['espeak-ng', 'flite'] as const)
      results.push(...(await measure(stt, voice, set, sentences)));
  return results;
}

async function measure(
  stt: ReturnType<typeof createPocketsphinx>,
  voice: Voice,
  set: 'bench' | 'note',
  sentences: readonly string[],
): Promise<BenchResult[]> {
  const results: BenchResult[] = [];
  {
    const audio = await speak(voice, [...sentences], 800);
    try {
      const cpuBefore = childCpuSeconds();
      const started = performance.now();
      const transcript = await stt.transcribeTimed(audio.file);
      const wallSeconds = (performance.now() - started) / 1000;
      const cpuSeconds = childCpuSeconds() - cpuBefore;
      const audioSeconds = audio.durationMs / 1000;
      const wer = wordErrorRate(sentences.join(' '), transcript.text);
      log(`pocketsphinx ${voice}, ${set} sentences: "${transcript.text}"`);
      results.push(
        {
          name: `pocketsphinx, ${voice}: word error rate (${sentences.length} ${set} sentences, ${round(audioSeconds, 1)} s)`,
          value: round(wer * 100, 1),
          unit: '%',
          target: `< ${MAX_WER[voice] * 100} %`,
          met: wer < MAX_WER[voice],
        },
        {
          name: `pocketsphinx, ${voice}, ${set} sentences: real-time factor, wall (s per audio s)`,
          value: round(wallSeconds / audioSeconds, 2),
          unit: 'x',
          target: 'info (depends on the load)',
          met: null,
        },
        {
          name: `pocketsphinx, ${voice}, ${set} sentences: real-time factor, CPU of ffmpeg + PocketSphinx`,
          value: round(cpuSeconds / audioSeconds, 2),
          unit: 'x',
          target: '< 1 x',
          met: Number.isFinite(cpuSeconds) ? cpuSeconds < audioSeconds : null,
        },
      );
    } finally {
      await audio.remove();
    }
  }
  return results;
}
