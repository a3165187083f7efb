/**
 * Word tokens with character offsets, shared by every text module of the Studio. Pure: no I/O.
 * A word is a run of letters/digits with inner apostrophes ("don't", "it's") or inner hyphens
 * ("well-known"); curly apostrophes are normalised in `norm`.
 */

export interface Token {
  /** Lower-case form with ’ folded to '. */
  norm: string;
  start: number;
  end: number;
}

const WORD = /[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu;

export function tokenize(text: string, offset = 0): Token[] {
  const tokens: Token[] = [];
  WORD.lastIndex = 0;
  for (let match = WORD.exec(text); match !== null; match = WORD.exec(text)) {
    tokens.push({
      norm: match[0].toLowerCase().replace(/’/g, "'"),
      start: match.index + offset,
      end: match.index + offset + match[0].length,
    });
  }
  return tokens;
}

/** Lower-case words only (no offsets), for counting. */
export function wordsOf(text: string): string[] {
  const out: string[] = [];
  WORD.lastIndex = 0;
  for (let match = WORD.exec(text); match !== null; match = WORD.exec(text)) {
    out.push(match[0].toLowerCase().replace(/’/g, "'"));
  }
  return out;
}

export function countWords(text: string): number {
  WORD.lastIndex = 0;
  let n = 0;
  while (WORD.exec(text) !== null) n++;
  return n;
}

/**
 * A light English stemmer for grouping (plurals, -ing, -ed, final e): "pricing", "prices" and
 * "price" all give "pric". Not a linguistic stemmer; only used to compare words.
 */
export function stem(word: string): string {
  let w = word.toLowerCase();
  if (w.length <= 3) return w;
  if (w.endsWith("'s")) w = w.slice(0, -2);
  if (w.endsWith('ies') && w.length > 4) w = `${w.slice(0, -3)}y`;
  else if (w.endsWith('sses')) w = w.slice(0, -2);
  else if (w.endsWith('es') && /(?:ch|sh|x|z)es$/.test(w)) w = w.slice(0, -2);
  else if (w.endsWith('s') && !w.endsWith('ss') && !w.endsWith('us') && !w.endsWith('is')) w = w.slice(0, -1);
  if (w.endsWith('ing') && w.length > 5) w = w.slice(0, -3);
  else if (w.endsWith('ed') && w.length > 4) w = w.slice(0, -2);
  if (w.length > 4 && /([b-df-hj-np-tv-z])\1$/.test(w) && !/(ll|ss|zz)$/.test(w)) w = w.slice(0, -1);
  if (w.endsWith('e') && w.length > 3) w = w.slice(0, -1);
  return w;
}

/** Estimated syllables of one English word (vowel groups with the usual corrections). */
export function syllables(word: string): number {
  const w = word.toLowerCase().replace(/[^a-z]/g, '');
  if (w.length === 0) return 0;
  if (w.length <= 3) return 1;
  const trimmed = w.replace(/(?:[^laeiouy]es|[^laeiouy]ed|[^laeiouy]e)$/, '').replace(/^y/, '');
  const groups = trimmed.match(/[aeiouy]{1,2}/g);
  return Math.max(1, groups ? groups.length : 1);
}

/** FNV-1a 32-bit hash of a string (stable across runs and machines). */
export function hash32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}
