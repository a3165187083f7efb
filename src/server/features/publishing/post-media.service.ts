import {
  ALT_TEXT_LIMITS,
  altTextLength,
  IMAGES_PER_POST,
  type Platform,
  takesImages,
} from '#contract/publishing.ts';
import { numberedPost } from '#contract/studio-drafts.ts';
import { pngSize } from '../../providers/social/post-media.ts';
import type { MediaRef, OutgoingImage, PlatformSession } from '../../providers/social/types.ts';
import { carouselSlidesOf, clipVideoOf } from '../studio/index.ts';
import type { PublishDeps } from './deps.ts';
import { type PostRow, recordUploads } from './repository.ts';

/**
 * A carousel on X, Bluesky and Mastodon: its slides as images with alt text, at most
 * IMAGES_PER_POST a post, so a carousel of more slides goes out as a thread of its slides in order
 * (decision 019). The slides are drawn by the Studio's exports room (`carouselSlidesOf`: the zip of
 * PNGs the download gives, on the slide thread) when the post goes out, never on the request path.
 * A clip goes as a video, cut by the same room (`clipVideoOf`) and streamed from its file.
 */

/** Uploaded media older than this is uploaded again rather than reused (Bluesky collects unused blobs). */
export const UPLOAD_REUSE_MS = 60 * 60_000;

/** A carousel's slides as the Studio draws them: its blocks that have text. */
export const slideTextsOf = (blocks: readonly { text: string }[]) =>
  blocks.filter((b) => b.text.trim()).map((b) => b.text);

/** Whether a draft goes to this platform as images (a carousel on X, Bluesky or Mastodon). */
export const goesAsImages = (format: string, platform: Platform) =>
  format === 'carousel' && takesImages(platform);

/** The posts of a carousel as images: one per IMAGES_PER_POST slides, led by its first slide's words, numbered. */
export function imageParts(slides: string[]): string[] {
  const groups = Math.ceil(slides.length / IMAGES_PER_POST);
  return Array.from({ length: groups }, (_, k) =>
    numberedPost(slides[k * IMAGES_PER_POST]!, k + 1, groups, groups > 1),
  );
}

/** Each slide's image with its alt text (the user's, else the slide's own words), counted as the platform counts. */
export function previewImages(platform: Platform, slides: string[], alts?: string[]) {
  if (!takesImages(platform)) return [];
  const { max } = ALT_TEXT_LIMITS[platform];
  return slides.map((text, i) => {
    const alt = (alts?.[i] ?? text).trim();
    const length = altTextLength(platform, alt);
    return {
      slide: i + 1,
      part: Math.floor(i / IMAGES_PER_POST),
      alt,
      length,
      limit: max,
      fits: length > 0 && length <= max,
    };
  });
}

/** The hooks of a clip-hooks draft, one per clip, in order (clip n is the n-th 'clip' block). */
export const clipHooksOf = (blocks: readonly { kind: string; text: string }[]) =>
  blocks.filter((b) => b.kind === 'clip').map((b) => b.text);

/** Every platform takes a clip as a video (X, Bluesky, Mastodon, and LinkedIn's Videos API). */
export const takesVideo = (_platform: Platform) => true;

/** What the preview says about a clip: which one goes, and how. */
export function clipPlan(clip: number, clips: number, asVideo: boolean): string {
  return asVideo
    ? `Clip ${clip} of ${clips} goes with it as a video cut from your recording.`
    : `Clip ${clip} of ${clips} is from a voice note, which has no picture: its words go, without video.`;
}

type Uploads = Record<string, { at: number; refs: MediaRef[] }>;

/**
 * The media of part `index` of an images post: those a previous run uploaded (recent enough), else
 * its slides drawn and uploaded now and recorded before the post is made, so a resumed thread does
 * not upload them again. `null`: the draft is gone (nothing can be drawn).
 */
export async function imagesForPart(
  deps: PublishDeps,
  post: PostRow,
  index: number,
  session: PlatformSession,
  slides: () => Promise<{ text: string; png: Buffer }[] | null>,
): Promise<MediaRef[] | null> {
  const kept = (post.uploads as Uploads)[index];
  if (kept && kept.at > Date.now() - UPLOAD_REUSE_MS) return kept.refs;
  const drawn = await slides();
  if (!drawn) return null;
  const alts = (post.altTexts as string[] | null) ?? [];
  const images: OutgoingImage[] = drawn
    .slice(index * IMAGES_PER_POST, (index + 1) * IMAGES_PER_POST)
    .map((slide, i) => ({
      bytes: slide.png,
      alt: alts[index * IMAGES_PER_POST + i] ?? slide.text,
      ...pngSize(slide.png),
    }));
  if (!images.length || !session.uploadImages) return [];
  const refs = await session.uploadImages(images);
  await recordUploads(deps.database.db, post.id, index, { at: Date.now(), refs });
  return refs;
}

/**
 * The media of part `index` of a post: a carousel's slides (imagesForPart), or for part 0 of a clip
 * its video; [] for none (a clip from a voice note goes as its words). null: the draft is gone.
 */
export async function mediaForPart(
  deps: PublishDeps,
  post: PostRow,
  index: number,
  session: PlatformSession,
  slides: () => Promise<{ text: string; png: Buffer }[] | null>,
): Promise<MediaRef[] | null> {
  if (post.media === 'images') return imagesForPart(deps, post, index, session, slides);
  if (post.media !== 'video' || index !== 0) return [];
  const kept = (post.uploads as Uploads)[index];
  if (kept && kept.at > Date.now() - UPLOAD_REUSE_MS) return kept.refs;
  if (!post.draftId || !session.uploadVideo) return post.draftId ? [] : null;
  // Cut from the recording into the bounded temporary space, streamed from there, then removed.
  const cut = await clipVideoOf(deps, post.ownerEmail, post.draftId, post.clip ?? 1);
  if (cut === null) return null;
  if (cut === 'audio') return [];
  let refs: MediaRef[];
  try {
    refs = await session.uploadVideo({
      file: cut.file,
      bytes: cut.bytes,
      alt: (post.parts as string[])[0] ?? '',
    });
  } finally {
    await cut.release().catch(() => undefined);
  }
  await recordUploads(deps.database.db, post.id, index, { at: Date.now(), refs });
  return refs;
}

/** The slides of a post's draft, drawn once per run (lazily: a resumed post may need none). */
export function slidesOnce(deps: PublishDeps, post: PostRow) {
  let drawn: Promise<{ text: string; png: Buffer }[] | null> | undefined;
  return () => {
    drawn ??= post.draftId ? carouselSlidesOf(deps, post.ownerEmail, post.draftId) : Promise.resolve(null);
    return drawn;
  };
}
