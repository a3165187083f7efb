import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Resvg } from '@resvg/resvg-js';
import { unzipSync, zipSync } from 'fflate';
import satori from 'satori';
import { coveredCodePoints, missingGlyphs } from './glyphs.ts';
import { opaqueRgbPng } from './png.ts';

/** Instagram's portrait post: 1080 x 1350. */
export const SLIDE_WIDTH = 1080;
export const SLIDE_HEIGHT = 1350;
const PADDING = 96;

export interface CarouselSlide {
  /** 'title' opens the carousel, 'closing' ends it, 'idea' is one idea of at most 30 words. */
  kind: 'title' | 'idea' | 'closing';
  text: string;
}

/** A satori element: the same shape React elements have, written without JSX (the server has no JSX). */
export interface Node {
  type: string;
  props: {
    style?: Record<string, unknown>;
    children?: (Node | string)[] | Node | string;
    [attribute: string]: unknown;
  };
}
const h = (type: string, style: Record<string, unknown>, children: Node['props']['children']): Node => ({
  type,
  props: { style, children },
});

let fonts: { name: string; data: Buffer; weight: 400 | 700 | 800; style: 'normal' }[] | undefined;
/** Inter from @fontsource/inter (WOFF: satori reads TTF, OTF and WOFF), loaded on first use. */
function loadFonts() {
  if (fonts) return fonts;
  const require = createRequire(import.meta.url);
  const file = (weight: number) =>
    readFileSync(require.resolve(`@fontsource/inter/files/inter-latin-${weight}-normal.woff`));
  fonts = ([400, 700, 800] as const).map((weight) => ({
    name: 'Inter',
    data: file(weight),
    weight,
    style: 'normal' as const,
  }));
  return fonts;
}

let covered: Set<number> | undefined;
/** Every character the slides' font can draw. */
export function slideGlyphs(): Set<number> {
  covered ??= coveredCodePoints(loadFonts()[0]!.data);
  return covered;
}

/** The text as a slide prints it: characters the font cannot draw (an emoji, an arrow) are left out. */
export function printable(text: string): string {
  const missing = new Set(missingGlyphs(text, slideGlyphs()));
  if (!missing.size) return text;
  return [...text]
    .filter((char) => !missing.has(char))
    .join('')
    .replace(/ {2,}/g, ' ')
    .replace(/ ([,.;:!?])/g, '$1')
    .trim();
}

/** "Swipe" and an arrow drawn as a path (the font has no arrow glyph). */
const swipe = (color: string): Node[] => [
  h('div', { display: 'flex' }, 'Swipe'),
  {
    type: 'svg',
    props: {
      width: 40,
      height: 40,
      viewBox: '0 0 24 24',
      fill: 'none',
      stroke: color,
      strokeWidth: 2.5,
      style: { marginLeft: 12 },
      children: {
        type: 'path',
        props: { d: 'M4 12h15M13 6l6 6-6 6', strokeLinecap: 'round', strokeLinejoin: 'round' },
      },
    },
  },
];

/** Font size that keeps a slide's text inside it: shorter text is set larger. */
function fontSizeFor(slide: CarouselSlide): number {
  const length = slide.text.length;
  if (slide.kind === 'title') return length > 90 ? 72 : length > 50 ? 84 : 96;
  return length > 160 ? 52 : length > 100 ? 60 : 68;
}

export function slideTree(slide: CarouselSlide, index: number, total: number, author: string): Node {
  const dark = slide.kind !== 'idea';
  const foreground = dark ? '#ffffff' : '#111827';
  return h(
    'div',
    {
      width: SLIDE_WIDTH,
      height: SLIDE_HEIGHT,
      display: 'flex',
      flexDirection: 'column',
      justifyContent: 'space-between',
      padding: PADDING,
      boxSizing: 'border-box',
      backgroundColor: dark ? '#4f46e5' : '#ffffff',
      backgroundImage: dark ? 'linear-gradient(160deg, #4f46e5 0%, #7c3aed 100%)' : undefined,
      color: foreground,
      fontFamily: 'Inter',
    },
    [
      h('div', { display: 'flex', fontSize: 34, fontWeight: 700, opacity: 0.8 }, `${index + 1} / ${total}`),
      h(
        'div',
        {
          display: 'flex',
          width: SLIDE_WIDTH - 2 * PADDING,
          fontSize: fontSizeFor(slide),
          fontWeight: slide.kind === 'title' ? 800 : 700,
          lineHeight: 1.2,
          letterSpacing: slide.kind === 'title' ? -1.5 : -0.5,
        },
        printable(slide.text),
      ),
      h(
        'div',
        { display: 'flex', width: SLIDE_WIDTH - 2 * PADDING, justifyContent: 'space-between', fontSize: 34 },
        [
          h('div', { display: 'flex', fontWeight: 700 }, printable(author)),
          h(
            'div',
            { display: 'flex', alignItems: 'center' },
            slide.kind === 'closing' ? '' : swipe(foreground),
          ),
        ],
      ),
    ],
  );
}

/**
 * Renders each slide as a 1080x1350 PNG with the user's chosen name, none when empty (satori -> SVG,
 * resvg -> pixels -> an RGB PNG).
 */
export async function renderCarousel(slides: CarouselSlide[], author: string): Promise<Buffer[]> {
  const pngs: Buffer[] = [];
  for (const [index, slide] of slides.entries()) {
    // biome-ignore lint/suspicious/noExplicitAny: satori's parameter is a React element; this is its plain shape
    const svg = await satori(slideTree(slide, index, slides.length, author) as any, {
      width: SLIDE_WIDTH,
      height: SLIDE_HEIGHT,
      fonts: loadFonts(),
    });
    const image = new Resvg(svg, { fitTo: { mode: 'width', value: SLIDE_WIDTH } }).render();
    // Slides are opaque (each paints its background): RGB, which the PDF takes as it is (png.ts).
    pngs.push(opaqueRgbPng(image.pixels, image.width, image.height) ?? image.asPng());
  }
  return pngs;
}

/** The slides as one zip: slide-01.png, slide-02.png, ... */
export function zipSlides(pngs: Buffer[]): Uint8Array {
  return zipSync(
    Object.fromEntries(
      pngs.map((png, i) => [`slide-${String(i + 1).padStart(2, '0')}.png`, [png, { level: 0 }]]),
    ),
  );
}

/** The PNGs of a zip made by zipSlides, in slide order. */
export function slidePngs(zip: Uint8Array): Buffer[] {
  const files = unzipSync(zip, { filter: (file) => /^slide-\d+\.png$/.test(file.name) });
  return Object.keys(files)
    .sort()
    .map((name) => Buffer.from(files[name]!));
}
