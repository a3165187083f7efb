/** The visitor's dashboard session (cookie + verified e-mail) and the trend owner cookie. */
export {
  clearVisitorSession,
  DASHBOARD_COOKIE,
  DASHBOARD_SESSION_HOURS,
  endVisitorSessionsOf,
  ensureTrendOwnerHash,
  NOT_VERIFIED_MESSAGE,
  requireVisitorEmail,
  setVisitorSession,
  TREND_OWNER_COOKIE,
  TREND_OWNER_MAX_AGE_SECONDS,
  trendOwnerHash,
  visitorEmail,
} from './service.ts';
