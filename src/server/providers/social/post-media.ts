import { openAsBlob } from 'node:fs';
import { ALT_TEXT_LIMITS, altTextLength, type ImagePlatform } from '#contract/publishing.ts';
import { PlatformError } from './http.ts';
import type { OutgoingImage } from './types.ts';

/**
 * What the platforms take as images (their documentation): Bluesky a blob of at most 1,000,000
 * bytes (app.bsky.embed.images), X 5 MB (simple upload), Mastodon the instance's limit (16 MB by
 * default). An image over its platform's size or alt-text limit is refused before any upload.
 */
export const IMAGE_MAX_BYTES: Record<ImagePlatform, number> = {
  bluesky: 1_000_000,
  x: 5 * 1024 * 1024,
  mastodon: 16 * 1024 * 1024,
};

const LABELS: Record<ImagePlatform, string> = { x: 'X', bluesky: 'Bluesky', mastodon: 'Mastodon' };

/** Refuses (never uploads) an image its platform would not take: too large, or alt text missing or too long. */
export function checkImage(platform: ImagePlatform, image: OutgoingImage, index: number): void {
  const label = LABELS[platform];
  if (image.bytes.byteLength > IMAGE_MAX_BYTES[platform])
    throw new PlatformError(
      'refused',
      `${label}: image ${index + 1} is ${image.bytes.byteLength} bytes; ${label} takes at most ${IMAGE_MAX_BYTES[platform]}`,
    );
  const { max, unit } = ALT_TEXT_LIMITS[platform];
  if (!image.alt.trim()) throw new PlatformError('refused', `${label}: image ${index + 1} has no alt text`);
  if (altTextLength(platform, image.alt) > max)
    throw new PlatformError('refused', `${label}: the alt text of image ${index + 1} is over ${max} ${unit}`);
}

/** Checks every image of a post before the first is uploaded. */
export function checkImages(platform: ImagePlatform, images: OutgoingImage[]): void {
  for (const [i, image] of images.entries()) checkImage(platform, image, i);
}

/** A PNG's width and height in pixels (its IHDR chunk). */
export function pngSize(png: Uint8Array): { width: number; height: number } {
  const view = Buffer.from(png.buffer, png.byteOffset, png.byteLength);
  if (view.length < 24 || view.toString('latin1', 12, 16) !== 'IHDR') throw new Error('not a PNG');
  return { width: view.readUInt32BE(16), height: view.readUInt32BE(20) };
}

/** The bytes as a form's file (media uploads are multipart/form-data). */
export const fileOf = (bytes: Uint8Array, type: string) => new Blob([new Uint8Array(bytes)], { type });

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Polls `check` until it says the media is ready (true), at most `tries` times `everyMs` apart; a
 * platform still processing after that is an unknown outcome for this run (the post is retried later
 * and uploads again: nothing was posted).
 */
export async function untilReady(
  label: string,
  check: () => Promise<boolean>,
  { tries, everyMs }: { tries: number; everyMs: number },
): Promise<void> {
  for (let i = 0; i < tries; i++) {
    if (await check()) return;
    await sleep(everyMs);
  }
  throw new PlatformError('server', `${label}: the media was still processing; trying again later`);
}

/** Largest clip each platform takes (Bluesky's app.bsky.embed.video blob: 50,000,000 bytes). */
export const VIDEO_MAX_BYTES: Record<ImagePlatform, number> = {
  bluesky: 50_000_000,
  x: 512 * 1024 * 1024,
  mastodon: 99 * 1024 * 1024,
};

/** Refuses a clip its platform would not take (too large) before anything is uploaded. */
export function checkVideo(platform: ImagePlatform, bytes: number): void {
  if (bytes > VIDEO_MAX_BYTES[platform])
    throw new PlatformError(
      'refused',
      `${LABELS[platform]}: the clip is ${bytes} bytes; ${LABELS[platform]} takes at most ${VIDEO_MAX_BYTES[platform]}`,
    );
}

/** A file on disk as a Blob that fetch streams from the file (never read into memory whole). */
export const fileBlob = (file: string, type: string) => openAsBlob(file, { type });
