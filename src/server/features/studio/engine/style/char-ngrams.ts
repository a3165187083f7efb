/**
 * Hashed character n-grams of a note and the two forms its bucket counts are stored in (sparse
 * `{ bucket: count }` or dense base64 uint16), shared by the profile (`profile.ts`) and fidelity.
 */
import { hash32 } from '../text/index.ts';
import { CHAR_BUCKETS, type NoteStats } from './profile-shape.ts';

/** Hashed character 3-5-grams of lower-cased text with whitespace folded to one space. */
export function charNgramCounts(text: string, into: Record<string, number> = {}): Record<string, number> {
  const s = ` ${text.toLowerCase().replace(/\s+/g, ' ').trim()} `;
  for (let n = 3; n <= 5; n++) {
    for (let i = 0; i + n <= s.length; i++) {
      const key = String(hash32(s.slice(i, i + n)) % CHAR_BUCKETS);
      into[key] = (into[key] ?? 0) + 1;
    }
  }
  return into;
}

/**
 * Sparse counts above this share of the buckets are stored densely (base64 uint16): fewer bytes
 * (350 of the 2,048 character buckets).
 */
const DENSE_FROM = 350 / CHAR_BUCKETS;

export function encodeChars(
  counts: Record<string, number>,
  buckets = CHAR_BUCKETS,
): Record<string, number> | string {
  let keys = 0;
  for (const _ in counts) keys++;
  if (keys < DENSE_FROM * buckets) return counts;
  const dense = new Uint16Array(buckets);
  for (const key in counts) dense[Number(key)] = Math.min(65535, counts[key]!);
  return Buffer.from(dense.buffer, dense.byteOffset, dense.byteLength).toString('base64');
}

/** Calls `fn(bucket, count)` for every non-zero bucket of either storage form. */
export function forEachChar(chars: NoteStats['chars'], fn: (bucket: number, count: number) => void): void {
  if (typeof chars === 'string') {
    const bytes = Buffer.from(chars, 'base64');
    for (let i = 0; i + 1 < bytes.length; i += 2) {
      const count = bytes[i]! | (bytes[i + 1]! << 8);
      if (count > 0) fn(i >> 1, count);
    }
    return;
  }
  for (const key in chars) fn(Number(key), chars[key]!);
}

/** Calls `fn(bucket, count)` for every non-zero bucket of a `lexicon` (either storage form). */
export const forEachWord = (
  lexicon: NonNullable<NoteStats['lexicon']>,
  fn: (bucket: number, count: number) => void,
) => forEachChar(lexicon, fn);
