import { readFileSync } from 'node:fs';
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { flattenDraft, generateExtractive } from '../../engine/index.ts';
import {
  type Node,
  printable,
  renderCarousel,
  SLIDE_HEIGHT,
  SLIDE_WIDTH,
  slideGlyphs,
  slideTree,
  zipSlides,
} from './carousel.ts';
import { missingGlyphs } from './glyphs.ts';

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

/** Every string a slide prints (the text nodes of its tree). */
const printed = (node: Node | string | undefined): string[] => {
  if (node === undefined) return [];
  if (typeof node === 'string') return [node];
  const children = node.props.children;
  return (Array.isArray(children) ? children : [children]).flatMap((child) => printed(child));
};

describe('carousel glyphs', () => {
  const font = slideGlyphs();

  it('knows what the bundled font lacks', () => {
    expect(missingGlyphs('Swipe →', font)).toEqual(['→']);
    expect(missingGlyphs('Swipe 🎯', font)).toEqual(['🎯']);
    expect(missingGlyphs('“Dana’s” pricing — 3/10 – café', font)).toEqual([]);
  });

  it('prints only characters the font has: every slide of a carousel from a note, arrows and emoji too', () => {
    const transcript = readFileSync(
      new URL('../../../../../../tests/fixtures/pricing-voice-note.txt', import.meta.url),
      'utf8',
    );
    const sentences = transcript
      .split(/(?<=[.!?])\s+/)
      .map((text, i) => ({ id: `s${i}`, text, filler: false, fillers: [] }));
    const [draft] = generateExtractive([{ id: 'n1', sentences }], ['carousel'], { byline: 'Dana → Lee 🎯' });
    if (!draft?.ok) throw new Error('the note is long enough for a carousel');
    const blocks = flattenDraft(draft);
    const slides = [
      ...blocks.map((b, i) => ({
        kind:
          i === 0 ? ('title' as const) : i === blocks.length - 1 ? ('closing' as const) : ('idea' as const),
        text: b.text,
      })),
      { kind: 'idea' as const, text: 'Step one → step two 🚀, then “rest”.' },
    ];
    for (const [i, slide] of slides.entries()) {
      const text = printed(slideTree(slide, i, slides.length, 'Dana → Lee 🎯')).join(' ');
      expect(missingGlyphs(text, font), text).toEqual([]);
    }
    // Nothing left of a slide's words but what cannot be drawn.
    expect(printable('Step one → step two 🚀, then “rest”.')).toBe('Step one step two, then “rest”.');
  });

  it('prints no name when none is chosen', () => {
    const tree = slideTree({ kind: 'idea', text: 'Ask what it is worth.' }, 1, 5, '');
    expect(printed(tree).filter((s) => s.trim())).toEqual(['2 / 5', 'Ask what it is worth.', 'Swipe']);
  });
});
