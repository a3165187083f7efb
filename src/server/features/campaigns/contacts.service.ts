import { parse } from 'csv-parse/sync';
import { type ContactsImportResponse, E164 } from '#contract/campaigns.ts';
import type { AppContext } from '../../context.ts';
import { badRequest } from '../../lib/errors.ts';
import {
  restartSms,
  stopEnrolmentsOnReply,
  stopSms,
  unsubscribeEmail,
  upsertImportedContact,
} from './contacts.repository.ts';
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
  const { db } = ctx.database;
  if (STOP_WORDS.includes(word)) return (await stopSms(db, phone)) ? 'unsubscribed' : 'ignored';
  if (START_WORDS.includes(word)) return (await restartSms(db, phone)) ? 'resubscribed' : 'ignored';
  return (await stopEnrolmentsOnReply(db, phone)) ? 'paused' : 'ignored';
}

/** Unsubscribes a contact from e-mail (one-click link). Idempotent. */
export const unsubscribeContactFromEmail = (ctx: AppContext, contactId: number) =>
  unsubscribeEmail(ctx.database.db, contactId);

// --- CSV import: name, email, phone, sms_consent, time_zone (header row required) ---

/** CSV rows (RFC 4180 through csv-parse); rows of blank fields are dropped. */
export function parseCsv(text: string): string[][] {
  let rows: string[][];
  try {
    rows = parse(text, {
      bom: true,
      // Files put together by hand mix line endings: any of them ends a record.
      record_delimiter: ['\r\n', '\n', '\r'],
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
    });
  } catch (error) {
    const line = (error as { lines?: number }).lines;
    throw badRequest(`The CSV could not be read${line ? ` (line ${line})` : ''}: check its quotes`);
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
    try {
      const inserted = await upsertImportedContact(ctx.database.db, {
        name: get(iName).slice(0, 200),
        email,
        phone,
        smsSubscribed: consent,
        timeZone: safeTimeZone(get(iZone), ctx.config.campaigns.defaultTimeZone),
      });
      if (inserted) imported++;
      else updated++;
    } catch {
      skipped.push({ line, reason: 'Conflicts with another contact (phone or e-mail already used)' });
    }
  }
  return { imported, updated, skipped };
}
