/**
 * Show notes of a long conversation: the studio.draft job's work for a 60-minute, ~9,000-word
 * interview of a host and two guests (studio-extractive's spoken transcript, its sentences given to
 * speakers in turns), on the analysis threads as the job runs it (`draftOffThread`; show notes carry
 * no fact checklist and no user block to score). The job runs off the request path: POST
 * /api/studio/drafts answers 202 and a worker writes the draft. Measured in CPU time of the whole
 * process (process.cpuUsage counts the analysis threads too). Target: under 2 s. Baseline: the plain
 * analysis of the same text on the same threads (sentences, stats, key phrases: what a note's arrival
 * costs), measured in the same run.
 */
import { closeAnalysisPool } from '../src/server/features/studio/engine/analysis/analysis-pool.ts';
import {
  analyseOffThread,
  draftOffThread,
  type SourceNote,
  splitSentences,
} from '../src/server/features/studio/engine/index.ts';
import { cpuMs, log, median } from './lib.ts';
import { spokenTranscript } from './studio-extractive.ts';
import type { BenchResult } from './types.ts';

const BUDGET_MS = 2_000;
const RUNS = 5;
const SETTINGS = { threads: 1, timeoutMs: 120_000, niceness: 0 };
const SPEAKERS = [
  { name: 'Sam', me: true },
  { name: 'Priya', me: false },
  { name: 'Dev', me: false },
];

/**
 * The transcript as an interview: the host (the owner) opens, then each guest speaks for a few
 * sentences and the host comes back in between, turns of 1 to 12 sentences in a fixed pattern.
 */
export function conversationNote(): { note: SourceNote; text: string; words: number; minutes: number } {
  const { text, segments } = spokenTranscript();
  const sentences = splitSentences(text, segments);
  let turn = 0;
  let left = 2;
  const note: SourceNote = {
    id: 'interview',
    sentences: sentences.map((s, i) => {
      if (left-- <= 0) {
        turn++;
        // The host's turns are short; a guest's run 4 to 12 sentences.
        left = turn % 2 === 0 ? 1 + (turn % 3) : 4 + ((turn * 7) % 9);
      }
      const speaker = turn % 2 === 0 ? SPEAKERS[0]! : SPEAKERS[1 + ((turn >> 1) % 2)]!;
      return { ...s, id: i + 1, speaker };
    }),
  };
  return { note, text, words: text.split(/\s+/).length, minutes: segments.at(-1)!.endMs / 60_000 };
}

export async function run(): Promise<BenchResult[]> {
  const { note, text, words, minutes } = conversationNote();
  const segments = spokenTranscript().segments;
  log(`studio-shownotes: a conversation of ${words} words, ${minutes.toFixed(0)} minutes, 3 speakers`);
  const analysisTimes: number[] = [];
  const jobTimes: number[] = [];
  let chapters = 0;
  let quotes = 0;
  try {
    // A first run of each starts the thread and compiles the code: not what a job costs.
    await analyseOffThread(SETTINGS, [{ text, register: 'spoken', segments }]);
    await draftOffThread(SETTINGS, { notes: [note], format: 'shownotes', options: {} });
    for (let i = 0; i < RUNS; i++) {
      let started = cpuMs();
      await analyseOffThread(SETTINGS, [{ text, register: 'spoken', segments }]);
      analysisTimes.push(cpuMs() - started);
      started = cpuMs();
      const draft = await draftOffThread(SETTINGS, { notes: [note], format: 'shownotes', options: {} });
      jobTimes.push(cpuMs() - started);
      if (!draft.ok) throw new Error(`show notes failed: ${draft.message}`);
      chapters = (draft.meta.chapters as unknown[]).length;
      quotes = draft.blocks.filter((b) => b.origin === 'guest').length;
    }
  } finally {
    await closeAnalysisPool();
  }
  const job = median(jobTimes);
  const analysis = median(analysisTimes);
  log(
    `studio-shownotes: show notes (${chapters} chapters, ${quotes} quotes) in ${job.toFixed(0)} ms CPU; plain analysis ${analysis.toFixed(0)} ms`,
  );
  const name = `show notes of a ${Math.round(minutes)}-minute, ${Math.round(words / 1000)}k-word conversation, CPU (ms)`;
  return [
    {
      name: `${name} vs its plain analysis`,
      value: job,
      unit: 'ms',
      baseline: analysis,
      ratio: job / analysis,
      target: 'info',
      met: null,
    },
    {
      name,
      value: job,
      unit: 'ms',
      ratio: job / BUDGET_MS,
      target: `< ${BUDGET_MS} ms`,
      met: job < BUDGET_MS,
    },
  ];
}
