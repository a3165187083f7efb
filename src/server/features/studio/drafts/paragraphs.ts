import type { UpdateDraft } from '#contract/studio-draft-edits.ts';
import { badRequest } from '../../../lib/errors.ts';
import { alignSentences, splitSentences } from '../engine/index.ts';
import type { ArrangeInput } from './arrange.ts';
import type { StoredBlock } from './repository.ts';

/**
 * A paragraph edited as one text, made into block edits again. The text is split into sentences
 * (a run of them that reads as one of the paragraph's blocks stays one: a block may hold two
 * sentences, a guest's quote its attribution); each is matched to the paragraph's blocks the way an
 * edited transcript is matched to its sentences (engine `alignSentences`): a sentence that reads as
 * a block did is that block, untouched (sources, origin, a guest's speaker); a changed one keeps the
 * block its first words come from, and the save checks it again against that block's sources; a
 * new one is an added sentence of the user's, in the paragraph. A block no sentence took is deleted.
 */

type ParagraphEdit = NonNullable<UpdateDraft['paragraphs']>[number];

/** How many of the splitter's sentences may read as one block together. */
const MAX_JOIN = 4;

const same = (text: string) => text.replace(/\s+/g, ' ').trim();

/** The paragraph's sentences, a block's text kept whole where the splitter would cut it. */
export function sentencesOf(text: string, blockTexts: readonly string[]): string[] {
  const pieces = splitSentences(text)
    .map((s) => same(s.text))
    .filter(Boolean);
  const known = new Set(blockTexts.map(same));
  const out: string[] = [];
  for (let i = 0; i < pieces.length; ) {
    let take = 1;
    for (let k = Math.min(MAX_JOIN, pieces.length - i); k > 1; k--)
      if (known.has(pieces.slice(i, i + k).join(' '))) {
        take = k;
        break;
      }
    out.push(pieces.slice(i, i + take).join(' '));
    i += take;
  }
  return out;
}

/** The save's input with each paragraph turned into block edits, added sentences and the new order. */
export function withParagraphs(
  stored: readonly StoredBlock[],
  input: ArrangeInput,
  paragraphs: readonly ParagraphEdit[],
): ArrangeInput {
  if (paragraphs.length === 0) return input;
  const byId = new Map(stored.map((b) => [b.id, b]));
  const blocks = [...input.blocks];
  const taken = new Set([...stored.map((b) => b.id), ...input.blocks.map((b) => b.id)]);
  const edited = new Set(input.blocks.map((b) => b.id));
  let order = [...(input.order ?? stored.map((b) => b.id))];
  let n = 0;
  const freshId = () => {
    while (taken.has(`paragraph-${++n}`));
    taken.add(`paragraph-${n}`);
    return `paragraph-${n}`;
  };
  for (const paragraph of paragraphs) {
    const old = paragraph.ids.map((id) => {
      const block = byId.get(id);
      if (!block) throw badRequest(`Unknown block: ${id}`);
      if (block.kind !== 'sentence')
        throw badRequest(`Block ${id} is not a paragraph's sentence; edit it on its own.`);
      if (edited.has(id)) throw badRequest(`Block ${id} is edited twice.`);
      edited.add(id);
      return block;
    });
    const at = order.findIndex((id) => paragraph.ids.includes(id));
    if (at === -1) throw badRequest(`Block ${paragraph.ids[0]} is edited but not in the order.`);
    const texts = sentencesOf(
      paragraph.text,
      old.map((b) => b.text),
    );
    const kept = alignSentences(
      old.map((b) => ({ text: b.text, startMs: null, endMs: null })),
      texts,
    );
    const ids = texts.map((text, j) => {
      const from = kept[j]!.old;
      const block = from === null ? undefined : old[from];
      if (block) {
        blocks.push({ id: block.id, text: same(text) === same(block.text) ? block.text : text });
        return block.id;
      }
      const id = freshId();
      blocks.push({ id, text, kind: 'sentence', group: old[0]!.group });
      return id;
    });
    const mine = new Set(paragraph.ids);
    order = [
      ...order.slice(0, at).filter((id) => !mine.has(id)),
      ...ids,
      ...order.slice(at).filter((id) => !mine.has(id)),
    ];
  }
  return { blocks, order };
}
