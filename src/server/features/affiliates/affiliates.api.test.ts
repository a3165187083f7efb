import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, TEST_ADMIN_PASSWORD, type TestApp } from '#tests/support/test-app.ts';
import { approveHeldCommissions } from './commissions.service.ts';
import { createMonthlyPayouts } from './payouts.service.ts';
import { forgetRecentReferralVisits } from './tracking.service.ts';

const STRIPE_SECRET = 'whsec_test_secret_for_affiliates';
const UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/140 Safari/537.36';
let echo: TestApp;
let adminToken: string;

beforeAll(async () => {
  echo = await startTestApp({ SIGNUP_RATE_LIMIT: '100000', STRIPE_WEBHOOK_SECRET: STRIPE_SECRET });
  const res = await echo.app!.inject({
    method: 'POST',
    url: '/api/admin/login',
    payload: { password: TEST_ADMIN_PASSWORD },
  });
  adminToken = res.json().token;
});
afterAll(() => echo?.close());

const call = (method: 'GET' | 'POST' | 'PATCH' | 'PUT', url: string, body?: unknown, token?: string) =>
  echo.app!.inject({
    method,
    url,
    headers: {
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    payload: body !== undefined ? JSON.stringify(body) : undefined,
  });

const application = (email: string, name = 'Ada Affiliate') => ({
  display_name: name,
  email,
  company_name: 'Ada Media',
  website: 'https://ada.example',
  promotion_strategy: 'A weekly newsletter and YouTube reviews for creators.',
});

async function codeFor(email: string, nth = 1): Promise<string> {
  const mails = await echo.smtp.waitFor(
    (m) => m.filter((x) => x.to.includes(email) && /sign-in code/.test(x.subject)).length >= nth,
  );
  const mail = mails.filter((x) => x.to.includes(email) && /sign-in code/.test(x.subject))[nth - 1]!;
  return /(\d{6})/.exec(mail.subject)![1]!;
}

async function signIn(email: string, nth = 1): Promise<string> {
  await call('POST', '/api/auth/login', { email });
  const res = await call('POST', '/api/auth/login', { email, code: await codeFor(email, nth) });
  expect(res.statusCode).toBe(200);
  return res.json().access_token;
}

async function approvedAffiliate(email: string): Promise<{ id: number; code: string }> {
  expect((await call('POST', '/api/affiliates/apply', application(email))).statusCode).toBe(201);
  const [{ id }] = await echo.query<{ id: number }>('select id::int as id from affiliates where email = $1', [
    email,
  ]);
  const res = await call('PATCH', `/api/admin/affiliates/${id}/status`, { status: 'approved' }, adminToken);
  expect(res.statusCode).toBe(200);
  return { id, code: res.json().referral_code };
}

function stripeEvent(id: string, type: string, object: Record<string, unknown>, secret = STRIPE_SECRET) {
  const payload = JSON.stringify({ id, object: 'event', type, data: { object } });
  const header = Stripe.webhooks.generateTestHeaderString({ payload, secret });
  return echo.app!.inject({
    method: 'POST',
    url: '/api/webhooks/stripe',
    headers: { 'content-type': 'application/json', 'stripe-signature': header },
    payload,
  });
}

async function visit(code: string, ua = UA, ip = '10.0.0.1') {
  return echo.app!.inject({
    method: 'GET',
    url: `/?ref=${code}`,
    headers: { 'user-agent': ua },
    remoteAddress: ip,
  });
}

async function joinWithCookie(email: string, cookie: string | undefined) {
  return echo.app!.inject({
    method: 'POST',
    url: '/api/waitlist',
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    payload: JSON.stringify({ name: 'Customer', email, role: 'Creator' }),
  });
}

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
    expect(`${notice!.subject} ${notice!.text}`).not.toMatch(/\d{6}/);
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

describe('referral tracking and commissions', () => {
  it('counts one click per visitor per 24 h, ignores bots and unknown codes, sets a 90-day cookie', async () => {
    const { id, code } = await approvedAffiliate('clicks@example.com');
    const first = await visit(code);
    expect(first.statusCode).toBe(200);
    expect(first.headers['set-cookie']).toBe(`ref=${code}; Max-Age=7776000; Path=/; HttpOnly; SameSite=Lax`);
    await visit(code);
    await visit(code.toLowerCase());
    await visit(code, UA, '10.0.0.2');
    await visit(code, 'Googlebot/2.1 (+http://www.google.com/bot.html)');
    await visit(code, 'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)');
    await visit(code, 'curl/8.5.0');
    await visit(
      code,
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/140.0.0.0 Safari/537.36',
    );
    await visit(code, '');
    const unknown = await visit('NOPE1234');
    expect(unknown.headers['set-cookie']).toBeUndefined();
    const [{ n }] = await echo.query<{ n: number }>(
      'select count(*)::int as n from affiliate_clicks where affiliate_id = $1',
      [id],
    );
    expect(n).toBe(2);
    await echo.query(
      "update affiliate_click_visitors set counted_at = now() - interval '25 hours' where affiliate_id = $1",
      [id],
    );
    // 25 hours later this process's one-minute memory of the visit is long gone too.
    forgetRecentReferralVisits();
    await visit(code);
    const [{ n: later }] = await echo.query<{ n: number }>(
      'select count(*)::int as n from affiliate_clicks where affiliate_id = $1',
      [id],
    );
    expect(later).toBe(3);
  });

  it('attributes a waitlist signup made with the cookie, but not a self-referral or an unknown code', async () => {
    const { id, code } = await approvedAffiliate('owner@example.com');
    expect((await joinWithCookie('referred@example.com', `ref=${code}`)).statusCode).toBe(201);
    expect((await joinWithCookie('owner@example.com', `ref=${code}`)).statusCode).toBe(201);
    expect((await joinWithCookie('stranger@example.com', 'ref=UNKNOWN1')).statusCode).toBe(201);
    const refs = await echo.query('select email from affiliate_referrals where affiliate_id = $1', [id]);
    expect(refs).toEqual([{ email: 'referred@example.com' }]);
    const [{ n }] = await echo.query<{ n: number }>(
      "select count(*)::int as n from affiliate_referrals where email in ('owner@example.com', 'stranger@example.com')",
    );
    expect(n).toBe(0);
  });

  it('turns signed Stripe events into commissions: rate stored, idempotent, refunds, cancellations, $0, bad signatures', async () => {
    const { id, code } = await approvedAffiliate('earner@example.com');
    const token = await signIn('earner@example.com');
    await joinWithCookie('payer@example.com', `ref=${code}`);

    const bad = await stripeEvent('evt_bad', 'invoice.paid', { id: 'in_x' }, 'whsec_wrong');
    expect(bad.statusCode).toBe(401);
    expect(bad.json()).toEqual({ code: 'signature_invalid', message: 'Invalid Stripe signature' });
    const unsigned = await echo.app!.inject({
      method: 'POST',
      url: '/api/webhooks/stripe',
      headers: { 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(unsigned.statusCode).toBe(401);

    const invoice = {
      id: 'in_1',
      customer: 'cus_1',
      customer_email: 'Payer@Example.com',
      amount_paid: 2900,
      tax: 0,
      charge: 'ch_1',
      billing_reason: 'subscription_create',
    };
    const paid = await stripeEvent('evt_1', 'invoice.paid', invoice);
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toEqual({ received: true, duplicate: false });
    const repeat = await stripeEvent('evt_1', 'invoice.paid', invoice);
    expect(repeat.json()).toEqual({ received: true, duplicate: true });
    await stripeEvent('evt_1b', 'invoice.paid', invoice); // same invoice, another event id
    await stripeEvent('evt_zero', 'invoice.paid', {
      ...invoice,
      id: 'in_zero',
      amount_paid: 0,
      charge: null,
    });
    await stripeEvent('evt_other', 'invoice.paid', {
      ...invoice,
      id: 'in_other',
      customer: 'cus_9',
      customer_email: 'unrelated@example.com',
    });

    const conversions = await echo.query(
      'select order_value_cents, commission_cents, rate_bps, status, conversion_type from affiliate_conversions where affiliate_id = $1',
      [id],
    );
    expect(conversions).toEqual([
      {
        order_value_cents: 2900,
        commission_cents: 580,
        rate_bps: 2000,
        status: 'pending',
        conversion_type: 'subscription',
      },
    ]);
    const admin = await call('GET', '/api/admin/conversions', undefined, adminToken);
    expect(
      admin.json().find((c: { customer_email: string }) => c.customer_email === 'payer@example.com'),
    ).toMatchObject({
      affiliates: { display_name: 'Ada Affiliate', referral_code: code },
      order_value: 29,
      commission_amount: 5.8,
      status: 'pending',
    });
    let me = (await call('GET', '/api/me', undefined, token)).json();
    expect(me.stats).toMatchObject({ total_conversions: 1, pending_commissions: 5.8, paid_commissions: 0 });
    expect(me.affiliate.active_referrals).toBe(1);

    // Partial refund of 1/4 before payout, then the same event again.
    await stripeEvent('evt_r1', 'charge.refunded', {
      id: 'ch_1',
      invoice: 'in_1',
      amount: 2900,
      amount_refunded: 725,
    });
    await stripeEvent('evt_r1', 'charge.refunded', {
      id: 'ch_1',
      invoice: 'in_1',
      amount: 2900,
      amount_refunded: 725,
    });
    let [row] = await echo.query(
      'select commission_cents, refunded_cents, status from affiliate_conversions where stripe_invoice_id = $1',
      ['in_1'],
    );
    expect(row).toEqual({ commission_cents: 435, refunded_cents: 725, status: 'pending' });

    // Full refund cancels.
    await stripeEvent('evt_r2', 'charge.refunded', { id: 'ch_1', amount: 2900, amount_refunded: 2900 });
    [row] = await echo.query(
      'select commission_cents, status from affiliate_conversions where stripe_invoice_id = $1',
      ['in_1'],
    );
    expect(row).toEqual({ commission_cents: 0, status: 'cancelled' });

    // Subscription ends: the referral is no longer active.
    await stripeEvent('evt_del', 'customer.subscription.deleted', { id: 'sub_1', customer: 'cus_1' });
    me = (await call('GET', '/api/me', undefined, token)).json();
    expect(me.affiliate.active_referrals).toBe(0);
  });

  it('uses 30% from 20 active referrals and keeps the stored rate', async () => {
    const { id, code } = await approvedAffiliate('tier@example.com');
    for (let i = 0; i < 19; i++) {
      await joinWithCookie(`tier-${i}@example.com`, `ref=${code}`);
      await stripeEvent(`evt_t${i}`, 'invoice.paid', {
        id: `in_t${i}`,
        customer: `cus_t${i}`,
        customer_email: `tier-${i}@example.com`,
        amount_paid: 1000,
      });
    }
    const rates19 = await echo.query<{ rate_bps: number }>(
      'select distinct rate_bps from affiliate_conversions where affiliate_id = $1',
      [id],
    );
    expect(rates19).toEqual([{ rate_bps: 2000 }]);
    await joinWithCookie('tier-19@example.com', `ref=${code}`);
    await stripeEvent('evt_t19', 'invoice.paid', {
      id: 'in_t19',
      customer: 'cus_t19',
      customer_email: 'tier-19@example.com',
      amount_paid: 1000,
    });
    const [last] = await echo.query(
      'select rate_bps, commission_cents from affiliate_conversions where stripe_invoice_id = $1',
      ['in_t19'],
    );
    expect(last).toEqual({ rate_bps: 3000, commission_cents: 300 });
    // A customer attributed by the invoice's referral_code metadata (no prior signup).
    await stripeEvent('evt_meta', 'invoice.paid', {
      id: 'in_meta',
      customer: 'cus_meta',
      customer_email: 'meta@example.com',
      amount_paid: 1000,
      metadata: { referral_code: code },
    });
    const [meta] = await echo.query(
      'select rate_bps from affiliate_conversions where stripe_invoice_id = $1',
      ['in_meta'],
    );
    expect(meta).toEqual({ rate_bps: 3000 });
  });

  it('approves after the holding period, pays out at $50+ with carry-over, nets refunds after payout, exports CSV', async () => {
    const big = await approvedAffiliate('big@example.com');
    const small = await approvedAffiliate('small@example.com');
    await joinWithCookie('big-customer@example.com', `ref=${big.code}`);
    await joinWithCookie('small-customer@example.com', `ref=${small.code}`);
    await stripeEvent('evt_big', 'invoice.paid', {
      id: 'in_big',
      customer: 'cus_big',
      customer_email: 'big-customer@example.com',
      amount_paid: 30_000,
      charge: 'ch_big',
    });
    await stripeEvent('evt_small', 'invoice.paid', {
      id: 'in_small',
      customer: 'cus_small',
      customer_email: 'small-customer@example.com',
      amount_paid: 20_000,
    });
    const [{ hold }] = await echo.query<{ hold: number }>(
      "select round(extract(epoch from hold_until - created_at) / 86400)::int as hold from affiliate_conversions where stripe_invoice_id = 'in_big'",
    );
    expect(hold).toBe(30);

    const db = echo.ctx.database;
    expect(await approveHeldCommissions(db.db)).toBe(0);
    const later = new Date(Date.now() + 31 * 86_400_000);
    await approveHeldCommissions(db.db, later);
    const statuses = await echo.query<{ status: string }>(
      "select status from affiliate_conversions where stripe_invoice_id in ('in_big', 'in_small')",
    );
    expect(statuses.map((s) => s.status)).toEqual(['approved', 'approved']);

    const nextMonth = new Date(Date.UTC(later.getUTCFullYear(), later.getUTCMonth() + 1, 1, 1));
    await createMonthlyPayouts(db, nextMonth);
    await createMonthlyPayouts(db, nextMonth); // idempotent
    const payouts = await echo.query(
      'select affiliate_id::int as affiliate_id, amount_cents, status from affiliate_payouts',
    );
    expect(payouts).toEqual([{ affiliate_id: big.id, amount_cents: 6000, status: 'due' }]); // small: $40 carries over

    const csv = await call('GET', '/api/admin/payouts/export.csv', undefined, adminToken);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    expect(csv.body.split('\r\n')[1]).toMatch(/,big@example\.com,.*,60\.00,USD$/);
    expect((await call('GET', '/api/admin/payouts/export.csv')).statusCode).toBe(401);
    const conversionsCsv = await call('GET', '/api/admin/conversions/export.csv', undefined, adminToken);
    expect(conversionsCsv.body).toContain('big-customer@example.com');

    const list = (await call('GET', '/api/admin/payouts', undefined, adminToken)).json();
    const confirm = await call('POST', `/api/admin/payouts/${list[0].id}/confirm`, undefined, adminToken);
    expect(confirm.statusCode).toBe(200);
    const [bigRow] = await echo.query(
      "select status from affiliate_conversions where stripe_invoice_id = 'in_big'",
    );
    expect(bigRow).toEqual({ status: 'paid' });
    await echo.smtp.waitFor((m) =>
      m.some((x) => x.to.includes('big@example.com') && /payout of \$60\.00/.test(x.subject)),
    );

    // Refund of half after payout: a negative adjustment netted against the next payout.
    await stripeEvent('evt_big_r', 'charge.refunded', {
      id: 'ch_big',
      amount: 30_000,
      amount_refunded: 15_000,
    });
    const adjustments = await echo.query(
      "select commission_cents, status, conversion_type from affiliate_conversions where conversion_type = 'refund_adjustment'",
    );
    expect(adjustments).toEqual([
      { commission_cents: -3000, status: 'approved', conversion_type: 'refund_adjustment' },
    ]);
    const token = await signIn('big@example.com');
    const me = (await call('GET', '/api/me', undefined, token)).json();
    expect(me.stats).toMatchObject({ paid_commissions: 60, pending_commissions: -30 });

    // Admin can set any status.
    const [conv] = await echo.query<{ id: number }>(
      "select id::int as id from affiliate_conversions where stripe_invoice_id = 'in_small'",
    );
    const set = await call(
      'PATCH',
      `/api/admin/conversions/${conv!.id}`,
      { status: 'cancelled' },
      adminToken,
    );
    expect(set.json()).toEqual({ id: conv!.id, status: 'cancelled' });
    expect(
      (await call('PATCH', `/api/admin/conversions/${conv!.id}`, { status: 'lost' }, adminToken)).statusCode,
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
