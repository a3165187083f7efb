import { type ContactsImportResponse, E164 } from '#contract/campaigns.ts';
import type { AppContext } from '../../context.ts';
import { badRequest } from '../../lib/errors.ts';
import { safeTimeZone } from './content.ts';

/** Keywords of the inbound SMS webhook (any case, surrounding spaces ignored). */
export const STOP_WORDS = ['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT'];
export const START_WORDS = ['START', 'UNSTOP'];

export type InboundResult = 'unsubscribed' | 'resubscribed' | 'paused' | 'ignored';

/**
 * A reply from a phone: STOP words unsubscribe the contact from SMS, START/UNSTOP resubscribe
 * (only a contact who gave consent before can be stopped and started), and any other reply stops
 * that contact's enrolments in campaigns with pauseOnResponse on.
 */
export async function handleInboundSms(ctx: AppContext, from: string, body: string): Promise<InboundResult> {
  const phone = from.replace(/[\s().-]/g, '');
  const word = body.trim().toUpperCase();
  const { pool } = ctx.database;
  if (STOP_WORDS.includes(word)) {
    const { rowCount } = await pool.query(
      `update contacts set sms_subscribed = false, sms_stopped_at = now(), updated_at = now() where phone = $1`,
      [phone],
    );
    return rowCount ? 'unsubscribed' : 'ignored';
  }
  if (START_WORDS.includes(word)) {
    const { rowCount } = await pool.query(
      `update contacts set sms_subscribed = true, updated_at = now()
       where phone = $1 and sms_stopped_at is not null`,
      [phone],
    );
    return rowCount ? 'resubscribed' : 'ignored';
  }
  const { rowCount } = await pool.query(
    `update campaign_enrolments e set status = 'stopped', stop_reason = 'Contact replied'
     from contacts k, campaigns c
     where e.contact_id = k.id and e.campaign_id = c.id and k.phone = $1
       and e.status = 'active' and c.pause_on_response`,
    [phone],
  );
  return rowCount ? 'paused' : 'ignored';
}

// --- CSV import: name, email, phone, sms_consent, time_zone (header row required) ---

export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"' && field === '') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += c;
  }
  if (field !== '' || row.length) {
    row.push(field);
    rows.push(row);
  }
  return rows.filter((r) => r.some((f) => f.trim() !== ''));
}

const CONSENT_YES = ['yes', 'y', 'true', '1', 'opt-in', 'opted in', 'consent'];

/**
 * Imports contacts. SMS is enabled only where the sms_consent column says yes explicitly; an
 * existing contact's unsubscribes are never undone by an import.
 */
export async function importContacts(ctx: AppContext, csv: string): Promise<ContactsImportResponse> {
  const rows = parseCsv(csv);
  const header = (rows.shift() ?? []).map((h) =>
    h
      .trim()
      .toLowerCase()
      .replace(/[\s-]+/g, '_'),
  );
  const col = (name: string) => header.indexOf(name);
  const [iName, iEmail, iPhone, iConsent, iZone] = ['name', 'email', 'phone', 'sms_consent', 'time_zone'].map(
    col,
  );
  if (iEmail === -1 && iPhone === -1) throw badRequest('The CSV needs an email or phone column');
  const skipped: ContactsImportResponse['skipped'] = [];
  let imported = 0;
  let updated = 0;
  for (const [index, fields] of rows.entries()) {
    const line = index + 2;
    const get = (i: number | undefined) => (i === undefined || i < 0 ? '' : (fields[i] ?? '').trim());
    const email = get(iEmail).toLowerCase() || null;
    const phone = get(iPhone).replace(/[\s().-]/g, '') || null;
    if (email && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) {
      skipped.push({ line, reason: 'Invalid email address' });
      continue;
    }
    if (phone && !E164.test(phone)) {
      skipped.push({ line, reason: 'Phone must be in international format (+14155550100)' });
      continue;
    }
    if (!email && !phone) {
      skipped.push({ line, reason: 'No email or phone' });
      continue;
    }
    const consent = phone !== null && CONSENT_YES.includes(get(iConsent).toLowerCase());
    const zone = safeTimeZone(get(iZone), ctx.config.campaigns.defaultTimeZone);
    const name = get(iName).slice(0, 200);
    try {
      const { rows: result } = await ctx.database.pool.query<{ inserted: boolean }>(
        `insert into contacts (name, email, phone, sms_subscribed, time_zone, source)
         values ($1, $2, $3, $4, $5, 'import')
         on conflict (${email ? 'email' : 'phone'}) do update set
           name = case when excluded.name <> '' then excluded.name else contacts.name end,
           phone = coalesce(contacts.phone, excluded.phone),
           sms_subscribed = contacts.sms_subscribed or (excluded.sms_subscribed and contacts.sms_stopped_at is null),
           time_zone = excluded.time_zone,
           updated_at = now()
         returning (xmax = 0) as inserted`,
        [name, email, phone, consent, zone],
      );
      if (result[0]?.inserted) imported++;
      else updated++;
    } catch {
      skipped.push({ line, reason: 'Conflicts with another contact (phone or e-mail already used)' });
    }
  }
  return { imported, updated, skipped };
}
