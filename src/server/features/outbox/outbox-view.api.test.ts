import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitForCode } from '#tests/support/content-results.ts';
import { startTestApp, TEST_ADMIN_PASSWORD, type TestApp } from '#tests/support/test-app.ts';

let echo: TestApp;
let token: string;
beforeAll(async () => {
  echo = await startTestApp();
  const login = await echo.app!.inject({
    method: 'POST',
    url: '/api/admin/login',
    payload: { password: TEST_ADMIN_PASSWORD },
  });
  token = login.json().token;
});
afterAll(() => echo?.close());

const outbox = async () =>
  echo.app!.inject({
    method: 'GET',
    url: '/api/admin/outbox',
    headers: { authorization: `Bearer ${token}` },
  });

describe('GET /api/admin/outbox never shows a verification code', () => {
  it('lists code e-mails without their code, and masks any 6-digit run in a subject', async () => {
    const email = 'outbox-view@example.com';
    await echo.app!.inject({
      method: 'POST',
      url: '/api/content-results/request-access',
      payload: { email },
    });
    const code = await waitForCode(echo, email);
    const mail = echo.smtp.to(email).at(-1)!;
    expect(mail.subject).not.toMatch(/\d{6}/);
    await echo.query(
      `insert into outbox (recipient, subject, text_body, kind, status) values ('x@example.com', 'Your code: 123456', 'Code 123456', 'legacy.code', 'stored')`,
    );

    const res = await outbox();
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain(code);
    expect(res.body).not.toContain('123456');
    const rows = res.json() as { kind: string; subject: string; recipient: string }[];
    expect(rows.find((r) => r.kind === 'legacy.code')!.subject).toBe('Your code: ••••••');
    expect(rows.find((r) => r.recipient === email)).toMatchObject({ kind: 'dashboard.code' });
    expect(Object.keys(rows[0]!)).not.toContain('text_body');
  });

  it('answers 401 without an admin token', async () => {
    expect((await echo.app!.inject({ method: 'GET', url: '/api/admin/outbox' })).statusCode).toBe(401);
  });
});
