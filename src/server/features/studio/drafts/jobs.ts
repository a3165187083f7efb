import type { JobQueue } from '../../../jobs/queue.ts';
import { createLlm } from '../../../providers/llm/llm.ts';
import { settleEchoCoreResult } from '../../content-results/index.ts';
import { type GenerateDeps, generateDrafts } from './generate.ts';
import {
  DRAFT_DID_NOT_FINISH,
  draftIdsOf,
  generateDraftFailedJob,
  generateDraftJob,
  WAIT_FOR_NOTES_SECONDS,
} from './job-definitions.ts';
import { findDraftsById, updateDrafts } from './repository.ts';

export function registerDraftJobs(
  queue: JobQueue,
  deps: Omit<GenerateDeps, 'llm'> & { llm?: GenerateDeps['llm'] },
) {
  // No retry inside the client: every request to the model is a call counted (model-calls.ts).
  const full: GenerateDeps = {
    ...deps,
    llm: deps.llm !== undefined ? deps.llm : createLlm({ ...deps.config.llm, maxRetries: 0 }),
  };
  queue.handle(generateDraftJob, async (data) => {
    const outcome = await generateDrafts(full, draftIdsOf(data), data.blockId);
    if (outcome === 'wait')
      await deps.database.transaction((tx) =>
        queue.enqueue(tx, generateDraftJob, data, { startAfter: WAIT_FOR_NOTES_SECONDS }),
      );
  });
  queue.handle(generateDraftFailedJob, async (data) => {
    const rows = (await findDraftsById(deps.database.db, draftIdsOf(data))).filter(
      (row) => row.status !== 'ready' && row.status !== 'failed',
    );
    if (!rows.length) return;
    await updateDrafts(
      deps.database.db,
      rows.map((row) => row.id),
      { status: 'failed', error: DRAFT_DID_NOT_FINISH },
    );
    const results = rows.flatMap((row) => (row.contentResultId ? [row.contentResultId] : []));
    if (results.length)
      await settleEchoCoreResult(deps.database.db, results, 'failed', {
        summary: '',
        error: DRAFT_DID_NOT_FINISH,
      });
  });
}
