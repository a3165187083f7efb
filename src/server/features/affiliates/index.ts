/**
 * The affiliates feature's public face: everything outside `features/affiliates/` imports from
 * here (the app, the waitlist signup, the job composition, benchmarks), never a file inside.
 */

/** The admin list (the affiliate benchmark measures it against plain SQL). */
export { listAffiliates } from './applications.service.ts';
/** Jobs: the daily approval and the monthly payout run. */
export {
  AFFILIATE_JOBS,
  APPROVE_COMMISSIONS_CRON,
  approveCommissionsJob,
  MONTHLY_PAYOUTS_CRON,
  monthlyPayoutsJob,
} from './job-definitions.ts';
export { createAffiliateJobHandlers, registerAffiliateJobs } from './jobs.ts';
/** HTTP: apply, sign-in, /api/me, admin affiliates/conversions/payouts and exports, Stripe webhook. */
export { affiliateRoutes } from './routes.ts';
/** `?ref=` visits (click + cookie) and the waitlist signup's attribution. */
export { attributeSignup, referralCodeFromCookie, setReferralCookie } from './tracking.service.ts';
