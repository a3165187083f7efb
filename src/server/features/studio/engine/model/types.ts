/** What the model engine answers: the draft's blocks as the drafts room stores them (JSON-serialisable). */
import type { BlockKind } from '#contract/studio-drafts.ts';

export interface EngineBlock {
  kind: BlockKind;
  text: string;
  group: number;
  sourceIds: string[];
  supported: boolean;
  /** Whose words (default: the user's when the block cites sources). */
  origin?: 'user' | 'echo' | 'guest';
  /** Who said a `guest` block's words. */
  speaker?: string;
  /** The source sentence(s) as said, when light editing cut something. */
  said?: string;
  startMs?: number;
  endMs?: number;
}

export interface EngineDraft {
  blocks: EngineBlock[];
  meta: Record<string, unknown>;
}
