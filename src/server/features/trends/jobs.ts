import type { z } from 'zod';
import { checkTrendUrl } from '#contract/social-urls.ts';
import { MAX_TWIST_IDEAS } from '#contract/trend-display.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { JobHandler, JobQueue } from '../../jobs/queue.ts';
import type { Logger } from '../../lib/logger.ts';
import { createLlm } from '../../providers/llm/llm.ts';
import { fetchMediaMetadata, YtDlpError } from '../../providers/media/yt-dlp.ts';
import { type Analyser, createLlmAnalyser, templateAnalyser } from './analyser.ts';
import {
  ANALYSIS_DID_NOT_FINISH,
  analyseTrendFailedJob,
  analyseTrendJob,
  TREND_JOB_RETRIES,
  type trendPayload,
} from './job-definitions.ts';
import { normalizeYtDlp } from './normalize.ts';
import { appendIdeas, findTrend, markFailed, saveAnalysis } from './repository.ts';

export interface TrendJobDeps {
  config: Config;
  database: Database;
  log: Logger;
  /** Tests pass their own; by default the `llm` engine when LLM_BASE_URL is set, else `template`. */
  analyser?: Analyser;
}

/** A reason a person can act on, from what yt-dlp said. */
export function failureReason(error: YtDlpError): string {
  // Public: never yt-dlp's own words (paths, versions, internals); the detail goes to the log.
  if (error.reason === 'not_installed')
    return 'Video metadata could not be read: this server cannot fetch videos right now.';
  if (error.reason === 'timeout') return 'The platform did not answer in time. Please retry later.';
  if (error.reason === 'too_large') return 'The platform sent more data than expected for this link.';
  const message = error.message;
  if (/private|login|sign in|log in|authenticat|cookies/i.test(message))
    return 'This video is private or needs a sign-in, so it cannot be analysed.';
  if (/404|not found|unavailable|removed|does not exist|no longer/i.test(message))
    return 'This video could not be found. It may have been deleted or the link is wrong.';
  if (/unable to download|resolve|network|connection|timed out/i.test(message))
    return 'The link could not be reached. Please check it and retry.';
  return 'Video metadata could not be read from the platform. Please retry later.';
}

/** Ends the run of a trend whose analysis failed for good, so it can be retried (idempotent). */
export function createAnalyseTrendFailedHandler(
  deps: Pick<TrendJobDeps, 'database' | 'log'>,
): JobHandler<z.infer<typeof trendPayload>> {
  return async ({ trendId }) => {
    if (await markFailed(deps.database.db, trendId, ANALYSIS_DID_NOT_FINISH))
      deps.log.warn({ trendId }, 'trend analysis failed for good; marked failed');
  };
}

/**
 * Analyses one trend: metadata from yt-dlp (first run) or the stored input ('More Ideas'), then
 * the analyser. Idempotent: it acts only while the trend is 'processing', and writes with a
 * conditional update. Unreadable links fail the trend with a reason; timeouts are retried first.
 */
export function createAnalyseTrendHandler(
  deps: TrendJobDeps,
): JobHandler<z.infer<typeof analyseTrendJob.schema>> {
  const llm = createLlm(deps.config.llm);
  const analyser = deps.analyser ?? (llm ? createLlmAnalyser(llm, deps.log) : templateAnalyser);
  const db = deps.database.db;

  return async ({ trendId, mode }, { retryCount }) => {
    const trend = await findTrend(db, trendId);
    if (trend?.status !== 'processing') return;

    if (mode === 'more' && trend.analysisInput && trend.skeleton) {
      const room = MAX_TWIST_IDEAS - trend.twistIdeas.length;
      if (room <= 0) {
        await markFailed(db, trendId, `This trend already has ${MAX_TWIST_IDEAS} ideas.`);
        return;
      }
      const { engine, twistIdeas } = await analyser.moreIdeas(trend.analysisInput, trend.twistIdeas);
      await appendIdeas(db, trendId, twistIdeas.slice(0, room), engine);
      return;
    }

    // Only allowlisted https URLs ever reach yt-dlp (checked again here, not only on input).
    const check = checkTrendUrl(trend.source);
    if (!check.ok) {
      await markFailed(db, trendId, check.message);
      return;
    }
    let json: Record<string, unknown>;
    try {
      json = await fetchMediaMetadata(deps.config.ytDlpPath, check.url, {
        timeoutMs: 30_000,
        maxOutputBytes: 20 * 1024 * 1024,
      });
    } catch (error) {
      if (!(error instanceof YtDlpError)) throw error;
      if (error.reason === 'timeout' && retryCount < TREND_JOB_RETRIES) throw error;
      deps.log.info(
        { trendId, reason: error.reason, detail: error.message },
        'trend metadata could not be read',
      );
      await markFailed(db, trendId, failureReason(error));
      return;
    }
    const media = normalizeYtDlp(json, trend.platform, trend.source);
    const analysis = await analyser.analyse(media.input);
    await saveAnalysis(db, trendId, {
      skeleton: analysis.skeleton,
      twistIdeas: analysis.twistIdeas,
      trendingData: media.trendingData,
      metrics: media.metrics,
      input: media.input,
      format: analysis.format,
      engine: analysis.engine,
    });
  };
}

/** The worker side of trends: the analysis and its dead letter. */
export function registerTrendJobs(queue: JobQueue, deps: TrendJobDeps): void {
  queue.handle(analyseTrendJob, createAnalyseTrendHandler(deps));
  queue.handle(analyseTrendFailedJob, createAnalyseTrendFailedHandler(deps));
}
