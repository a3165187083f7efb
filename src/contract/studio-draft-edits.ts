import { z } from 'zod';
import { type BlockKind, draftBlockSchema, fidelitySchema } from './studio-drafts.ts';

/** Echo Studio drafts, edited: the parts the editor edits as one text, a save, a regeneration, the versions kept. */

/**
 * What the editor edits as one text: a paragraph (the sentence blocks of one group, next to each
 * other) or any other block on its own (a title, a heading, a post of a thread, a slide, a clip).
 */
export function editUnits<B extends { kind: BlockKind; group: number }>(blocks: readonly B[]): B[][] {
  const units: B[][] = [];
  for (const block of blocks) {
    const last = units.at(-1);
    const prev = last?.at(-1);
    if (last && prev && block.kind === 'sentence' && prev.kind === 'sentence' && prev.group === block.group)
      last.push(block);
    else units.push([block]);
  }
  return units;
}

/** Kinds of block the editor can add (a title, meta description, keywords or clip cannot be added). */
export const ADDABLE_BLOCK_KINDS = ['heading', 'sentence', 'quote', 'hook', 'cta', 'post', 'slide'] as const;
export type AddableBlockKind = (typeof ADDABLE_BLOCK_KINDS)[number];
export const DRAFT_BLOCKS_MAX = 500;
/** Characters a paragraph edited as one text may have (as a block's text: a paragraph is not longer). */
export const DRAFT_PARAGRAPH_MAX = 5000;

export const updateDraftSchema = z.object({
  /**
   * Edited texts by block id (an empty text deletes the block). With `order`, also the blocks the
   * editor added: an id of the client's choosing that the draft does not have, with its text and kind.
   */
  blocks: z
    .array(
      z.object({
        id: z.string().max(100),
        text: z.string().max(5000),
        kind: z.enum(ADDABLE_BLOCK_KINDS).optional(),
      }),
    )
    .max(DRAFT_BLOCKS_MAX),
  /**
   * The draft's blocks in their new order (add, delete, reorder): every block to keep,
   * by id; a block of the draft left out is deleted. Absent: the order stays and nothing is added.
   */
  order: z.array(z.string().max(100)).max(DRAFT_BLOCKS_MAX).optional(),
  /**
   * Paragraphs edited as one text each (`ids`: the paragraph's blocks, in order). The server splits
   * the text into sentences again: a sentence that reads as one of those blocks is that block (its
   * sources, its origin, a guest's speaker), a changed one keeps the block its first words come from
   * and is checked again against its sources, a new one is the user's; a block left out is deleted.
   */
  paragraphs: z
    .array(
      z.object({
        ids: z.array(z.string().max(100)).min(1).max(DRAFT_BLOCKS_MAX),
        text: z.string().max(DRAFT_PARAGRAPH_MAX),
      }),
    )
    .max(DRAFT_BLOCKS_MAX)
    .optional(),
  /** Learn the user's own words in the edited draft into their voice profile (default on; no note is made). */
  learn: z.boolean().default(true),
});
export type UpdateDraft = z.input<typeof updateDraftSchema>;

export const regenerateDraftSchema = z.object({ block_id: z.string().optional() });

/**
 * An earlier version of a draft: the draft as it was before a save, a regeneration or a
 * restore replaced it. GET /drafts/{id}/versions lists them newest first;
 * POST /drafts/{id}/versions/{vid}/restore brings one back (the draft as it was is kept in turn).
 */
export const VERSION_REASONS = ['save', 'regenerate', 'restore'] as const;
export const VERSION_REASON_LABELS: Record<(typeof VERSION_REASONS)[number], string> = {
  save: 'Before you saved edits',
  regenerate: 'Before Echo wrote it again',
  restore: 'Before you restored a version',
};
/** What happened when a version was kept (History's heading for it, with the time to the second). */
export const VERSION_EVENT_LABELS: Record<(typeof VERSION_REASONS)[number], string> = {
  save: 'Saved',
  regenerate: 'Regenerated',
  restore: 'Restored',
};
export const draftVersionSchema = z.object({
  id: z.string(),
  reason: z.enum(VERSION_REASONS),
  engine: z.enum(['extractive', 'llm']),
  edited: z.boolean(),
  blocks: z.array(draftBlockSchema),
  fidelity: fidelitySchema.nullable(),
  created_at: z.string(),
});
export type DraftVersion = z.infer<typeof draftVersionSchema>;
export const draftVersionsSchema = z.object({ versions: z.array(draftVersionSchema) });
export const versionParamsSchema = z.object({ id: z.string().max(100), vid: z.string().max(100) });
