import { describe, expect, it } from 'vitest';
import {
  applyRefund,
  isSelfReferral,
  netPaidCents,
  planConversion,
  planPayout,
  previousPeriod,
  type RefundState,
  rateFor,
} from './commission.ts';

describe('commission engine', () => {
  it.each([
    // [active referrals, invoice, expected rate bps, expected order cents, expected commission cents]
    ['19 active referrals: 20%', 19, { amount_paid: 10_000 }, 2000, 10_000, 2000],
    ['20 active referrals: 30%', 20, { amount_paid: 10_000 }, 3000, 10_000, 3000],
    ['0 active referrals: 20%', 0, { amount_paid: 2900 }, 2000, 2900, 580],
    ['discount already in amount_paid', 1, { amount_paid: 1450 }, 2000, 1450, 290],
    ['tax excluded (tax field)', 1, { amount_paid: 1200, tax: 200 }, 2000, 1000, 200],
    [
      'tax excluded (total_taxes)',
      25,
      { amount_paid: 1190, total_taxes: [{ amount: 190 }] },
      3000,
      1000,
      300,
    ],
    ['rounding half up to the cent', 1, { amount_paid: 999 }, 2000, 999, 200],
  ])('%s', (_name, active, invoice, rate, order, commission) => {
    const plan = planConversion(netPaidCents(invoice), active);
    expect(plan).toEqual({ rateBps: rate, orderValueCents: order, commissionCents: commission });
  });

  it.each([
    ['$0 invoice', { amount_paid: 0 }],
    ['100% discount', { amount_paid: 0, tax: 0 }],
    ['only tax', { amount_paid: 100, tax: 100 }],
  ])('%s earns nothing', (_name, invoice) => {
    expect(planConversion(netPaidCents(invoice), 30)).toBeNull();
  });

  const base: RefundState = {
    orderValueCents: 10_000,
    rateBps: 2000,
    commissionCents: 2000,
    refundedCents: 0,
    status: 'pending',
    paidOut: false,
  };
  it.each([
    [
      'partial refund before payout',
      base,
      2500,
      { refundedCents: 2500, commissionCents: 1500, status: 'pending', adjustmentCents: 0 },
    ],
    [
      'full refund before payout cancels',
      base,
      10_000,
      { refundedCents: 10_000, commissionCents: 0, status: 'cancelled', adjustmentCents: 0 },
    ],
    [
      'approved stays approved on partial refund',
      { ...base, status: 'approved' as const },
      5000,
      { refundedCents: 5000, commissionCents: 1000, status: 'approved', adjustmentCents: 0 },
    ],
    [
      'partial refund after payout: negative adjustment',
      { ...base, status: 'paid' as const, paidOut: true },
      2500,
      { refundedCents: 2500, commissionCents: 2000, status: 'paid', adjustmentCents: -500 },
    ],
    [
      'full refund after payout: whole commission back',
      { ...base, status: 'paid' as const, paidOut: true },
      10_000,
      { refundedCents: 10_000, commissionCents: 2000, status: 'paid', adjustmentCents: -2000 },
    ],
    [
      'second partial refund after payout adjusts only the difference',
      { ...base, status: 'paid' as const, paidOut: true, refundedCents: 2500 },
      5000,
      { refundedCents: 5000, commissionCents: 2000, status: 'paid', adjustmentCents: -500 },
    ],
    [
      'repeated event (same cumulative amount) changes nothing',
      { ...base, commissionCents: 1500, refundedCents: 2500 },
      2500,
      { refundedCents: 2500, commissionCents: 1500, status: 'pending', adjustmentCents: 0 },
    ],
    [
      'an older, smaller cumulative amount changes nothing',
      { ...base, commissionCents: 1000, refundedCents: 5000 },
      2500,
      { refundedCents: 5000, commissionCents: 1000, status: 'pending', adjustmentCents: 0 },
    ],
    [
      'refund above the order value is capped',
      base,
      12_000,
      { refundedCents: 10_000, commissionCents: 0, status: 'cancelled', adjustmentCents: 0 },
    ],
  ])('%s', (_name, state, refunded, expected) => {
    expect(applyRefund(state, refunded)).toEqual(expected);
  });

  it.each([
    [4999, { pay: false, amountCents: 0 }],
    [5000, { pay: true, amountCents: 5000 }],
    [12_345, { pay: true, amountCents: 12_345 }],
    [0, { pay: false, amountCents: 0 }],
    [-300, { pay: false, amountCents: 0 }],
  ])('payout of a %i cent balance: %o (below $50 carries over)', (balance, expected) => {
    expect(planPayout(balance)).toEqual(expected);
  });

  it('self-referral ignores case and spaces', () => {
    expect(isSelfReferral('Ann@Example.com', ' ann@example.com ')).toBe(true);
    expect(isSelfReferral('ann@example.com', 'bob@example.com')).toBe(false);
  });

  it('rate tiers and payout periods', () => {
    expect([0, 19, 20, 100].map(rateFor)).toEqual([2000, 2000, 3000, 3000]);
    expect(previousPeriod(new Date('2026-01-01T00:30:00Z'))).toEqual({
      period: '2025-12',
      monthStart: new Date('2026-01-01T00:00:00Z'),
    });
  });
});
