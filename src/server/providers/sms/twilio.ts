import { createHmac, timingSafeEqual } from 'node:crypto';
import { trackProvider } from '../../lib/provider-status.ts';

export interface SmsMessage {
  to: string;
  body: string;
}

/** An SMS provider. The real one speaks Twilio's REST API; tests point it at a local fake Twilio. */
export interface SmsSender {
  send(message: SmsMessage): Promise<{ messageId: string }>;
}

export interface TwilioConfig {
  accountSid?: string;
  authToken?: string;
  from?: string;
  baseUrl: string;
  /** Per request (default 15 s). */
  timeoutMs?: number;
}

export const twilioConfigured = (config: TwilioConfig) =>
  Boolean(config.accountSid && config.authToken && config.from);

/**
 * Twilio's Messages API: POST {base}/2010-04-01/Accounts/{sid}/Messages.json, form fields To, From,
 * Body, HTTP Basic auth with the account SID and auth token. Only the configured base URL is called.
 */
export function createTwilioSender(config: TwilioConfig): SmsSender | null {
  if (!twilioConfigured(config)) return null;
  const { accountSid, authToken, from } = config as Required<TwilioConfig>;
  const timeoutMs = config.timeoutMs ?? 15_000;
  const url = `${config.baseUrl.replace(/\/+$/, '')}/2010-04-01/Accounts/${encodeURIComponent(accountSid)}/Messages.json`;
  const authorization = `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`;
  return {
    send: (message) => trackProvider('twilio', () => sendSms(message)),
  };
  async function sendSms(message: SmsMessage): Promise<{ messageId: string }> {
    const response = await fetch(url, {
      method: 'POST',
      headers: {
        authorization,
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
      },
      body: new URLSearchParams({ To: message.to, From: from, Body: message.body }).toString(),
      signal: AbortSignal.timeout(timeoutMs),
      redirect: 'error',
    });
    const text = await response.text();
    let body: { sid?: string; message?: string; code?: number } = {};
    try {
      body = JSON.parse(text);
    } catch {}
    if (!response.ok)
      throw new Error(
        `Twilio ${response.status}: ${body.message ?? (text.slice(0, 200) || response.statusText)}`,
      );
    return { messageId: body.sid ?? '' };
  }
}

/**
 * Twilio's request signature: base64 HMAC-SHA1, keyed with the auth token, of the full URL Twilio
 * called followed by every POST parameter name and value, sorted by name.
 */
export function twilioSignature(authToken: string, url: string, params: Record<string, string>): string {
  const data = Object.keys(params)
    .sort()
    .reduce((acc, key) => acc + key + params[key], url);
  return createHmac('sha1', authToken).update(Buffer.from(data, 'utf8')).digest('base64');
}

export function verifyTwilioSignature(
  authToken: string,
  url: string,
  params: Record<string, string>,
  signature: string | undefined,
): boolean {
  if (!signature) return false;
  const expected = Buffer.from(twilioSignature(authToken, url, params));
  const actual = Buffer.from(signature);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}
