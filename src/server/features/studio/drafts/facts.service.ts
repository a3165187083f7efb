import {
  type Draft,
  type DraftFormat,
  factsOf,
  slideFitProblem,
  THREAD_POST_MAX,
} from '#contract/studio-drafts.ts';
import type { AppContext } from '../../../context.ts';
import { badRequest, notFound } from '../../../lib/errors.ts';
import { asWritten, splitToFit } from '../engine/index.ts';
import { findVoiceSettings } from '../notes/index.ts';
import { storeEditedBlocks } from './edits.service.ts';
import { speakerOfSentence } from './facts.repository.ts';
import { type StoredBlock, sourceSentences } from './repository.ts';
import { ownDraft } from './service.ts';

/** Putting a fact the draft left out back (its checklist: facts.ts). */

export const FACT_NOT_FOUND_MESSAGE = 'This fact is not on the draft’s checklist.';
/** A sentence too long for one slide is cut into pieces of about this many characters (30 words fit). */
const SLIDE_PIECE_CHARS = 160;
/** A thread post's room before the exports number it ("12/12 "), as the writer keeps it. */
const POST_ROOM = THREAD_POST_MAX - 6;

/**
 * Puts a left-out fact back: its source sentence, as a draft writes it (numbers as figures, fillers
 * cut), becomes a block of the owner's words citing it, after the blocks that cite what came
 * before it in the note (a paragraph's sentence, a post, a slide before the closing one). The
 * draft as it was is kept as a version, as for any edit.
 */
export async function putBackFact(
  ctx: AppContext,
  owner: string,
  id: string,
  factId: string,
): Promise<Draft> {
  const row = await ownDraft(ctx, owner, id);
  if (row.status !== 'ready')
    throw badRequest('This draft is still being written; edit it when it is ready.');
  const fact = factsOf(row.meta as Record<string, unknown>)?.find((f) => f.id === factId);
  if (!fact) throw notFound(FACT_NOT_FOUND_MESSAGE);
  if (fact.kept) throw badRequest('This fact is already in the draft.');
  const sentences = await sourceSentences(ctx.database.db, row.noteIds);
  const order = new Map(sentences.map((s, i) => [s.id, i]));
  const source = sentences.find((s) => fact.sentence_ids.includes(s.id));
  if (!source) throw badRequest('The sentence this fact came from is no longer in your notes.');
  const speaker = await speakerOfSentence(ctx.database.db, source.id);
  const pins = (await findVoiceSettings(ctx.database.db, owner))?.pins ?? [];
  const format = row.format as DraftFormat;
  const blocks = row.blocks as StoredBlock[];
  const at = placeFor(blocks, format, order.get(source.id)!, order);
  const text = asWritten(source.text, pins);
  const pieces =
    format === 'thread'
      ? splitToFit(text, POST_ROOM)
      : format === 'carousel' && slideFitProblem(text)
        ? splitToFit(text, SLIDE_PIECE_CHARS)
        : [text];
  const before = blocks[at - 1];
  const after = blocks[at];
  const group =
    format === 'blog' || format === 'linkedin'
      ? before?.kind === 'sentence'
        ? before.group
        : after?.kind === 'sentence'
          ? after.group
          : Math.max(0, ...blocks.map((b) => b.group)) + 1
      : Math.max(0, ...blocks.map((b) => b.group)) + 1;
  const taken = new Set(blocks.map((b) => b.id));
  let n = blocks.length;
  const nextId = () => {
    while (taken.has(`b${++n}`));
    taken.add(`b${n}`);
    return `b${n}`;
  };
  const guest = speaker !== null && !speaker.me;
  const added: StoredBlock[] = pieces.map((piece, i) => ({
    id: nextId(),
    kind: format === 'thread' ? 'post' : format === 'carousel' ? 'slide' : 'sentence',
    text: piece,
    group: format === 'blog' || format === 'linkedin' ? group : group + i,
    sources: [{ note_id: source.noteId, sentence_id: source.id }],
    supported: true,
    origin: guest ? 'guest' : 'user',
    ...(guest ? { speaker: speaker.name } : {}),
    ...(letters(piece) !== letters(source.text) ? { said: source.text } : {}),
  }));
  const next = [...blocks.slice(0, at), ...added, ...blocks.slice(at)];
  return storeEditedBlocks(ctx, owner, row, next, sentences);
}

const letters = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');

/**
 * Where a sentence put back goes: after the last block citing a sentence said before it, never
 * before a blog's title, meta description and keywords or a carousel's cover, nor after a
 * carousel's closing slide.
 */
export function placeFor(
  blocks: readonly Pick<StoredBlock, 'kind' | 'sources'>[],
  format: DraftFormat,
  position: number,
  order: ReadonlyMap<string, number>,
): number {
  let first = 0;
  while (first < blocks.length && ['title', 'meta', 'keywords'].includes(blocks[first]!.kind)) first++;
  if (format === 'carousel') first = Math.max(first, 1);
  const last = format === 'carousel' && blocks.length > 1 ? blocks.length - 1 : blocks.length;
  let at = first;
  blocks.forEach((block, i) => {
    if (i < first || i >= last) return;
    const cited = block.sources.map((s) => order.get(s.sentence_id)).filter((p) => p !== undefined);
    if (cited.length > 0 && Math.min(...cited) < position) at = i + 1;
  });
  return Math.min(Math.max(at, first), last);
}
