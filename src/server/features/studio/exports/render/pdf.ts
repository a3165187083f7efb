import { promisify } from 'node:util';
import { deflate, inflate } from 'node:zlib';
import {
  concatTransformationMatrix,
  drawObject,
  PDFDocument,
  popGraphicsState,
  pushGraphicsState,
} from 'pdf-lib';

/**
 * The carousel as one PDF, a page per slide: what LinkedIn's document posts take (issue 28). It is
 * made from the rendered PNG slides themselves, so every page has the slides' pixels (same font,
 * same glyph rules, same name), at 144 dpi: a 1080 x 1350 slide is a 540 x 675 pt page.
 *
 * No PNG is decoded on the event loop. A PNG's pixel rows are zlib-compressed after a per-row
 * filter that PDF's FlateDecode reads as is (Predictor 15). An RGB PNG goes in unchanged; the
 * renderer's RGBA slides (opaque: every slide paints its background) are inflated and deflated by
 * zlib on libuv's threads, and only the alpha bytes are dropped in between: each filter works byte
 * by byte against the same channel of the pixel to the left or above, so the rows stay correctly
 * filtered for three channels. About 10 ms of JavaScript per slide, the rest off the loop.
 */

const inflateAsync = promisify(inflate);
const deflateAsync = promisify(deflate);
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
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

/** Filtered RGBA rows as filtered RGB rows (the alpha byte of each pixel left out). */
export function dropAlpha(rows: Buffer, width: number, height: number): Buffer {
  const inRow = 1 + width * 4;
  if (rows.length !== inRow * height) throw new Error('the PNG has fewer pixels than its header says');
  const out = Buffer.allocUnsafe((1 + width * 3) * height);
  let o = 0;
  for (let y = 0; y < height; y++) {
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
  return deflateAsync(dropAlpha(await inflateAsync(png.data), png.width, png.height));
}

/** The slides (PNG files, in order) as one PDF, a page per slide. */
export async function slidesPdf(slides: Buffer[], options: { title?: string } = {}): Promise<Buffer> {
  if (!slides.length) throw new Error('a PDF needs at least one slide');
  const doc = await PDFDocument.create({ updateMetadata: false });
  doc.setTitle(options.title ?? 'Carousel');
  doc.setCreator('Echo Studio');
  doc.setProducer('Echo Studio');
  for (const file of slides) {
    const png = readPng(file);
    const image = doc.context.register(
      doc.context.stream(await rgbRows(png), {
        Type: 'XObject',
        Subtype: 'Image',
        Width: png.width,
        Height: png.height,
        ColorSpace: 'DeviceRGB',
        BitsPerComponent: 8,
        Filter: 'FlateDecode',
        DecodeParms: { Predictor: 15, Colors: 3, BitsPerComponent: 8, Columns: png.width },
      }),
    );
    const width = (png.width * 72) / PDF_DPI;
    const height = (png.height * 72) / PDF_DPI;
    const page = doc.addPage([width, height]);
    const name = page.node.newXObject('Slide', image);
    page.pushOperators(
      pushGraphicsState(),
      concatTransformationMatrix(width, 0, 0, height, 0, 0),
      drawObject(name),
      popGraphicsState(),
    );
  }
  return Buffer.from(await doc.save());
}
