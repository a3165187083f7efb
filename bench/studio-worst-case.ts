/**
 * Studio text analysis, worst case: CPU time of everything a note's analysis runs
 * (sentences, fillers, voice stats, key phrases, word count) on notes of the maximum length
 * (STUDIO_LIMITS.textMaxChars, 200,000 characters) shaped to hurt: one letter repeated, spaces
 * between two letters, dots, one long hyphenated token, fillers, emoji. Baseline: ordinary English
 * of the same length (State of the Union addresses). Target: every shape under 3 s. Before the
 * fix one letter took 126 s and spaces 88 s (quadratic regular expressions).
 */
import { STUDIO_LIMITS } from '../src/contract/studio.ts';
import { noteStats } from '../src/server/features/studio/engine/style/index.ts';
import { countWords, keyPhrases, splitSentences } from '../src/server/features/studio/engine/text/index.ts';
import { loadSotu } from '../tests/support/sotu.ts';
import { cpuMs, log } from './lib.ts';
import type { BenchResult } from './types.ts';

const BUDGET_MS = 3_000;
const MAX = STUDIO_LIMITS.textMaxChars;
const fill = (unit: string) => unit.repeat(Math.ceil(MAX / unit.length)).slice(0, MAX);

const SHAPES: Record<string, string> = {
  'one letter': fill('a'),
  'spaces between two letters': `a${' '.repeat(MAX - 2)}b`,
  dots: fill('.'),
  'one hyphenated token': fill('ab1-'),
  'apostrophes in a token': fill("a'"),
  'capitalised short words': fill('Yeah. '),
  fillers: fill('um, you know, like, I mean, the the '),
  emoji: fill('😀'),
};

function analyseMs(text: string): number {
  const started = cpuMs();
  const sentences = splitSentences(text);
  noteStats(text, 'written');
  keyPhrases(sentences, 12);
  countWords(text);
  return cpuMs() - started;
}

export async function run(): Promise<BenchResult[]> {
  const ordinary = loadSotu()
    .map((address) => address.text)
    .join('\n\n')
    .slice(0, MAX);
  analyseMs('Warm up the pricing page. It works, you know.');
  const baseline = Math.min(analyseMs(ordinary), analyseMs(ordinary));
  log(
    `studio-worst-case: ordinary English, ${MAX.toLocaleString('en-US')} characters: ${baseline.toFixed(0)} ms`,
  );
  const results: BenchResult[] = [];
  for (const [shape, text] of Object.entries(SHAPES)) {
    const ms = analyseMs(text);
    log(`studio-worst-case: ${shape}: ${ms.toFixed(0)} ms`);
    results.push({
      name: `studio analysis of a ${MAX.toLocaleString('en-US')}-character note: ${shape} (ms CPU)`,
      value: ms,
      unit: 'ms',
      baseline,
      ratio: ms / baseline,
      target: `< ${BUDGET_MS} ms (baseline: ordinary English)`,
      met: ms < BUDGET_MS,
    });
  }
  return results;
}
