/** Campaigns: builder, sending engine, Welcome Series, contacts, unsubscribe and STOP. */
export { renderCampaignEmail } from './emails.ts';
export {
  enrolAudience,
  enrolWaitlistSignup,
  processDelivery,
  releaseHeldDeliveries,
} from './engine.service.ts';
export { CAMPAIGN_JOBS, deliverCampaignStepJob } from './job-definitions.ts';
export { createDeliverHandler, registerCampaignJobs } from './jobs.ts';
export { campaignRoutes } from './routes.ts';
export { seedCampaigns, WELCOME_STEPS } from './seed.service.ts';
