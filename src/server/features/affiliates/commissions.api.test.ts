import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AffiliatesApp, BROWSER_UA, startAffiliatesApp } from '#tests/support/affiliates.ts';
import { approveHeldCommissions } from './commissions.service.ts';
import { createMonthlyPayouts } from './payouts.service.ts';
import { forgetRecentReferralVisits } from './tracking.service.ts';

const UA = BROWSER_UA;
let echo: AffiliatesApp['echo'];
let adminToken: AffiliatesApp['adminToken'];
let call: AffiliatesApp['call'];
let signIn: AffiliatesApp['signIn'];
let approvedAffiliate: AffiliatesApp['approvedAffiliate'];
let stripeEvent: AffiliatesApp['stripeEvent'];
let visit: AffiliatesApp['visit'];
let joinWithCookie: AffiliatesApp['joinWithCookie'];
beforeAll(async () => {
  ({ echo, adminToken, call, signIn, approvedAffiliate, stripeEvent, visit, joinWithCookie } =
    await startAffiliatesApp());
});
afterAll(() => echo?.close());

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
