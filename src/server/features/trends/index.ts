/** The trend analyser: routes, the analysis jobs, and what 'Delete my data' needs. */
export {
  ANALYSIS_DID_NOT_FINISH,
  analyseTrendFailedJob,
  analyseTrendJob,
  TREND_JOB_RETRIES,
  TREND_JOBS,
} from './job-definitions.ts';
export {
  createAnalyseTrendFailedHandler,
  createAnalyseTrendHandler,
  registerTrendJobs,
  type TrendJobDeps,
} from './jobs.ts';
export { normalizeYtDlp } from './normalize.ts';
export { deleteTrends, forgetCreator, trendsCreatedBy } from './repository.ts';
export { trendRoutes, UNPAGED_LIST_LIMIT } from './routes.ts';
export { analyseWithTemplate } from './template-engine.ts';
