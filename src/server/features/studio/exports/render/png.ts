import { crc32, deflateSync } from 'node:zlib';

/**
 * An opaque RGBA image (what resvg renders a slide into) as an 8-bit RGB PNG: the alpha bytes left
 * out, every row unfiltered, zlib's fastest level. About half resvg's own PNG encoding time (which
 * keeps the alpha channel and filters each row), and an RGB PNG goes into the carousel's PDF as it
 * is (pdf.ts), where an RGBA one had to be inflated, stripped and deflated again. Null when a pixel
 * is not opaque (the caller keeps the RGBA PNG): leaving its alpha out would change what it shows.
 */
export function opaqueRgbPng(rgba: Uint8Array, width: number, height: number): Buffer | null {
  const stride = width * 3 + 1;
  const rows = Buffer.allocUnsafe(stride * height);
  let alpha = 255;
  for (let y = 0, from = 0; y < height; y++) {
    let to = y * stride;
    rows[to++] = 0;
    for (let x = 0; x < width; x++, from += 4, to += 3) {
      rows[to] = rgba[from]!;
      rows[to + 1] = rgba[from + 1]!;
      rows[to + 2] = rgba[from + 2]!;
      alpha &= rgba[from + 3]!;
    }
  }
  if (alpha !== 255) return null;
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bits per channel
  header[9] = 2; // RGB
  return Buffer.concat([
    PNG_SIGNATURE,
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 1 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function chunk(type: string, data: Buffer): Buffer {
  const out = Buffer.allocUnsafe(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'latin1');
  data.copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)) >>> 0, 8 + data.length);
  return out;
}
