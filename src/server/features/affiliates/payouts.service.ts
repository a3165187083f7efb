import { formatMoney, type Payout, toDollars } from '#contract/affiliates.ts';
import type { AppContext } from '../../context.ts';
import type { Database, DbOrTx } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import { queueEmail } from '../outbox/index.ts';
import { planPayout, previousPeriod } from './commission.ts';
import { payoutSentEmail } from './emails.ts';
import {
  fillPayout,
  insertPayout,
  listPayoutRows,
  markCommissionsPaid,
  markPayoutPaid,
  payoutExists,
  unpaidBalances,
} from './payouts.repository.ts';

/**
 * The monthly payout run (the 1st, UTC): each affiliate's approved, unpaid balance earned before
 * this month becomes a due payout at $50 or more; smaller balances carry over. Idempotent per
 * affiliate and month.
 */
export async function createMonthlyPayouts(database: Database, now = new Date()): Promise<number> {
  const { period, monthStart } = previousPeriod(now);
  const balances = await unpaidBalances(database.db, monthStart);
  let created = 0;
  for (const { affiliateId, balanceCents } of balances) {
    if (!planPayout(balanceCents).pay) continue;
    await database.transaction(async (tx) => {
      const payoutId = await insertPayout(tx.db, affiliateId, period);
      if (payoutId === null) return;
      await fillPayout(tx.db, payoutId, affiliateId, monthStart);
      created++;
    });
  }
  return created;
}

export async function listPayouts(db: DbOrTx, onlyDue: boolean): Promise<Payout[]> {
  const rows = await listPayoutRows(db, onlyDue);
  return rows.map(({ payout, displayName, email, payoutMethod, payoutDetails }) => ({
    id: payout.id,
    affiliate_id: payout.affiliateId,
    display_name: displayName,
    email,
    payout_method: payoutMethod,
    payout_details: payoutDetails,
    period: payout.period,
    amount: toDollars(payout.amountCents),
    status: payout.status,
    created_at: payout.createdAt.toISOString(),
  }));
}

/** The admin confirms a payout was sent: its commissions become paid and the affiliate is e-mailed. */
export async function confirmPayout(ctx: AppContext, id: number): Promise<void> {
  await ctx.database.transaction(async (tx) => {
    const payout = await markPayoutPaid(tx.db, id);
    if (!payout) {
      if (!(await payoutExists(tx.db, id))) throw notFound('Payout not found');
      return;
    }
    await markCommissionsPaid(tx.db, id);
    await queueEmail(
      tx,
      ctx.jobs,
      'affiliate.payout',
      payoutSentEmail(
        { name: payout.displayName, email: payout.email },
        formatMoney(toDollars(payout.amountCents)),
        payout.period,
      ),
    );
  });
}
