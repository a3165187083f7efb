/**
 * The extractive engine (offline, deterministic): every format from the user's own sentences,
 * each block carrying the ids of the source sentences it came from.
 */
import { analyse } from './analyse.ts';
import { blogPost } from './blog.ts';
import { carousel } from './carousel.ts';
import { clipHooks } from './clips.ts';
import { linkedInPost, xThread } from './social.ts';
import type { Format, FormatResult, SourceNote } from './types.ts';

export interface ExtractiveOptions {
  /** The user's name for the carousel's closing slide. */
  author?: string;
  /** Phrases to favour when ranking (e.g. the user's Ideas). */
  ideas?: readonly string[];
}

export function generateExtractive(
  notes: readonly SourceNote[],
  formats: readonly Format[],
  options: ExtractiveOptions = {},
): FormatResult[] {
  const analysis = analyse(notes, options.ideas);
  const make: Record<Format, () => FormatResult> = {
    blog: () => blogPost(analysis),
    linkedin: () => linkedInPost(analysis),
    thread: () => xThread(analysis),
    carousel: () => carousel(analysis, options.author),
    clips: () => clipHooks(analysis),
  };
  return formats.map((format) => make[format]());
}

export type { Block, Draft, Format, FormatResult, Part, SourceNote, SourceRef, TooShort } from './types.ts';
export { FORMATS } from './types.ts';
