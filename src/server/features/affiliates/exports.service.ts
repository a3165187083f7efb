import { stringify } from 'csv-stringify/sync';
import type { DbOrTx } from '../../db/client.ts';
import { listConversions } from './commissions.service.ts';
import { listPayouts } from './payouts.service.ts';

/**
 * Spreadsheet formula injection: a cell starting with =, +, -, @, tab or CR gets a leading `'`,
 * unless it is a plain number (a negative amount stays a number). csv-stringify's own
 * `escape_formulas` would also quote negative amounts, hence this guard.
 */
export const guardCell = (value: unknown): string => {
  const text = value === null || value === undefined ? '' : String(value);
  return /^[=+\-@\t\r]/.test(text) && !/^-?\d+(\.\d+)?$/.test(text) ? `'${text}` : text;
};

/** RFC 4180 CSV (CRLF, quotes where needed, also around a lone CR) with every cell guarded. */
export const toCsv = (header: string[], lines: unknown[][]): string =>
  stringify(
    [header, ...lines].map((line) => line.map(guardCell)),
    { record_delimiter: 'windows', quote_record_delimiter: true },
  );

export async function conversionsCsv(db: DbOrTx): Promise<string> {
  const list = await listConversions(db);
  return toCsv(
    [
      'id',
      'created_at',
      'affiliate',
      'referral_code',
      'customer_email',
      'conversion_type',
      'order_value',
      'commission_rate',
      'commission_amount',
      'status',
    ],
    list.map((c) => [
      c.id,
      c.created_at,
      c.affiliates.display_name,
      c.affiliates.referral_code,
      c.customer_email,
      c.conversion_type,
      c.order_value.toFixed(2),
      c.commission_rate,
      c.commission_amount.toFixed(2),
      c.status,
    ]),
  );
}

export async function duePayoutsCsv(db: DbOrTx): Promise<string> {
  const list = await listPayouts(db, true);
  return toCsv(
    ['payout_id', 'period', 'affiliate', 'email', 'payout_method', 'payout_account', 'amount', 'currency'],
    list.map((p) => {
      let account = '';
      try {
        account = p.payout_details ? String(JSON.parse(p.payout_details).account ?? '') : '';
      } catch {}
      return [p.id, p.period, p.display_name, p.email, p.payout_method, account, p.amount.toFixed(2), 'USD'];
    }),
  );
}
