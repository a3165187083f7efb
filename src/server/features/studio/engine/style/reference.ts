/**
 * Lookups in the shipped English reference (reference-data.ts, generated from the State of the
 * Union corpus). The n-gram table is parsed on first use, never at import time.
 */
import { NGRAM_TOTALS, NGRAMS } from './reference-data.ts';

let table: Map<string, number> | undefined;

function ngramTable(): Map<string, number> {
  if (!table) {
    table = new Map();
    for (const entry of NGRAMS.split('|')) {
      const colon = entry.lastIndexOf(':');
      table.set(entry.slice(0, colon), Number(entry.slice(colon + 1)));
    }
  }
  return table;
}

/** Reference count of a word 2-4-gram (0 when it is not among the most frequent). */
export function referenceCount(phrase: string): number {
  return ngramTable().get(phrase) ?? 0;
}

/** Smoothed relative frequency of a 2-4-gram in the reference (per n-gram position). */
export function referenceRate(phrase: string): number {
  const n = phrase.split(' ').length as 2 | 3 | 4;
  const total = NGRAM_TOTALS[n] ?? NGRAM_TOTALS[4];
  return (referenceCount(phrase) + 0.5) / total;
}
