import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitForCode } from '#tests/support/content-results.ts';
import { codeIn } from '#tests/support/smtp-sink.ts';
import { startTestApp, type TestApp } from '#tests/support/test-app.ts';

/** 'Delete my data' never deletes a trend someone else created. */
let echo: TestApp;
beforeAll(async () => {
  echo = await startTestApp();
});
afterAll(() => echo?.close());

let ipCounter = 0;
const freshIp = () => `10.8.0.${++ipCounter}`;

const call = (method: 'GET' | 'POST', url: string, body?: unknown, options: { cookie?: string } = {}) =>
  echo.app!.inject({
    method,
    url,
    remoteAddress: freshIp(),
    headers: {
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(options.cookie ? { cookie: options.cookie } : {}),
    },
    payload: body !== undefined ? JSON.stringify(body) : undefined,
  });

async function signIn(email: string): Promise<string> {
  expect((await call('POST', '/api/content-results/request-access', { email })).statusCode).toBe(200);
  const code = await waitForCode(echo, email);
  const verified = await call('POST', '/api/content-results/verify-access', { email, code });
  expect(verified.statusCode).toBe(200);
  return String(verified.headers['set-cookie']).split(';')[0]!;
}

async function deletionCode(email: string, cookie: string): Promise<string> {
  expect(
    (await call('POST', '/api/privacy/delete-data/request-code', undefined, { cookie })).statusCode,
  ).toBe(200);
  await echo.smtp.waitFor((mails) =>
    mails.some((m) => m.to.includes(email) && /Confirm deleting/.test(m.subject)),
  );
  const mail = echo.smtp.to(email).find((m) => /Confirm deleting/.test(m.subject))!;
  return codeIn(mail);
}

const countOf = async (sql: string, values: unknown[]) =>
  Number((await echo.query<{ n: string }>(sql, values))[0]!.n);

describe("'Delete my data' and trends", () => {
  it('removes only the trends the owner created: a trend someone else added is unfiled, not deleted', async () => {
    // Someone adds a trend without signing in (their browser owns it).
    const added = await call('POST', '/api/trends', {
      source: 'https://www.tiktok.com/@creator/video/7300000000000000001',
    });
    expect(added.statusCode).toBe(201);
    const trendId = added.json().id as string;
    const trendCookie = String(added.headers['set-cookie']).split(';')[0]!;

    // A signed-in visitor re-adds the same video: it is filed on their dashboard, not theirs to delete.
    const email = 'readds@example.com';
    const cookie = await signIn(email);
    const readded = await call(
      'POST',
      '/api/trends',
      { source: 'https://www.tiktok.com/@creator/video/7300000000000000001' },
      { cookie },
    );
    expect(readded.statusCode).toBe(200);
    expect(
      await countOf('select count(*) as n from content_results where user_email = $1 and trend_id = $2', [
        email,
        trendId,
      ]),
    ).toBe(1);
    // And one they add themselves while signed in is recorded as theirs.
    const own = await call(
      'POST',
      '/api/trends',
      { source: 'https://www.tiktok.com/@creator/video/7300000000000000002' },
      { cookie },
    );
    expect(own.statusCode).toBe(201);
    expect(
      await countOf('select count(*) as n from trends where id = $1 and created_by = $2', [
        own.json().id,
        email,
      ]),
    ).toBe(1);

    const code = await deletionCode(email, cookie);
    const res = await call('POST', '/api/privacy/delete-data', { code }, { cookie });
    expect(res.statusCode).toBe(200);
    expect(res.json().deleted).toEqual({ results: 2, trends: 1, media_files: 0, media_pending: 0 });
    expect(await countOf('select count(*) as n from trends where id = $1', [trendId])).toBe(1);
    expect(await countOf('select count(*) as n from trends where id = $1', [own.json().id])).toBe(0);
    expect(await countOf('select count(*) as n from content_results where user_email = $1', [email])).toBe(0);
    // The browser that added it still owns it.
    const list = await call('GET', '/api/trends', undefined, { cookie: trendCookie });
    expect(list.json().find((t: { id: string }) => t.id === trendId)?.can_delete).toBe(true);
  });
});
