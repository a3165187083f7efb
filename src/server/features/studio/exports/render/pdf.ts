import { promisify } from 'node:util';
import { deflate, inflate } from 'node:zlib';
import { nextTurn } from '../../../../lib/event-loop.ts';
import { Limiter } from '../../../../lib/limiter.ts';

/**
 * The carousel as one PDF, a page per slide: what LinkedIn's document posts take. It is
 * made from the rendered PNG slides themselves, so every page has the slides' pixels (same font,
 * same glyph rules, same name), at 144 dpi: a 1080 x 1350 slide is a 540 x 675 pt page.
 *
 * No PNG is decoded on the event loop. A PNG's pixel rows are zlib-compressed after a per-row
 * filter that PDF's FlateDecode reads as is (Predictor 15). An RGB PNG goes in unchanged: the
 * renderer's slides are RGB (png.ts), so a carousel's PDF is its slides' bytes with a few hundred
 * bytes of text around them. An RGBA PNG is inflated and deflated by zlib on libuv's threads, and
 * only the alpha bytes are dropped in between: each filter works byte by byte against the same
 * channel of the pixel to the left or above, so the rows stay correctly filtered for three
 * channels; that copy is done a few rows per turn of the event loop.
 *
 * The document itself is written here (PDF 1.4: catalog, pages, a content stream and an image per
 * page, the cross-reference table): a few hundred bytes of text around the image streams, joined
 * with one copy. pdf-lib wrote it at first, but its save copies every stream byte by byte in one
 * turn of the loop (long enough to hold every other request); it stays to read PDFs in the
 * tests and the bench.
 */

const inflateAsync = promisify(inflate);
const deflateAsync = promisify(deflate);
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/**
 * zlib's fastest level: far less time than the default level for a slide, for a somewhat larger PDF
 * (docs/performance.md has the figures).
 */
const DEFLATE_LEVEL = 1;
/**
 * Slides whose rows are converted at once: zlib's inflate and deflate of one overlap another's on
 * libuv's threads (faster than one after another when the machine has cores to spare), while at most this
 * many slides' pixels (about 10 MB each, inflated) are held at a time.
 */
const SLIDES_AT_ONCE = 3;
/** Pixels per inch of a page: slide pixels to PDF points (72 a inch). */
export const PDF_DPI = 144;

interface Png {
  width: number;
  height: number;
  /** 2: RGB, 6: RGBA (8 bits a channel, not interlaced). */
  colorType: 2 | 6;
  /** The IDAT chunks' data, one zlib stream. */
  data: Buffer;
}

/** The header and the compressed pixel rows of an 8-bit, non-interlaced RGB or RGBA PNG. */
export function readPng(png: Buffer): Png {
  if (png.length < 33 || !png.subarray(0, 8).equals(PNG_SIGNATURE)) throw new Error('not a PNG');
  const idat: Buffer[] = [];
  let header: Omit<Png, 'data'> | undefined;
  for (let at = 8; at + 12 <= png.length; ) {
    const length = png.readUInt32BE(at);
    const type = png.toString('latin1', at + 4, at + 8);
    const body = png.subarray(at + 8, at + 8 + length);
    if (type === 'IHDR') {
      const [depth, colorType, , , interlace] = body.subarray(8, 13);
      if (depth !== 8 || (colorType !== 2 && colorType !== 6) || interlace !== 0)
        throw new Error('only 8-bit, non-interlaced RGB or RGBA PNGs are put in a PDF');
      header = { width: body.readUInt32BE(0), height: body.readUInt32BE(4), colorType };
    } else if (type === 'IDAT') idat.push(body);
    else if (type === 'IEND') break;
    at += 12 + length;
  }
  if (!header || !idat.length) throw new Error('a PNG without its header or pixels');
  return { ...header, data: Buffer.concat(idat) };
}

/** Rows of pixels copied between two turns of the event loop (well under a millisecond of work). */
const ROWS_PER_TURN = 32;

/**
 * Filtered RGBA rows as filtered RGB rows (the alpha byte of each pixel left out), a few rows per
 * turn of the event loop so other requests are answered in between.
 */
export async function dropAlpha(rows: Buffer, width: number, height: number): Promise<Buffer> {
  const inRow = 1 + width * 4;
  if (rows.length !== inRow * height) throw new Error('the PNG has fewer pixels than its header says');
  const out = Buffer.allocUnsafe((1 + width * 3) * height);
  let o = 0;
  for (let y = 0; y < height; y++) {
    if (y > 0 && y % ROWS_PER_TURN === 0) await nextTurn();
    let i = y * inRow;
    out[o++] = rows[i++]!; // the row's filter type
    for (let x = 0; x < width; x++, i += 4) {
      out[o++] = rows[i]!;
      out[o++] = rows[i + 1]!;
      out[o++] = rows[i + 2]!;
    }
  }
  return out;
}

/** One PNG's pixels as a PDF image stream's content (FlateDecode with PNG predictors). */
async function rgbRows(png: Png): Promise<Buffer> {
  if (png.colorType === 2) return png.data;
  return deflateAsync(await dropAlpha(await inflateAsync(png.data), png.width, png.height), {
    level: DEFLATE_LEVEL,
  });
}

/** A number as PDF writes it: at most two decimals, no exponent. */
const num = (n: number) => String(Math.round(n * 100) / 100);

/** Text as a PDF string: UTF-16BE with its byte-order mark, in hex (any character, no escaping). */
const textString = (text: string) => {
  const utf16 = Buffer.from(`\ufeff${text}`, 'utf16le').swap16();
  return `<${utf16.toString('hex')}>`;
};

/** The slides (PNG files, in order) as one PDF, a page per slide. */
export async function slidesPdf(slides: Buffer[], options: { title?: string } = {}): Promise<Buffer> {
  if (!slides.length) throw new Error('a PDF needs at least one slide');
  // Objects: 1 catalog, 2 page tree, 3 document information, then page, content, image per slide.
  const objects: Array<Array<string | Buffer>> = [];
  const pageIds = slides.map((_, i) => 4 + i * 3);
  objects.push(['<< /Type /Catalog /Pages 2 0 R >>']);
  objects.push([
    `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${slides.length} >>`,
  ]);
  objects.push([
    `<< /Title ${textString(options.title ?? 'Carousel')} /Creator ${textString('Echo Studio')} /Producer ${textString('Echo Studio')} >>`,
  ]);
  const pngs = slides.map(readPng);
  const turns = new Limiter(SLIDES_AT_ONCE);
  const converted = await Promise.all(pngs.map((png) => turns.run(() => rgbRows(png))));
  for (const [i, png] of pngs.entries()) {
    const rows = converted[i]!;
    const [width, height] = [num((png.width * 72) / PDF_DPI), num((png.height * 72) / PDF_DPI)];
    const [content, image] = [pageIds[i]! + 1, pageIds[i]! + 2];
    const draw = `q ${width} 0 0 ${height} 0 0 cm /Slide Do Q`;
    objects.push([
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${width} ${height}] /Resources << /XObject << /Slide ${image} 0 R >> >> /Contents ${content} 0 R >>`,
    ]);
    objects.push([`<< /Length ${draw.length} >>\nstream\n${draw}\nendstream`]);
    objects.push([
      `<< /Type /XObject /Subtype /Image /Width ${png.width} /Height ${png.height} /ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /FlateDecode /DecodeParms << /Predictor 15 /Colors 3 /BitsPerComponent 8 /Columns ${png.width} >> /Length ${rows.length} >>\nstream\n`,
      rows,
      '\nendstream',
    ]);
  }
  const parts: Buffer[] = [Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  let offset = parts[0]!.length;
  const offsets: number[] = [];
  const add = (part: string | Buffer) => {
    const bytes = typeof part === 'string' ? Buffer.from(part, 'latin1') : part;
    parts.push(bytes);
    offset += bytes.length;
  };
  for (const [i, body] of objects.entries()) {
    offsets.push(offset);
    add(`${i + 1} 0 obj\n`);
    for (const part of body) add(part);
    add('\nendobj\n');
  }
  const xref = offset;
  add(
    `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((at) => `${String(at).padStart(10, '0')} 00000 n \n`).join('')}`,
  );
  add(`trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info 3 0 R >>\nstartxref\n${xref}\n%%EOF\n`);
  return Buffer.concat(parts, offset);
}
