/**
 * The commission engine: pure functions on integer cents, used by the Stripe intake and the jobs
 * and tested as a table (commission.test.ts).
 */

export const BASE_RATE_BPS = 2000;
export const TOP_RATE_BPS = 3000;
export const TOP_TIER_ACTIVE_REFERRALS = 20;
export const PAYOUT_MINIMUM_CENTS = 5000;

/** The rate in force (basis points) for an affiliate with this many active referrals. */
export const rateFor = (activeReferrals: number) =>
  activeReferrals >= TOP_TIER_ACTIVE_REFERRALS ? TOP_RATE_BPS : BASE_RATE_BPS;

/** Commission on a net amount, rounded half up to the cent. */
export const commissionOn = (netCents: number, rateBps: number) =>
  Math.max(0, Math.round((netCents * rateBps) / 10_000));

interface InvoiceAmounts {
  amount_paid?: number | null;
  tax?: number | null;
  total_taxes?: { amount?: number | null }[] | null;
}

/** What the customer actually paid after discounts, excluding tax (never below 0). */
export function netPaidCents(invoice: InvoiceAmounts): number {
  const paid = invoice.amount_paid ?? 0;
  const tax =
    typeof invoice.tax === 'number'
      ? invoice.tax
      : (invoice.total_taxes ?? []).reduce((sum, t) => sum + (t.amount ?? 0), 0);
  return Math.max(0, Math.round(paid - tax));
}

export interface ConversionPlan {
  orderValueCents: number;
  rateBps: number;
  commissionCents: number;
}

/** The conversion an invoice creates, or null when it earns nothing ($0 after discounts). */
export function planConversion(netCents: number, activeReferrals: number): ConversionPlan | null {
  if (netCents <= 0) return null;
  const rateBps = rateFor(activeReferrals);
  return { orderValueCents: netCents, rateBps, commissionCents: commissionOn(netCents, rateBps) };
}

export interface RefundState {
  orderValueCents: number;
  rateBps: number;
  commissionCents: number;
  refundedCents: number;
  status: 'pending' | 'approved' | 'paid' | 'cancelled';
  /** Already included in a payout (the money has left). */
  paidOut: boolean;
}

export interface RefundOutcome {
  refundedCents: number;
  commissionCents: number;
  status: RefundState['status'];
  /** After payout: a negative amount to net against the next payout (0 otherwise). */
  adjustmentCents: number;
}

/**
 * Applies a refund given as the charge's cumulative refunded amount (Stripe's amount_refunded),
 * so repeated or out-of-order events give the same result. The commission is reduced in proportion
 * to the refund; a full refund cancels it; after payout the difference becomes an adjustment.
 */
export function applyRefund(state: RefundState, totalRefundedCents: number): RefundOutcome {
  const refunded = Math.min(state.orderValueCents, Math.max(state.refundedCents, totalRefundedCents));
  const unchanged = {
    refundedCents: state.refundedCents,
    commissionCents: state.commissionCents,
    status: state.status,
    adjustmentCents: 0,
  };
  if (refunded === state.refundedCents) return unchanged;
  const before = commissionOn(state.orderValueCents - state.refundedCents, state.rateBps);
  const after = commissionOn(state.orderValueCents - refunded, state.rateBps);
  if (state.paidOut) {
    return { ...unchanged, refundedCents: refunded, adjustmentCents: after - before };
  }
  const full = refunded >= state.orderValueCents;
  return {
    refundedCents: refunded,
    commissionCents: full ? 0 : after,
    status: full ? 'cancelled' : state.status,
    adjustmentCents: 0,
  };
}

/** Whether an approved balance is paid out this month or carried over. */
export function planPayout(balanceCents: number): { pay: boolean; amountCents: number } {
  return balanceCents >= PAYOUT_MINIMUM_CENTS
    ? { pay: true, amountCents: balanceCents }
    : { pay: false, amountCents: 0 };
}

/** A signup is not attributed to the affiliate's own address. */
export const isSelfReferral = (affiliateEmail: string, customerEmail: string) =>
  affiliateEmail.trim().toLowerCase() === customerEmail.trim().toLowerCase();

/** The previous month (UTC) of a date, as 'YYYY-MM', and the start of the date's month. */
export function previousPeriod(now: Date): { period: string; monthStart: Date } {
  const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const prev = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  return {
    period: `${prev.getUTCFullYear()}-${String(prev.getUTCMonth() + 1).padStart(2, '0')}`,
    monthStart,
  };
}
