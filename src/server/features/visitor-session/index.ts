/** The visitor's dashboard session (cookie + its owner) and the cookie of the browser that adds trends. */
export {
  clearVisitorSession,
  DASHBOARD_COOKIE,
  DASHBOARD_SESSION_HOURS,
  endVisitorSessionsOf,
  ensureTrendBrowserHash,
  NOT_VERIFIED_MESSAGE,
  requireOwner,
  sessionOwner,
  setVisitorSession,
  TREND_BROWSER_COOKIE,
  TREND_BROWSER_MAX_AGE_SECONDS,
  trendBrowserHash,
} from './service.ts';
