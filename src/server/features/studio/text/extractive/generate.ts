/**
 * The extractive engine (offline, deterministic): every format from the user's own sentences,
 * each block carrying the ids of the source sentences it came from.
 */
import { analyse } from './analyse.ts';
import { blogPost } from './blog.ts';
import { carousel } from './carousel.ts';
import { clipHooks } from './clips.ts';
import { linkedInPost, xThread } from './social.ts';
import type {
  Block,
  BlogMeta,
  ClipMeta,
  Draft,
  Format,
  FormatResult,
  SourceNote,
  SourceRef,
} from './types.ts';

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

/** One sentence of a draft as a flat row (the shape a per-sentence store or UI wants). */
export interface FlatBlock {
  kind:
    | 'title'
    | 'meta'
    | 'keywords'
    | 'heading'
    | 'sentence'
    | 'quote'
    | 'hook'
    | 'cta'
    | 'post'
    | 'slide'
    | 'clip';
  text: string;
  /** Index of the block (paragraph, post, slide, clip) the sentence belongs to. */
  group: number;
  sourceIds: string[];
  supported: boolean;
  startMs?: number;
  endMs?: number;
}

const FLAT_KIND: Record<Block['kind'], FlatBlock['kind']> = {
  title: 'title',
  heading: 'heading',
  paragraph: 'sentence',
  quote: 'quote',
  hook: 'hook',
  closing: 'cta',
  post: 'post',
  slide: 'slide',
  clip: 'clip',
};

/**
 * Flattens a draft to one row per sentence: paragraphs become their sentences (same `group`),
 * posts, slides and clips stay whole; a blog's meta description and keywords become rows after the
 * title; a carousel's closing slide is a slide; clips carry their start and end.
 */
export function flattenDraft(draft: Draft): FlatBlock[] {
  const rows: FlatBlock[] = [];
  const ids = (sources: readonly SourceRef[]) => sources.map((s) => String(s.sentenceId));
  const clips = new Map(
    ((draft.meta as { clips?: ClipMeta[] }).clips ?? []).map((clip) => [clip.blockId, clip] as const),
  );
  draft.blocks.forEach((block, group) => {
    let kind = FLAT_KIND[block.kind];
    if (draft.format === 'carousel' && kind === 'cta') kind = 'slide';
    if (kind === 'sentence') {
      for (const part of block.parts) {
        rows.push({ kind, text: part.text, group, sourceIds: ids(part.sources), supported: part.supported });
      }
    } else {
      const row: FlatBlock = {
        kind,
        text: block.text,
        group,
        sourceIds: ids(block.sources),
        supported: block.supported,
      };
      const clip = clips.get(block.id);
      if (clip) {
        row.startMs = clip.startMs;
        row.endMs = clip.endMs;
      }
      rows.push(row);
    }
    if (draft.format === 'blog' && block.kind === 'title') {
      const meta = draft.meta as unknown as BlogMeta & { descriptionSources: SourceRef[] };
      rows.push({
        kind: 'meta',
        text: meta.description,
        group,
        sourceIds: ids(meta.descriptionSources),
        supported: true,
      });
      rows.push({ kind: 'keywords', text: meta.keywords.join(', '), group, sourceIds: [], supported: true });
    }
  });
  return rows;
}
