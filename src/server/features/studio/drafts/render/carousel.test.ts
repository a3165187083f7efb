import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { renderCarousel, SLIDE_HEIGHT, SLIDE_WIDTH, zipSlides } from './carousel.ts';

/** Width and height from a PNG's IHDR chunk. */
const pngSize = (png: Uint8Array) => {
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  return { width: view.getUint32(16), height: view.getUint32(20) };
};
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

describe('carousel slides', () => {
  it('renders each slide as a 1080x1350 PNG and zips them in order', async () => {
    const slides = [
      { kind: 'title' as const, text: 'Pricing is a conversation, not a number' },
      { kind: 'idea' as const, text: 'Ask what the result is worth to them before you name a price.' },
      { kind: 'closing' as const, text: 'What did your last price increase teach you?' },
    ];
    const pngs = await renderCarousel(slides, 'Dana Lee');
    expect(pngs).toHaveLength(3);
    for (const png of pngs) {
      expect([...png.subarray(0, 8)]).toEqual(PNG_SIGNATURE);
      expect(pngSize(png)).toEqual({ width: SLIDE_WIDTH, height: SLIDE_HEIGHT });
    }
    // Different text draws different pixels.
    expect(Buffer.compare(pngs[0]!, pngs[1]!)).not.toBe(0);
    const files = unzipSync(zipSlides(pngs));
    expect(Object.keys(files)).toEqual(['slide-01.png', 'slide-02.png', 'slide-03.png']);
    expect(Buffer.from(files['slide-02.png']!).equals(pngs[1]!)).toBe(true);
  });
});
