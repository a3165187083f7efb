import { z } from 'zod';
import { CONTENT_PLATFORM_KEYS, LINK_HOST_MESSAGE } from '#contract/content-results.ts';
import { checkMediaUrl } from '#contract/social-urls.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { defineJob, type JobQueue } from '../../jobs/queue.ts';
import type { Logger } from '../../lib/logger.ts';
import { createLlm, type Llm } from '../../providers/llm/llm.ts';
import { resolveFfmpeg } from '../../providers/media/ffmpeg.ts';
import { createSpeechToText } from '../../providers/stt/stt.ts';
import { findResult, markProcessing, settleResult, updateSummary } from './repository.ts';
import { summarize, summarizeExtractive } from './summary.ts';
import {
  captionsTranscriber,
  externalServiceTranscriber,
  runTranscribers,
  speechToTextTranscriber,
  type Transcriber,
} from './transcriber.ts';

const resultPayload = z.object({ resultId: z.uuid() });

export const TRANSCRIBE_RETRIES = 2;

/** Shown on a transcription whose job failed for good (see transcribeFailedJob). */
export const TRANSCRIPTION_DID_NOT_FINISH =
  'The transcription did not finish: it stopped unexpectedly on every try.';

/** Receives a transcription that failed for good (its last try threw, expired, or its worker died). */
export const transcribeFailedJob = defineJob({
  name: 'content.transcribe.failed',
  schema: resultPayload,
  retryLimit: 5,
});

/**
 * One per submission: pending -> processing -> completed | failed (or waiting for the webhook).
 * A provider that timed out or answered 5xx is retried (the result stays processing); the last
 * attempt records the failure with its reason.
 */
export const transcribeJob = defineJob({
  name: 'content.transcribe',
  schema: resultPayload,
  retryLimit: TRANSCRIBE_RETRIES,
  deadLetter: transcribeFailedJob,
  retryDelaySeconds: 30,
  expireInSeconds: 30 * 60,
  heartbeat: true,
});

/** Fails a result still waiting for an external service's callback after this long. */
export const CALLBACK_WAIT_MINUTES = 30;
export const callbackTimeoutJob = defineJob({
  name: 'content.callback-timeout',
  schema: resultPayload,
  retryLimit: 3,
});

/** Replaces the extractive summary of a webhook-completed result with the LLM's. */
export const summarizeJob = defineJob({
  name: 'content.summarize',
  schema: resultPayload,
  retryLimit: 2,
  expireInSeconds: 300,
  heartbeat: true,
});

export const CONTENT_JOBS = [transcribeJob, transcribeFailedJob, callbackTimeoutJob, summarizeJob];

/** The transcribers in the order the job tries them, from the configuration. */
export function configuredTranscribers(config: Config): Transcriber[] {
  const list: Transcriber[] = [captionsTranscriber(config.ytDlpPath)];
  const stt = createSpeechToText(config.stt);
  if (stt)
    list.push(
      speechToTextTranscriber(config.ytDlpPath, stt, { ffmpegPath: resolveFfmpeg(config.ffmpegPath).path }),
    );
  if (config.webhookSecret) list.push(externalServiceTranscriber());
  return list;
}

export interface ContentJobDeps {
  database: Database;
  config: Config;
  log: Logger;
  jobs: JobQueue;
  /** Tests may pass their own list; the configured one otherwise. */
  transcribers?: Transcriber[];
  llm?: Llm | null;
}

export function registerContentJobs(queue: JobQueue, deps: ContentJobDeps): void {
  const { database, config, log, jobs } = deps;
  const llm = deps.llm !== undefined ? deps.llm : createLlm(config.llm);
  const transcribers = deps.transcribers ?? configuredTranscribers(config);
  const platforms = Object.values(CONTENT_PLATFORM_KEYS);

  queue.handle(transcribeJob, async ({ resultId }, { retryCount }) => {
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
  });

  queue.handle(transcribeFailedJob, async ({ resultId }) => {
    if (await settleResult(database.db, resultId, 'failed', { error: TRANSCRIPTION_DID_NOT_FINISH }))
      log.warn({ resultId }, 'transcription failed for good; marked failed');
  });

  queue.handle(callbackTimeoutJob, async ({ resultId }) => {
    await settleResult(database.db, resultId, 'failed', {
      error: `No transcript arrived from the external transcription service within ${CALLBACK_WAIT_MINUTES} minutes.`,
    });
  });

  queue.handle(summarizeJob, async ({ resultId }) => {
    const row = await findResult(database.db, resultId);
    const text = (row?.resultData as { transcription?: string } | undefined)?.transcription;
    if (row?.status !== 'completed' || !text || !llm) return;
    const summary = await summarize(text, llm, (error) =>
      log.warn({ err: error, resultId }, 'LLM summary failed; keeping the extractive one'),
    );
    if (summary !== summarizeExtractive(text)) await updateSummary(database.db, resultId, summary);
  });
}
