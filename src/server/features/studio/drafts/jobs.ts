import type { JobQueue } from '../../../jobs/queue.ts';
import { createLlm } from '../../../providers/llm/llm.ts';
import { settleEchoCoreResult } from '../../content-results/index.ts';
import { type GenerateDeps, generateDraft } from './generate.ts';
import {
  DRAFT_DID_NOT_FINISH,
  generateDraftFailedJob,
  generateDraftJob,
  WAIT_FOR_NOTES_SECONDS,
} from './job-definitions.ts';
import { findDraftById, updateDraft } from './repository.ts';

export function registerDraftJobs(
  queue: JobQueue,
  deps: Omit<GenerateDeps, 'llm'> & { llm?: GenerateDeps['llm'] },
) {
  const full: GenerateDeps = { ...deps, llm: deps.llm !== undefined ? deps.llm : createLlm(deps.config.llm) };
  queue.handle(generateDraftJob, async (data) => {
    const outcome = await generateDraft(full, data.draftId, data.blockId);
    if (outcome === 'wait')
      await deps.database.transaction((tx) =>
        queue.enqueue(tx, generateDraftJob, data, { startAfter: WAIT_FOR_NOTES_SECONDS }),
      );
  });
  queue.handle(generateDraftFailedJob, async ({ draftId }) => {
    const row = await findDraftById(deps.database.db, draftId);
    if (!row || row.status === 'ready' || row.status === 'failed') return;
    await updateDraft(deps.database.db, draftId, { status: 'failed', error: DRAFT_DID_NOT_FINISH });
    if (row.contentResultId)
      await settleEchoCoreResult(deps.database.db, row.contentResultId, 'failed', {
        summary: '',
        error: DRAFT_DID_NOT_FINISH,
      });
  });
}
