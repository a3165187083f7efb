import { z } from 'zod';
import { deadLetterFor, defineJob } from '../../jobs/queue.ts';

export const TREND_JOB_RETRIES = 2;

export const trendPayload = z.object({ trendId: z.uuid(), mode: z.enum(['analyse', 'more']) });

/** Shown on a trend whose analysis job failed for good (see analyseTrendFailedJob). */
export const ANALYSIS_DID_NOT_FINISH = 'The analysis did not finish. Please retry.';

/** Receives an analysis that failed for good (its last try threw, expired, or its worker died). */
export const analyseTrendFailedJob = deadLetterFor('trend.analyse', trendPayload);

export const analyseTrendJob = defineJob({
  name: 'trend.analyse',
  schema: trendPayload,
  deadLetter: analyseTrendFailedJob,
  retryLimit: TREND_JOB_RETRIES,
  retryDelaySeconds: 5,
  expireInSeconds: 180,
  heartbeat: true,
});

export const TREND_JOBS = [analyseTrendJob, analyseTrendFailedJob];
