import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '#tests/support/test-app.ts';

/** Anonymous submissions are limited per client and per e-mail address. */
let echo: TestApp;
beforeAll(async () => {
  echo = await startTestApp({ SUBMIT_RATE_LIMIT: '3', SUBMIT_EMAIL_RATE_LIMIT: '4' });
});
afterAll(() => echo?.close());

let ipCounter = 0;
const freshIp = () => `10.9.0.${++ipCounter}`;

describe('POST /api/reaction-video/submit limits', () => {
  const submit = (email: string, ip: string) =>
    echo.app!.inject({
      method: 'POST',
      url: '/api/reaction-video/submit',
      remoteAddress: ip,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ link: 'https://www.youtube.com/watch?v=limits', source: 'Youtube', email }),
    });

  it('limits submissions per client IP (SUBMIT_RATE_LIMIT per minute)', async () => {
    const ip = freshIp();
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await submit(`limit-client-${i}@example.com`, ip)).statusCode);
    expect(statuses).toEqual([201, 201, 201, 429]);
    const limited = await submit('limit-client-x@example.com', ip);
    expect(limited.json().code).toBe('rate_limited');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await submit('limit-client-x@example.com', freshIp())).statusCode).toBe(201);
  });

  it('limits submissions for one e-mail address from any client (SUBMIT_EMAIL_RATE_LIMIT per hour)', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await submit('Filled@example.com', freshIp())).statusCode);
    expect(statuses).toEqual([201, 201, 201, 201, 429]);
    const [{ count }] = await echo.query<{ count: number }>(
      `select count(*)::int as count from content_results where user_email = 'filled@example.com'`,
    );
    expect(count).toBe(4);
  });
});
