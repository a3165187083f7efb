import Stripe from 'stripe';
import { type Conversion, toDollars } from '#contract/affiliates.ts';
import { normalizeEmail } from '#contract/waitlist.ts';
import type { AppContext } from '../../context.ts';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { applyRefund, isSelfReferral, netPaidCents, planConversion } from './commission.ts';
import {
  activateReferral,
  approveConversionsHeldUntil,
  type ConversionStatus,
  countActiveReferrals,
  deactivateReferralsOfCustomer,
  findReferralByCustomer,
  findReferralByEmail,
  insertConversion,
  insertInvoiceConversion,
  listConversionRows,
  lockAffiliateForPayment,
  lockConversionOfCharge,
  recordStripeEvent,
  updateConversion,
  upsertPaymentReferral,
} from './commissions.repository.ts';
import { findApprovedAffiliateByCode } from './tracking.repository.ts';
import { normalizeReferralCode } from './tracking.service.ts';

// ---------------------------------------------------------------- Stripe intake

type Obj = Record<string, unknown>;
const str = (value: unknown) => (typeof value === 'string' && value ? value : null);
const obj = (value: unknown): Obj => (value && typeof value === 'object' ? (value as Obj) : {});
const idOf = (value: unknown) => str(value) ?? str(obj(value).id);

/** Verifies the Stripe signature (official library) and returns the event, or throws 401 (signature_invalid). */
export function verifyStripeEvent(secret: string | undefined, payload: Buffer, signature: unknown) {
  if (!secret)
    throw new AppError('unavailable', 'Stripe intake is not configured (STRIPE_WEBHOOK_SECRET is unset)');
  if (typeof signature !== 'string' || !signature)
    throw new AppError('signature_invalid', 'Missing Stripe-Signature header');
  try {
    return Stripe.webhooks.constructEvent(payload, signature, secret);
  } catch {
    throw new AppError('signature_invalid', 'Invalid Stripe signature');
  }
}

/**
 * Handles one verified event exactly once (the event id is recorded in the same transaction as
 * its effects). Returns false for a repeated event.
 */
export async function handleStripeEvent(
  ctx: AppContext,
  event: { id: string; type: string; data: { object: unknown } },
): Promise<boolean> {
  return ctx.database.transaction(async (tx) => {
    if (!(await recordStripeEvent(tx.db, event))) return false;
    const object = obj(event.data.object);
    if (event.type === 'invoice.paid') await onInvoicePaid(ctx, tx, object);
    else if (event.type === 'charge.refunded') await onChargeRefunded(tx, object);
    else if (event.type === 'customer.subscription.deleted') await onSubscriptionDeleted(tx, object);
    return true;
  });
}

function referralCodeOf(invoice: Obj): string | null {
  const candidates = [
    obj(invoice.metadata).referral_code,
    obj(obj(invoice.customer).metadata).referral_code,
    obj(obj(invoice.subscription_details).metadata).referral_code,
    obj(obj(obj(invoice.parent).subscription_details).metadata).referral_code,
  ];
  for (const value of candidates) {
    const code = normalizeReferralCode(value);
    if (code) return code;
  }
  return null;
}

function conversionTypeOf(invoice: Obj): string {
  switch (invoice.billing_reason) {
    case 'subscription_create':
      return 'subscription';
    case 'subscription_cycle':
      return 'renewal';
    default:
      return 'payment';
  }
}

async function onInvoicePaid(ctx: AppContext, tx: Tx, invoice: Obj): Promise<void> {
  const invoiceId = str(invoice.id);
  if (!invoiceId) return;
  const customerEmail = str(invoice.customer_email) ?? str(obj(invoice.customer).email);
  const email = customerEmail ? normalizeEmail(customerEmail) : null;
  const customerId = idOf(invoice.customer);

  let referral = email ? await findReferralByEmail(tx.db, email) : undefined;
  if (!referral && customerId) referral = await findReferralByCustomer(tx.db, customerId);
  if (!referral && email) {
    const code = referralCodeOf(invoice);
    if (!code) return;
    const affiliate = await findApprovedAffiliateByCode(tx.db, code);
    if (!affiliate || isSelfReferral(affiliate.email, email)) return;
    referral = await upsertPaymentReferral(tx.db, affiliate.id, email);
  }
  if (!referral) return;

  // One payment at a time per affiliate, so the tier counts are consistent.
  await lockAffiliateForPayment(tx.db, referral.affiliateId);
  await activateReferral(tx.db, referral.id, customerId);
  const active = await countActiveReferrals(tx.db, referral.affiliateId);
  const plan = planConversion(netPaidCents(invoice as never), active);
  if (!plan) return;
  await insertInvoiceConversion(tx.db, {
    affiliateId: referral.affiliateId,
    referralId: referral.id,
    customerEmail: email ?? '',
    conversionType: conversionTypeOf(invoice),
    stripeInvoiceId: invoiceId,
    stripeChargeId: idOf(invoice.charge),
    orderValueCents: plan.orderValueCents,
    commissionCents: plan.commissionCents,
    rateBps: plan.rateBps,
    holdUntil: new Date(Date.now() + ctx.config.affiliateHoldDays * 86_400_000),
  });
}

async function onChargeRefunded(tx: Tx, charge: Obj): Promise<void> {
  const chargeId = str(charge.id);
  const invoiceId = idOf(charge.invoice);
  const amount = typeof charge.amount === 'number' ? charge.amount : 0;
  const refunded = typeof charge.amount_refunded === 'number' ? charge.amount_refunded : 0;
  if (!chargeId || amount <= 0) return;
  const conversion = await lockConversionOfCharge(tx.db, chargeId, invoiceId);
  if (!conversion) return;
  // The refund's share of the charge, applied to the net order value (tax excluded).
  const refundedNet = Math.round((conversion.orderValueCents * Math.min(refunded, amount)) / amount);
  const outcome = applyRefund(
    {
      orderValueCents: conversion.orderValueCents,
      rateBps: conversion.rateBps,
      commissionCents: conversion.commissionCents,
      refundedCents: conversion.refundedCents,
      status: conversion.status,
      paidOut: conversion.payoutId !== null || conversion.status === 'paid',
    },
    refundedNet,
  );
  await updateConversion(tx.db, conversion.id, {
    refundedCents: outcome.refundedCents,
    commissionCents: outcome.commissionCents,
    status: outcome.status,
  });
  if (outcome.adjustmentCents !== 0) {
    await insertConversion(tx.db, {
      affiliateId: conversion.affiliateId,
      referralId: conversion.referralId,
      customerEmail: conversion.customerEmail,
      conversionType: 'refund_adjustment',
      stripeChargeId: chargeId,
      orderValueCents: -(outcome.refundedCents - conversion.refundedCents),
      commissionCents: outcome.adjustmentCents,
      rateBps: conversion.rateBps,
      adjustsId: conversion.id,
      status: 'approved',
      holdUntil: new Date(),
    });
  }
}

async function onSubscriptionDeleted(tx: Tx, subscription: Obj): Promise<void> {
  const customerId = idOf(subscription.customer);
  if (customerId) await deactivateReferralsOfCustomer(tx.db, customerId);
}

// ---------------------------------------------------------------- admin and the approval job

export async function listConversions(db: DbOrTx): Promise<Conversion[]> {
  const rows = await listConversionRows(db);
  return rows.map(({ conversion: c, displayName, referralCode }) => ({
    id: c.id,
    created_at: c.createdAt.toISOString(),
    affiliates: { display_name: displayName, referral_code: referralCode },
    customer_email: c.customerEmail,
    conversion_type: c.conversionType,
    order_value: toDollars(c.orderValueCents),
    commission_amount: toDollars(c.commissionCents),
    commission_rate: c.rateBps / 100,
    status: c.status,
  }));
}

export async function setConversionStatus(ctx: AppContext, id: number, status: ConversionStatus) {
  if (!(await updateConversion(ctx.database.db, id, { status }))) throw notFound('Conversion not found');
  return { id, status };
}

/** Approves commissions whose holding period is over (the daily job). Returns how many. */
export const approveHeldCommissions = (db: DbOrTx, now = new Date()): Promise<number> =>
  approveConversionsHeldUntil(db, now);
