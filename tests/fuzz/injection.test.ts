import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertApiAnswer, credentials, type Method } from '#tests/support/fuzz.ts';
import { startTestApp, type TestApp } from '#tests/support/test-app.ts';

/** Hostile text of every kind, by family. */
const PAYLOADS: Record<string, string[]> = {
  sql: ["Robert'); DROP TABLE waitlist_signups; --", "' OR '1'='1' --", '1; SELECT pg_sleep(5)'],
  html: ['<script>alert("x")</script>', '<img src=x onerror=alert(1)> & "quotes"'],
  crlf: ['Ada\r\nBcc: evil@example.com', 'ada@example.com\r\nBcc: evil@example.com', 'Ada\nX-Injected: yes'],
  traversal: ['../../../../etc/passwd', '..\\..\\windows\\win.ini', '%2e%2e%2f%2e%2e%2fetc%2fpasswd'],
  unicode: ['Ädä 😀 𝕏𝔸 \u{10FFFF} \u202Eevil', '😀'.repeat(30)],
  oversized: ['x'.repeat(100 * 1024), '😀'.repeat(26 * 1024)],
  nul: ['a\u0000b', '\u0000'],
};
const ALL = Object.entries(PAYLOADS).flatMap(([family, list]) =>
  list.map((payload) => ({ family, payload })),
);

interface Field {
  method: Method;
  url: string;
  auth?: 'admin' | 'affiliate' | 'dashboard';
  /** A valid body; `unique` fields get a fresh value per request. */
  base: () => Record<string, unknown>;
  field: string;
  /** Where an accepted value is stored verbatim (trimmed, as the schemas do). */
  stored?: { table: string; column: string };
  /** Admin HTML is sanitised, not stored verbatim: what is stored holds no script. */
  sanitized?: { table: string; column: string };
}

let n = 0;
const fresh = () => `inj-${++n}@example.com`;
const url = () => `https://www.youtube.com/watch?v=inj${++n}`;
const waitlist = () => ({ name: 'Ada', email: fresh(), role: 'Creator', struggle: 'Ideas' });
const application = () => ({
  display_name: 'Ada',
  email: fresh(),
  company_name: 'Ada Media',
  website: 'https://ada.example',
  social_media: '@ada',
  audience_size: '10k',
  content_type: 'Video',
  promotion_strategy: 'A weekly newsletter and YouTube reviews.',
});
const emailStep = () => ({
  sequence_number: 1,
  delay_days: 0,
  message_type: 'email',
  subject: 'Hi',
  text_content: 'Hello',
});

const FIELDS: Field[] = [
  ...(['name', 'struggle'] as const).map(
    (field): Field => ({
      method: 'POST',
      url: '/api/waitlist',
      base: waitlist,
      field,
      stored: { table: 'waitlist_signups', column: field },
    }),
  ),
  { method: 'POST', url: '/api/waitlist', base: waitlist, field: 'email' },
  ...(
    [
      'display_name',
      'company_name',
      'website',
      'social_media',
      'audience_size',
      'content_type',
      'promotion_strategy',
    ] as const
  ).map(
    (field): Field => ({
      method: 'POST',
      url: '/api/affiliates/apply',
      base: application,
      field,
      stored: { table: 'affiliates', column: field },
    }),
  ),
  { method: 'POST', url: '/api/affiliates/apply', base: application, field: 'email' },
  { method: 'POST', url: '/api/auth/login', base: () => ({ email: fresh() }), field: 'email' },
  { method: 'POST', url: '/api/auth/login', base: () => ({ email: fresh(), code: '123456' }), field: 'code' },
  {
    method: 'PUT',
    url: '/api/me/payout-settings',
    auth: 'affiliate',
    base: () => ({ payout_method: 'paypal', payout_details: 'ada@paypal.example' }),
    field: 'payout_details',
    // Stored as JSON { account }.
    stored: { table: 'affiliates', column: "payout_details::jsonb->>'account'" },
  },
  { method: 'POST', url: '/api/admin/login', base: () => ({ password: 'x' }), field: 'password' },
  ...(['name', 'description'] as const).map(
    (field): Field => ({
      method: 'POST',
      url: '/api/campaigns',
      auth: 'admin',
      base: () => ({ name: 'Spring' }),
      field,
      stored: { table: 'campaigns', column: field },
    }),
  ),
  ...(['name', 'description'] as const).map(
    (field): Field => ({
      method: 'PATCH',
      url: '/api/campaigns/1',
      auth: 'admin',
      base: () => ({}),
      field,
      stored: { table: 'campaigns', column: field },
    }),
  ),
  {
    method: 'POST',
    url: '/api/campaigns/1/messages',
    auth: 'admin',
    base: emailStep,
    field: 'html_content',
    sanitized: { table: 'campaign_steps', column: 'html_content' },
  },
  ...(['subject', 'text_content'] as const).map(
    (field): Field => ({
      method: 'POST',
      url: '/api/campaigns/1/messages',
      auth: 'admin',
      base: emailStep,
      field,
      stored: { table: 'campaign_steps', column: field },
    }),
  ),
  {
    method: 'POST',
    url: '/api/campaigns/1/test-sms',
    auth: 'admin',
    base: () => ({ phone: '+14155550100' }),
    field: 'phone',
  },
  {
    method: 'POST',
    url: '/api/campaigns/1/test-sms',
    auth: 'admin',
    base: () => ({ phone: '+14155550100' }),
    field: 'message',
  },
  {
    method: 'POST',
    url: '/api/campaigns/1/test-email',
    auth: 'admin',
    base: () => ({ email: fresh() }),
    field: 'email',
  },
  {
    method: 'POST',
    url: '/api/admin/contacts/import',
    auth: 'admin',
    base: () => ({ csv: '' }),
    field: 'csv',
  },
  { method: 'POST', url: '/api/trends', base: () => ({ source: url() }), field: 'source' },
  {
    method: 'POST',
    url: '/api/reaction-video/submit',
    base: () => ({ link: url(), source: 'Youtube', email: fresh() }),
    field: 'link',
  },
  {
    method: 'POST',
    url: '/api/reaction-video/submit',
    base: () => ({ link: url(), source: 'Youtube', email: fresh() }),
    field: 'email',
  },
  {
    method: 'POST',
    url: '/api/content-results/request-access',
    base: () => ({ email: fresh() }),
    field: 'email',
  },
  {
    method: 'POST',
    url: '/api/content-results/verify-access',
    base: () => ({ email: fresh(), code: '123456' }),
    field: 'code',
  },
  { method: 'POST', url: '/api/content-results/access', base: () => ({ email: fresh() }), field: 'email' },
  { method: 'POST', url: '/api/unsubscribe', base: () => ({ token: 'x' }), field: 'token' },
  {
    method: 'POST',
    url: '/api/studio/ask',
    base: () => ({ engine: 'offline' }),
    field: 'question',
    auth: 'dashboard',
  },
];

let echo: TestApp;
let auth: Awaited<ReturnType<typeof credentials>>;

beforeAll(async () => {
  echo = await startTestApp({ SIGNUP_RATE_LIMIT: '100000', TREND_RATE_LIMIT: '100000' });
  auth = await credentials(echo);
});
afterAll(() => echo?.close());

async function send(method: Method, path: string, body: unknown, headers: Record<string, string> = {}) {
  return echo.app!.inject({
    method,
    url: path,
    headers: { 'content-type': 'application/json', ...headers },
    payload: JSON.stringify(body),
  });
}

describe('injection payloads in every text field', () => {
  for (const spec of FIELDS) {
    it(`${spec.method} ${spec.url} ${spec.field}: 4xx or stored verbatim, never a 5xx`, async () => {
      for (const { family, payload } of ALL) {
        const body = { ...spec.base(), [spec.field]: payload };
        const res = await send(spec.method, spec.url, body, spec.auth ? auth[spec.auth] : {});
        const what = `${spec.method} ${spec.url} ${spec.field}=${family}:${JSON.stringify(payload.slice(0, 40))}`;
        assertApiAnswer(res, what);
        if (family === 'nul') expect(res.statusCode, what).toBe(400);
        if (res.statusCode < 300 && spec.sanitized) {
          const [row] = await echo.query<{ value: string | null }>(
            `select ${spec.sanitized.column} as value from ${spec.sanitized.table} order by id desc limit 1`,
          );
          expect(row!.value ?? '', what).not.toMatch(/<script|onerror/i);
        }
        if (res.statusCode < 300 && spec.stored) {
          const [row] = await echo.query<{ found: number }>(
            `select count(*)::int as found from ${spec.stored.table} where ${spec.stored.column} = $1`,
            [payload.trim()],
          );
          expect(row!.found, `${what} is stored verbatim`).toBeGreaterThan(0);
        }
      }
      // The tables are intact whatever the SQL payloads tried.
      const [tables] = await echo.query<{ n: number }>(
        `select count(*)::int as n from information_schema.tables where table_name in ('waitlist_signups', 'affiliates', 'campaigns')`,
      );
      expect(tables!.n).toBe(3);
    });
  }

  it('ids with path traversal, SQL and NUL are answered with a JSON 4xx', async () => {
    const ids = [...PAYLOADS.traversal!, ...PAYLOADS.sql!, 'a\u0000b', '😀', '9'.repeat(40), '-1', '0'];
    const routes: [Method, (id: string) => string, Record<string, string>][] = [
      ['DELETE', (id) => `/api/content-results/${id}`, auth.dashboard],
      ['DELETE', (id) => `/api/trends/${id}`, auth.admin],
      ['POST', (id) => `/api/trends/${id}/process`, auth.admin],
      ['GET', (id) => `/api/campaigns/${id}`, auth.admin],
      ['DELETE', (id) => `/api/campaigns/1/messages/${id}`, auth.admin],
      ['PATCH', (id) => `/api/admin/conversions/${id}`, auth.admin],
      ['POST', (id) => `/api/admin/payouts/${id}/confirm`, auth.admin],
    ];
    for (const [method, path, headers] of routes) {
      for (const id of ids) {
        for (const segment of [encodeURIComponent(id), id.replace(/[^\x21-\x7e]/gu, encodeURIComponent)]) {
          const res = await echo.app!.inject({
            method,
            url: path(segment),
            headers: { ...headers, ...(method === 'PATCH' ? { 'content-type': 'application/json' } : {}) },
            payload: method === 'PATCH' ? JSON.stringify({ status: 'approved' }) : undefined,
          });
          const what = `${method} ${path(segment)}`;
          expect(res.statusCode, what).toBeGreaterThanOrEqual(400);
          // An unencoded ../ leaves /api/ once the URL is normalised (as browsers do): a page 404.
          if (new URL(path(segment), 'http://echo.test').pathname.startsWith('/api/'))
            assertApiAnswer(res, what);
          else expect(res.statusCode, what).toBe(404);
        }
      }
    }
  });

  it('e-mails escape user text in HTML and never gain header lines from it', async () => {
    const hostileNames = [
      ...PAYLOADS.html!,
      ...PAYLOADS.crlf!.filter((p) => !p.includes('@')),
      PAYLOADS.unicode![0]!,
    ];
    const sent: { email: string; name: string }[] = [];
    for (const name of hostileNames) {
      const email = fresh();
      const res = await send('POST', '/api/affiliates/apply', {
        ...application(),
        email,
        display_name: name,
      });
      expect(res.statusCode, name).toBe(201);
      sent.push({ email, name });
    }
    await echo.smtp.waitFor((mails) => sent.every(({ email }) => mails.some((m) => m.to.includes(email))));
    for (const { email, name } of sent) {
      const mail = echo.smtp.to(email)[0]!;
      const headerBlock = mail.raw.split(/\r?\n\r?\n/)[0]!;
      expect(headerBlock, name).not.toMatch(/^(bcc|x-injected):/im);
      expect(mail.to).toEqual([email]);
      // The HTML part (the plain-text part rightly keeps the text as typed).
      const html = /<!doctype html>[\s\S]*<\/html>/i.exec(mail.text)?.[0] ?? '';
      expect(html, name).toContain('Hi ');
      expect(html, name).not.toContain('<script>');
      expect(html, name).not.toContain('<img src=x');
      if (name.startsWith('<script>')) expect(html).toContain('&lt;script&gt;');
      if (name.startsWith('<img'))
        expect(html).toContain('&lt;img src=x onerror=alert(1)&gt; &amp; &quot;quotes&quot;');
    }
  });
});
