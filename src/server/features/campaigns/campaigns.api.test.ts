import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeTwilio } from '#tests/support/fake-twilio.ts';
import { startTestApp, TEST_ADMIN_PASSWORD, type TestApp } from '#tests/support/test-app.ts';
import { twilioSignature } from '../../providers/sms/twilio.ts';

let echo: TestApp;
let twilio: FakeTwilio;
let token: string;

beforeAll(async () => {
  twilio = await new FakeTwilio().start();
  echo = await startTestApp({ ...twilio.env, SIGNUP_RATE_LIMIT: '1000' });
  token = (
    await echo.app!.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { password: TEST_ADMIN_PASSWORD },
    })
  ).json().token;
});
afterAll(async () => {
  await echo?.close();
  await twilio?.stop();
});

const api = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown, auth = true) =>
  echo.app!.inject({
    method,
    url,
    payload: payload as object,
    headers: auth ? { authorization: `Bearer ${token}` } : {},
  });

/** A zone where it is early afternoon now, so SMS are not held by quiet hours. */
function daytimeZone(): string {
  const offset = 13 - new Date().getUTCHours(); // local 13:xx
  const wrapped = offset > 12 ? offset - 24 : offset < -12 ? offset + 24 : offset;
  return wrapped === 0 ? 'UTC' : `Etc/GMT${wrapped > 0 ? '-' : '+'}${Math.abs(wrapped)}`;
}

async function newCampaign(name: string, steps: object[] = []) {
  const campaign = (await api('POST', '/api/campaigns', { name })).json();
  for (const step of steps)
    expect((await api('POST', `/api/campaigns/${campaign.id}/messages`, step)).statusCode).toBe(201);
  return campaign as { id: number };
}

const signedInbound = (form: Record<string, string>, signature?: string) => {
  const url = '/api/twilio/inbound';
  const sig =
    signature ?? twilioSignature(twilio.env.TWILIO_AUTH_TOKEN!, `${echo.ctx.config.publicUrl}${url}`, form);
  return echo.app!.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': sig },
    payload: new URLSearchParams(form).toString(),
  });
};

describe('admin guard', () => {
  it.each([
    ['GET', '/api/campaigns'],
    ['POST', '/api/campaigns'],
    ['GET', '/api/campaigns/1'],
    ['PATCH', '/api/campaigns/1'],
    ['GET', '/api/campaigns/1/messages'],
    ['POST', '/api/campaigns/1/messages'],
    ['PATCH', '/api/campaigns/1/messages/1'],
    ['DELETE', '/api/campaigns/1/messages/1'],
    ['POST', '/api/campaigns/1/test-sms'],
    ['POST', '/api/campaigns/1/test-email'],
    ['POST', '/api/admin/contacts/import'],
    ['GET', '/api/admin/outbox'],
  ] as const)('%s %s answers 401 without an admin token (also with a bypass header)', async (method, url) => {
    const res = await echo.app!.inject({
      method,
      url,
      payload: method === 'GET' || method === 'DELETE' ? undefined : {},
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ code: 'unauthorized', message: 'Admin authentication required' });
    const bypass = await echo.app!.inject({
      method,
      url,
      headers: { 'x-dev-bypass': 'true', authorization: 'Bearer dev' },
    });
    expect(bypass.statusCode).toBe(401);
  });
});

describe('campaigns API', () => {
  it('lists the seeded Welcome Series: active, triggered by signups, first step the welcome e-mail', async () => {
    const list = (await api('GET', '/api/campaigns')).json();
    const welcome = list.find((c: { name: string }) => c.name === 'Welcome Series');
    expect(welcome).toMatchObject({ status: 'active', trigger_type: 'signup', step_count: 2 });
    const steps = (await api('GET', `/api/campaigns/${welcome.id}/messages`)).json();
    expect(steps[0]).toMatchObject({
      sequence_number: 1,
      delay_days: 0,
      message_type: 'email',
      subject: "You're on the Echo waitlist",
    });
  });

  it('creates a campaign (draft, time_based by default) and rejects a blank name with the spec message', async () => {
    const blank = await api('POST', '/api/campaigns', { name: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toBe('Please enter a campaign name');
    const res = await api('POST', '/api/campaigns', { name: ' Spring launch ', description: 'Hello' });
    expect(res.statusCode).toBe(201);
    const created = res.json();
    expect(created).toMatchObject({
      name: 'Spring launch',
      description: 'Hello',
      status: 'draft',
      trigger_type: 'time_based',
      pauseOnResponse: true,
      shareWithEveryone: false,
    });
    expect((await api('GET', `/api/campaigns/${created.id}`)).json()).toEqual(created);
    expect((await api('GET', '/api/campaigns/999999')).statusCode).toBe(404);
  });

  it('saves settings on the server and enforces status transitions', async () => {
    const { id } = await newCampaign('Settings');
    const saved = await api('PATCH', `/api/campaigns/${id}`, {
      name: 'Renamed',
      description: 'D',
      pauseOnResponse: false,
      shareWithEveryone: true,
    });
    expect(saved.json()).toMatchObject({
      name: 'Renamed',
      description: 'D',
      pauseOnResponse: false,
      shareWithEveryone: true,
      status: 'draft',
    });
    expect((await api('GET', `/api/campaigns/${id}`)).json()).toMatchObject({
      name: 'Renamed',
      pauseOnResponse: false,
    });
    const bad = await api('PATCH', `/api/campaigns/${id}`, { status: 'paused' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('A draft campaign cannot be set to paused');
    expect((await api('PATCH', `/api/campaigns/${id}`, { status: 'archived' })).json().status).toBe(
      'archived',
    );
    expect((await api('PATCH', `/api/campaigns/${id}`, { status: 'active' })).statusCode).toBe(400);
    expect((await api('PATCH', `/api/campaigns/${id}`, { name: '' })).json().message).toBe(
      'Please enter a campaign name',
    );
  });

  it('adds, edits (no second create) and deletes steps with the spec messages', async () => {
    const { id } = await newCampaign('Steps');
    const noSubject = await api('POST', `/api/campaigns/${id}/messages`, {
      sequence_number: 1,
      message_type: 'email',
      text_content: 'x',
    });
    expect(noSubject.statusCode).toBe(400);
    expect(noSubject.json().message).toBe('Please enter an email subject');
    const noText = await api('POST', `/api/campaigns/${id}/messages`, {
      sequence_number: 1,
      message_type: 'sms',
      text_content: ' ',
    });
    expect(noText.json().message).toBe('Please enter message content');
    const created = await api('POST', `/api/campaigns/${id}/messages`, {
      sequence_number: '1',
      delay_days: 'two',
      message_type: 'sms',
      subject: 'ignored for sms',
      html_content: '<p>ignored</p>',
      text_content: 'Hi {{name}}',
    });
    expect(created.statusCode).toBe(201);
    const step = created.json();
    expect(step).toMatchObject({
      sequence_number: 1,
      delay_days: 0,
      message_type: 'sms',
      subject: null,
      html_content: null,
    });
    const edited = await api('PATCH', `/api/campaigns/${id}/messages/${step.id}`, {
      sequence_number: 2,
      delay_days: 3,
      message_type: 'email',
      subject: 'Hello',
      html_content: '<p>Hi</p>',
      text_content: 'Hi',
    });
    expect(edited.json()).toMatchObject({
      id: step.id,
      sequence_number: 2,
      delay_days: 3,
      message_type: 'email',
      subject: 'Hello',
    });
    expect((await api('GET', `/api/campaigns/${id}/messages`)).json()).toHaveLength(1);
    expect((await api('DELETE', `/api/campaigns/${id}/messages/${step.id}`)).statusCode).toBe(200);
    expect((await api('GET', `/api/campaigns/${id}/messages`)).json()).toEqual([]);
    expect((await api('DELETE', `/api/campaigns/${id}/messages/${step.id}`)).statusCode).toBe(404);
  });

  it('sanitises HTML content on save', async () => {
    const { id } = await newCampaign('XSS');
    const res = await api('POST', `/api/campaigns/${id}/messages`, {
      sequence_number: 1,
      message_type: 'email',
      subject: 'S',
      text_content: 'T',
      html_content:
        '<p onclick="steal()">Hi <a href="javascript:alert(1)">x</a><script>alert(1)</script><img src=x onerror=alert(1)><a href="https://echo.app">ok</a></p>',
    });
    const html = res.json().html_content as string;
    expect(html).not.toMatch(/script|onclick|onerror|javascript:/i);
    expect(html).toContain('<a href="https://echo.app" rel="noopener noreferrer">ok</a>');
    const [row] = await echo.query<{ html_content: string }>(
      'select html_content from campaign_steps where id = $1',
      [res.json().id],
    );
    expect(row!.html_content).toBe(html);
  });
});

describe('test sends', () => {
  it('sends a test SMS through Twilio: form fields and Basic auth as Twilio expects', async () => {
    const { id } = await newCampaign('SMS test', [
      { sequence_number: 1, message_type: 'sms', text_content: 'Hi {{name}}, big news!' },
    ]);
    const bad = await api('POST', `/api/campaigns/${id}/test-sms`, { phone: '12' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/international format/);
    const res = await api('POST', `/api/campaigns/${id}/test-sms`, { phone: '+1 (415) 555-0100' });
    expect(res.statusCode).toBe(202);
    await twilio.waitFor((m) => m.some((x) => x.To === '+14155550100'));
    const request = twilio.requests.find((r) => r.form.To === '+14155550100')!;
    expect(request.form).toEqual({
      To: '+14155550100',
      From: twilio.env.TWILIO_FROM,
      Body: 'Hi there, big news!',
    });
    expect(request.contentType).toBe('application/x-www-form-urlencoded');
    expect(request.authorization).toBe(
      `Basic ${Buffer.from(`${twilio.env.TWILIO_ACCOUNT_SID}:${twilio.env.TWILIO_AUTH_TOKEN}`).toString('base64')}`,
    );
    await expect
      .poll(
        async () =>
          (
            await echo.query('select status, provider_message_id from outbox where id = $1', [
              res.json().outboxId,
            ])
          )[0],
      )
      .toMatchObject({ status: 'sent', provider_message_id: expect.stringMatching(/^SM/) });
  });

  it('sends a test e-mail of the first e-mail step', async () => {
    const { id } = await newCampaign('Mail test', [
      {
        sequence_number: 1,
        message_type: 'email',
        subject: 'Hello {{name}}',
        text_content: 'Body text',
        html_content: '<p>Body <b>html</b></p>',
      },
    ]);
    expect(
      (await api('POST', `/api/campaigns/${id}/test-email`, { email: 'tester@example.com' })).statusCode,
    ).toBe(202);
    const [mail] = await echo.smtp
      .waitFor((m) => m.some((x) => x.to.includes('tester@example.com')))
      .then(() => echo.smtp.to('tester@example.com'));
    expect(mail!.subject).toBe('[Test] Hello there');
    expect(mail!.text).toContain('Body text');
    expect(mail!.text).toContain('<b>html</b>');
  });

  it('lists the outbox for admins (channel, recipient, subject, status, time)', async () => {
    const items = (await api('GET', '/api/admin/outbox')).json();
    expect(items.find((i: { recipient: string }) => i.recipient === '+14155550100')).toMatchObject({
      channel: 'sms',
      subject: null,
      status: 'sent',
    });
    expect(items.find((i: { recipient: string }) => i.recipient === 'tester@example.com')).toMatchObject({
      channel: 'email',
      subject: '[Test] Hello there',
    });
    expect(typeof items[0].created_at).toBe('string');
  });
});

describe('unsubscribe', () => {
  it('puts a signed one-click link in campaign e-mails; GET shows the page, POST unsubscribes at once', async () => {
    await echo.app!.inject({
      method: 'POST',
      url: '/api/waitlist',
      payload: { name: 'Una', email: 'una@example.com', role: 'Creator' },
    });
    const [mail] = await echo.smtp
      .waitFor((m) => m.some((x) => x.to.includes('una@example.com')))
      .then(() => echo.smtp.to('una@example.com'));
    expect(mail!.raw).toMatch(/^list-unsubscribe-post: List-Unsubscribe=One-Click\r?$/im);
    const link = /^list-unsubscribe:\s*<([^>]+)>/im.exec(mail!.raw)![1]!;
    expect(mail!.text).toContain(link);
    expect(mail!.text).toContain(echo.ctx.config.campaigns.postalAddress);
    const path = link.slice(link.indexOf('/unsubscribe'));
    // GET is the confirmation page and changes nothing (link scanners must not unsubscribe).
    const page = await echo.app!.inject({ method: 'GET', url: path });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    const subscribed = () =>
      echo.query<{ email_subscribed: boolean }>(
        `select email_subscribed from contacts where email = 'una@example.com'`,
      );
    expect(await subscribed()).toEqual([{ email_subscribed: true }]);
    // A forged token is refused.
    const forged = await echo.app!.inject({
      method: 'POST',
      url: path.replace(/\.[\w-]+$/, '.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA'),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(forged.statusCode).toBe(400);
    // RFC 8058 one-click POST.
    const res = await echo.app!.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(res.statusCode).toBe(200);
    expect(await subscribed()).toEqual([{ email_subscribed: false }]);
    // The page's JSON call is idempotent.
    const again = await api(
      'POST',
      '/api/unsubscribe',
      { token: decodeURIComponent(path.split('token=')[1]!) },
      false,
    );
    expect(again.json()).toEqual({ message: 'You have been unsubscribed' });
    // A later campaign to the subscribed audience leaves Una out.
    const { id } = await newCampaign('After unsubscribe', [
      { sequence_number: 1, message_type: 'email', subject: 'News', text_content: 'News for {{name}}' },
    ]);
    await api('PATCH', `/api/campaigns/${id}`, { status: 'active' });
    const [{ n }] = await echo.query<{ n: number }>(
      `select count(*)::int as n from campaign_enrolments e join contacts k on k.id = e.contact_id where k.email = 'una@example.com' and e.campaign_id = $1`,
      [id],
    );
    expect(n).toBe(0);
  });
});

describe('contacts and SMS consent, STOP handling', () => {
  it('imports contacts from CSV with explicit SMS consent; STOP unsubscribes, START resubscribes, replies pause', async () => {
    const zone = daytimeZone();
    const csv = [
      'name,email,phone,sms_consent,time_zone',
      `Sam,sam@example.com,+14155550111,yes,${zone}`,
      `Noc,noc@example.com,+14155550112,no,${zone}`,
      'Bad,not-an-email,,,',
      `Rey,rey@example.com,+14155550113,yes,${zone}`,
    ].join('\n');
    const imported = (await api('POST', '/api/admin/contacts/import', { csv })).json();
    expect(imported).toEqual({
      imported: 3,
      updated: 0,
      skipped: [{ line: 4, reason: 'Invalid email address' }],
    });

    const first = await newCampaign('SMS blast', [
      { sequence_number: 1, message_type: 'sms', text_content: 'Hi {{name}}, reply STOP to opt out' },
    ]);
    expect((await api('PATCH', `/api/campaigns/${first.id}`, { status: 'active' })).statusCode).toBe(200);
    await twilio.waitFor(
      (m) => m.some((x) => x.To === '+14155550111') && m.some((x) => x.To === '+14155550113'),
    );
    expect(twilio.messages.find((m) => m.To === '+14155550111')!.Body).toBe('Hi Sam, reply STOP to opt out');
    // No consent, no SMS.
    expect(twilio.messages.some((m) => m.To === '+14155550112')).toBe(false);

    // Unsigned or wrongly signed webhooks are refused and change nothing.
    expect((await signedInbound({ From: '+14155550111', Body: 'STOP' }, 'bad')).statusCode).toBe(401);
    const res = await signedInbound({
      From: '+14155550111',
      To: twilio.env.TWILIO_FROM!,
      Body: ' stop ',
      MessageSid: 'SM1',
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/xml/);
    const sam = () =>
      echo.query<{ sms_subscribed: boolean }>(
        `select sms_subscribed from contacts where phone = '+14155550111'`,
      );
    expect(await sam()).toEqual([{ sms_subscribed: false }]);

    // A reply that is not a keyword stops Rey's enrolment (pauseOnResponse is on by default).
    await signedInbound({ From: '+14155550113', Body: 'Sounds great' });
    const [rey] = await echo.query<{ status: string; stop_reason: string }>(
      `select e.status, e.stop_reason from campaign_enrolments e join contacts k on k.id = e.contact_id where k.phone = '+14155550113' and e.campaign_id = $1`,
      [first.id],
    );
    expect(rey).toEqual({ status: 'stopped', stop_reason: 'Contact replied' });

    // The STOP'd contact gets nothing more.
    const before = twilio.messages.length;
    const second = await newCampaign('SMS blast 2', [
      { sequence_number: 1, message_type: 'sms', text_content: 'Second' },
    ]);
    await api('PATCH', `/api/campaigns/${second.id}`, { status: 'active' });
    await twilio.waitFor((m) => m.some((x) => x.Body === 'Second' && x.To === '+14155550113'));
    await new Promise((r) => setTimeout(r, 1000));
    expect(twilio.messages.slice(before).filter((m) => m.To === '+14155550111')).toEqual([]);

    // START resubscribes.
    await signedInbound({ From: '+14155550111', Body: 'Start' });
    expect(await sam()).toEqual([{ sms_subscribed: true }]);
  });
});
