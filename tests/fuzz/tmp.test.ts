import { test } from 'vitest';
import { credentials } from '#tests/support/fuzz.ts';
import { startTestApp } from '#tests/support/test-app.ts';

test('x', async () => {
  const t = await startTestApp({ ROLE: 'web' });
  const c = await credentials(t);
  const reqs: [string, string, unknown, Record<string, string>][] = [
    ['POST', '/api/waitlist', { name: 'a\u0000b', email: 'x@y.co', role: 'Creator' }, {}],
    ['POST', '/api/campaigns', { name: 'a\u0000b' }, c.admin],
    ['GET', '/api/trends?cursor=%00', undefined, {}],
    ['DELETE', '/api/trends/%00', undefined, c.admin],
    ['DELETE', '/api/content-results/%00', undefined, c.dashboard],
    ['POST', '/api/auth/login', { email: 'x@y.co', code: '123456' }, {}],
    ['POST', '/api/unsubscribe', { token: 'a\u0000' }, {}],
    ['POST', '/api/admin/contacts/import', { csv: 'email,name\na@b.co,A\u0000' }, c.admin],
    ['PUT', '/api/me/payout-settings', { payout_method: 'paypal', payout_details: 'abc\u0000' }, c.affiliate],
    [
      'POST',
      '/api/twilio/inbound',
      'From=%2B1415&Body=a%00',
      { 'content-type': 'application/x-www-form-urlencoded' },
    ],
  ];
  for (const [method, url, body, h] of reqs) {
    const r = await t.app!.inject({
      method: method as 'GET',
      url,
      headers: { ...h, ...(typeof body === 'object' ? { 'content-type': 'application/json' } : {}) },
      payload: typeof body === 'object' ? JSON.stringify(body) : (body as string),
    });
    process.stdout.write(`${method} ${url} ${r.statusCode} ${r.body.slice(0, 150)}\n`);
  }
  process.stdout.write(JSON.stringify(await t.query('select id, name from campaigns')));
  await t.close();
}, 60000);
