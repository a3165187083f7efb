import { ADMIN_SIGN_IN } from './openapi/admin-sign-in.ts';
import { AFFILIATES } from './openapi/affiliates.ts';
import { CAMPAIGNS } from './openapi/campaigns.ts';
import { HEALTH } from './openapi/health.ts';
import type { Operation } from './openapi/operation.ts';
import { OUTBOX } from './openapi/outbox.ts';
import { PRIVACY } from './openapi/privacy.ts';
import { PUBLISHING } from './openapi/publishing.ts';
import { STUDIO } from './openapi/studio.ts';
import { TRANSCRIPTION } from './openapi/transcription.ts';
import { TRANSCRIPTION_WEBHOOK } from './openapi/transcription-webhook.ts';
import { TRENDS } from './openapi/trends.ts';
import { WAITLIST } from './openapi/waitlist.ts';

export type { Access, Answer, Operation } from './openapi/operation.ts';

/** The document's tags: one per feature, with what it covers. */
export const FEATURES: Record<string, string> = {
  Health: 'Service status and what this server can do',
  Waitlist: 'The pre-launch waitlist',
  'Admin sign-in': 'The admin password, bearer tokens and sessions',
  Trends: 'The trend analyser: video links, their analysis and twist ideas',
  'Transcription and dashboard': 'Video transcription and the dashboard reached by an e-mailed code',
  'Transcription webhook': 'Signed deliveries from an external transcription service',
  Affiliates: 'Affiliate applications, sign-in, commissions and payouts (Stripe)',
  Campaigns: 'E-mail and SMS campaigns, contacts and unsubscribing',
  Outbox: 'Every e-mail and SMS sent or queued',
  Privacy: "Deleting one's data and opting out of aggregate use",
  Studio:
    'Echo Studio: notes (written, recorded, uploaded, imported), search, ideas, voice profile and drafts',
  Publishing:
    'Connected accounts (LinkedIn, X, Bluesky, Mastodon), publishing and scheduling drafts, time slots',
};

/**
 * Every API route's operationId, summary, feature and access, keyed by `METHOD /openapi/path`.
 * One table for all features, assembled here from one file a feature in `openapi/`, applied when
 * the document is built (openapi.ts): the route files keep their schemas and descriptions, this
 * table names the operations. A test fails when a route has no row or a row has no route
 * (openapi.contract.api.test.ts).
 */
export const OPERATIONS: Record<string, Operation> = {
  ...HEALTH,
  ...WAITLIST,
  ...ADMIN_SIGN_IN,
  ...TRENDS,
  ...TRANSCRIPTION,
  ...TRANSCRIPTION_WEBHOOK,
  ...AFFILIATES,
  ...CAMPAIGNS,
  ...OUTBOX,
  ...PRIVACY,
  ...STUDIO,
  ...PUBLISHING,
};
