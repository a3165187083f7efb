import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Database } from '../../db/client.ts';
import { randomToken } from '../../lib/crypto.ts';
import { getOrCreateSecret } from './repository.ts';

/**
 * One-click unsubscribe (RFC 8058). Every campaign e-mail links to `/unsubscribe?token=…`, where the
 * token is the contact id signed with a secret the server generates once (kept in app_secrets).
 * GET shows a confirmation page; POST (the mail client's one-click, or the page's button)
 * unsubscribes at once.
 */

const SECRET_NAME = 'unsubscribe_secret';
const secrets = new WeakMap<Database, Promise<string>>();

const loadSecret = (database: Database) => getOrCreateSecret(database.db, SECRET_NAME, randomToken(32));

export function unsubscribeSecret(database: Database): Promise<string> {
  let secret = secrets.get(database);
  if (!secret) {
    secret = loadSecret(database).catch((error) => {
      secrets.delete(database);
      throw error;
    });
    secrets.set(database, secret);
  }
  return secret;
}

const sign = (secret: string, contactId: number) =>
  createHmac('sha256', secret).update(`unsubscribe:${contactId}`).digest('base64url').slice(0, 32);

export async function unsubscribeToken(database: Database, contactId: number): Promise<string> {
  return `${contactId}.${sign(await unsubscribeSecret(database), contactId)}`;
}

/** The contact id a token was signed for, or null when it is not genuine. */
export async function verifyUnsubscribeToken(database: Database, token: string): Promise<number | null> {
  const match = /^(\d{1,15})\.([A-Za-z0-9_-]{32})$/.exec(token);
  if (!match) return null;
  const contactId = Number(match[1]);
  const expected = Buffer.from(sign(await unsubscribeSecret(database), contactId));
  const actual = Buffer.from(match[2]!);
  return expected.length === actual.length && timingSafeEqual(expected, actual) ? contactId : null;
}

export async function unsubscribeUrl(
  database: Database,
  publicUrl: string,
  contactId: number,
): Promise<string> {
  return `${publicUrl}/unsubscribe?token=${encodeURIComponent(await unsubscribeToken(database, contactId))}`;
}

export const unsubscribeHeaders = (url: string): Record<string, string> => ({
  'List-Unsubscribe': `<${url}>`,
  'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
});
