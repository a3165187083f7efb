import { ADDABLE_BLOCK_KINDS, type AddableBlockKind } from '#contract/studio-draft-edits.ts';
import { badRequest } from '../../../lib/errors.ts';
import type { StoredBlock } from './repository.ts';

/** What a save asks for: edited texts, and (with `order`) added, deleted and moved blocks. */
export interface ArrangeInput {
  /** `group` (not in the API: a paragraph edited as one text, paragraphs.ts) places an added sentence. */
  blocks: { id: string; text: string; kind?: AddableBlockKind; group?: number }[];
  order?: string[];
}

const isAddable = (kind: string): kind is AddableBlockKind =>
  (ADDABLE_BLOCK_KINDS as readonly string[]).includes(kind);

/**
 * The draft's blocks in the order a save gives, with the edits to apply by block id.
 * An added block gets the next free id (`bN`), the kind asked for (else its predecessor's, when
 * that can be added, else a sentence), its predecessor's paragraph, no source yet (its text is then
 * checked like any edit) and the user as its author. A sentence moved between two sentences of one
 * paragraph joins it. Without `order`, nothing moves and only known blocks may be edited.
 */
export function arrangeBlocks(
  stored: StoredBlock[],
  input: ArrangeInput,
): { blocks: StoredBlock[]; edits: Map<string, string> } {
  const byId = new Map(stored.map((b) => [b.id, b]));
  const given = new Map(input.blocks.map((b) => [b.id, b]));
  if (!input.order) {
    const unknown = [...given.keys()].find((id) => !byId.has(id));
    if (unknown !== undefined) throw badRequest(`Unknown block: ${unknown}`);
    return { blocks: stored, edits: new Map(input.blocks.map((b) => [b.id, b.text.trim()])) };
  }
  let last = Math.max(0, ...stored.map((b) => Number(/^b(\d+)$/.exec(b.id)?.[1] ?? 0)));
  const seen = new Set<string>();
  const blocks: StoredBlock[] = [];
  const edits = new Map<string, string>();
  const added = new Set<string>();
  /** Added blocks whose paragraph was given. */
  const placed = new Set<string>();
  for (const id of input.order) {
    if (seen.has(id)) throw badRequest(`Block ${id} is listed twice in the order.`);
    seen.add(id);
    const old = byId.get(id);
    const edit = given.get(id);
    if (old) {
      blocks.push(old);
      if (edit) edits.set(id, edit.text.trim());
      continue;
    }
    if (!edit) throw badRequest(`Unknown block: ${id}`);
    const text = edit.text.trim();
    if (!text) continue; // an added block left empty adds nothing
    const before = blocks.at(-1);
    const kind = edit.kind ?? (before && isAddable(before.kind) ? before.kind : 'sentence');
    const newId = `b${++last}`;
    blocks.push({
      id: newId,
      kind,
      text: '',
      group: edit.group ?? before?.group ?? 0,
      sources: [],
      supported: false,
      origin: 'user',
    });
    added.add(newId);
    if (edit.group !== undefined) placed.add(newId);
    edits.set(newId, text);
  }
  const unlisted = [...given.keys()].find((id) => !seen.has(id));
  if (unlisted !== undefined) throw badRequest(`Block ${unlisted} is edited but not in the order.`);
  // An added first block takes the paragraph of the block after it.
  if (blocks[0] && added.has(blocks[0].id) && !placed.has(blocks[0].id) && blocks[1])
    blocks[0] = { ...blocks[0], group: blocks[1].group };
  for (let i = 1; i < blocks.length - 1; i++) {
    const [prev, block, next] = [blocks[i - 1]!, blocks[i]!, blocks[i + 1]!];
    if (
      block.kind === 'sentence' &&
      prev.kind === 'sentence' &&
      next.kind === 'sentence' &&
      prev.group === next.group &&
      block.group !== prev.group
    )
      blocks[i] = { ...block, group: prev.group };
  }
  const kept = blocks.filter((b) => (edits.get(b.id) ?? b.text).length > 0);
  if (kept.length === 0) throw badRequest('A draft needs at least one block; delete the draft instead.');
  return { blocks, edits };
}
