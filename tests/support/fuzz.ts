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
  /** A valid query string (without `?`), for a route that requires one. */
  query?: string;
  /** Logout routes revoke the credential they are sent: fuzz them only with bad credentials. */
  revokes?: boolean;
}

/** The routes a caller reaches with this credential, written `none('METHOD /path', body?)`. */
const as =
  (auth: Auth) =>
  (route: `${Method} /${string}`, body?: RouteSpec['body']): RouteSpec => {
    const [method, path] = route.split(' ') as [Method, string];
    return { method, path, auth, ...(body ? { body } : {}) };
  };
const none = as('none');
const admin = as('admin');
const affiliate = as('affiliate');
const dashboard = as('dashboard');

/** Every route the server registers (the test checks this list against the app's routes). */
export const ROUTES: RouteSpec[] = [
  none('GET /api/health'),
  none('GET /api/capabilities'),
  none('GET /api/waitlist/count'),
  none('POST /api/waitlist', { name: 'Ada', email: 'ada@example.com', role: 'Creator', struggle: 'Ideas' }),
  none('GET /api/webhook/test'),
  none('POST /api/webhook/test/dry-run'),
  none('POST /api/webhook/transcription-complete', {
    transcript: 'Hello',
    contentResultId: 'abc',
    videoUrl: 'https://example.com/v',
  }),
  none('POST /api/webhooks/stripe', { id: 'evt_1', type: 'x', data: {} }),
  none('POST /api/admin/login', { password: 'not the password' }),
  { ...admin('POST /api/admin/logout'), revokes: true },
  admin('GET /api/admin/session'),
  admin('GET /api/admin/affiliates'),
  admin('PATCH /api/admin/affiliates/:id/status', { status: 'approved' }),
  admin('GET /api/admin/conversions'),
  admin('GET /api/admin/conversions/export.csv'),
  admin('PATCH /api/admin/conversions/:id', { status: 'approved' }),
  admin('POST /api/admin/contacts/import', { csv: 'email,name\na@b.co,A' }),
  admin('GET /api/admin/payouts'),
  admin('GET /api/admin/payouts/export.csv'),
  admin('POST /api/admin/payouts/:id/confirm'),
  admin('GET /api/admin/outbox'),
  none('POST /api/affiliates/apply', {
    display_name: 'Ada',
    email: 'ada@example.com',
    company_name: 'Ada Media',
    website: 'https://ada.example',
    social_media: '@ada',
    audience_size: '10k',
    content_type: 'Video',
    promotion_strategy: 'A weekly newsletter and YouTube reviews.',
  }),
  none('POST /api/auth/login', { email: 'ada@example.com', code: '123456' }),
  { ...affiliate('POST /api/auth/logout'), revokes: true },
  none('GET /api/trends'),
  none('POST /api/trends', { source: 'https://www.youtube.com/watch?v=abc' }),
  admin('DELETE /api/trends/:id'),
  admin('POST /api/trends/:id/process'),
  none('POST /api/twilio/inbound', { From: '+14155550100', Body: 'STOP' }),
  none('POST /api/reaction-video/submit', {
    link: 'https://www.youtube.com/watch?v=abc',
    source: 'Youtube',
    email: 'ada@example.com',
  }),
  none('POST /api/content-results/request-access', { email: 'a@b.co' }),
  none('POST /api/content-results/verify-access', { email: 'a@b.co', code: '123456' }),
  dashboard('POST /api/content-results/access', { email: 'a@b.co' }),
  dashboard('GET /api/content-results/session'),
  { ...dashboard('POST /api/content-results/sign-out'), revokes: true },
  dashboard('DELETE /api/content-results/:id'),
  dashboard('POST /api/privacy/delete-data/request-code'),
  dashboard('POST /api/privacy/delete-data', { code: '123456' }),
  dashboard('GET /api/privacy/data-use'),
  dashboard('PUT /api/privacy/data-use', { optedOut: true }),
  admin('GET /api/admin/privacy/opt-outs'),
  admin('GET /api/campaigns'),
  admin('POST /api/campaigns', { name: 'Spring', description: 'Hello' }),
  admin('GET /api/campaigns/:id'),
  admin('PATCH /api/campaigns/:id', { name: 'Renamed', description: 'x' }),
  admin('GET /api/campaigns/:id/messages'),
  admin('POST /api/campaigns/:id/messages', {
    sequence_number: 1,
    delay_days: 0,
    message_type: 'email',
    subject: 'Hi',
    text_content: 'Hello',
  }),
  admin('PATCH /api/campaigns/:id/messages/:messageId', {
    sequence_number: 1,
    delay_days: 0,
    message_type: 'sms',
    text_content: 'Hello',
  }),
  admin('DELETE /api/campaigns/:id/messages/:messageId'),
  admin('POST /api/campaigns/:id/test-sms', { phone: '+14155550100', message: 'Hi' }),
  admin('POST /api/campaigns/:id/test-email', { email: 'a@b.co' }),
  affiliate('GET /api/me'),
  affiliate('PUT /api/me/payout-settings', { payout_method: 'paypal', payout_details: 'ada@paypal.example' }),
  dashboard('POST /api/studio/notes', { text: 'A note.', title: 'T' }),
  dashboard('GET /api/studio/notes'),
  dashboard('GET /api/studio/notes/:id'),
  dashboard('PATCH /api/studio/notes/:id', { title: 'Renamed' }),
  dashboard('PATCH /api/studio/notes/:id/sentences/:sentenceId', { text: 'What was said.' }),
  dashboard('POST /api/studio/notes/:id/speakers', { name: 'Priya' }),
  dashboard('PATCH /api/studio/notes/:id/speakers/:speakerId', { name: 'Sam', me: true }),
  dashboard('POST /api/studio/notes/:id/speakers/assign', {
    speaker_id: '00000000-0000-4000-8000-000000000000',
    from: '00000000-0000-4000-8000-000000000001',
  }),
  dashboard('POST /api/studio/notes/:id/speakers/:speakerId/merge', {
    into: '00000000-0000-4000-8000-000000000000',
  }),
  dashboard('POST /api/studio/notes/:id/review'),
  dashboard('DELETE /api/studio/notes/:id'),
  dashboard('GET /api/studio/notes/:id/media'),
  dashboard('POST /api/studio/imports', { type: 'file', filename: 'posts.txt', content: 'One post.' }),
  dashboard('GET /api/studio/search'),
  dashboard('POST /api/studio/ask', { question: 'What did I say about pricing?', engine: 'offline' }),
  dashboard('POST /api/studio/ask/notes', {
    question: 'What did I say about pricing?',
    sentence_ids: ['00000000-0000-4000-8000-000000000000'],
  }),
  dashboard('GET /api/studio/ideas'),
  dashboard('GET /api/studio/voice'),
  dashboard('PUT /api/studio/voice', { pins: ['ship it'], bans: ['synergy'] }),
  dashboard('GET /api/studio/usage'),
  dashboard('POST /api/studio/uploads'),
  dashboard('PATCH /api/studio/uploads/:id'),
  dashboard('DELETE /api/studio/uploads/:id'),
  dashboard('POST /api/studio/recordings', { mime_type: 'audio/webm' }),
  dashboard('GET /api/studio/recordings/:id'),
  dashboard('PUT /api/studio/recordings/:id/chunks/:n'),
  dashboard('POST /api/studio/recordings/:id/finish', { chunk_count: 1 }),
  dashboard('DELETE /api/studio/recordings/:id'),
  dashboard('POST /api/studio/conversations', {
    tracks: [
      { filename: 'sam.wav', size: 1000 },
      { filename: 'priya.wav', size: 1000 },
    ],
  }),
  dashboard('POST /api/studio/drafts', {
    note_ids: ['00000000-0000-4000-8000-000000000000'],
    formats: ['blog'],
  }),
  dashboard('GET /api/studio/drafts'),
  dashboard('GET /api/studio/drafts/:id'),
  dashboard('PUT /api/studio/drafts/:id', { blocks: [] }),
  dashboard('POST /api/studio/drafts/:id/regenerate', { block_id: 'b1' }),
  dashboard('POST /api/studio/drafts/:id/facts/:fact_id/put-back'),
  { ...dashboard('GET /api/studio/drafts/:id/export'), query: 'as=md' },
  dashboard('GET /api/studio/drafts/:id/clips/:n'),
  dashboard('GET /api/studio/drafts/:id/versions'),
  dashboard('POST /api/studio/drafts/:id/versions/:vid/restore'),
  dashboard('GET /api/publishing/accounts'),
  dashboard('POST /api/publishing/accounts/bluesky', { handle: 'someone.test', app_password: 'aaaa-bbbb' }),
  dashboard('POST /api/publishing/oauth/start', { platform: 'x' }),
  none('GET /api/publishing/oauth/callback'),
  dashboard('DELETE /api/publishing/accounts/:id'),
  dashboard('GET /api/publishing/accounts/:id/next-slot'),
  dashboard('POST /api/publishing/preview', {
    draft_id: '00000000-0000-4000-8000-000000000000',
    account_ids: ['00000000-0000-4000-8000-000000000000'],
  }),
  dashboard('POST /api/publishing/posts', {
    draft_id: '00000000-0000-4000-8000-000000000000',
    account_ids: ['00000000-0000-4000-8000-000000000000'],
    when: 'now',
  }),
  dashboard('GET /api/publishing/posts'),
  dashboard('GET /api/publishing/results'),
  dashboard('PATCH /api/publishing/posts/:id', { scheduled_at: '2030-01-01T08:00:00Z' }),
  dashboard('POST /api/publishing/posts/:id/cancel'),
  dashboard('GET /api/publishing/slots'),
  dashboard('POST /api/publishing/slots', {
    account_id: '00000000-0000-4000-8000-000000000000',
    weekday: 2,
    time: '08:30',
    time_zone: 'UTC',
  }),
  dashboard('DELETE /api/publishing/slots/:id'),
  none('POST /api/unsubscribe', { token: 'abc' }),
  none('POST /unsubscribe'),
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
