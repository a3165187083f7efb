import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { createSession } from '../../src/server/lib/sessions.ts';
import { TEST_ADMIN_PASSWORD, type TestApp } from './test-app.ts';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type Auth = 'admin' | 'affiliate' | 'dashboard' | 'none';

export interface RouteSpec {
  method: Method;
  /** Fastify's path with :params. */
  path: string;
  /** The credential a legitimate caller sends. */
  auth: Auth;
  /** A valid body: fuzzing mutates its fields. */
  body?: Record<string, unknown>;
  /** Logout routes revoke the credential they are sent: fuzz them only with bad credentials. */
  revokes?: boolean;
}

/** Every route the server registers (the test checks this list against the app's routes). */
export const ROUTES: RouteSpec[] = [
  { method: 'GET', path: '/api/health', auth: 'none' },
  { method: 'GET', path: '/api/capabilities', auth: 'none' },
  { method: 'GET', path: '/api/waitlist/count', auth: 'none' },
  {
    method: 'POST',
    path: '/api/waitlist',
    auth: 'none',
    body: { name: 'Ada', email: 'ada@example.com', role: 'Creator', struggle: 'Ideas' },
  },
  { method: 'GET', path: '/api/webhook/test', auth: 'none' },
  { method: 'POST', path: '/api/webhook/test/dry-run', auth: 'none' },
  {
    method: 'POST',
    path: '/api/webhook/transcription-complete',
    auth: 'none',
    body: { transcript: 'Hello', contentResultId: 'abc', videoUrl: 'https://example.com/v' },
  },
  { method: 'POST', path: '/api/webhooks/stripe', auth: 'none', body: { id: 'evt_1', type: 'x', data: {} } },
  { method: 'POST', path: '/api/admin/login', auth: 'none', body: { password: 'not the password' } },
  { method: 'POST', path: '/api/admin/logout', auth: 'admin', revokes: true },
  { method: 'GET', path: '/api/admin/session', auth: 'admin' },
  { method: 'GET', path: '/api/admin/affiliates', auth: 'admin' },
  { method: 'PATCH', path: '/api/admin/affiliates/:id/status', auth: 'admin', body: { status: 'approved' } },
  { method: 'GET', path: '/api/admin/conversions', auth: 'admin' },
  { method: 'GET', path: '/api/admin/conversions/export.csv', auth: 'admin' },
  { method: 'PATCH', path: '/api/admin/conversions/:id', auth: 'admin', body: { status: 'approved' } },
  {
    method: 'POST',
    path: '/api/admin/contacts/import',
    auth: 'admin',
    body: { csv: 'email,name\na@b.co,A' },
  },
  { method: 'GET', path: '/api/admin/payouts', auth: 'admin' },
  { method: 'GET', path: '/api/admin/payouts/export.csv', auth: 'admin' },
  { method: 'POST', path: '/api/admin/payouts/:id/confirm', auth: 'admin' },
  { method: 'GET', path: '/api/admin/outbox', auth: 'admin' },
  {
    method: 'POST',
    path: '/api/affiliates/apply',
    auth: 'none',
    body: {
      display_name: 'Ada',
      email: 'ada@example.com',
      company_name: 'Ada Media',
      website: 'https://ada.example',
      social_media: '@ada',
      audience_size: '10k',
      content_type: 'Video',
      promotion_strategy: 'A weekly newsletter and YouTube reviews.',
    },
  },
  {
    method: 'POST',
    path: '/api/auth/login',
    auth: 'none',
    body: { email: 'ada@example.com', code: '123456' },
  },
  { method: 'POST', path: '/api/auth/logout', auth: 'affiliate', revokes: true },
  { method: 'GET', path: '/api/trends', auth: 'none' },
  {
    method: 'POST',
    path: '/api/trends',
    auth: 'none',
    body: { source: 'https://www.youtube.com/watch?v=abc' },
  },
  { method: 'DELETE', path: '/api/trends/:id', auth: 'admin' },
  { method: 'POST', path: '/api/trends/:id/process', auth: 'admin' },
  { method: 'POST', path: '/api/twilio/inbound', auth: 'none', body: { From: '+14155550100', Body: 'STOP' } },
  {
    method: 'POST',
    path: '/api/reaction-video/submit',
    auth: 'none',
    body: { link: 'https://www.youtube.com/watch?v=abc', source: 'Youtube', email: 'ada@example.com' },
  },
  { method: 'POST', path: '/api/content-results/request-access', auth: 'none', body: { email: 'a@b.co' } },
  {
    method: 'POST',
    path: '/api/content-results/verify-access',
    auth: 'none',
    body: { email: 'a@b.co', code: '123456' },
  },
  { method: 'POST', path: '/api/content-results/access', auth: 'dashboard', body: { email: 'a@b.co' } },
  { method: 'GET', path: '/api/content-results/session', auth: 'dashboard' },
  { method: 'POST', path: '/api/content-results/sign-out', auth: 'dashboard', revokes: true },
  { method: 'DELETE', path: '/api/content-results/:id', auth: 'dashboard' },
  { method: 'POST', path: '/api/privacy/delete-data/request-code', auth: 'dashboard' },
  { method: 'POST', path: '/api/privacy/delete-data', auth: 'dashboard', body: { code: '123456' } },
  { method: 'GET', path: '/api/privacy/data-use', auth: 'dashboard' },
  { method: 'PUT', path: '/api/privacy/data-use', auth: 'dashboard', body: { optedOut: true } },
  { method: 'GET', path: '/api/admin/privacy/opt-outs', auth: 'admin' },
  { method: 'GET', path: '/api/campaigns', auth: 'admin' },
  { method: 'POST', path: '/api/campaigns', auth: 'admin', body: { name: 'Spring', description: 'Hello' } },
  { method: 'GET', path: '/api/campaigns/:id', auth: 'admin' },
  { method: 'PATCH', path: '/api/campaigns/:id', auth: 'admin', body: { name: 'Renamed', description: 'x' } },
  { method: 'GET', path: '/api/campaigns/:id/messages', auth: 'admin' },
  {
    method: 'POST',
    path: '/api/campaigns/:id/messages',
    auth: 'admin',
    body: { sequence_number: 1, delay_days: 0, message_type: 'email', subject: 'Hi', text_content: 'Hello' },
  },
  {
    method: 'PATCH',
    path: '/api/campaigns/:id/messages/:messageId',
    auth: 'admin',
    body: { sequence_number: 1, delay_days: 0, message_type: 'sms', text_content: 'Hello' },
  },
  { method: 'DELETE', path: '/api/campaigns/:id/messages/:messageId', auth: 'admin' },
  {
    method: 'POST',
    path: '/api/campaigns/:id/test-sms',
    auth: 'admin',
    body: { phone: '+14155550100', message: 'Hi' },
  },
  { method: 'POST', path: '/api/campaigns/:id/test-email', auth: 'admin', body: { email: 'a@b.co' } },
  { method: 'GET', path: '/api/me', auth: 'affiliate' },
  {
    method: 'PUT',
    path: '/api/me/payout-settings',
    auth: 'affiliate',
    body: { payout_method: 'paypal', payout_details: 'ada@paypal.example' },
  },
  { method: 'POST', path: '/api/studio/notes', auth: 'dashboard', body: { text: 'A note.', title: 'T' } },
  { method: 'GET', path: '/api/studio/notes', auth: 'dashboard' },
  { method: 'GET', path: '/api/studio/notes/:id', auth: 'dashboard' },
  { method: 'PATCH', path: '/api/studio/notes/:id', auth: 'dashboard', body: { title: 'Renamed' } },
  {
    method: 'PATCH',
    path: '/api/studio/notes/:id/sentences/:sentenceId',
    auth: 'dashboard',
    body: { text: 'What was said.' },
  },
  { method: 'DELETE', path: '/api/studio/notes/:id', auth: 'dashboard' },
  { method: 'GET', path: '/api/studio/notes/:id/media', auth: 'dashboard' },
  {
    method: 'POST',
    path: '/api/studio/imports',
    auth: 'dashboard',
    body: { type: 'file', filename: 'posts.txt', content: 'One post.' },
  },
  { method: 'GET', path: '/api/studio/search', auth: 'dashboard' },
  { method: 'GET', path: '/api/studio/ideas', auth: 'dashboard' },
  { method: 'GET', path: '/api/studio/voice', auth: 'dashboard' },
  {
    method: 'PUT',
    path: '/api/studio/voice',
    auth: 'dashboard',
    body: { pins: ['ship it'], bans: ['synergy'] },
  },
  { method: 'GET', path: '/api/studio/usage', auth: 'dashboard' },
  { method: 'POST', path: '/api/studio/uploads', auth: 'dashboard' },
  { method: 'PATCH', path: '/api/studio/uploads/:id', auth: 'dashboard' },
  { method: 'DELETE', path: '/api/studio/uploads/:id', auth: 'dashboard' },
  { method: 'POST', path: '/api/studio/recordings', auth: 'dashboard', body: { mime_type: 'audio/webm' } },
  { method: 'GET', path: '/api/studio/recordings/:id', auth: 'dashboard' },
  { method: 'PUT', path: '/api/studio/recordings/:id/chunks/:n', auth: 'dashboard' },
  { method: 'POST', path: '/api/studio/recordings/:id/finish', auth: 'dashboard', body: { chunk_count: 1 } },
  { method: 'DELETE', path: '/api/studio/recordings/:id', auth: 'dashboard' },
  {
    method: 'POST',
    path: '/api/studio/drafts',
    auth: 'dashboard',
    body: { note_ids: ['00000000-0000-4000-8000-000000000000'], formats: ['blog'] },
  },
  { method: 'GET', path: '/api/studio/drafts', auth: 'dashboard' },
  { method: 'GET', path: '/api/studio/drafts/:id', auth: 'dashboard' },
  { method: 'PUT', path: '/api/studio/drafts/:id', auth: 'dashboard', body: { blocks: [] } },
  { method: 'POST', path: '/api/studio/drafts/:id/regenerate', auth: 'dashboard', body: { block_id: 'b1' } },
  { method: 'GET', path: '/api/studio/drafts/:id/export', auth: 'dashboard' },
  { method: 'GET', path: '/api/studio/drafts/:id/clips/:n', auth: 'dashboard' },
  { method: 'GET', path: '/api/studio/drafts/:id/versions', auth: 'dashboard' },
  { method: 'POST', path: '/api/studio/drafts/:id/versions/:vid/restore', auth: 'dashboard' },
  { method: 'GET', path: '/api/publishing/accounts', auth: 'dashboard' },
  {
    method: 'POST',
    path: '/api/publishing/accounts/bluesky',
    auth: 'dashboard',
    body: { handle: 'someone.test', app_password: 'aaaa-bbbb' },
  },
  { method: 'POST', path: '/api/publishing/oauth/start', auth: 'dashboard', body: { platform: 'x' } },
  { method: 'GET', path: '/api/publishing/oauth/callback', auth: 'dashboard' },
  { method: 'DELETE', path: '/api/publishing/accounts/:id', auth: 'dashboard' },
  { method: 'GET', path: '/api/publishing/accounts/:id/next-slot', auth: 'dashboard' },
  {
    method: 'POST',
    path: '/api/publishing/preview',
    auth: 'dashboard',
    body: {
      draft_id: '00000000-0000-4000-8000-000000000000',
      account_ids: ['00000000-0000-4000-8000-000000000000'],
    },
  },
  {
    method: 'POST',
    path: '/api/publishing/posts',
    auth: 'dashboard',
    body: {
      draft_id: '00000000-0000-4000-8000-000000000000',
      account_ids: ['00000000-0000-4000-8000-000000000000'],
      when: 'now',
    },
  },
  { method: 'GET', path: '/api/publishing/posts', auth: 'dashboard' },
  { method: 'GET', path: '/api/publishing/results', auth: 'dashboard' },
  {
    method: 'PATCH',
    path: '/api/publishing/posts/:id',
    auth: 'dashboard',
    body: { scheduled_at: '2030-01-01T08:00:00Z' },
  },
  { method: 'POST', path: '/api/publishing/posts/:id/cancel', auth: 'dashboard' },
  { method: 'GET', path: '/api/publishing/slots', auth: 'dashboard' },
  {
    method: 'POST',
    path: '/api/publishing/slots',
    auth: 'dashboard',
    body: { account_id: '00000000-0000-4000-8000-000000000000', weekday: 2, time: '08:30', time_zone: 'UTC' },
  },
  { method: 'DELETE', path: '/api/publishing/slots/:id', auth: 'dashboard' },
  { method: 'POST', path: '/api/unsubscribe', auth: 'none', body: { token: 'abc' } },
  { method: 'POST', path: '/unsubscribe', auth: 'none' },
];

/**
 * The registered API routes (method + path, HEAD left out), read from Fastify's route tree: every
 * /api/ route and every non-GET route (the built web app adds GET routes for its static files).
 */
export function registeredRoutes(app: FastifyInstance): string[] {
  const out: string[] = [];
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([│ ]*)[├└]── (\S+)(?: \(([^)]*)\))?/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    stack.length = depth;
    stack.push(match[2]!);
    const path = stack.join('');
    for (const method of (match[3] ?? '').split(',').map((m) => m.trim()))
      if (method && method !== 'HEAD' && (path.startsWith('/api/') || method !== 'GET'))
        out.push(`${method} ${path}`);
  }
  return out.sort();
}

/** Credentials for every kind of caller (sessions made directly: no worker is needed). */
export async function credentials(
  echo: TestApp,
): Promise<Record<Exclude<Auth, 'none'>, Record<string, string>>> {
  const app = echo.app!;
  const login = await app.inject({
    method: 'POST',
    url: '/api/admin/login',
    payload: { password: TEST_ADMIN_PASSWORD },
  });
  const adminToken = login.json().token as string;
  const [affiliate] = await echo.query<{ id: number }>(
    `insert into affiliates (display_name, email, promotion_strategy, status, referral_code) values ('Fuzz', 'fuzz-aff@example.com', 'Fuzzing the affiliate routes', 'approved', 'FUZZ1') returning id::int as id`,
  );
  const affiliateToken = (await createSession(echo.ctx.database.db, 'affiliate', String(affiliate!.id), 24))
    .token;
  const dashboard = (await createSession(echo.ctx.database.db, 'dashboard', 'fuzz-dash@example.com', 24))
    .token;
  return {
    admin: { authorization: `Bearer ${adminToken}` },
    affiliate: { authorization: `Bearer ${affiliateToken}` },
    dashboard: { cookie: `echo_dashboard=${dashboard}` },
  };
}

/** Content hashes of the main tables (counts for tables whose rows legitimately change on reads). */
const HASHED = [
  'waitlist_signups',
  'trends',
  'trend_totals',
  'content_results',
  'webhook_deliveries',
  'affiliates',
  'affiliate_clicks',
  'affiliate_referrals',
  'affiliate_conversions',
  'affiliate_payouts',
  'stripe_events',
  'campaigns',
  'campaign_steps',
  'campaign_enrolments',
  'campaign_deliveries',
  'contacts',
  'outbox',
];
const COUNTED = ['verification_codes', 'user_sessions', 'admin_sessions'];

export async function snapshot(echo: TestApp): Promise<Record<string, string>> {
  const parts = [
    ...HASHED.map(
      (t) =>
        `(select count(*) || ':' || coalesce(md5(string_agg(x::text, '|' order by x::text)), '') from ${t} x) as ${t}`,
    ),
    ...COUNTED.map((t) => `(select count(*)::text from ${t}) as ${t}`),
  ];
  const [row] = await echo.query<Record<string, string>>(`select ${parts.join(', ')}`);
  return row!;
}

/** A rejected or failed answer must be JSON { message: string }; no answer may be a 5xx. */
export function assertApiAnswer(res: LightMyRequestResponse, what: string): void {
  if (res.statusCode >= 500) throw new Error(`${what} -> ${res.statusCode} ${res.body.slice(0, 300)}`);
  if (res.statusCode < 400) return;
  const type = String(res.headers['content-type'] ?? '');
  if (!type.startsWith('application/json'))
    throw new Error(`${what} -> ${res.statusCode} with content-type ${type}: ${res.body.slice(0, 200)}`);
  let body: unknown;
  try {
    body = JSON.parse(res.body);
  } catch {
    throw new Error(`${what} -> ${res.statusCode} with a body that is not JSON: ${res.body.slice(0, 200)}`);
  }
  if (typeof (body as { message?: unknown })?.message !== 'string')
    throw new Error(`${what} -> ${res.statusCode} without a string message: ${res.body.slice(0, 200)}`);
}
