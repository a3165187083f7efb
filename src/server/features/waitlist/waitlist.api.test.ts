import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '#tests/support/test-app.ts';

let echo: TestApp;
beforeAll(async () => {
  // The load tests below enrol 1,000 signups at once: lift the campaign sending rate limit.
  echo = await startTestApp({ SIGNUP_RATE_LIMIT: '100000', SEND_RATE_LIMIT: '100000' });
});
afterAll(() => echo?.close());

const post = (body: unknown, headers: Record<string, string> = {}) =>
  echo.app!.inject({
    method: 'POST',
    url: '/api/waitlist',
    headers: { 'content-type': 'application/json', ...headers },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  });
const count = async () =>
  (await echo.app!.inject({ method: 'GET', url: '/api/waitlist/count' })).json().count as number;

describe('POST /api/waitlist', () => {
  it('adds a signup (201), counts it and e-mails a welcome', async () => {
    const before = await count();
    const res = await post({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      role: 'Founder',
      struggle: 'Finding time',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ success: true });
    expect(await count()).toBe(before + 1);
    const [row] = await echo.query(
      'select name, email, role, struggle from waitlist_signups where email = $1',
      ['ada@example.com'],
    );
    expect(row).toEqual({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      role: 'Founder',
      struggle: 'Finding time',
    });
    const [mail] = await echo.smtp.waitFor((m) => m.some((x) => x.to.includes('ada@example.com')));
    expect(echo.smtp.to('ada@example.com')).toHaveLength(1);
    expect(mail!.subject).toBe("You're on the Echo waitlist");
    expect(mail!.text).toContain('Hi Ada Lovelace');
    expect(mail!.raw).toMatch(/content-type: text\/html/i);
    expect(mail!.raw).toMatch(/content-type: text\/plain/i);
    // The welcome is the Welcome Series' first step (one e-mail, not a second direct one).
    const sent = await echo.query<{ kind: string }>('select kind from outbox where recipient = $1', [
      'ada@example.com',
    ]);
    const [welcome] = await echo.query<{ id: number }>(
      `select id from campaigns where system_key = 'welcome'`,
    );
    expect(sent).toEqual([{ kind: `campaign:${welcome!.id}` }]);
    expect(mail!.raw).toMatch(/^list-unsubscribe:\s*<http:\/\/.+\/unsubscribe\?token=/im);
  });

  it('recognises the same address (case and spaces ignored), answers alreadyExists and sends one reminder per hour', async () => {
    await post({ name: 'Grace', email: 'grace@example.com', role: 'Creator' });
    await echo.smtp.waitFor((m) => m.some((x) => x.to.includes('grace@example.com')));
    const again = await post({ name: 'Grace H', email: '  GRACE@Example.com ', role: 'Other' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ success: true, alreadyExists: true });
    const third = await post({ name: 'Grace', email: 'grace@example.com', role: 'Creator' });
    expect(third.json()).toEqual({ success: true, alreadyExists: true });
    await echo.smtp.waitFor((m) => m.filter((x) => x.to.includes('grace@example.com')).length >= 2);
    await new Promise((r) => setTimeout(r, 1500));
    const mails = echo.smtp.to('grace@example.com');
    expect(mails.map((m) => m.subject)).toEqual([
      "You're on the Echo waitlist",
      "You're already on the Echo waitlist",
    ]);
    const rows = await echo.query('select name, role from waitlist_signups where email = $1', [
      'grace@example.com',
    ]);
    expect(rows).toEqual([{ name: 'Grace', role: 'Creator' }]);
    // An hour later another reminder is allowed.
    await echo.query(
      `update waitlist_signups set last_reminder_at = now() - interval '61 minutes' where email = $1`,
      ['grace@example.com'],
    );
    await post({ name: 'Grace', email: 'grace@example.com', role: 'Creator' });
    await echo.smtp.waitFor((m) => m.filter((x) => x.to.includes('grace@example.com')).length === 3);
  });

  it.each([
    [{}, 'Name is required'],
    [{ email: 'a@example.com', role: 'Creator' }, 'Name is required'],
    [{ name: '', email: 'a@example.com', role: 'Creator' }, 'Name is required'],
    [{ name: '   ', email: 'a@example.com', role: 'Creator' }, 'Name is required'],
    [{ name: ['x'], email: 'a@example.com', role: 'Creator' }, 'Name is required'],
    [
      { name: 'x'.repeat(101), email: 'a@example.com', role: 'Creator' },
      'Name must be at most 100 characters',
    ],
    [{ name: 'A', email: 'nope', role: 'Creator' }, 'Invalid email address'],
    [{ name: 'A', role: 'Creator' }, 'Invalid email address'],
    [{ name: 'A', email: 12, role: 'Creator' }, 'Invalid email address'],
    [{ name: 'A', email: 'a@example.com' }, 'Please select your role'],
    [{ name: 'A', email: 'a@example.com', role: 'Admin' }, 'Please select your role'],
    [
      { name: 'A', email: 'a@example.com', role: 'Creator', struggle: 'x'.repeat(2001) },
      'Please keep this under 2000 characters',
    ],
    [{ name: 'A', email: 'a@example.com', role: 'Creator', struggle: 5 }, 'Struggle must be text'],
  ])('rejects invalid body %# with its 400 message and stores nothing', async (body, message) => {
    const before = await count();
    const res = await post(body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect(await count()).toBe(before);
  });

  it('lists every invalid field', async () => {
    const res = await post({ name: '', email: 'x', role: 'Boss' });
    expect(res.json().issues).toEqual([
      { path: 'name', message: 'Name is required' },
      { path: 'email', message: 'Invalid email address' },
      { path: 'role', message: 'Please select your role' },
    ]);
  });

  it('answers malformed JSON, a non-object body, a wrong content type and an oversized body with JSON errors', async () => {
    const malformed = await post('{"name":');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toBe('Malformed JSON in request body');
    const array = await post('[1,2]');
    expect(array.statusCode).toBe(400);
    expect(typeof array.json().message).toBe('string');
    const text = await echo.app!.inject({
      method: 'POST',
      url: '/api/waitlist',
      headers: { 'content-type': 'text/plain' },
      payload: 'hi',
    });
    expect(text.statusCode).toBe(415);
    expect(text.json().message).toMatch(/content type/);
    const big = await post({
      name: 'A',
      email: 'big@example.com',
      role: 'Creator',
      struggle: 'x'.repeat(120 * 1024),
    });
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toBe('Request body is too large (limit 100 KB)');
  });

  it('stores HTML and SQL-looking text verbatim and escapes it in the e-mail', async () => {
    const name = `<img src=x onerror=alert(1)> Robert'); DROP TABLE waitlist_signups;--`;
    const res = await post({ name, email: 'bobby@example.com', role: 'Other', struggle: '<b>bold</b>' });
    expect(res.statusCode).toBe(201);
    const [row] = await echo.query<{ name: string; struggle: string }>(
      'select name, struggle from waitlist_signups where email = $1',
      ['bobby@example.com'],
    );
    expect(row).toEqual({ name, struggle: '<b>bold</b>' });
    const [mail] = await echo.smtp
      .waitFor((m) => m.some((x) => x.to.includes('bobby@example.com')))
      .then(() => echo.smtp.to('bobby@example.com'));
    const html = mail!.text.slice(mail!.text.indexOf('<!doctype html>'));
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).not.toContain('<img src=x');
  });

  it('cannot inject e-mail headers through the name', async () => {
    const res = await post({
      name: 'Eve\r\nBcc: victim@example.com',
      email: 'eve@example.com',
      role: 'Other',
    });
    expect(res.statusCode).toBe(201);
    await echo.smtp.waitFor((m) => m.some((x) => x.to.includes('eve@example.com')));
    const [mail] = echo.smtp.to('eve@example.com');
    expect(mail!.to).toEqual(['eve@example.com']);
    expect(mail!.raw).not.toMatch(/^bcc:/im);
  });

  it('counts 1,000 concurrent signups of distinct addresses exactly once each', async () => {
    const before = await count();
    const responses = await Promise.all(
      Array.from({ length: 1000 }, (_, i) =>
        post({ name: `Load ${i}`, email: `load-${i}@example.com`, role: 'Creator' }),
      ),
    );
    expect(responses.filter((r) => r.statusCode === 201)).toHaveLength(1000);
    expect(await count()).toBe(before + 1000);
    const [{ n }] = await echo.query<{ n: number }>(
      `select count(*)::int as n from waitlist_signups where email like 'load-%@example.com'`,
    );
    expect(n).toBe(1000);
  });

  it('keeps exactly one row for the same address signed up by 20 concurrent requests', async () => {
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        post({ name: `Twin ${i}`, email: i % 2 ? 'TWIN@example.com' : 'twin@example.com ', role: 'Creator' }),
      ),
    );
    expect(responses.every((r) => r.statusCode === 200 || r.statusCode === 201)).toBe(true);
    expect(responses.filter((r) => r.statusCode === 201)).toHaveLength(1);
    const rows = await echo.query(`select id from waitlist_signups where email = 'twin@example.com'`);
    expect(rows).toHaveLength(1);
    // One Welcome Series enrolment with one delivery of its first step (the welcome e-mail, which
    // reaches the outbox through the campaign job), and at most one reminder.
    const [counts] = await echo.query<{ enrolments: number; deliveries: number; reminders: number }>(
      `select
         (select count(*)::int from campaign_enrolments e join contacts k on k.id = e.contact_id
          where k.email = 'twin@example.com') as enrolments,
         (select count(*)::int from campaign_deliveries d join campaign_enrolments e on e.id = d.enrolment_id
          join contacts k on k.id = e.contact_id where k.email = 'twin@example.com') as deliveries,
         (select count(*)::int from outbox where recipient = 'twin@example.com' and kind = 'waitlist.reminder') as reminders`,
    );
    expect(counts).toEqual({ enrolments: 1, deliveries: 1, reminders: 1 });
  });
});

describe('signup rate limit', () => {
  it('answers 429 with a JSON message past the per-client limit', async () => {
    const limited = await startTestApp({ SIGNUP_RATE_LIMIT: '3' });
    try {
      const send = (i: number) =>
        limited.app!.inject({
          method: 'POST',
          url: '/api/waitlist',
          headers: { 'content-type': 'application/json' },
          payload: JSON.stringify({ name: 'R', email: `r${i}@example.com`, role: 'Creator' }),
        });
      const statuses = [];
      for (let i = 0; i < 5; i++) statuses.push((await send(i)).statusCode);
      expect(statuses).toEqual([201, 201, 201, 429, 429]);
      const res = await send(9);
      expect(res.json().message).toMatch(/Too many requests/);
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      const [{ n }] = await limited.query<{ n: number }>('select count(*)::int as n from waitlist_signups');
      expect(n).toBe(3);
    } finally {
      await limited.close();
    }
  });
});
