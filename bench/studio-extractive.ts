/**
 * Studio extractive engine: all five formats (blog post, LinkedIn post, X thread, carousel, clip
 * hooks) from a 60-minute transcript (~9,000 words: Clinton's 1995 State of the Union, a speech,
 * with fillers added every few dozen words and speech-to-text segments timed at 2.5 words/s), on one
 * core, in-process. Target: under 250 ms. Baseline: the time to split and index the same transcript
 * (sentences with times and fillers, per-note voice stats, key phrases), which happens once when
 * the note arrives.
 */
import { CONVERSATION_FORMATS } from '../src/contract/studio-drafts.ts';
import { FORMATS } from '../src/server/features/studio/engine/extractive/index.ts';
import { generateExtractive } from '../src/server/features/studio/engine/formats/index.ts';
import { noteStats } from '../src/server/features/studio/engine/style/index.ts';
import {
  keyPhrases,
  splitSentences,
  type TranscriptSegment,
} from '../src/server/features/studio/engine/text/index.ts';
import { loadSotu } from '../tests/support/sotu.ts';
import { cpuMs, log, median } from './lib.ts';
import type { BenchResult } from './types.ts';

const BUDGET_MS = 250;
const RUNS = 7;
const FILLERS = ['um,', 'uh,', 'you know,', 'um', 'uh'];

/** A speech made to look like a transcript: fillers, a repeat now and then, timed segments. */
export function spokenTranscript(): { text: string; segments: TranscriptSegment[] } {
  const address = loadSotu().find((a) => a.year === 1995 && a.name === 'William J Clinton')!;
  const words = address.text.split(/\s+/).filter(Boolean);
  const out: string[] = [];
  words.forEach((word, i) => {
    if (i % 37 === 11) out.push(FILLERS[((i / 37) % FILLERS.length) | 0]!);
    if (i % 131 === 60 && /^[a-z]+$/.test(word)) out.push(word);
    out.push(word);
  });
  const segments: TranscriptSegment[] = [];
  let ms = 0;
  for (let i = 0; i < out.length; i += 14) {
    const chunk = out.slice(i, i + 14);
    const duration = Math.round((chunk.length / 2.5) * 1000);
    segments.push({ startMs: ms, endMs: ms + duration, text: ` ${chunk.join(' ')}` });
    ms += duration + 150;
  }
  return { text: out.join(' '), segments };
}

export async function run(): Promise<BenchResult[]> {
  const { text, segments } = spokenTranscript();
  const words = text.split(/\s+/).length;
  const minutes = segments.at(-1)!.endMs / 60_000;
  log(`studio-extractive: transcript of ${words} words, ${minutes.toFixed(0)} minutes`);
  const indexTimes: number[] = [];
  const generateTimes: number[] = [];
  let blocks = 0;
  for (let run = 0; run < RUNS; run++) {
    let started = cpuMs();
    const sentences = splitSentences(text, segments);
    noteStats(text, 'spoken');
    keyPhrases(sentences);
    indexTimes.push(cpuMs() - started);
    const source = [{ id: 1, sentences: sentences.map((s, i) => ({ ...s, id: i + 1 })) }];
    started = cpuMs();
    // Every format of a note of one speaker (show notes are a conversation's).
    const results = generateExtractive(
      source,
      FORMATS.filter((f) => !CONVERSATION_FORMATS.includes(f)),
    );
    generateTimes.push(cpuMs() - started);
    if (results.some((r) => !r.ok))
      throw new Error(`a format failed: ${JSON.stringify(results.filter((r) => !r.ok))}`);
    blocks = results.reduce((n, r) => n + (r.ok ? r.blocks.length : 0), 0);
  }
  const generate = median(generateTimes);
  const index = median(indexTimes);
  log(
    `studio-extractive: five formats (${blocks} blocks) in ${generate.toFixed(1)} ms; split and index ${index.toFixed(1)} ms`,
  );
  return [
    {
      name: `studio extractive, all five formats from a ${Math.round(words / 1000)}k-word transcript (ms)`,
      value: generate,
      unit: 'ms',
      baseline: index,
      ratio: generate / BUDGET_MS,
      target: `< ${BUDGET_MS} ms (baseline: split and index it)`,
      met: generate < BUDGET_MS,
    },
  ];
}
