import { describe, expect, it } from 'vitest';
import { imagesToPdf } from './pdf.ts';

describe('imagesToPdf', () => {
  it('writes one page per image with a cross-reference table that points at each object', () => {
    const red = { width: 2, height: 2, rgb: new Uint8Array([255, 0, 0, 255, 0, 0, 255, 0, 0, 255, 0, 0]) };
    const pdf = imagesToPdf([red, red, red]);
    const text = pdf.toString('latin1');
    expect(text.startsWith('%PDF-1.4')).toBe(true);
    expect(text.trimEnd().endsWith('%%EOF')).toBe(true);
    expect(text).toContain('/Count 3');
    expect(text.match(/\/Type \/Page /g)).toHaveLength(3);
    const start = Number(/startxref\n(\d+)/.exec(text)![1]);
    expect(text.slice(start, start + 4)).toBe('xref');
    const entries = text
      .slice(start)
      .split('\n')
      .slice(3)
      .filter((l) => / 00000 n $/.test(l));
    for (const [i, entry] of entries.entries())
      expect(text.startsWith(`${i + 1} 0 obj\n`, Number(entry.slice(0, 10)))).toBe(true);
    expect(entries).toHaveLength(1 + 1 + 3 * 3);
  });

  it('refuses pixels that are not the image size', () => {
    expect(() => imagesToPdf([{ width: 2, height: 2, rgb: new Uint8Array(3) }])).toThrow();
  });
});
