import type { z } from 'zod';
import { CONTENT_PLATFORM_KEYS, LINK_HOST_MESSAGE } from '#contract/content-results.ts';
import { checkMediaUrl } from '#contract/social-urls.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { JobHandler, JobQueue } from '../../jobs/queue.ts';
import type { Logger } from '../../lib/logger.ts';
import { createLlm, type Llm } from '../../providers/llm/llm.ts';
import {
  configuredTranscribers,
  runTranscribers,
  TRANSCRIBE_RETRIES,
  TRANSCRIPTION_DID_NOT_FINISH,
  type Transcriber,
} from '../transcription/index.ts';
import {
  CALLBACK_WAIT_MINUTES,
  callbackTimeoutJob,
  type resultPayload,
  summarizeJob,
  transcribeFailedJob,
  transcribeJob,
} from './job-definitions.ts';
import { findResult, markProcessing, settleResult, updateSummary } from './repository.ts';
import { summarize, summarizeExtractive } from './summary.ts';

type ResultPayload = z.infer<typeof resultPayload>;

export interface ContentJobDeps {
  database: Database;
  config: Config;
  log: Logger;
  jobs: JobQueue;
  /** Tests may pass their own list; the configured one otherwise. */
  transcribers?: Transcriber[];
  llm?: Llm | null;
}

const llmOf = (deps: ContentJobDeps) => (deps.llm !== undefined ? deps.llm : createLlm(deps.config.llm));

export function createTranscribeFailedHandler(deps: ContentJobDeps): JobHandler<ResultPayload> {
  return async ({ resultId }) => {
    if (await settleResult(deps.database.db, resultId, 'failed', { error: TRANSCRIPTION_DID_NOT_FINISH }))
      deps.log.warn({ resultId }, 'transcription failed for good; marked failed');
  };
}

export function createCallbackTimeoutHandler(deps: ContentJobDeps): JobHandler<ResultPayload> {
  return async ({ resultId }) => {
    await settleResult(deps.database.db, resultId, 'failed', {
      error: `No transcript arrived from the external transcription service within ${CALLBACK_WAIT_MINUTES} minutes.`,
    });
  };
}

export function createTranscribeHandler(deps: ContentJobDeps): JobHandler<ResultPayload> {
  const { database, config, log, jobs } = deps;
  const llm = llmOf(deps);
  const transcribers = deps.transcribers ?? configuredTranscribers(config);
  const platforms = Object.values(CONTENT_PLATFORM_KEYS);

  return async ({ resultId }, { retryCount }) => {
    const row = await findResult(database.db, resultId);
    if (row?.productType !== 'transcription') return;
    if (!(await markProcessing(database.db, resultId))) return;
    const checked = checkMediaUrl(row.sourceUrl, platforms, LINK_HOST_MESSAGE);
    if (!checked.ok) {
      await settleResult(database.db, resultId, 'failed', { error: checked.message });
      return;
    }
    const outcome = await runTranscribers(transcribers, checked.url);
    if (outcome.kind === 'transcript') {
      const summary = await summarize(outcome.text, llm, (error) =>
        log.warn({ err: error, resultId }, 'LLM summary failed; using the extractive one'),
      );
      await settleResult(database.db, resultId, 'completed', {
        transcription: outcome.text,
        videoUrl: row.sourceUrl,
        summary,
        method: outcome.method,
      });
    } else if (outcome.kind === 'awaiting_callback') {
      await database.transaction((tx) =>
        jobs.enqueue(
          tx,
          callbackTimeoutJob,
          { resultId },
          {
            startAfter: new Date(Date.now() + CALLBACK_WAIT_MINUTES * 60_000),
            singletonKey: `callback-timeout:${resultId}`,
          },
        ),
      );
    } else {
      if (outcome.retryable && retryCount < TRANSCRIBE_RETRIES) {
        log.warn(
          { resultId, attempt: retryCount + 1, reason: outcome.message },
          'transcription failed; retrying',
        );
        throw new Error(outcome.message);
      }
      log.info({ resultId, reason: outcome.message }, 'transcription failed');
      await settleResult(database.db, resultId, 'failed', { error: outcome.message });
    }
  };
}

export function createSummarizeHandler(deps: ContentJobDeps): JobHandler<ResultPayload> {
  const llm = llmOf(deps);
  return async ({ resultId }) => {
    const row = await findResult(deps.database.db, resultId);
    const text = (row?.resultData as { transcription?: string } | undefined)?.transcription;
    if (row?.status !== 'completed' || !text || !llm) return;
    const summary = await summarize(text, llm, (error) =>
      deps.log.warn({ err: error, resultId }, 'LLM summary failed; keeping the extractive one'),
    );
    if (summary !== summarizeExtractive(text)) await updateSummary(deps.database.db, resultId, summary);
  };
}

/** The worker side of this feature: one handler per job. */
export function registerContentJobs(queue: JobQueue, deps: ContentJobDeps): void {
  queue.handle(transcribeJob, createTranscribeHandler(deps));
  queue.handle(transcribeFailedJob, createTranscribeFailedHandler(deps));
  queue.handle(callbackTimeoutJob, createCallbackTimeoutHandler(deps));
  queue.handle(summarizeJob, createSummarizeHandler(deps));
}
