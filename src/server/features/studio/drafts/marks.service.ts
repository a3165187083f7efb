import { needsReview, type TranscriptEngine } from '#contract/studio.ts';
import {
  BEFORE_CORRECTIONS_REASON,
  type Draft,
  type DraftBlock,
  originOf,
  ROUGH_TRANSCRIPT_REASON,
} from '#contract/studio-drafts.ts';
import type { AppContext } from '../../../context.ts';
import { AS_SAID_REASON } from '../engine/index.ts';
import { type DraftRow, type NoteState, noteStates, type StoredBlock, sentenceStates } from './repository.ts';

/** Drafts as the API answers them: their sources still there or changed since, their words checked or not. */

/**
 * Drafts as the API answers them. One query finds which source sentences still exist and when their
 * words last changed, one what the notes' words are: a draft from a rough transcript nobody checked
 * says so (and its score never claims the words as said), a draft whose notes' words changed after
 * it read them is "made before your corrections", and its sources changed since show as changed.
 */
export async function toDrafts(ctx: AppContext, rows: DraftRow[]): Promise<Draft[]> {
  const db = ctx.database.db;
  const [sentences, notes] = await Promise.all([
    sentenceStates(
      db,
      rows.flatMap((row) =>
        (row.blocks as StoredBlock[]).flatMap((b) => b.sources.map((s) => s.sentence_id)),
      ),
    ),
    noteStates(
      db,
      rows.flatMap((row) => row.noteIds),
    ),
  ]);
  return rows.map((row) => {
    const readAt = wordsReadAt(row);
    const own = row.noteIds.flatMap((id) => notes.get(id) ?? []);
    const rough = own.some((n) =>
      needsReview(n.transcriptEngine as TranscriptEngine | null, n.transcriptReviewedAt),
    );
    const before =
      row.status === 'ready' && own.some((n) => n.wordsChangedAt !== null && n.wordsChangedAt > readAt);
    return {
      id: row.id,
      format: row.format as Draft['format'],
      engine: row.engine as Draft['engine'],
      status: row.status as Draft['status'],
      note_ids: row.noteIds,
      blocks: withAvailability(row.blocks as StoredBlock[], sentences, { readAt, notes }),
      fidelity: honestFidelity((row.fidelity as Draft['fidelity']) ?? null, { rough, stale: before }),
      meta: row.meta as Record<string, unknown>,
      error: row.error,
      edited: row.edited,
      rough_transcript: rough,
      before_corrections: before,
      created_at: row.createdAt.toISOString(),
      updated_at: row.updatedAt.toISOString(),
    };
  });
}

/** When a draft's words were read from its notes (drafts written before it was kept: when made). */
const wordsReadAt = (row: DraftRow): Date => {
  const at = (row.meta as Record<string, unknown> | null)?.words_read_at;
  return typeof at === 'string' ? new Date(at) : row.createdAt;
};

/**
 * A score never claims words as said that nobody checked (a rough transcript) or that the owner has
 * corrected since (made before the corrections): it says so first instead.
 */
export function honestFidelity(
  fidelity: Draft['fidelity'],
  words: { rough: boolean; stale: boolean },
): Draft['fidelity'] {
  if (!fidelity || (!words.rough && !words.stale)) return fidelity;
  const first = [
    ...(words.rough ? [ROUGH_TRANSCRIPT_REASON] : []),
    ...(words.stale ? [BEFORE_CORRECTIONS_REASON] : []),
  ];
  const honest = (reasons: string[]) => [
    ...first,
    ...reasons.filter((r) => r !== AS_SAID_REASON && !first.includes(r)),
  ];
  return {
    ...fidelity,
    reasons: honest(fidelity.reasons),
    ...(fidelity.faithful
      ? { faithful: { ...fidelity.faithful, reasons: honest(fidelity.faithful.reasons) } }
      : {}),
    ...(words.rough ? { rough: true } : {}),
  };
}

/**
 * Stored blocks as the API answers them: an origin, whether each source sentence still exists, and,
 * given when the draft read its words, whether the owner changed that sentence since (or, gone from a
 * note whose words changed since, split or joined away): then it is not the source of these words.
 */
export const withAvailability = (
  blocks: StoredBlock[],
  sentences: Map<string, Date | null>,
  since?: { readAt: Date; notes: Map<string, NoteState> },
): DraftBlock[] =>
  blocks.map((b) => ({
    ...b,
    origin: originOf(b),
    sources: b.sources.map((s) => {
      const available = sentences.has(s.sentence_id);
      if (!since) return { ...s, available };
      const changedAt = available ? sentences.get(s.sentence_id) : since.notes.get(s.note_id)?.wordsChangedAt;
      return changedAt && changedAt > since.readAt ? { ...s, available, changed: true } : { ...s, available };
    }),
  }));

export const toDraft = async (ctx: AppContext, row: DraftRow): Promise<Draft> =>
  (await toDrafts(ctx, [row]))[0]!;
