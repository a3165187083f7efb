import { isUuid } from '#contract/ids.ts';
import type { DraftVersion } from '#contract/studio-draft-edits.ts';
import type { Draft } from '#contract/studio-drafts.ts';
import type { AppContext } from '../../../context.ts';
import { badRequest, notFound } from '../../../lib/errors.ts';
import { settleEchoCoreResult } from '../../content-results/index.ts';
import { queueProfile } from '../notes/index.ts';
import { sameLearning } from './edits.service.ts';
import { checklistOf, withFacts } from './facts.ts';
import { type Learned, learnedFrom } from './learning.ts';
import { toDraft, withAvailability } from './marks.service.ts';
import {
  findVersion,
  keepVersion,
  listVersions,
  type StoredBlock,
  sentenceStates,
  sourceSentences,
  updateDraft,
} from './repository.ts';
import { ownDraft, summaryOf } from './service.ts';

/**
 * A draft's history: every save, regeneration and restore keeps the draft as it was, and
 * any kept version can be brought back. Versions are the draft owner's alone (another owner: 404).
 */

export const VERSION_NOT_FOUND_MESSAGE = 'Version not found';

export async function draftVersions(ctx: AppContext, owner: string, id: string): Promise<DraftVersion[]> {
  const draft = await ownDraft(ctx, owner, id);
  const rows = await listVersions(ctx.database.db, draft.id);
  const existing = await sentenceStates(
    ctx.database.db,
    rows.flatMap((row) => (row.blocks as StoredBlock[]).flatMap((b) => b.sources.map((s) => s.sentence_id))),
  );
  return rows.map((row) => ({
    id: row.id,
    reason: row.reason as DraftVersion['reason'],
    engine: row.engine as DraftVersion['engine'],
    edited: row.edited,
    blocks: withAvailability(row.blocks as StoredBlock[], existing),
    fidelity: (row.fidelity as DraftVersion['fidelity']) ?? null,
    created_at: row.createdAt.toISOString(),
  }));
}

/** Brings version `versionId` back as the draft; the draft as it was becomes a version in turn. */
export async function restoreVersion(
  ctx: AppContext,
  owner: string,
  id: string,
  versionId: string,
): Promise<Draft> {
  const row = await ownDraft(ctx, owner, id);
  const version = isUuid(versionId) ? await findVersion(ctx.database.db, row.id, versionId) : undefined;
  if (!version) throw notFound(VERSION_NOT_FOUND_MESSAGE);
  if (row.status === 'waiting' || row.status === 'generating')
    throw badRequest('This draft is being written; restore a version when it is ready.');
  // What the draft taught follows it: the restored blocks' own words replace the sample (only when
  // the draft has one: a restore does not start learning the user had turned off).
  const previous = (row.learned as Learned | null) ?? null;
  let learned: Learned | undefined;
  const sentences = await sourceSentences(ctx.database.db, row.noteIds);
  if (previous) {
    const byId = new Map(sentences.map((s) => [s.id, s.text]));
    learned = learnedFrom(version.blocks as StoredBlock[], (id) => byId.get(id), new Set(), previous);
  }
  // The restored blocks' checklist, against the notes as they are now.
  const facts = await checklistOf(
    ctx.config,
    row.format as Draft['format'],
    sentences,
    version.blocks as StoredBlock[],
  );
  const restored = await ctx.database.transaction(async (tx) => {
    await keepVersion(tx.db, row, 'restore');
    if (learned && !sameLearning(previous, learned)) await queueProfile(ctx.jobs, tx, owner);
    const updated = await updateDraft(tx.db, row.id, {
      status: 'ready',
      error: null,
      blocks: version.blocks,
      fidelity: version.fidelity,
      meta: withFacts((version.meta ?? {}) as Record<string, unknown>, facts),
      engine: version.engine,
      edited: version.edited,
      ...(learned ? { learned } : {}),
    });
    if (row.contentResultId)
      await settleEchoCoreResult(tx.db, row.contentResultId, 'completed', {
        summary: summaryOf(version.blocks as StoredBlock[]),
      });
    return updated!;
  });
  return toDraft(ctx, restored);
}
