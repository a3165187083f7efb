import { inflateSync } from 'node:zlib';

/**
 * Which characters a WOFF font can draw: its `cmap` table (format 4 or 12), read once. A carousel
 * slide prints only characters its font has (no "no glyph" boxes).
 */

const tableOf = (woff: Buffer, tag: string): Buffer => {
  const count = woff.readUInt16BE(12);
  for (let i = 0; i < count; i++) {
    const at = 44 + i * 20;
    if (woff.toString('latin1', at, at + 4) !== tag) continue;
    const offset = woff.readUInt32BE(at + 4);
    const compressed = woff.readUInt32BE(at + 8);
    const original = woff.readUInt32BE(at + 12);
    const data = woff.subarray(offset, offset + compressed);
    return compressed < original ? inflateSync(data) : data;
  }
  throw new Error(`font has no ${tag} table`);
};

/** The code points a WOFF font maps to a glyph. */
export function coveredCodePoints(woff: Buffer): Set<number> {
  const cmap = tableOf(woff, 'cmap');
  const covered = new Set<number>();
  const records = cmap.readUInt16BE(2);
  for (let r = 0; r < records; r++) {
    const platform = cmap.readUInt16BE(4 + r * 8);
    const offset = cmap.readUInt32BE(8 + r * 8);
    const format = cmap.readUInt16BE(offset);
    if (platform !== 0 && platform !== 3) continue;
    if (format === 12) {
      const groups = cmap.readUInt32BE(offset + 12);
      for (let g = 0; g < groups; g++) {
        const at = offset + 16 + g * 12;
        const [start, end, glyph] = [
          cmap.readUInt32BE(at),
          cmap.readUInt32BE(at + 4),
          cmap.readUInt32BE(at + 8),
        ];
        for (let c = start; c <= end; c++) if (glyph + (c - start) !== 0) covered.add(c);
      }
    } else if (format === 4) {
      const segments = cmap.readUInt16BE(offset + 6) / 2;
      const ends = offset + 14;
      const starts = ends + segments * 2 + 2;
      const deltas = starts + segments * 2;
      const ranges = deltas + segments * 2;
      for (let s = 0; s < segments; s++) {
        const start = cmap.readUInt16BE(starts + s * 2);
        const end = cmap.readUInt16BE(ends + s * 2);
        const delta = cmap.readInt16BE(deltas + s * 2);
        const range = cmap.readUInt16BE(ranges + s * 2);
        for (let c = start; c <= end && c !== 0xffff; c++) {
          let glyph: number;
          if (range === 0) glyph = (c + delta) & 0xffff;
          else {
            const raw = cmap.readUInt16BE(ranges + s * 2 + range + (c - start) * 2);
            glyph = raw === 0 ? 0 : (raw + delta) & 0xffff;
          }
          if (glyph !== 0) covered.add(c);
        }
      }
    }
  }
  return covered;
}

/** The characters of `text` none of the fonts can draw (whitespace aside), each once. */
export function missingGlyphs(text: string, covered: Set<number>): string[] {
  const missing = new Set<string>();
  for (const char of text) if (!/\s/.test(char) && !covered.has(char.codePointAt(0)!)) missing.add(char);
  return [...missing];
}
