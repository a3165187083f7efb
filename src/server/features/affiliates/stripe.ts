import { sql } from 'drizzle-orm';
import Stripe from 'stripe';
import { normalizeEmail } from '#contract/waitlist.ts';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { applyRefund, isSelfReferral, netPaidCents, planConversion } from './commission.ts';
import { normalizeReferralCode } from './service.ts';

const rows = async <T>(tx: Tx, query: ReturnType<typeof sql>) => (await tx.db.execute(query)).rows as T[];

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
    const [fresh] = await rows(
      tx,
      sql`insert into stripe_events (id, type) values (${event.id}, ${event.type}) on conflict (id) do nothing returning id`,
    );
    if (!fresh) return false;
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

  let [referral] = email
    ? await rows<{ id: number; affiliate_id: number }>(
        tx,
        sql`select id::int as id, affiliate_id::int as affiliate_id from affiliate_referrals where email = ${email}`,
      )
    : [];
  if (!referral && customerId) {
    [referral] = await rows(
      tx,
      sql`select id::int as id, affiliate_id::int as affiliate_id from affiliate_referrals where stripe_customer_id = ${customerId}`,
    );
  }
  if (!referral && email) {
    const code = referralCodeOf(invoice);
    if (!code) return;
    const [affiliate] = await rows<{ id: number; email: string }>(
      tx,
      sql`select id::int as id, email from affiliates where referral_code = ${code} and status = 'approved'`,
    );
    if (!affiliate || isSelfReferral(affiliate.email, email)) return;
    [referral] = await rows(
      tx,
      sql`insert into affiliate_referrals (affiliate_id, email) values (${affiliate.id}, ${email})
        on conflict (email) do update set email = excluded.email
        returning id::int as id, affiliate_id::int as affiliate_id`,
    );
  }
  if (!referral) return;

  // One payment at a time per affiliate, so the tier counts are consistent.
  await tx.db.execute(sql`select id from affiliates where id = ${referral.affiliate_id} for update`);
  await tx.db.execute(
    sql`update affiliate_referrals set active = true, stripe_customer_id = coalesce(${customerId}, stripe_customer_id)
      where id = ${referral.id}`,
  );
  const [{ active }] = (await rows<{ active: number }>(
    tx,
    sql`select count(*)::int as active from affiliate_referrals where affiliate_id = ${referral.affiliate_id} and active`,
  )) as [{ active: number }];
  const plan = planConversion(netPaidCents(invoice as never), active);
  if (!plan) return;
  const holdUntil = new Date(Date.now() + ctx.config.affiliateHoldDays * 86_400_000);
  await tx.db.execute(
    sql`insert into affiliate_conversions (affiliate_id, referral_id, customer_email, conversion_type, stripe_invoice_id,
        stripe_charge_id, order_value_cents, commission_cents, rate_bps, hold_until)
      values (${referral.affiliate_id}, ${referral.id}, ${email ?? ''}, ${conversionTypeOf(invoice)}, ${invoiceId},
        ${idOf(invoice.charge)}, ${plan.orderValueCents}, ${plan.commissionCents}, ${plan.rateBps}, ${holdUntil})
      on conflict (stripe_invoice_id) do nothing`,
  );
}

async function onChargeRefunded(tx: Tx, charge: Obj): Promise<void> {
  const chargeId = str(charge.id);
  const invoiceId = idOf(charge.invoice);
  const amount = typeof charge.amount === 'number' ? charge.amount : 0;
  const refunded = typeof charge.amount_refunded === 'number' ? charge.amount_refunded : 0;
  if (!chargeId || amount <= 0) return;
  const [conversion] = await rows<{
    id: number;
    affiliate_id: number;
    referral_id: number | null;
    customer_email: string;
    order_value_cents: number;
    commission_cents: number;
    rate_bps: number;
    refunded_cents: number;
    status: 'pending' | 'approved' | 'paid' | 'cancelled';
    payout_id: number | null;
  }>(
    tx,
    sql`select id::int as id, affiliate_id::int as affiliate_id, referral_id::int as referral_id, customer_email,
        order_value_cents, commission_cents, rate_bps, refunded_cents, status, payout_id
      from affiliate_conversions
      where conversion_type <> 'refund_adjustment'
        and (stripe_charge_id = ${chargeId} or (${invoiceId}::text is not null and stripe_invoice_id = ${invoiceId}))
      limit 1 for update`,
  );
  if (!conversion) return;
  // The refund's share of the charge, applied to the net order value (tax excluded).
  const refundedNet = Math.round((conversion.order_value_cents * Math.min(refunded, amount)) / amount);
  const outcome = applyRefund(
    {
      orderValueCents: conversion.order_value_cents,
      rateBps: conversion.rate_bps,
      commissionCents: conversion.commission_cents,
      refundedCents: conversion.refunded_cents,
      status: conversion.status,
      paidOut: conversion.payout_id !== null || conversion.status === 'paid',
    },
    refundedNet,
  );
  await tx.db.execute(
    sql`update affiliate_conversions set refunded_cents = ${outcome.refundedCents},
        commission_cents = ${outcome.commissionCents}, status = ${outcome.status}
      where id = ${conversion.id}`,
  );
  if (outcome.adjustmentCents !== 0) {
    await tx.db.execute(
      sql`insert into affiliate_conversions (affiliate_id, referral_id, customer_email, conversion_type, stripe_charge_id,
          order_value_cents, commission_cents, rate_bps, adjusts_id, status, hold_until)
        values (${conversion.affiliate_id}, ${conversion.referral_id}, ${conversion.customer_email}, 'refund_adjustment',
          ${chargeId}, ${-(outcome.refundedCents - conversion.refunded_cents)}, ${outcome.adjustmentCents},
          ${conversion.rate_bps}, ${conversion.id}, 'approved', now())`,
    );
  }
}

async function onSubscriptionDeleted(tx: Tx, subscription: Obj): Promise<void> {
  const customerId = idOf(subscription.customer);
  if (!customerId) return;
  await tx.db.execute(
    sql`update affiliate_referrals set active = false where stripe_customer_id = ${customerId}`,
  );
}
