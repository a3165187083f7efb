import { AppError } from '../../../lib/errors.ts';
import type { EngineDraft } from '../engine/index.ts';
import type { SourceSentenceRow, StoredBlock } from './repository.ts';

/**
 * What the engines answer, as the drafts room takes it (either engine, generate.ts and
 * model-draft.ts): a draft's blocks as stored blocks, and a task past the analysis threads' budget
 * as the message its draft fails with.
 */

/** Each sentence's note, by sentence id, made once for the sentences of a run (a long note has tens of thousands). */
const notesOf = new WeakMap<readonly SourceSentenceRow[], Map<string, string>>();

/** Engine blocks as stored blocks: ids, and sources as (note, sentence) pairs. */
export function toStored(draft: EngineDraft, sentences: SourceSentenceRow[]): StoredBlock[] {
  let noteOf = notesOf.get(sentences);
  if (!noteOf) {
    noteOf = new Map(sentences.map((s) => [s.id, s.noteId]));
    notesOf.set(sentences, noteOf);
  }
  return draft.blocks.map((block, i) => ({
    id: `b${i + 1}`,
    kind: block.kind,
    text: block.text,
    group: block.group,
    sources: block.sourceIds.map((id) => ({ note_id: noteOf.get(id) ?? '', sentence_id: id })),
    supported: block.supported,
    origin: block.origin ?? (block.sourceIds.length > 0 ? 'user' : 'echo'),
    ...(block.origin === 'guest' && block.speaker !== undefined ? { speaker: block.speaker } : {}),
    ...(block.said !== undefined ? { said: block.said } : {}),
    ...(block.startMs !== undefined ? { start_ms: block.startMs } : {}),
    ...(block.endMs !== undefined ? { end_ms: block.endMs } : {}),
  }));
}

/**
 * A task past the analysis threads' time budget: its message (the draft fails with it; it would fail
 * again if tried again). Any other error is thrown on.
 */
export function pastBudget(error: unknown): string {
  if (error instanceof AppError && error.code === 'payload_too_large') return error.message;
  throw error;
}
