import { createHmac, createSecretKey, type KeyObject, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Standard Webhooks signatures (https://www.standardwebhooks.com): HMAC-SHA256 over
 * `${webhook-id}.${webhook-timestamp}.${raw body}`, sent as `webhook-signature: v1,<base64>`
 * (several space-separated signatures allowed). A `whsec_` secret is base64 after the prefix;
 * any other secret is used as its UTF-8 bytes.
 */
export const WEBHOOK_TOLERANCE_SECONDS = 5 * 60;

export const generateWebhookSecret = () => `whsec_${randomBytes(32).toString('base64')}`;

/** The last secrets' keys (a process has one or two): decoding one and making its key per call was a fifth of a check. */
const keys = new Map<string, KeyObject>();

function secretKey(secret: string): KeyObject {
  let key = keys.get(secret);
  if (!key) {
    key = createSecretKey(
      secret.startsWith('whsec_') ? Buffer.from(secret.slice(6), 'base64') : Buffer.from(secret, 'utf8'),
    );
    if (keys.size >= 4) keys.delete(keys.keys().next().value!);
    keys.set(secret, key);
  }
  return key;
}

export function signWebhook(secret: string, id: string, timestamp: number, body: string): string {
  const digest = createHmac('sha256', secretKey(secret))
    .update(`${id}.${timestamp}.${body}`)
    .digest('base64');
  return `v1,${digest}`;
}

/** The headers a sender adds (used by the dry run, the tests and the benchmark). */
export function webhookHeaders(secret: string, body: string, id: string, now = new Date()) {
  const timestamp = Math.floor(now.getTime() / 1000);
  return {
    'webhook-id': id,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': signWebhook(secret, id, timestamp, body),
  };
}

export type SignatureCheck =
  | { ok: true; id: string }
  | { ok: false; reason: 'missing_headers' | 'stale_timestamp' | 'bad_signature' };

export function verifyWebhook(
  secret: string,
  headers: Record<string, string | string[] | undefined>,
  body: string,
  now = new Date(),
): SignatureCheck {
  const one = (name: string) => {
    const value = headers[name];
    return Array.isArray(value) ? value[0] : value;
  };
  const id = one('webhook-id');
  const timestampText = one('webhook-timestamp');
  const signatures = one('webhook-signature');
  if (!id || id.length > 200 || !timestampText || !signatures)
    return { ok: false, reason: 'missing_headers' };
  if (!/^\d{1,12}$/.test(timestampText)) return { ok: false, reason: 'stale_timestamp' };
  const timestamp = Number(timestampText);
  if (Math.abs(now.getTime() / 1000 - timestamp) > WEBHOOK_TOLERANCE_SECONDS)
    return { ok: false, reason: 'stale_timestamp' };
  const expected = Buffer.from(signWebhook(secret, id, timestamp, body).slice(3), 'base64');
  for (const candidate of signatures.split(' ')) {
    const [version, value] = candidate.split(',', 2);
    if (version !== 'v1' || !value) continue;
    const actual = Buffer.from(value, 'base64');
    if (actual.length === expected.length && timingSafeEqual(actual, expected)) return { ok: true, id };
  }
  return { ok: false, reason: 'bad_signature' };
}
