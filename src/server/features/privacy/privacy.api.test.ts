import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertResult, waitForCode } from '#tests/support/content-results.ts';
import { codeIn } from '#tests/support/smtp-sink.ts';
import { startTestApp, TEST_ADMIN_PASSWORD, type TestApp } from '#tests/support/test-app.ts';
import { runRetention } from './repository.ts';
import { DELETE_CODES_PER_EMAIL } from './service.ts';

let echo: TestApp;
let adminToken: string;
beforeAll(async () => {
  echo = await startTestApp({ SIGNUP_RATE_LIMIT: '1000' });
  adminToken = (
    await echo.app!.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { password: TEST_ADMIN_PASSWORD },
    })
  ).json().token;
});
afterAll(() => echo?.close());

let ipCounter = 0;
const freshIp = () => `10.7.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

function call(
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  body?: unknown,
  options: { cookie?: string; ip?: string; auth?: string } = {},
) {
  return echo.app!.inject({
    method,
    url,
    remoteAddress: options.ip ?? freshIp(),
    headers: {
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(options.cookie ? { cookie: options.cookie } : {}),
      ...(options.auth ? { authorization: `Bearer ${options.auth}` } : {}),
    },
    payload: body !== undefined ? JSON.stringify(body) : undefined,
  });
}

async function signIn(email: string): Promise<string> {
  const ip = freshIp();
  const before = echo.smtp.to(email).filter((m) => /dashboard code/.test(m.subject)).length;
  expect((await call('POST', '/api/content-results/request-access', { email }, { ip })).statusCode).toBe(200);
  const code = await waitForCode(echo, email, before + 1);
  const verified = await call('POST', '/api/content-results/verify-access', { email, code }, { ip });
  expect(verified.statusCode).toBe(200);
  return String(verified.headers['set-cookie']).split(';')[0]!;
}

const deleteMails = (email: string) => echo.smtp.to(email).filter((m) => /Confirm deleting/.test(m.subject));

async function deletionCode(email: string, cookie: string, ip?: string): Promise<string> {
  const before = deleteMails(email).length;
  const res = await call('POST', '/api/privacy/delete-data/request-code', undefined, { cookie, ip });
  expect(res.statusCode).toBe(200);
  expect(res.json()).toEqual({ message: 'We sent a confirmation code to your e-mail.' });
  await echo.smtp.waitFor(() => deleteMails(email).length > before);
  const mails = deleteMails(email);
  return codeIn(mails[mails.length - 1]!);
}

async function insertTrend(
  source: string,
  browserHash: string | null = null,
  createdBy: string | null = null,
): Promise<string> {
  const [row] = await echo.query<{ id: string }>(
    `with t as (insert into trends (source, platform, owner_hash, created_by) values ($1, 'tiktok', $2, $3) returning id),
     c as (insert into trend_totals (id, count) values (1, 1) on conflict (id) do update set count = trend_totals.count + 1)
     select id from t`,
    [source, browserHash, createdBy],
  );
  return row!.id;
}
const fileTrend = (email: string, trendId: string) =>
  echo.query(
    `insert into content_results (product_type, status, source_url, user_email, trend_id)
     values ('trend_analysis', 'completed', 'https://www.tiktok.com/@a/video/1', $1, $2)`,
    [email, trendId],
  );
const countOf = async (sql: string, values: unknown[]) =>
  Number((await echo.query<{ n: string }>(sql, values))[0]!.n);

describe("'Delete my data'", () => {
  it('needs a dashboard session, and a fresh e-mailed code even inside one', async () => {
    const anonymous = await call('POST', '/api/privacy/delete-data/request-code');
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({
      code: 'unauthorized',
      message: 'Please verify your email to view this dashboard',
    });
    expect((await call('POST', '/api/privacy/delete-data', { code: '123456' })).statusCode).toBe(401);

    const email = 'fresh-code@example.com';
    await insertResult(echo, { email });
    const cookie = await signIn(email);
    // The dashboard code (already used) is not a deletion code.
    const wrong = await call('POST', '/api/privacy/delete-data', { code: '000000' }, { cookie });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ code: 'code_invalid', message: 'Invalid verification code' });
    const malformed = await call('POST', '/api/privacy/delete-data', { code: 'abc' }, { cookie });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toBe('Please enter the 6-digit code');
    expect(await countOf('select count(*) as n from content_results where user_email = $1', [email])).toBe(1);
  });

  it('deletes only that owner: results, its trends, sessions, codes, opt-out; e-mails a confirmation; signs out', async () => {
    const email = 'leaving@example.com';
    const other = 'staying@example.com';
    const trendCookie = 'trend-cookie-value-abcdefghijk';
    const { createHash } = await import('node:crypto');
    const browserHash = createHash('sha256').update(trendCookie).digest('hex');

    await insertResult(echo, { email });
    await insertResult(echo, { email, productType: 'echo_core' });
    const otherResult = await insertResult(echo, { email: other });
    const mine = await insertTrend('https://www.tiktok.com/@p/video/1001', null, email);
    const shared = await insertTrend('https://www.tiktok.com/@p/video/1002', null, email);
    const browserOwned = await insertTrend('https://www.tiktok.com/@p/video/1003', browserHash);
    const othersTrend = await insertTrend('https://www.tiktok.com/@p/video/1004');
    await fileTrend(email, mine);
    await fileTrend(email, shared);
    await fileTrend(other, shared);
    await fileTrend(other, othersTrend);
    const totalBefore = await countOf('select count as n from trend_totals where id = 1', []);

    const cookie = await signIn(email);
    const otherCookie = await signIn(other);
    const secondBrowser = await signIn(email);
    expect((await call('PUT', '/api/privacy/data-use', { optedOut: true }, { cookie })).statusCode).toBe(200);

    const code = await deletionCode(email, cookie);
    const res = await call(
      'POST',
      '/api/privacy/delete-data',
      { code },
      { cookie: `${cookie}; echo_trend_owner=${trendCookie}` },
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      message: 'Your data has been deleted.',
      deleted: { results: 4, trends: 2, media_files: 0, media_pending: 0 },
    });
    expect(String(res.headers['set-cookie'])).toMatch(/^echo_dashboard=; Max-Age=0; Path=\/api;/);

    expect(await countOf('select count(*) as n from content_results where user_email = $1', [email])).toBe(0);
    expect(
      await countOf('select count(*) as n from trends where id = any($1::uuid[])', [[mine, browserOwned]]),
    ).toBe(0);
    // A trend another owner filed too stays, with that owner's entry, and forgets its creator.
    expect(
      await countOf('select count(*) as n from trends where id = any($1::uuid[])', [[shared, othersTrend]]),
    ).toBe(2);
    expect(
      await countOf(
        'select count(*) as n from trends where id = $1 and created_by is null and owner_hash is null',
        [shared],
      ),
    ).toBe(1);
    expect(await countOf('select count(*) as n from content_results where user_email = $1', [other])).toBe(3);
    expect(await countOf('select count(*) as n from content_results where id = $1', [otherResult])).toBe(1);
    expect(await countOf('select count as n from trend_totals where id = 1', [])).toBe(totalBefore - 2);
    expect(await countOf('select count(*) as n from user_sessions where subject = $1', [email])).toBe(0);
    expect(await countOf('select count(*) as n from verification_codes where email = $1', [email])).toBe(0);
    expect(await countOf('select count(*) as n from data_use_opt_outs where email = $1', [email])).toBe(0);
    expect(await countOf('select count(*) as n from user_sessions where subject = $1', [other])).toBe(1);
    // The owner's messages are gone from the outbox (only the confirmation, queued after, remains).
    expect(
      (await echo.query<{ kind: string }>('select kind from outbox where recipient = $1', [email])).map(
        (r) => r.kind,
      ),
    ).toEqual(['privacy.data-deleted']);
    expect(await countOf('select count(*) as n from outbox where recipient = $1', [other])).toBeGreaterThan(
      0,
    );

    // Every session of the owner ended; the other owner is still signed in.
    for (const c of [cookie, secondBrowser])
      expect((await call('GET', '/api/content-results/session', undefined, { cookie: c })).json()).toEqual({
        email: null,
      });
    expect(
      (await call('GET', '/api/content-results/session', undefined, { cookie: otherCookie })).json(),
    ).toEqual({
      email: other,
    });

    await echo.smtp.waitFor((m) => m.some((x) => x.to.includes(email) && /has been deleted/.test(x.subject)));
    const mail = echo.smtp.to(email).find((x) => /has been deleted/.test(x.subject));
    expect(mail!.subject).toBe('Your Echo data has been deleted');
    expect(mail!.text).toContain('4 content result(s)');
    expect(mail!.text).toContain('2 trend(s)');
    expect(echo.smtp.to(other).some((m) => /deleted/.test(m.subject))).toBe(false);
  });

  it('refuses an expired code and a reused one', async () => {
    const email = 'expired@example.com';
    await insertResult(echo, { email });
    const cookie = await signIn(email);
    const code = await deletionCode(email, cookie);
    await echo.query(
      `update verification_codes set expires_at = now() - interval '1 minute' where email = $1 and purpose = 'delete-data'`,
      [email],
    );
    const expired = await call('POST', '/api/privacy/delete-data', { code }, { cookie });
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toEqual({
      code: 'code_expired',
      message: 'This code has expired. Please request a new one.',
    });
    expect(await countOf('select count(*) as n from content_results where user_email = $1', [email])).toBe(1);

    const fresh = await deletionCode(email, cookie);
    const cookie2 = await signIn(email);
    expect((await call('POST', '/api/privacy/delete-data', { code: fresh }, { cookie })).statusCode).toBe(
      200,
    );
    // The code was used (and the sessions ended): a replay from a new session fails.
    const cookie3 = await signIn(email);
    const replay = await call('POST', '/api/privacy/delete-data', { code: fresh }, { cookie: cookie3 });
    expect(replay.statusCode).toBe(400);
    expect(
      (await call('GET', '/api/content-results/session', undefined, { cookie: cookie2 })).json(),
    ).toEqual({
      email: null,
    });
  });

  it('limits wrong tries and code requests', async () => {
    const email = 'limits@example.com';
    await insertResult(echo, { email });
    const cookie = await signIn(email);
    // Lockouts and request limits count per (e-mail, client): one browser here.
    const ip = freshIp();
    const code = await deletionCode(email, cookie, ip);
    const wrong = code === '111111' ? '222222' : '111111';
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++)
      statuses.push(
        (await call('POST', '/api/privacy/delete-data', { code: wrong }, { cookie, ip })).statusCode,
      );
    expect(statuses).toEqual([400, 400, 400, 400, 429]);
    // Even the right code no longer works after 5 wrong tries.
    expect((await call('POST', '/api/privacy/delete-data', { code }, { cookie, ip })).statusCode).toBe(429);
    expect(await countOf('select count(*) as n from content_results where user_email = $1', [email])).toBe(1);

    for (let i = 1; i < DELETE_CODES_PER_EMAIL; i++)
      expect(
        (await call('POST', '/api/privacy/delete-data/request-code', undefined, { cookie, ip })).statusCode,
      ).toBe(200);
    const limited = await call('POST', '/api/privacy/delete-data/request-code', undefined, { cookie, ip });
    expect(limited.statusCode).toBe(429);
    expect(typeof limited.json().message).toBe('string');
  });
});

describe('opt-out of anonymised data use', () => {
  it('is stored per owner, sets the no-tracking cookie and feeds the export list', async () => {
    const email = 'private@example.com';
    expect((await call('GET', '/api/privacy/data-use')).statusCode).toBe(401);
    expect((await call('PUT', '/api/privacy/data-use', { optedOut: true })).statusCode).toBe(401);
    const cookie = await signIn(email);

    const initial = await call('GET', '/api/privacy/data-use', undefined, { cookie });
    expect(initial.json()).toEqual({ optedOut: false });
    expect(String(initial.headers['set-cookie'])).toMatch(/^echo_no_tracking=; Max-Age=0; Path=\/;/);

    const on = await call('PUT', '/api/privacy/data-use', { optedOut: true }, { cookie });
    expect(on.json()).toEqual({ optedOut: true });
    const set = String(on.headers['set-cookie']);
    expect(set).toMatch(/^echo_no_tracking=1; Max-Age=\d+; Path=\/; SameSite=Lax/);
    expect(set).not.toMatch(/HttpOnly/i);
    // Another browser of the same owner learns it when the dashboard reads the choice.
    const other = await signIn(email);
    const read = await call('GET', '/api/privacy/data-use', undefined, { cookie: other });
    expect(read.json()).toEqual({ optedOut: true });
    expect(String(read.headers['set-cookie'])).toMatch(/^echo_no_tracking=1;/);

    expect((await call('GET', '/api/admin/privacy/opt-outs')).statusCode).toBe(401);
    const list = await call('GET', '/api/admin/privacy/opt-outs', undefined, { auth: adminToken });
    expect(list.json().emails).toContain(email);

    expect((await call('PUT', '/api/privacy/data-use', { optedOut: false }, { cookie })).json()).toEqual({
      optedOut: false,
    });
    const after = await call('GET', '/api/admin/privacy/opt-outs', undefined, { auth: adminToken });
    expect(after.json().emails).not.toContain(email);
    const bad = await call('PUT', '/api/privacy/data-use', { optedOut: 'yes' }, { cookie });
    expect(bad.statusCode).toBe(400);
  });
});

describe('retention job', () => {
  it('deletes inactive content and contacts plus expired codes, sessions, rate limits and delivery ids', async () => {
    const old = "now() - interval '25 months'";
    const recent = "now() - interval '23 months'";
    const oldResult = await insertResult(echo, { email: 'ret-old@example.com' });
    const activeResult = await insertResult(echo, { email: 'ret-active@example.com' });
    const newResult = await insertResult(echo, { email: 'ret-new@example.com' });
    await echo.query(
      `update content_results set created_at = ${old}, updated_at = ${old}, last_active_at = ${old} where id = $1`,
      [oldResult],
    );
    await echo.query(
      `update content_results set created_at = ${old}, updated_at = ${old}, last_active_at = ${recent} where id = $1`,
      [activeResult],
    );

    const contact = async (email: string, at: string) =>
      (
        await echo.query<{ id: number }>(
          `insert into contacts (email, time_zone, source, created_at, updated_at) values ($1, 'UTC', 'csv', ${at}, ${at}) returning id`,
          [email],
        )
      )[0]!.id;
    const oldContact = await contact('ret-c-old@example.com', old);
    const enrolledContact = await contact('ret-c-enrolled@example.com', old);
    const newContact = await contact('ret-c-new@example.com', 'now()');
    const [campaign] = await echo.query<{ id: number }>(
      `insert into campaigns (name) values ('Retention test') returning id`,
    );
    await echo.query(
      `insert into campaign_enrolments (campaign_id, contact_id, created_at) values ($1, $2, ${recent})`,
      [campaign!.id, enrolledContact],
    );

    await echo.query(
      `insert into verification_codes (id, purpose, email, code_hash, expires_at) values
       ('ret-code-old', 'dashboard', 'ret@example.com', 'x', now() - interval '1 minute'),
       ('ret-code-live', 'dashboard', 'ret@example.com', 'x', now() + interval '5 minutes')`,
    );
    await echo.query(
      `insert into user_sessions (token_hash, kind, subject, expires_at) values
       ('ret-s-old', 'dashboard', 'ret@example.com', now() - interval '1 minute'),
       ('ret-s-live', 'dashboard', 'ret@example.com', now() + interval '1 hour')`,
    );
    await echo.query(
      `insert into admin_sessions (token_hash, expires_at) values
       ('ret-a-old', now() - interval '1 minute'), ('ret-a-live', now() + interval '1 hour')`,
    );
    await echo.query(
      `insert into rate_limits (key, count, reset_at) values
       ('ret-rl-old', 3, now() - interval '2 hours'), ('ret-rl-live', 3, now() + interval '5 minutes')`,
    );
    await echo.query(
      `insert into webhook_deliveries (id, received_at) values
       ('ret-wh-old', now() - interval '2 days'), ('ret-wh-new', now())`,
    );

    await echo.query(
      `insert into outbox (recipient, text_body, kind, status, created_at) values
       ('ret-o@example.com', 'old', 'ret.old', 'sent', now() - interval '31 days'),
       ('ret-o@example.com', 'old but queued', 'ret.queued', 'queued', now() - interval '31 days'),
       ('ret-o@example.com', 'recent', 'ret.recent', 'stored', now() - interval '29 days')`,
    );
    const counts = await runRetention(echo.ctx.database.db, 24);
    expect(counts.outbox).toBeGreaterThanOrEqual(1);
    expect(
      (
        await echo.query<{ kind: string }>(
          `select kind from outbox where recipient = 'ret-o@example.com' order by id`,
        )
      ).map((r) => r.kind),
    ).toEqual(['ret.queued', 'ret.recent']);
    expect(counts.contentResults).toBeGreaterThanOrEqual(1);
    expect(counts.contacts).toBeGreaterThanOrEqual(1);
    const ids = async (sql: string) => (await echo.query<{ id: string }>(sql)).map((r) => String(r.id));
    expect(
      await ids(
        `select id from content_results where id in ('${oldResult}', '${activeResult}', '${newResult}')`,
      ),
    ).toEqual(expect.arrayContaining([activeResult, newResult]));
    expect(await countOf('select count(*) as n from content_results where id = $1', [oldResult])).toBe(0);
    expect(await countOf('select count(*) as n from contacts where id = $1', [oldContact])).toBe(0);
    expect(
      await countOf('select count(*) as n from contacts where id = any($1::bigint[])', [
        [enrolledContact, newContact],
      ]),
    ).toBe(2);
    expect(await ids(`select id from verification_codes where id like 'ret-code-%'`)).toEqual([
      'ret-code-live',
    ]);
    expect(await ids(`select token_hash as id from user_sessions where token_hash like 'ret-s-%'`)).toEqual([
      'ret-s-live',
    ]);
    expect(await ids(`select token_hash as id from admin_sessions where token_hash like 'ret-a-%'`)).toEqual([
      'ret-a-live',
    ]);
    expect(await ids(`select key as id from rate_limits where key like 'ret-rl-%'`)).toEqual(['ret-rl-live']);
    expect(await ids(`select id from webhook_deliveries where id like 'ret-wh-%'`)).toEqual(['ret-wh-new']);

    // RETENTION_MONTHS is configurable: with 22 months the 23-month-old activity goes too.
    await runRetention(echo.ctx.database.db, 22);
    expect(await countOf('select count(*) as n from content_results where id = $1', [activeResult])).toBe(0);
    expect(await countOf('select count(*) as n from contacts where id = $1', [enrolledContact])).toBe(0);
    expect(await countOf('select count(*) as n from contacts where id = $1', [newContact])).toBe(1);
  });

  it('verifying a dashboard code marks the owner active', async () => {
    const email = 'ret-verify@example.com';
    const id = await insertResult(echo, { email });
    await echo.query(
      `update content_results set created_at = now() - interval '30 months', updated_at = now() - interval '30 months', last_active_at = now() - interval '30 months' where id = $1`,
      [id],
    );
    await signIn(email);
    await runRetention(echo.ctx.database.db, 24);
    expect(await countOf('select count(*) as n from content_results where id = $1', [id])).toBe(1);
  });

  it('is scheduled daily with the configured months', async () => {
    const { RETENTION_CRON, retentionJob } = await import('./job-definitions.ts');
    const { ALL_JOBS } = await import('../../worker.ts');
    expect(ALL_JOBS).toContain(retentionJob);
    expect(RETENTION_CRON).toBe('45 0 * * *');
    expect(echo.ctx.config.retentionMonths).toBe(24);
  });
});
