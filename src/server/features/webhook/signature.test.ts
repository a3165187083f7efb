import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { generateWebhookSecret, signWebhook, verifyWebhook, webhookHeaders } from './signature.ts';

const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';

describe('Standard Webhooks signatures', () => {
  it('matches the reference HMAC over id.timestamp.body with the base64-decoded whsec key', () => {
    const body = '{"test": 2432232314}';
    const expected = createHmac('sha256', Buffer.from('MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', 'base64'))
      .update(`msg_p5jXN8AQM9LWM0D4loKWxJek.1614265330.${body}`)
      .digest('base64');
    // The example of the Standard Webhooks specification.
    expect(expected).toBe('g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=');
    expect(signWebhook(secret, 'msg_p5jXN8AQM9LWM0D4loKWxJek', 1614265330, body)).toBe(`v1,${expected}`);
  });

  it('accepts a fresh signed request and any matching signature among several', () => {
    const now = new Date();
    const headers = webhookHeaders(secret, '{"a":1}', 'msg_1', now);
    expect(verifyWebhook(secret, headers, '{"a":1}', now)).toEqual({ ok: true, id: 'msg_1' });
    const several = { ...headers, 'webhook-signature': `v1,AAAA ${headers['webhook-signature']}` };
    expect(verifyWebhook(secret, several, '{"a":1}', now).ok).toBe(true);
  });

  it('rejects a changed body, a wrong secret, missing headers and timestamps over 5 minutes off', () => {
    const now = new Date();
    const headers = webhookHeaders(secret, '{"a":1}', 'msg_1', now);
    expect(verifyWebhook(secret, headers, '{"a": 1}', now)).toEqual({ ok: false, reason: 'bad_signature' });
    expect(verifyWebhook(generateWebhookSecret(), headers, '{"a":1}', now).ok).toBe(false);
    expect(verifyWebhook(secret, { ...headers, 'webhook-id': undefined }, '{"a":1}', now)).toEqual({
      ok: false,
      reason: 'missing_headers',
    });
    const later = new Date(now.getTime() + 5 * 60_000 + 2000);
    expect(verifyWebhook(secret, headers, '{"a":1}', later)).toEqual({
      ok: false,
      reason: 'stale_timestamp',
    });
    const earlier = new Date(now.getTime() - 5 * 60_000 - 2000);
    expect(verifyWebhook(secret, headers, '{"a":1}', earlier).ok).toBe(false);
    expect(verifyWebhook(secret, headers, '{"a":1}', new Date(now.getTime() + 4 * 60_000)).ok).toBe(true);
  });

  it('uses a secret without the whsec_ prefix as its UTF-8 bytes', () => {
    const plain = 'a plain shared secret';
    const headers = webhookHeaders(plain, 'x', 'id', new Date(1_700_000_000_000));
    const expected = createHmac('sha256', plain).update('id.1700000000.x').digest('base64');
    expect(headers['webhook-signature']).toBe(`v1,${expected}`);
  });
});
