/** Shapes of the extractive engine's input and output (JSON-serialisable). */
import type { Span } from '../text/index.ts';

export type Id = string | number;

export const FORMATS = ['blog', 'linkedin', 'thread', 'carousel', 'clips', 'shownotes'] as const;
export type Format = (typeof FORMATS)[number];

export interface SourceSentence {
  id: Id;
  text: string;
  startMs?: number;
  endMs?: number;
  filler: boolean;
  fillers: Span[];
  /**
   * Who said it, in a conversation note. Absent in a solo note: the owner's words. `me` marks the
   * owner's own turns; anyone else's words may appear in a draft only as an attributed quote.
   */
  speaker?: { name: string; me: boolean };
}

export interface SourceNote {
  id: Id;
  sentences: SourceSentence[];
}

export interface SourceRef {
  noteId: Id;
  sentenceId: Id;
}

/** One sentence (or sentence piece) of a block with the source sentences it came from. */
export interface Part {
  text: string;
  sources: SourceRef[];
  /** False for Echo's own words (a heading made from key phrases, a closing slide). */
  supported: boolean;
  /** The source sentence as said, when light editing cut something from it. */
  said?: string;
}

export type BlockKind =
  | 'title'
  | 'heading'
  | 'paragraph'
  | 'quote'
  | 'hook'
  | 'closing'
  | 'post'
  | 'slide'
  | 'clip';

export interface Block {
  /** Stable within the draft: "b1", "b2", ... */
  id: string;
  kind: BlockKind;
  /** The block's text as shown (parts joined; thread posts are numbered by exports, not here). */
  text: string;
  parts: Part[];
  /** Union of the parts' sources. */
  sources: SourceRef[];
  /** True when every part is supported by the user's words. */
  supported: boolean;
  /**
   * `user` when the block is the user's sentences (it cites them), `echo` when Echo wrote it,
   * `guest` when it quotes someone else in a conversation (it cites them and names `speaker`).
   */
  origin: 'user' | 'echo' | 'guest';
  /** The display name of who said a `guest` block's words. */
  speaker?: string;
  /** The source sentences as said, when light editing cut something from them. */
  said?: string;
}

export interface ClipMeta {
  blockId: string;
  startMs: number;
  endMs: number;
  hook: string;
  srt: string;
  vtt: string;
}

export interface BlogMeta {
  title: string;
  slug: string;
  description: string;
  keywords: string[];
  words: number;
}

export interface Draft {
  ok: true;
  format: Format;
  blocks: Block[];
  /** Format-specific: BlogMeta for blog, { clips: ClipMeta[] } for clips, { chars } / { posts } / { slides }. */
  meta: Record<string, unknown>;
}

export interface TooShort {
  ok: false;
  format: Format;
  /** "needs about 150 words for a blog post; this note has 60" */
  message: string;
}

export type FormatResult = Draft | TooShort;
