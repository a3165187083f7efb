import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import {
  type AdminAffiliate,
  type AffiliateApplication,
  type Conversion,
  type ConversionStatus,
  formatMoney,
  type LoginResponse,
  type MeResponse,
  type Payout,
  type PayoutSettings,
  REFERRAL_COOKIE,
  referralLink,
  toDollars,
} from '#contract/affiliates.ts';
import { normalizeEmail } from '#contract/waitlist.ts';
import type { AppContext } from '../../context.ts';
import type { Database, DbOrTx, Tx } from '../../db/client.ts';
import { readCookie } from '../../lib/cookies.ts';
import { sha256 } from '../../lib/crypto.ts';
import { AppError, conflict, notFound, unauthorized } from '../../lib/errors.ts';
import { enforceRateLimit } from '../../lib/rate-limit.ts';
import { createSession, findSession, revokeSession } from '../../lib/sessions.ts';
import { issueCode, verifyCode } from '../../lib/verification-codes.ts';
import { queueEmail } from '../outbox/index.ts';
import { isSelfReferral, planPayout, previousPeriod } from './commission.ts';
import {
  applicationReceivedEmail,
  approvedEmail,
  loginCodeEmail,
  payoutSentEmail,
  rejectedEmail,
} from './emails.ts';

export const AFFILIATE_SESSION_HOURS = 24 * 7;
export const CODE_PURPOSE = 'affiliate';
const LOGIN_CODE_SENT_MESSAGE =
  'If this e-mail address belongs to an affiliate account, we have sent it a 6-digit sign-in code.';

const rows = async <T>(db: DbOrTx, query: ReturnType<typeof sql>) => (await db.execute(query)).rows as T[];

const iso = (value: unknown) => (value instanceof Date ? value.toISOString() : String(value));

// ---------------------------------------------------------------- applications and sign-in

/** Stores an application (pending) and e-mails a confirmation; a second one for the address is 409. */
export async function applyAsAffiliate(
  ctx: AppContext,
  input: AffiliateApplication,
): Promise<{ id: number }> {
  const email = normalizeEmail(input.email);
  return ctx.database.transaction(async (tx) => {
    const [row] = await rows<{ id: number }>(
      tx.db,
      sql`insert into affiliates (display_name, email, company_name, website, social_media, audience_size, content_type, promotion_strategy)
        values (${input.display_name}, ${email}, ${input.company_name ?? null}, ${input.website ?? null}, ${input.social_media ?? null},
                ${input.audience_size ?? null}, ${input.content_type ?? null}, ${input.promotion_strategy})
        on conflict (email) do nothing returning id::int as id`,
    );
    if (!row) throw conflict('An application with this email already exists', 'already_exists');
    await queueEmail(
      tx,
      ctx.jobs,
      'affiliate.application',
      applicationReceivedEmail({ name: input.display_name, email }),
    );
    return { id: row.id };
  });
}

/**
 * POST /api/auth/login. Without a code: e-mails a code when the address belongs to an affiliate
 * and answers the same either way. With a code: a session token for that affiliate.
 */
export async function loginAffiliate(
  ctx: AppContext,
  input: { email: string; code?: string },
  ip: string,
): Promise<LoginResponse> {
  const email = normalizeEmail(input.email);
  if (!input.code) {
    await enforceRateLimit(ctx.database.db, `affiliate-code:${ip}`, 10, 60);
    await enforceRateLimit(ctx.database.db, `affiliate-code-email:${email}`, 5, 15 * 60);
    await ctx.database.transaction(async (tx) => {
      const [affiliate] = await rows<{ id: number }>(
        tx.db,
        sql`select id from affiliates where email = ${email}`,
      );
      if (!affiliate) return;
      const code = await issueCode(tx.db, CODE_PURPOSE, email);
      await queueEmail(tx, ctx.jobs, 'affiliate.login-code', loginCodeEmail(email, code));
    });
    return { code_sent: true, message: LOGIN_CODE_SENT_MESSAGE };
  }
  await enforceRateLimit(ctx.database.db, `affiliate-login:${ip}`, 20, 60);
  const check = await verifyCode(ctx.database.db, CODE_PURPOSE, email, input.code);
  if (check !== 'ok') {
    throw unauthorized(
      check === 'too_many_attempts'
        ? 'Too many wrong codes. Please request a new code.'
        : check === 'expired'
          ? 'This code has expired. Please request a new code.'
          : 'Invalid verification code',
    );
  }
  const [affiliate] = await rows<{ id: number }>(
    ctx.database.db,
    sql`select id::int as id from affiliates where email = ${email}`,
  );
  if (!affiliate) throw unauthorized('Invalid verification code');
  const session = await createSession(
    ctx.database.db,
    'affiliate',
    String(affiliate.id),
    AFFILIATE_SESSION_HOURS,
  );
  return { access_token: session.token };
}

/** The affiliate id of a Bearer token, or 401. Admin tokens are a different kind and never match. */
export async function requireAffiliate(ctx: AppContext, token: string | null): Promise<number> {
  const subject = await findSession(ctx.database.db, 'affiliate', token);
  if (!subject) throw unauthorized('Authentication failed');
  return Number(subject);
}

export const logoutAffiliate = (ctx: AppContext, token: string) => revokeSession(ctx.database.db, token);

export async function getMe(ctx: AppContext, affiliateId: number): Promise<MeResponse> {
  const [row] = await rows<{
    id: number;
    display_name: string;
    email: string;
    status: 'pending' | 'approved' | 'rejected';
    referral_code: string | null;
    payout_method: string | null;
    payout_details: string | null;
    clicks: number;
    conversions: number;
    pending_cents: number;
    paid_cents: number;
    active_referrals: number;
  }>(
    ctx.database.db,
    sql`select a.id::int as id, a.display_name, a.email, a.status, a.referral_code, a.payout_method, a.payout_details,
      (select count(*)::int from affiliate_clicks c where c.affiliate_id = a.id) as clicks,
      (select count(*)::int from affiliate_conversions v where v.affiliate_id = a.id
         and v.conversion_type <> 'refund_adjustment' and v.status <> 'cancelled') as conversions,
      (select coalesce(sum(commission_cents), 0)::int from affiliate_conversions v where v.affiliate_id = a.id
         and v.status in ('pending', 'approved')) as pending_cents,
      (select coalesce(sum(commission_cents), 0)::int from affiliate_conversions v where v.affiliate_id = a.id
         and v.status = 'paid') as paid_cents,
      (select count(*)::int from affiliate_referrals r where r.affiliate_id = a.id and r.active) as active_referrals
      from affiliates a where a.id = ${affiliateId}`,
  );
  if (!row) throw unauthorized('Authentication failed');
  return {
    affiliate: {
      id: row.id,
      display_name: row.display_name,
      email: row.email,
      status: row.status,
      referral_code: row.referral_code,
      referral_link: row.referral_code ? referralLink(ctx.config.publicUrl, row.referral_code) : null,
      payout_method: row.payout_method,
      payout_details: row.payout_details,
      commission_rate: row.active_referrals >= 20 ? 30 : 20,
      active_referrals: row.active_referrals,
    },
    stats: {
      total_clicks: row.clicks,
      total_conversions: row.conversions,
      pending_commissions: toDollars(row.pending_cents),
      paid_commissions: toDollars(row.paid_cents),
    },
  };
}

export async function updatePayoutSettings(ctx: AppContext, affiliateId: number, input: PayoutSettings) {
  const details = JSON.stringify({ account: input.payout_details });
  await ctx.database.db.execute(
    sql`update affiliates set payout_method = ${input.payout_method}, payout_details = ${details} where id = ${affiliateId}`,
  );
}

// ---------------------------------------------------------------- admin: affiliates

const AFFILIATE_COLUMNS = sql`id::int as id, display_name, email, company_name, website, social_media, audience_size,
  content_type, promotion_strategy as audience_description, payout_method, payout_details, null::text as rewardful_link,
  referral_code, status, to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at`;

export async function listAffiliates(db: DbOrTx): Promise<AdminAffiliate[]> {
  return rows<AdminAffiliate>(
    db,
    sql`select ${AFFILIATE_COLUMNS} from affiliates order by created_at desc, id desc`,
  );
}

/** A URL-safe code: 8 characters from an alphabet without look-alikes. */
export function generateReferralCode(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const bytes = randomBytes(8);
  return Array.from(bytes, (b) => alphabet[b % alphabet.length]).join('');
}

/** Approves or rejects a pending application (409 once decided). Approval creates the referral code. */
export async function setAffiliateStatus(
  ctx: AppContext,
  id: number,
  status: 'approved' | 'rejected',
): Promise<AdminAffiliate> {
  return ctx.database.transaction(async (tx) => {
    const [current] = await rows<{ status: string; display_name: string; email: string }>(
      tx.db,
      sql`select status, display_name, email from affiliates where id = ${id} for update`,
    );
    if (!current) throw notFound('Affiliate not found');
    if (current.status !== 'pending') throw conflict(`This application was already ${current.status}`);
    let code: string | null = null;
    if (status === 'approved') {
      for (let attempt = 0; attempt < 5 && !code; attempt++) {
        const candidate = generateReferralCode();
        const [taken] = await rows(tx.db, sql`select 1 from affiliates where referral_code = ${candidate}`);
        if (!taken) code = candidate;
      }
      if (!code) throw new AppError('internal', 'Could not create a referral code');
    }
    const [updated] = await rows<AdminAffiliate>(
      tx.db,
      sql`update affiliates set status = ${status}, referral_code = ${code}, reviewed_at = now()
        where id = ${id} returning ${AFFILIATE_COLUMNS}`,
    );
    const to = { name: current.display_name, email: current.email };
    await queueEmail(
      tx,
      ctx.jobs,
      `affiliate.${status}`,
      status === 'approved'
        ? approvedEmail(to, referralLink(ctx.config.publicUrl, code), ctx.config.publicUrl)
        : rejectedEmail(to),
    );
    return updated!;
  });
}

// ---------------------------------------------------------------- referral tracking

const CODE_PATTERN = /^[A-Za-z0-9_-]{1,40}$/;
const BOT_PATTERN =
  /bot|crawl|spider|slurp|bingpreview|facebookexternalhit|embedly|quora link preview|whatsapp|telegram|discord|curl\/|wget\/|python-requests|python-urllib|go-http-client|java\/|okhttp|libwww|httpclient|axios\/|node-fetch|lighthouse|pingdom|uptime|monitor/i;

export const normalizeReferralCode = (code: unknown): string | null =>
  typeof code === 'string' && CODE_PATTERN.test(code) ? code.toUpperCase() : null;

export const isBot = (userAgent: string | undefined) => !userAgent || BOT_PATTERN.test(userAgent);

/**
 * Visits this process has just seen counted: `code|visitor hash` -> when the visit may count again
 * (ms), at most REPEAT_CACHE_MS ahead. A repeat visit (a reload, the next page of a tour) within
 * that time is answered without a query; the database stays the one judge of what counts, so
 * several processes never count a visit twice. A code suspended meanwhile still gets its cookie
 * for that minute, which attributes nothing: signups check the affiliate's status.
 */
const recentVisits = new Map<string, number>();
const REPEAT_CACHE_MS = 60_000;
const REPEAT_CACHE_ENTRIES = 20_000;

/** Forgets the visits seen (tests that move the database's clock use it). */
export function forgetRecentReferralVisits(): void {
  recentVisits.clear();
}

/**
 * A `?ref=CODE` visit: when the code belongs to an approved affiliate, counts a click (one per
 * visitor per 24 h) and returns the code for the cookie; otherwise null. Bots are ignored. One
 * statement, one round trip (none for a repeat visit this process has just counted).
 */
export async function recordReferralVisit(
  db: DbOrTx,
  rawCode: unknown,
  visitor: { ip: string; userAgent: string | undefined },
): Promise<string | null> {
  const code = normalizeReferralCode(rawCode);
  if (!code || isBot(visitor.userAgent)) return null;
  const hash = sha256(`${visitor.ip}|${visitor.userAgent}`);
  const key = `${code}|${hash}`;
  const now = Date.now();
  const until = recentVisits.get(key);
  if (until !== undefined) {
    if (until > now) return code;
    recentVisits.delete(key);
  }
  const [row] = await rows<{ valid: number; counted_for_ms: number | null }>(
    db,
    sql`with a as (select id from affiliates where referral_code = ${code} and status = 'approved'),
      prior as (select r.counted_at from affiliate_click_visitors r join a on r.affiliate_id = a.id
        where r.visitor_hash = ${hash} and r.counted_at > now() - interval '24 hours'),
      v as (
        insert into affiliate_click_visitors (affiliate_id, visitor_hash)
        select a.id, ${hash} from a
        -- A read-only check first: a repeat visit within 24 hours writes nothing (no lock, no WAL).
        where not exists (select 1 from prior)
        on conflict (affiliate_id, visitor_hash) do update set counted_at = now()
          where affiliate_click_visitors.counted_at <= now() - interval '24 hours'
        returning affiliate_id, counted_at),
      ins as (insert into affiliate_clicks (affiliate_id, visitor_hash) select affiliate_id, ${hash} from v returning 1)
      select (select count(*) from a)::int as valid,
        (extract(epoch from coalesce((select counted_at from v), (select counted_at from prior))
          + interval '24 hours' - now()) * 1000)::float8 as counted_for_ms`,
  );
  if (!row?.valid) return null;
  if (row.counted_for_ms !== null && row.counted_for_ms > 0) {
    if (recentVisits.size >= REPEAT_CACHE_ENTRIES) {
      // Forget the oldest entry (a Map keeps insertion order).
      recentVisits.delete(recentVisits.keys().next().value!);
    }
    recentVisits.set(key, now + Math.min(REPEAT_CACHE_MS, row.counted_for_ms));
  }
  return code;
}

/** The `ref` cookie of a request, if any. */
export function referralCodeFromCookie(cookieHeader: string | undefined): string | null {
  const value = readCookie(cookieHeader, REFERRAL_COOKIE);
  return value === undefined ? null : normalizeReferralCode(value);
}

/**
 * Attributes a new waitlist signup to the affiliate of the `ref` cookie (same transaction as the
 * signup), unless the code is unknown or not approved, or it is the affiliate's own address.
 */
export async function attributeSignup(
  tx: Tx,
  code: string | null | undefined,
  email: string,
  signupId: number,
): Promise<void> {
  if (!code) return;
  const [affiliate] = await rows<{ id: number; email: string }>(
    tx.db,
    sql`select id::int as id, email from affiliates where referral_code = ${code} and status = 'approved'`,
  );
  if (!affiliate || isSelfReferral(affiliate.email, email)) return;
  await tx.db.execute(
    sql`insert into affiliate_referrals (affiliate_id, email, waitlist_signup_id)
      values (${affiliate.id}, ${email}, ${signupId}) on conflict (email) do nothing`,
  );
}

// ---------------------------------------------------------------- admin: conversions and payouts

export async function listConversions(db: DbOrTx): Promise<Conversion[]> {
  const list = await rows<{
    id: number;
    created_at: Date;
    display_name: string;
    referral_code: string | null;
    customer_email: string;
    conversion_type: string;
    order_value_cents: number;
    commission_cents: number;
    rate_bps: number;
    status: ConversionStatus;
  }>(
    db,
    sql`select v.id::int as id, v.created_at, a.display_name, a.referral_code, v.customer_email, v.conversion_type,
      v.order_value_cents, v.commission_cents, v.rate_bps, v.status
      from affiliate_conversions v join affiliates a on a.id = v.affiliate_id
      order by v.created_at desc, v.id desc`,
  );
  return list.map((r) => ({
    id: r.id,
    created_at: iso(r.created_at),
    affiliates: { display_name: r.display_name, referral_code: r.referral_code },
    customer_email: r.customer_email,
    conversion_type: r.conversion_type,
    order_value: toDollars(r.order_value_cents),
    commission_amount: toDollars(r.commission_cents),
    commission_rate: r.rate_bps / 100,
    status: r.status,
  }));
}

export async function setConversionStatus(ctx: AppContext, id: number, status: ConversionStatus) {
  const result = await ctx.database.db.execute(
    sql`update affiliate_conversions set status = ${status} where id = ${id} returning id`,
  );
  if (!result.rows.length) throw notFound('Conversion not found');
  return { id, status };
}

/** Approves commissions whose holding period is over (the daily job). Returns how many. */
export async function approveHeldCommissions(db: DbOrTx, now = new Date()): Promise<number> {
  const result = await db.execute(
    sql`update affiliate_conversions set status = 'approved' where status = 'pending' and hold_until <= ${now} returning id`,
  );
  return result.rows.length;
}

/**
 * The monthly payout run (the 1st, UTC): each affiliate's approved, unpaid balance earned before
 * this month becomes a due payout at $50 or more; smaller balances carry over. Idempotent per
 * affiliate and month.
 */
export async function createMonthlyPayouts(database: Database, now = new Date()): Promise<number> {
  const { period, monthStart } = previousPeriod(now);
  const balances = await rows<{ affiliate_id: number; balance: number }>(
    database.db,
    sql`select affiliate_id::int as affiliate_id, sum(commission_cents)::int as balance from affiliate_conversions
      where status = 'approved' and payout_id is null and created_at < ${monthStart}
      group by affiliate_id`,
  );
  let created = 0;
  for (const { affiliate_id, balance } of balances) {
    if (!planPayout(balance).pay) continue;
    await database.transaction(async (tx) => {
      const [payout] = await rows<{ id: number }>(
        tx.db,
        sql`insert into affiliate_payouts (affiliate_id, period, amount_cents) values (${affiliate_id}, ${period}, 0)
          on conflict (affiliate_id, period) do nothing returning id::int as id`,
      );
      if (!payout) return;
      const [sum] = await rows<{ total: number }>(
        tx.db,
        sql`with marked as (
            update affiliate_conversions set payout_id = ${payout.id}
            where affiliate_id = ${affiliate_id} and status = 'approved' and payout_id is null and created_at < ${monthStart}
            returning commission_cents)
          select coalesce(sum(commission_cents), 0)::int as total from marked`,
      );
      await tx.db.execute(
        sql`update affiliate_payouts set amount_cents = ${sum!.total} where id = ${payout.id}`,
      );
      created++;
    });
  }
  return created;
}

export async function listPayouts(db: DbOrTx, onlyDue: boolean): Promise<Payout[]> {
  const list = await rows<{
    id: number;
    affiliate_id: number;
    display_name: string;
    email: string;
    payout_method: string | null;
    payout_details: string | null;
    period: string;
    amount_cents: number;
    status: 'due' | 'paid';
    created_at: Date;
  }>(
    db,
    sql`select p.id::int as id, p.affiliate_id::int as affiliate_id, a.display_name, a.email, a.payout_method, a.payout_details,
      p.period, p.amount_cents, p.status, p.created_at
      from affiliate_payouts p join affiliates a on a.id = p.affiliate_id
      where (${!onlyDue} or p.status = 'due') order by p.created_at desc, p.id desc`,
  );
  return list.map(({ amount_cents, created_at, ...p }) => ({
    ...p,
    amount: toDollars(amount_cents),
    created_at: iso(created_at),
  }));
}

/** The admin confirms a payout was sent: its commissions become paid and the affiliate is e-mailed. */
export async function confirmPayout(ctx: AppContext, id: number): Promise<void> {
  await ctx.database.transaction(async (tx) => {
    const [payout] = await rows<{
      amount_cents: number;
      period: string;
      display_name: string;
      email: string;
    }>(
      tx.db,
      sql`update affiliate_payouts p set status = 'paid', paid_at = now() from affiliates a
        where p.id = ${id} and p.status = 'due' and a.id = p.affiliate_id
        returning p.amount_cents, p.period, a.display_name, a.email`,
    );
    if (!payout) {
      const [exists] = await rows(tx.db, sql`select 1 from affiliate_payouts where id = ${id}`);
      if (!exists) throw notFound('Payout not found');
      return;
    }
    await tx.db.execute(
      sql`update affiliate_conversions set status = 'paid' where payout_id = ${id} and status = 'approved'`,
    );
    await queueEmail(
      tx,
      ctx.jobs,
      'affiliate.payout',
      payoutSentEmail(
        { name: payout.display_name, email: payout.email },
        formatMoney(toDollars(payout.amount_cents)),
        payout.period,
      ),
    );
  });
}

// ---------------------------------------------------------------- CSV

const csvCell = (value: unknown) => {
  let text = value === null || value === undefined ? '' : String(value);
  // Spreadsheet formula injection: a leading =, +, - or @ is neutralised.
  if (/^[=+\-@\t\r]/.test(text) && !/^-?\d+(\.\d+)?$/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};
export const toCsv = (header: string[], lines: unknown[][]) =>
  `${[header, ...lines].map((line) => line.map(csvCell).join(',')).join('\r\n')}\r\n`;

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
