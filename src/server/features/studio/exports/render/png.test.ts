import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { readPng } from './pdf.ts';
import { opaqueRgbPng } from './png.ts';

describe('an opaque slide as an RGB PNG', () => {
  const width = 3;
  const height = 2;
  const rgba = Uint8Array.from([
    ...[10, 20, 30, 255, 40, 50, 60, 255, 70, 80, 90, 255],
    ...[1, 2, 3, 255, 4, 5, 6, 255, 7, 8, 9, 255],
  ]);

  it('keeps every pixel, leaves the alpha out, and reads back as an 8-bit RGB PNG', () => {
    const png = opaqueRgbPng(rgba, width, height)!;
    const read = readPng(png);
    expect(read).toMatchObject({ width, height, colorType: 2 });
    // Each row: filter byte 0, then the pixels' red, green and blue.
    expect([...inflateSync(read.data)]).toEqual([
      ...[0, 10, 20, 30, 40, 50, 60, 70, 80, 90],
      ...[0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
    ]);
  });

  it('is null when a pixel is not opaque (its alpha would be lost)', () => {
    const seeThrough = Uint8Array.from(rgba);
    seeThrough[7] = 128;
    expect(opaqueRgbPng(seeThrough, width, height)).toBeNull();
  });
});
