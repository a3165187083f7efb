import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertResult, waitForCode } from '#tests/support/content-results.ts';
import { startTestApp, type TestApp } from '#tests/support/test-app.ts';
import { CODES_PER_CLIENT, CODES_PER_EMAIL } from './service.ts';

let echo: TestApp;
beforeAll(async () => {
  echo = await startTestApp({ SIGNUP_RATE_LIMIT: '1000' });
});
afterAll(() => echo?.close());

let ipCounter = 0;
/** A distinct client IP per test, so per-client limits do not leak between tests. */
const freshIp = () => `10.1.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

function call(
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  body?: unknown,
  options: { cookie?: string; ip?: string } = {},
) {
  return echo.app!.inject({
    method,
    url,
    remoteAddress: options.ip ?? '10.0.0.1',
    headers: {
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(options.cookie ? { cookie: options.cookie } : {}),
    },
    payload: body !== undefined ? JSON.stringify(body) : undefined,
  });
}

/** Requests and verifies a code; returns the session cookie ("name=value"). */
async function signIn(email: string, ip = freshIp()): Promise<string> {
  const before = echo.smtp.to(email).length;
  const res = await call('POST', '/api/content-results/request-access', { email }, { ip });
  expect(res.statusCode).toBe(200);
  const code = await waitForCode(echo, email, before + 1);
  const verified = await call('POST', '/api/content-results/verify-access', { email, code }, { ip });
  expect(verified.statusCode).toBe(200);
  const setCookie = String(verified.headers['set-cookie']);
  return setCookie.split(';')[0]!;
}

describe('dashboard access by e-mail code', () => {
  it('names the page the code was asked on: the Studio, or the dashboard by default', async () => {
    const ip = freshIp();
    const studio = 'from-studio@example.com';
    expect(
      (await call('POST', '/api/content-results/request-access', { email: studio, from: 'studio' }, { ip }))
        .statusCode,
    ).toBe(200);
    const studioCode = await waitForCode(echo, studio);
    const [studioMail] = echo.smtp.to(studio);
    expect(studioMail!.subject).toBe('Your Echo Studio code');
    expect(studioMail!.text).toContain(studioCode);
    expect(studioMail!.text).toMatch(/Enter it on \S+\/studio\./);
    expect(studioMail!.text).not.toContain('dashboard');

    const dashboard = 'from-dashboard@example.com';
    await call('POST', '/api/content-results/request-access', { email: dashboard }, { ip });
    await waitForCode(echo, dashboard);
    const [dashboardMail] = echo.smtp.to(dashboard);
    expect(dashboardMail!.subject).toBe('Your Echo dashboard code');
    expect(dashboardMail!.text).toMatch(/Enter it on \S+\/dashboard\./);

    const elsewhere = await call(
      'POST',
      '/api/content-results/request-access',
      { email: 'from-elsewhere@example.com', from: 'admin' },
      { ip },
    );
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json()).toMatchObject({ code: 'validation_failed' });
  });

  it('sends a code, verifies it once, sets an httpOnly SameSite cookie and lists only that owner', async () => {
    const email = 'flow@example.com';
    const older = await insertResult(echo, {
      email,
      createdAt: '2026-01-01T00:00:00Z',
      data: { transcription: 'old' },
    });
    const newer = await insertResult(echo, { email, status: 'pending' });
    await insertResult(echo, { email: 'someone-else@example.com' });
    const ip = freshIp();

    const noCookie = await call('POST', '/api/content-results/access', { email }, { ip });
    expect(noCookie.statusCode).toBe(401);
    expect(noCookie.json()).toEqual({
      code: 'unauthorized',
      message: 'Please verify your email to view this dashboard',
    });

    const requested = await call(
      'POST',
      '/api/content-results/request-access',
      { email: '  Flow@Example.com ' },
      { ip },
    );
    expect(requested.statusCode).toBe(200);
    expect(requested.json()).toEqual({ message: 'Code sent! Check your email for a 6-digit code.' });
    const code = await waitForCode(echo, email);
    const [mail] = echo.smtp.to(email);
    expect(mail!.text).toContain(code);
    expect(mail!.text).toContain('expires in 10 minutes');
    const stored = await echo.query('select code_hash from verification_codes where email = $1', [email]);
    expect(JSON.stringify(stored)).not.toContain(code);

    const wrong = await call(
      'POST',
      '/api/content-results/verify-access',
      { email, code: code === '000000' ? '111111' : '000000' },
      { ip },
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ code: 'code_invalid', message: 'Invalid verification code' });
    expect(wrong.headers['set-cookie']).toBeUndefined();

    const ok = await call(
      'POST',
      '/api/content-results/verify-access',
      { email: 'FLOW@example.com', code },
      { ip },
    );
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ message: 'Access granted to your dashboard' });
    const setCookie = String(ok.headers['set-cookie']);
    expect(setCookie).toMatch(/^echo_dashboard=[\w-]{40,};/);
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('SameSite=Strict');
    expect(setCookie).toContain('Path=/api;');
    expect(setCookie).not.toContain('Secure');
    const cookie = setCookie.split(';')[0]!;

    const again = await call('POST', '/api/content-results/verify-access', { email, code }, { ip });
    expect(again.statusCode).toBe(400);

    const access = await call(
      'POST',
      '/api/content-results/access',
      { email: ' Flow@example.com' },
      { cookie, ip },
    );
    expect(access.statusCode).toBe(200);
    expect(access.headers['cache-control']).toBe('no-store');
    const results = access.json().results as { id: string; user_email: string; status: string }[];
    expect(results.map((r) => r.id)).toEqual([newer, older]);
    expect(results.every((r) => r.user_email === email)).toBe(true);

    const session = await call('GET', '/api/content-results/session', undefined, { cookie });
    expect(session.json()).toEqual({ email });

    const out = await call('POST', '/api/content-results/sign-out', undefined, { cookie });
    expect(out.statusCode).toBe(200);
    expect(String(out.headers['set-cookie'])).toContain('Max-Age=0');
    expect((await call('POST', '/api/content-results/access', { email }, { cookie })).statusCode).toBe(401);
    expect((await call('GET', '/api/content-results/session', undefined, { cookie })).json()).toEqual({
      email: null,
    });
  });

  it('allows at most 5 wrong tries per code; a new code works again', async () => {
    const email = 'tries@example.com';
    const ip = freshIp();
    await call('POST', '/api/content-results/request-access', { email }, { ip });
    const code = await waitForCode(echo, email);
    const wrongCode = code === '999999' ? '888888' : '999999';
    const answers: number[] = [];
    for (let i = 0; i < 5; i++)
      answers.push(
        (await call('POST', '/api/content-results/verify-access', { email, code: wrongCode }, { ip }))
          .statusCode,
      );
    expect(answers).toEqual([400, 400, 400, 400, 429]);
    const right = await call('POST', '/api/content-results/verify-access', { email, code }, { ip });
    expect(right.statusCode).toBe(429);
    expect(right.json().message).toBe('Too many wrong attempts. Please request a new code.');
    expect(right.headers['set-cookie']).toBeUndefined();

    await call('POST', '/api/content-results/request-access', { email }, { ip });
    const fresh = await waitForCode(echo, email, 2);
    const ok = await call('POST', '/api/content-results/verify-access', { email, code: fresh }, { ip });
    expect(ok.statusCode).toBe(200);
  });

  it("a stranger's wrong tries do not lock the owner's code (lockout per e-mail and client)", async () => {
    const email = 'victim@example.com';
    const owner = freshIp();
    const stranger = freshIp();
    await call('POST', '/api/content-results/request-access', { email }, { ip: owner });
    const code = await waitForCode(echo, email);
    const wrongCode = code === '999999' ? '888888' : '999999';
    for (let i = 0; i < 6; i++)
      await call('POST', '/api/content-results/verify-access', { email, code: wrongCode }, { ip: stranger });
    const blocked = await call(
      'POST',
      '/api/content-results/verify-access',
      { email, code },
      { ip: stranger },
    );
    expect(blocked.json().code).toBe('code_locked');
    const ok = await call('POST', '/api/content-results/verify-access', { email, code }, { ip: owner });
    expect(ok.statusCode).toBe(200);
  });

  it('rejects an expired code', async () => {
    const email = 'expired@example.com';
    const ip = freshIp();
    await call('POST', '/api/content-results/request-access', { email }, { ip });
    const code = await waitForCode(echo, email);
    await echo.query(
      `update verification_codes set expires_at = now() - interval '1 second' where email = $1`,
      [email],
    );
    const res = await call('POST', '/api/content-results/verify-access', { email, code }, { ip });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('This code has expired. Please request a new one.');
  });

  it('throttles resends per (e-mail, client) and per client (whatever the e-mail)', async () => {
    const email = 'throttle@example.com';
    const stranger = freshIp();
    const statuses: number[] = [];
    for (let i = 0; i <= CODES_PER_EMAIL; i++)
      statuses.push(
        (await call('POST', '/api/content-results/request-access', { email }, { ip: stranger })).statusCode,
      );
    expect(statuses).toEqual([...Array(CODES_PER_EMAIL).fill(200), 429]);
    await echo.smtp.waitFor((m) => m.filter((x) => x.to.includes(email)).length >= CODES_PER_EMAIL);
    await new Promise((r) => setTimeout(r, 1000));
    expect(echo.smtp.to(email)).toHaveLength(CODES_PER_EMAIL);
    // A stranger using up the e-mail's requests does not stop its owner.
    const owner = freshIp();
    expect(
      (await call('POST', '/api/content-results/request-access', { email }, { ip: owner })).statusCode,
    ).toBe(200);
    const code = await waitForCode(echo, email, CODES_PER_EMAIL + 1);
    const verified = await call('POST', '/api/content-results/verify-access', { email, code }, { ip: owner });
    expect(verified.statusCode).toBe(200);

    const ip = freshIp();
    const perClient: number[] = [];
    for (let i = 0; i <= CODES_PER_CLIENT; i++)
      perClient.push(
        (
          await call(
            'POST',
            '/api/content-results/request-access',
            { email: `client-${i}@example.com` },
            { ip },
          )
        ).statusCode,
      );
    expect(perClient).toEqual([...Array(CODES_PER_CLIENT).fill(200), 429]);
  });

  it('answers byte-identically whether or not the e-mail has results', async () => {
    await insertResult(echo, { email: 'known@example.com' });
    const known = await call(
      'POST',
      '/api/content-results/request-access',
      { email: 'known@example.com' },
      { ip: freshIp() },
    );
    const unknown = await call(
      'POST',
      '/api/content-results/request-access',
      { email: 'nobody@example.com' },
      { ip: freshIp() },
    );
    expect(known.statusCode).toBe(unknown.statusCode);
    expect(known.rawPayload.equals(unknown.rawPayload)).toBe(true);
    const headers = (h: Record<string, unknown>) => {
      const { date: _d, ...rest } = h;
      return rest;
    };
    expect(headers(known.headers)).toEqual(headers(unknown.headers));
    // Both get the same e-mail (only the code differs).
    await waitForCode(echo, 'known@example.com');
    await waitForCode(echo, 'nobody@example.com');
    const subject = (a: string) => echo.smtp.to(a)[0]!.subject;
    expect(subject('known@example.com')).toBe(subject('nobody@example.com'));
  });

  it('keeps two owners apart: access and delete act only on the signed-in owner', async () => {
    const a = 'alice@example.com';
    const b = 'bob@example.com';
    const aId = await insertResult(echo, { email: a });
    const bId = await insertResult(echo, { email: b });
    const aCookie = await signIn(a);
    const bCookie = await signIn(b);

    const cross = await call('POST', '/api/content-results/access', { email: b }, { cookie: aCookie });
    expect(cross.statusCode).toBe(401);
    expect(cross.body).not.toContain(bId);

    const deleteOther = await call('DELETE', `/api/content-results/${bId}`, undefined, { cookie: aCookie });
    const deleteMissing = await call(
      'DELETE',
      '/api/content-results/00000000-0000-4000-8000-000000000000',
      undefined,
      {
        cookie: aCookie,
      },
    );
    expect(deleteOther.statusCode).toBe(404);
    expect(deleteOther.body).toBe(deleteMissing.body);
    expect(deleteMissing.statusCode).toBe(404);
    expect(
      (await call('DELETE', '/api/content-results/not-a-uuid', undefined, { cookie: aCookie })).statusCode,
    ).toBe(404);
    expect((await call('DELETE', `/api/content-results/${bId}`)).statusCode).toBe(401);
    expect(await echo.query('select id from content_results where id = $1', [bId])).toHaveLength(1);

    const own = await call('DELETE', `/api/content-results/${aId}`, undefined, { cookie: aCookie });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toEqual({ message: 'Deleted' });
    expect(await echo.query('select id from content_results where id = $1', [aId])).toHaveLength(0);

    const bAccess = await call('POST', '/api/content-results/access', { email: b }, { cookie: bCookie });
    expect(bAccess.json().results.map((r: { id: string }) => r.id)).toEqual([bId]);
  });

  it('a forged or unknown cookie gets nothing', async () => {
    const res = await call(
      'POST',
      '/api/content-results/access',
      { email: 'alice@example.com' },
      { cookie: 'echo_dashboard=forged' },
    );
    expect(res.statusCode).toBe(401);
  });
});

describe('POST /api/reaction-video/submit', () => {
  it('stores a pending transcription for the normalised e-mail and link, with its job', async () => {
    const res = await call(
      'POST',
      '/api/reaction-video/submit',
      { link: 'http://WWW.YouTube.com/watch?v=abc#t=1', source: 'Youtube', email: ' Sub@Example.com ' },
      { ip: freshIp() },
    );
    expect(res.statusCode).toBe(201);
    const { id } = res.json();
    const [row] = await echo.query<Record<string, unknown>>(
      'select product_type, source_url, source_platform, user_email from content_results where id = $1',
      [id],
    );
    expect(row).toEqual({
      product_type: 'transcription',
      source_url: 'https://www.youtube.com/watch?v=abc',
      source_platform: 'Youtube',
      user_email: 'sub@example.com',
    });
    const jobs = await echo.query(
      `select id from pgboss.job where name = 'content.transcribe' and data->>'resultId' = $1`,
      [id],
    );
    expect(jobs).toHaveLength(1);
  });

  it.each([
    [{}, 'Please provide a link, email, and select a source platform'],
    [
      { link: '', source: 'Youtube', email: 'a@example.com' },
      'Please provide a link, email, and select a source platform',
    ],
    [
      { link: 'https://youtu.be/x', source: '', email: 'a@example.com' },
      'Please provide a link, email, and select a source platform',
    ],
    [
      { link: 'https://youtu.be/x', source: 'Youtube', email: '' },
      'Please provide a link, email, and select a source platform',
    ],
    [{ link: 'not a link', source: 'Youtube', email: 'a@example.com' }, 'Please enter a valid URL'],
    [{ link: 'javascript:alert(1)', source: 'Youtube', email: 'a@example.com' }, 'Please enter a valid URL'],
    [{ link: 'https://youtu.be/x', source: 'Youtube', email: 'nope' }, 'Invalid email address'],
    [
      { link: 'https://evil.example/youtube.com', source: 'Youtube', email: 'a@example.com' },
      'Link must be from Youtube, Instagram, Tiktok or Facebook',
    ],
    [
      { link: 'https://youtube.com.evil.example/x', source: 'Youtube', email: 'a@example.com' },
      'Link must be from Youtube, Instagram, Tiktok or Facebook',
    ],
    [
      { link: 'https://127.0.0.1/x', source: 'Youtube', email: 'a@example.com' },
      'Link must be from Youtube, Instagram, Tiktok or Facebook',
    ],
    [
      { link: 'https://www.youtube.com:8443/x', source: 'Youtube', email: 'a@example.com' },
      'Link must be from Youtube, Instagram, Tiktok or Facebook',
    ],
    [
      { link: 'https://www.tiktok.com/@a/video/1', source: 'Youtube', email: 'a@example.com' },
      'This link is not a Youtube link',
    ],
  ])('rejects %j with its message and stores nothing', async (body, message) => {
    const [{ count: before }] = await echo.query<{ count: number }>(
      'select count(*)::int as count from content_results',
    );
    const res = await call('POST', '/api/reaction-video/submit', body, { ip: freshIp() });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    const [{ count: after }] = await echo.query<{ count: number }>(
      'select count(*)::int as count from content_results',
    );
    expect(after).toBe(before);
  });

  it('keeps a generated webhook secret in app_secrets when WEBHOOK_SECRET is unset', async () => {
    const rows = await echo.query<{ value: string }>(
      `select value from app_secrets where name = 'webhook_secret'`,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.value).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
  });
});

describe('under https', () => {
  let secure: TestApp;
  beforeAll(async () => {
    secure = await startTestApp({ PUBLIC_URL: 'https://echo.example' });
  });
  afterAll(() => secure?.close());

  it('marks the session cookie Secure', async () => {
    const email = 'secure@example.com';
    await secure.app!.inject({
      method: 'POST',
      url: '/api/content-results/request-access',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email }),
    });
    const code = await waitForCode(secure, email);
    const res = await secure.app!.inject({
      method: 'POST',
      url: '/api/content-results/verify-access',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email, code }),
    });
    expect(res.statusCode).toBe(200);
    expect(String(res.headers['set-cookie'])).toMatch(/; HttpOnly; Secure; SameSite=Strict$/);
  });
});
