import { z } from 'zod';
import { deadLetterFor, defineJob, type JobQueue } from '../../../jobs/queue.ts';
import { createLlm } from '../../../providers/llm/llm.ts';
import { settleEchoCoreResult } from '../../content-results/index.ts';
import { type GenerateDeps, generateDraft } from './generate.ts';
import { findDraftById, updateDraft } from './repository.ts';

const draftPayload = z.object({ draftId: z.uuid(), blockId: z.string().max(20).optional() });

/** How long a draft waits before looking again at notes still uploading or transcribing. */
export const WAIT_FOR_NOTES_SECONDS = 10;
export const DRAFT_DID_NOT_FINISH = 'Echo could not finish this draft: it stopped unexpectedly on every try.';

/** Records a draft whose generation failed for good, so it never stays 'generating'. */
export const generateDraftFailedJob = deadLetterFor('studio.draft', draftPayload);

/** Writes one draft (or one block of it) from its notes: waits for transcriptions, then generates. */
export const generateDraftJob = defineJob({
  name: 'studio.draft',
  schema: draftPayload,
  retryLimit: 2,
  retryDelaySeconds: 10,
  expireInSeconds: 10 * 60,
  heartbeat: true,
  deadLetter: generateDraftFailedJob,
});

export const DRAFT_JOBS = [generateDraftJob, generateDraftFailedJob];

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
