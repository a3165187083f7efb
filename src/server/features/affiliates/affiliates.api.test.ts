import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AffiliatesApp, application, startAffiliatesApp } from '#tests/support/affiliates.ts';

let echo: AffiliatesApp['echo'];
let adminToken: AffiliatesApp['adminToken'];
let call: AffiliatesApp['call'];
let codeFor: AffiliatesApp['codeFor'];
let signIn: AffiliatesApp['signIn'];
let approvedAffiliate: AffiliatesApp['approvedAffiliate'];
beforeAll(async () => {
  ({ echo, adminToken, call, codeFor, signIn, approvedAffiliate } = await startAffiliatesApp());
});
afterAll(() => echo?.close());

describe('applications', () => {
  it('stores an application, e-mails a confirmation and answers a duplicate with "already exists"', async () => {
    const res = await call('POST', '/api/affiliates/apply', application('apply@example.com'));
    expect(res.statusCode).toBe(201);
    const [row] = await echo.query(
      'select status, referral_code, company_name from affiliates where email = $1',
      ['apply@example.com'],
    );
    expect(row).toEqual({ status: 'pending', referral_code: null, company_name: 'Ada Media' });
    await echo.smtp.waitFor((m) => m.some((x) => x.to.includes('apply@example.com')));
    expect(echo.smtp.to('apply@example.com')[0]!.text).toContain('2-3 business days');
    const again = await call('POST', '/api/affiliates/apply', application(' APPLY@example.com '));
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/already exists/);
  });

  it.each([
    [{ ...application('v@example.com'), display_name: 'A' }, 'Name must be at least 2 characters'],
    [{ ...application('v@example.com'), email: 'nope' }, 'Invalid email address'],
    [
      { ...application('v@example.com'), promotion_strategy: 'too short' },
      'Please provide more detail about your promotion strategy',
    ],
  ])('rejects invalid application %# with the spec message', async (body, message) => {
    const res = await call('POST', '/api/affiliates/apply', body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });
});

describe('sign-in by e-mailed code, me, payout settings', () => {
  it('answers known and unknown addresses byte for byte the same at every step', async () => {
    await call('POST', '/api/affiliates/apply', application('known@example.com'));
    await echo.smtp.waitFor((m) => m.some((x) => x.to.includes('known@example.com')));
    // Each address from its own client, so per-client limits count the same for both.
    const login = async (email: string, ip: string, code?: string) => {
      const res = await echo.app!.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify(code === undefined ? { email } : { email, code }),
        remoteAddress: ip,
      });
      const { date: _date, ...headers } = res.headers;
      return { status: res.statusCode, body: res.body, headers };
    };
    const both = async (code?: (email: string) => Promise<string> | string) => {
      const known = await login('known@example.com', '10.9.0.1', await code?.('known@example.com'));
      const unknown = await login('nobody@example.com', '10.9.0.2', await code?.('nobody@example.com'));
      expect(unknown).toEqual(known);
      return known;
    };

    // 1. Requesting a code.
    const requested = await both();
    expect(requested.status).toBe(200);
    expect(JSON.parse(requested.body)).toMatchObject({ code_sent: true });
    const code = await codeFor('known@example.com');
    const wrong = code === '000000' ? '111111' : '000000';

    // 2. A wrong code, then the tries up to and after the fifth.
    const first = await both(() => wrong);
    expect(first.status).toBe(400);
    expect(JSON.parse(first.body)).toEqual({ code: 'code_invalid', message: 'Invalid verification code' });
    for (let i = 2; i <= 4; i++) await both(() => wrong);
    const fifth = await both(() => wrong);
    expect(fifth.status).toBe(429);
    expect(JSON.parse(fifth.body)).toEqual({
      code: 'code_locked',
      message: 'Too many wrong attempts. Please request a new code.',
    });
    // The right code is refused after five wrong ones (and answered as for the unknown address).
    expect((await both((email) => (email === 'known@example.com' ? code : wrong))).status).toBe(429);

    // 3. A new code that expires: the right (expired) code and a guess answer the same.
    await both();
    const fresh = await codeFor('known@example.com', 2);
    await echo.query(
      "update verification_codes set expires_at = now() - interval '1 second' where purpose = 'affiliate' and consumed_at is null",
    );
    const expired = await both((email) => (email === 'known@example.com' ? fresh : wrong));
    expect(expired.status).toBe(400);
    expect(JSON.parse(expired.body)).toEqual({
      code: 'code_expired',
      message: 'This code has expired. Please request a new one.',
    });

    // 4. A code never requested (another unknown address, another known one): the same answer.
    await call('POST', '/api/affiliates/apply', application('quiet@example.com'));
    const quietKnown = await login('quiet@example.com', '10.9.0.3', '123456');
    const quietUnknown = await login('silent@example.com', '10.9.0.4', '123456');
    expect(quietUnknown).toEqual(quietKnown);
    expect(quietKnown.status).toBe(400);

    // The unknown address gets an e-mail too (same work), saying there is no account, without a code.
    await echo.smtp.waitFor((m) => m.some((x) => x.to.includes('nobody@example.com')));
    const [notice] = echo.smtp.to('nobody@example.com');
    expect(notice!.text).toContain('no affiliate account uses it');
    expect(`${notice!.subject} ${notice!.text}`).not.toMatch(/\b\d{6}\b/);
    // Both addresses have a code row: the same state machine answers for both.
    const [{ n }] = await echo.query<{ n: number }>(
      "select count(distinct email)::int as n from verification_codes where purpose = 'affiliate' and email in ('known@example.com', 'nobody@example.com')",
    );
    expect(n).toBe(2);
  });

  it('a pending affiliate signs in and sees its status; a wrong code is refused; logout revokes the token', async () => {
    await call('POST', '/api/affiliates/apply', application('pending@example.com', 'Pending Pat'));
    await call('POST', '/api/auth/login', { email: 'pending@example.com' });
    const code = await codeFor('pending@example.com');
    const wrong = await call('POST', '/api/auth/login', {
      email: 'pending@example.com',
      code: code === '000000' ? '111111' : '000000',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ code: 'code_invalid', message: 'Invalid verification code' });
    const res = await call('POST', '/api/auth/login', { email: 'pending@example.com', code });
    const token = res.json().access_token as string;
    expect(token.length).toBeGreaterThan(30);
    const [stored] = await echo.query<{ token_hash: string }>(
      "select token_hash from user_sessions where kind = 'affiliate'",
    );
    expect(stored!.token_hash).not.toContain(token);
    const reuse = await call('POST', '/api/auth/login', { email: 'pending@example.com', code });
    expect(reuse.statusCode).toBe(400);
    const me = await call('GET', '/api/me', undefined, token);
    expect(me.statusCode).toBe(200);
    expect(me.json().affiliate).toMatchObject({
      display_name: 'Pending Pat',
      status: 'pending',
      referral_code: null,
    });
    expect(me.json().stats).toEqual({
      total_clicks: 0,
      total_conversions: 0,
      pending_commissions: 0,
      paid_commissions: 0,
    });
    // Affiliate tokens never open admin routes.
    expect((await call('GET', '/api/admin/affiliates', undefined, token)).statusCode).toBe(401);
    expect((await call('GET', '/api/admin/conversions', undefined, token)).statusCode).toBe(401);
    // Admin tokens are not affiliate sessions either.
    expect((await call('GET', '/api/me', undefined, adminToken)).statusCode).toBe(401);
    expect((await call('POST', '/api/auth/logout', undefined, token)).statusCode).toBe(200);
    expect((await call('GET', '/api/me', undefined, token)).statusCode).toBe(401);
    expect((await call('GET', '/api/me')).json().message).toBe('Authentication failed');
  });

  it('saves payout settings', async () => {
    await approvedAffiliate('payee@example.com');
    const token = await signIn('payee@example.com');
    const bad = await call(
      'PUT',
      '/api/me/payout-settings',
      { payout_method: 'gold', payout_details: 'x' },
      token,
    );
    expect(bad.statusCode).toBe(400);
    const res = await call(
      'PUT',
      '/api/me/payout-settings',
      { payout_method: 'paypal', payout_details: 'payee@paypal.example' },
      token,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().affiliate.payout_method).toBe('paypal');
    expect(JSON.parse(res.json().affiliate.payout_details)).toEqual({ account: 'payee@paypal.example' });
    expect(
      (await call('PUT', '/api/me/payout-settings', { payout_method: 'paypal', payout_details: 'abc' }))
        .statusCode,
    ).toBe(401);
  });
});

describe('admin affiliates', () => {
  it('checks the admin token before the body: a bad body without a token is 401, not 400', async () => {
    const cases = [
      ['PATCH', '/api/admin/affiliates/1/status', { status: 'pending' }],
      ['PATCH', '/api/admin/conversions/1', { status: 'lost' }],
      ['PATCH', '/api/admin/affiliates/not-a-number/status', {}],
    ] as const;
    for (const [method, url, body] of cases) {
      const anonymous = await call(method, url, body);
      expect(anonymous.statusCode, url).toBe(401);
      expect(anonymous.json(), url).toEqual({
        code: 'unauthorized',
        message: 'Admin authentication required',
      });
      expect((await call(method, url, body, 'forged')).statusCode, url).toBe(401);
      expect((await call(method, url, body, adminToken)).statusCode, url).toBe(400);
    }
    const malformed = await echo.app!.inject({
      method: 'PATCH',
      url: '/api/admin/affiliates/1/status',
      headers: { 'content-type': 'application/json' },
      payload: '{"status":',
    });
    expect(malformed.statusCode).toBe(401);
  });

  it('requires the admin token, approves once with a unique URL-safe code and an e-mail, then refuses changes', async () => {
    expect((await call('GET', '/api/admin/affiliates')).statusCode).toBe(401);
    expect((await call('GET', '/api/admin/affiliates', undefined, 'forged')).statusCode).toBe(401);
    await call('POST', '/api/affiliates/apply', application('review@example.com', 'Review Me'));
    const list = await call('GET', '/api/admin/affiliates', undefined, adminToken);
    const entry = list.json().find((a: { email: string }) => a.email === 'review@example.com');
    expect(entry).toMatchObject({ status: 'pending', company_name: 'Ada Media', referral_code: null });
    const res = await call(
      'PATCH',
      `/api/admin/affiliates/${entry.id}/status`,
      { status: 'approved' },
      adminToken,
    );
    expect(res.json().referral_code).toMatch(/^[A-Z0-9]{8}$/);
    await echo.smtp.waitFor((m) =>
      m.some((x) => x.to.includes('review@example.com') && /approved/.test(x.subject)),
    );
    const mail = echo.smtp.to('review@example.com').find((x) => /approved/.test(x.subject))!;
    expect(mail.text).toContain(`/?ref=${res.json().referral_code}`);
    const again = await call(
      'PATCH',
      `/api/admin/affiliates/${entry.id}/status`,
      { status: 'rejected' },
      adminToken,
    );
    expect(again.statusCode).toBe(409);
    expect(
      (await call('PATCH', `/api/admin/affiliates/999999/status`, { status: 'approved' }, adminToken))
        .statusCode,
    ).toBe(404);
    expect(
      (await call('PATCH', `/api/admin/affiliates/${entry.id}/status`, { status: 'pending' }, adminToken))
        .statusCode,
    ).toBe(400);
  });
});

describe('scheduled jobs', () => {
  it('schedules the daily approval and the monthly payout run in UTC', async () => {
    const schedules = await echo.ctx.jobs.boss.getSchedules();
    const byName = Object.fromEntries(schedules.map((s) => [s.name, s]));
    expect(byName['affiliates.approve-commissions']).toMatchObject({
      cron: '15 0 * * *',
      options: { tz: 'UTC' },
    });
    expect(byName['affiliates.monthly-payouts']).toMatchObject({
      cron: '30 0 1 * *',
      options: { tz: 'UTC' },
    });
  });
});
