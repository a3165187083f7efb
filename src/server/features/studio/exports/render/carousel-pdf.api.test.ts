import { readFileSync } from 'node:fs';
import { inflateSync } from 'node:zlib';
import { Resvg } from '@resvg/resvg-js';
import { unzipSync } from 'fflate';
import { PDFDict, PDFDocument, PDFName, PDFNumber, PDFRawStream } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NoteDetail } from '#contract/studio.ts';
import type { Draft } from '#contract/studio-drafts.ts';
import { eventually, type StudioTestApp, sessionCookie, startStudioApp } from '#tests/support/studio.ts';
import { dropAlpha, readPng, slidesPdf } from './pdf.ts';

const transcript = readFileSync(
  new URL('../../../../../../tests/fixtures/pricing-voice-note.txt', import.meta.url),
  'utf8',
);

let echo: StudioTestApp;
let alice: string;
let bob: string;
beforeAll(async () => {
  echo = await startStudioApp();
  alice = await sessionCookie(echo, 'alice@example.com');
  bob = await sessionCookie(echo, 'bob@example.com');
});
afterAll(() => echo?.close());

const call = (url: string, cookie: string, method = 'GET', body?: unknown) =>
  echo.app!.inject({
    method: method as 'GET',
    url,
    headers: { ...(body !== undefined ? { 'content-type': 'application/json' } : {}), cookie },
    payload: body !== undefined ? JSON.stringify(body) : undefined,
  });

/** PNG rows un-filtered (the five filter types of the PNG specification), `bpp` bytes a pixel. */
function unfilter(rows: Uint8Array, width: number, height: number, bpp: number): Uint8Array {
  const stride = width * bpp;
  const out = new Uint8Array(stride * height);
  for (let y = 0; y < height; y++) {
    const type = rows[y * (stride + 1)]!;
    const from = y * (stride + 1) + 1;
    const at = y * stride;
    const up = at - stride;
    for (let x = 0; x < stride; x++) {
      const a = x >= bpp ? out[at + x - bpp]! : 0;
      const b = y > 0 ? out[up + x]! : 0;
      let predicted: number;
      if (type === 0) predicted = 0;
      else if (type === 1) predicted = a;
      else if (type === 2) predicted = b;
      else if (type === 3) predicted = (a + b) >> 1;
      else if (type === 4) {
        const c = x >= bpp && y > 0 ? out[up + x - bpp]! : 0;
        const pa = Math.abs(b - c);
        const pb = Math.abs(a - c);
        const pc = Math.abs(a + b - 2 * c);
        predicted = pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
      } else throw new Error(`filter type ${type}`);
      out[at + x] = (rows[from + x]! + predicted) & 0xff;
    }
  }
  return out;
}

/** Every page's one image: its size on the page, its pixel size and its RGB pixels. */
async function pagesOf(pdf: Uint8Array) {
  const doc = await PDFDocument.load(pdf);
  return doc.getPages().map((page) => {
    const xobjects = page.node.Resources()!.lookup(PDFName.of('XObject'), PDFDict);
    const [name] = xobjects.keys();
    const image = xobjects.lookup(name!);
    if (!(image instanceof PDFRawStream)) throw new Error('the page has no image stream');
    const number = (key: string) => image.dict.lookup(PDFName.of(key), PDFNumber).asNumber();
    const [width, height] = [number('Width'), number('Height')];
    expect(image.dict.lookup(PDFName.of('ColorSpace'))).toBe(PDFName.of('DeviceRGB'));
    const rgb = unfilter(inflateSync(image.contents), width, height, 3);
    return { page: page.getSize(), width, height, rgb };
  });
}

/** The cross-reference table the trailer points at lists every object at the byte where it starts. */
function expectSoundXref(pdf: Buffer) {
  const text = pdf.toString('latin1');
  expect(text.endsWith('%%EOF\n')).toBe(true);
  const start = Number(/startxref\n(\d+)\n%%EOF\n$/.exec(text)![1]);
  const table = /^xref\n0 (\d+)\n/.exec(text.slice(start))!;
  const count = Number(table[1]);
  const entries = text
    .slice(start + table[0].length)
    .split('\n')
    .slice(1, count);
  expect(entries).toHaveLength(count - 1);
  for (const [i, entry] of entries.entries()) {
    expect(entry).toMatch(/^\d{10} 00000 n $/);
    expect(text.slice(Number(entry.slice(0, 10))).startsWith(`${i + 1} 0 obj\n`), `object ${i + 1}`).toBe(
      true,
    );
  }
}

/** A PNG's pixels as RGB (an RGBA one once it is checked that every pixel is opaque). */
function pngRgb(file: Uint8Array) {
  const png = readPng(Buffer.from(file));
  if (png.colorType === 2)
    return {
      width: png.width,
      height: png.height,
      rgb: unfilter(inflateSync(png.data), png.width, png.height, 3),
    };
  const rgba = unfilter(inflateSync(png.data), png.width, png.height, 4);
  const rgb = new Uint8Array(png.width * png.height * 3);
  let transparent = 0;
  for (let i = 0, o = 0; i < rgba.length; i += 4) {
    if (rgba[i + 3] !== 255) transparent++;
    rgb[o++] = rgba[i]!;
    rgb[o++] = rgba[i + 1]!;
    rgb[o++] = rgba[i + 2]!;
  }
  expect(transparent).toBe(0);
  return { width: png.width, height: png.height, rgb };
}

describe('The carousel as a PDF', () => {
  let carousel: Draft;
  let linkedin: Draft;
  beforeAll(async () => {
    const note = (
      await call('/api/studio/notes', alice, 'POST', { text: transcript, title: 'Pricing' })
    ).json() as NoteDetail;
    const res = await call('/api/studio/drafts', alice, 'POST', {
      note_ids: [note.id],
      formats: ['carousel', 'linkedin'],
    });
    expect(res.statusCode, res.body).toBe(202);
    const ids = (res.json() as { drafts: Draft[] }).drafts.map((d) => d.id);
    [carousel, linkedin] = await Promise.all(
      ids.map((id) =>
        eventually(async () => {
          const draft = (await call(`/api/studio/drafts/${id}`, alice)).json() as Draft;
          return draft.status === 'ready' && draft;
        }),
      ),
    );
    if (carousel!.format !== 'carousel') [carousel, linkedin] = [linkedin!, carousel!];
  });

  it('is one page a slide, each the very pixels of the PNG slide, in order', {
    timeout: 120_000,
  }, async () => {
    const res = await call(`/api/studio/drafts/${carousel.id}/export?as=pdf`, alice);
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="carousel-\d{4}-\d{2}-\d{2}\.pdf"$/,
    );
    const pdf = new Uint8Array(res.rawPayload);
    expect(Buffer.from(pdf.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
    expectSoundXref(Buffer.from(pdf));
    const pages = await pagesOf(pdf);
    expect(pages).toHaveLength(carousel.blocks.length);

    const zip = await call(`/api/studio/drafts/${carousel.id}/export?as=zip`, alice);
    const slides = Object.entries(unzipSync(new Uint8Array(zip.rawPayload)))
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([, png]) => pngRgb(png));
    expect(slides).toHaveLength(pages.length);
    for (const [i, page] of pages.entries()) {
      expect(page.page).toEqual({ width: 540, height: 675 });
      expect([page.width, page.height]).toEqual([1080, 1350]);
      expect([slides[i]!.width, slides[i]!.height]).toEqual([1080, 1350]);
      expect(Buffer.from(page.rgb).equals(Buffer.from(slides[i]!.rgb)), `page ${i + 1}`).toBe(true);
    }
  });

  it('keeps the very pixels of an RGBA slide too (its alpha left out)', async () => {
    // What resvg writes itself: RGBA rows filtered per row (the renderer's own slides are RGB).
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1080" height="1350">
      <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#4f46e5"/><stop offset="1" stop-color="#db2777"/></linearGradient></defs>
      <rect width="1080" height="1350" fill="url(#g)"/><circle cx="540" cy="675" r="300" fill="#fde68a"/></svg>`;
    const rgba = new Resvg(svg).render().asPng();
    expect(readPng(rgba).colorType).toBe(6);
    const [page] = await pagesOf(new Uint8Array(await slidesPdf([rgba])));
    expect(Buffer.from(page!.rgb).equals(Buffer.from(pngRgb(rgba).rgb))).toBe(true);
  });

  it('is made for carousels only, and only for their owner', async () => {
    const other = await call(`/api/studio/drafts/${linkedin.id}/export?as=pdf`, alice);
    expect(other.statusCode).toBe(400);
    expect(other.json()).toMatchObject({ code: 'validation_failed' });
    const theirs = await call(`/api/studio/drafts/${carousel.id}/export?as=pdf`, bob);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toMatchObject({ code: 'not_found' });
  });

  it('refuses what is not an 8-bit PNG rather than writing a broken page', async () => {
    await expect(slidesPdf([Buffer.from('not a png at all, not at all, no')])).rejects.toThrow(/not a PNG/);
    await expect(slidesPdf([])).rejects.toThrow(/at least one slide/);
    await expect(dropAlpha(Buffer.alloc(10), 4, 4)).rejects.toThrow(/fewer pixels/);
  });
});
