import { describe, expect, it } from 'vitest';
import { PlatformError } from './http.ts';
import { checkImages, checkVideo, IMAGE_MAX_BYTES, pngSize } from './post-media.ts';

const png = (width: number, height: number, size = 64) => {
  const bytes = Buffer.alloc(size);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(bytes, 0);
  bytes.writeUInt32BE(13, 8);
  bytes.write('IHDR', 12, 'latin1');
  bytes.writeUInt32BE(width, 16);
  bytes.writeUInt32BE(height, 20);
  return bytes;
};
const refusal = (run: () => void) => {
  try {
    run();
  } catch (error) {
    return error instanceof PlatformError ? `${error.kind}: ${error.message}` : String(error);
  }
  return 'accepted';
};

describe('what the platforms take as media', () => {
  it('reads a PNG’s size from its header', () => {
    expect(pngSize(png(1080, 1350))).toEqual({ width: 1080, height: 1350 });
    expect(() => pngSize(Buffer.from('not a png at all, not at all'))).toThrow();
  });

  it('refuses, before any upload, an image over the platform’s bytes or alt text, or without alt text', () => {
    const image = (bytes: number, alt: string) => ({
      bytes: png(1080, 1350, bytes),
      alt,
      width: 1080,
      height: 1350,
    });
    expect(refusal(() => checkImages('bluesky', [image(1000, 'A slide')]))).toBe('accepted');
    expect(refusal(() => checkImages('bluesky', [image(IMAGE_MAX_BYTES.bluesky + 1, 'A slide')]))).toMatch(
      /^refused: Bluesky: image 1 is 1000001 bytes; Bluesky takes at most 1000000/,
    );
    expect(refusal(() => checkImages('x', [image(100, 'ok'), image(100, '  ')]))).toBe(
      'refused: X: image 2 has no alt text',
    );
    expect(refusal(() => checkImages('x', [image(100, 'a'.repeat(1001))]))).toMatch(/over 1000 characters/);
    expect(refusal(() => checkImages('mastodon', [image(100, 'a'.repeat(1500))]))).toBe('accepted');
    // Bluesky counts graphemes: 2,000 family emoji are 2,000, not 14,000 code units.
    expect(refusal(() => checkImages('bluesky', [image(100, '👨‍👩‍👧'.repeat(2000))]))).toBe('accepted');
    expect(refusal(() => checkImages('bluesky', [image(100, '👨‍👩‍👧'.repeat(2001))]))).toMatch(
      /over 2000 graphemes/,
    );
  });

  it('refuses a clip over Bluesky’s 50,000,000-byte video blob', () => {
    expect(refusal(() => checkVideo('bluesky', 50_000_000))).toBe('accepted');
    expect(refusal(() => checkVideo('bluesky', 50_000_001))).toMatch(/^refused: Bluesky: the clip is/);
  });
});
