import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, sessionCookie } from '#tests/support/studio.ts';
import { startTestApp, type TestApp } from '#tests/support/test-app.ts';

/**
 * Signed-in requests are answered from the process's session cache, and a session deleted anywhere
 * (another process, psql) stops working at once: the trigger's notice empties every cache.
 */
let echo: TestApp;
let other: pg.Client;
beforeAll(async () => {
  echo = await startTestApp();
  // "Another process": its own connection, outside the app's pool.
  other = new pg.Client({ connectionString: echo.database.url });
  await other.connect();
  await eventually(async () => echo.ctx.sessions.live);
});
afterAll(async () => {
  await other?.end();
  await echo?.close();
});

const notes = (cookie: string) => echo.app!.inject({ url: '/api/studio/notes', headers: { cookie } });

/** The session lookups the app's pool runs while `work` runs. */
async function sessionQueries(work: () => Promise<unknown>): Promise<number> {
  const pool = echo.ctx.database.pool;
  const query = pool.query.bind(pool);
  let count = 0;
  pool.query = ((...args: Parameters<typeof query>) => {
    const text = String((args[0] as { text?: string }).text ?? args[0]);
    if (text.includes('from "user_sessions"')) count++;
    return query(...args);
  }) as typeof pool.query;
  try {
    await work();
  } finally {
    pool.query = query;
  }
  return count;
}

describe('the session cache', () => {
  it('looks a session up once, then answers from memory', async () => {
    const cookie = await sessionCookie(echo, 'cached@example.com');
    expect(await sessionQueries(() => notes(cookie))).toBe(1);
    expect(
      await sessionQueries(async () => {
        for (let i = 0; i < 3; i++) expect((await notes(cookie)).statusCode).toBe(200);
      }),
    ).toBe(0);
  });

  it('a session deleted by another process is refused as soon as the notice arrives', async () => {
    const cookie = await sessionCookie(echo, 'revoked@example.com');
    expect((await notes(cookie)).statusCode).toBe(200);
    await other.query("delete from user_sessions where subject = 'revoked@example.com'");
    await eventually(async () => (await notes(cookie)).statusCode === 401, 2000);
  });

  it('signing out ends the session in this process at once', async () => {
    const cookie = await sessionCookie(echo, 'leaving@example.com');
    expect((await notes(cookie)).statusCode).toBe(200);
    const out = await echo.app!.inject({
      method: 'POST',
      url: '/api/content-results/sign-out',
      headers: { cookie },
    });
    expect(out.statusCode).toBeLessThan(300);
    expect((await notes(cookie)).statusCode).toBe(401);
  });

  it('without its notice connection the cache stands aside, and it comes back', async () => {
    const cookie = await sessionCookie(echo, 'unheard@example.com');
    expect((await notes(cookie)).statusCode).toBe(200);
    await other.query(
      "select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'echo-listen' and datname = current_database()",
    );
    await eventually(async () => !echo.ctx.sessions.live, 2000);
    // Not heard while down: the table is read, so the deletion counts at once.
    await other.query("delete from user_sessions where subject = 'unheard@example.com'");
    expect((await notes(cookie)).statusCode).toBe(401);
    await eventually(async () => echo.ctx.sessions.live, 5000);
  });
});
