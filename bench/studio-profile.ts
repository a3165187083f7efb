/**
 * Studio voice profile: recomputing a profile of 1,000,000 words from the stored per-note
 * statistics (JSON, as the server keeps them) on one core. Notes are ~500-word pieces of real
 * State of the Union addresses, half of them spoken and half written. Target: under 2 s. The time
 * to compute the per-note stats from the text (done once per note, when it is saved) is reported
 * as the baseline.
 */
import { buildProfile, type NoteStats, noteStats } from '../src/server/features/studio/engine/style/index.ts';
import { loadSotu } from '../tests/support/sotu.ts';
import { cpuMs, log } from './lib.ts';
import type { BenchResult } from './types.ts';

const TARGET_WORDS = 1_000_000;
const NOTE_WORDS = 500;
const BUDGET_MS = 2000;
const RUNS = 5;

export async function run(): Promise<BenchResult[]> {
  const notes: string[] = [];
  let words = 0;
  for (const address of loadSotu()) {
    const paragraphs = address.text.split(/(?<=[.!?])\s+/);
    let note: string[] = [];
    let count = 0;
    for (const sentence of paragraphs) {
      note.push(sentence);
      count += sentence.split(/\s+/).length;
      if (count >= NOTE_WORDS) {
        notes.push(note.join(' '));
        words += count;
        note = [];
        count = 0;
      }
      if (words >= TARGET_WORDS) break;
    }
    if (words >= TARGET_WORDS) break;
  }
  log(`studio-profile: ${notes.length} notes, ${words} words; computing per-note stats`);
  const statsStarted = cpuMs();
  const stored = notes.map((text, i) => JSON.stringify(noteStats(text, i % 2 === 0 ? 'spoken' : 'written')));
  const statsMs = cpuMs() - statsStarted;
  const storedBytes = stored.reduce((n, s) => n + s.length, 0);

  const times: number[] = [];
  let profileWords = 0;
  for (let i = 0; i < RUNS; i++) {
    const started = cpuMs();
    const stats = stored.map((json) => JSON.parse(json) as NoteStats);
    const profile = buildProfile(stats, { pinned: [], banned: [] });
    times.push(cpuMs() - started);
    profileWords = profile.words;
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)]!;
  log(`studio-profile: profile of ${profileWords} words in ${median.toFixed(0)} ms (median of ${RUNS})`);
  return [
    {
      name: `studio profile of ${Math.round(profileWords / 1000)}k words from stored stats (ms)`,
      value: median,
      unit: 'ms',
      baseline: statsMs,
      ratio: median / BUDGET_MS,
      target: `< ${BUDGET_MS} ms (baseline: computing the stats from text once)`,
      met: median < BUDGET_MS,
    },
    {
      name: 'studio stored stats per note (bytes)',
      value: storedBytes / notes.length,
      unit: 'bytes',
      target: 'info',
      met: null,
    },
  ];
}
