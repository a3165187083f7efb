import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startTestApp, TEST_ADMIN_PASSWORD, type TestApp } from '#tests/support/test-app.ts';
import { buildApp } from '../../app.ts';
import { createDatabase } from '../../db/client.ts';
import { adminOnly } from './guard.ts';
import { ensureAdminPassword } from './service.ts';

let echo: TestApp;
beforeAll(async () => {
  echo = await startTestApp();
});
afterAll(() => echo?.close());

const login = (password: unknown, ip = '10.0.0.1') =>
  echo.app!.inject({ method: 'POST', url: '/api/admin/login', payload: { password }, remoteAddress: ip });
const session = (token?: string) =>
  echo.app!.inject({
    method: 'GET',
    url: '/api/admin/session',
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });

describe('admin sign-in', () => {
  it('gives a token for the right password, which the guard accepts', async () => {
    const res = await login(TEST_ADMIN_PASSWORD);
    expect(res.statusCode).toBe(200);
    const { token, expiresAt } = res.json();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(new Date(expiresAt).getTime()).toBeGreaterThan(Date.now() + 11 * 3600_000);
    expect((await session(token)).statusCode).toBe(200);
    // Stored hashed: the token itself is nowhere in the database.
    const rows = await echo.query('select token_hash from admin_sessions');
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it("answers 'Invalid admin password' (401) for a wrong one", async () => {
    const res = await login('wrong', '10.0.0.2');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ code: 'unauthorized', message: 'Invalid admin password' });
  });

  it('rejects a missing or empty password with 400', async () => {
    expect((await login('', '10.0.0.3')).statusCode).toBe(400);
    expect((await login(undefined, '10.0.0.3')).json().message).toBe('Password is required');
  });

  it('allows at most 5 failed sign-ins per minute per client', async () => {
    const statuses = [];
    for (let i = 0; i < 7; i++) statuses.push((await login(`guess-${i}`, '10.0.0.4')).statusCode);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429]);
    // Even the right password is refused while the limit holds; another client is unaffected.
    const blocked = await login(TEST_ADMIN_PASSWORD, '10.0.0.4');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toMatch(/Too many failed attempts/);
    expect((await login(TEST_ADMIN_PASSWORD, '10.0.0.5')).statusCode).toBe(200);
  });

  it('counts each sign-in before comparing: of 50 parallel wrong passwords at most 5 are evaluated', async () => {
    const ip = '10.0.0.40';
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => login(`parallel-${i}`, ip)));
    const statuses = answers.map((res) => res.statusCode);
    // 401 = evaluated and wrong; 429 = refused before any comparison.
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(5);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(45);
    expect(statuses.every((s) => s === 401 || s === 429)).toBe(true);
    // The right password is refused while the lock holds.
    const right = await login(TEST_ADMIN_PASSWORD, ip);
    expect(right.statusCode).toBe(429);
    expect(right.json().code).toBe('rate_limited');
  });

  it('a right password does not count as a failure', async () => {
    const ip = '10.0.0.41';
    for (let i = 0; i < 8; i++) expect((await login(TEST_ADMIN_PASSWORD, ip)).statusCode).toBe(200);
    expect((await login('wrong', ip)).statusCode).toBe(401);
  });

  it('checks the token before reading the body: a bad body without a token answers 401, not 400', async () => {
    for (const url of ['/api/admin/session', '/api/admin/privacy/opt-outs']) {
      const res = await echo.app!.inject({
        method: 'GET',
        url,
        headers: { 'content-type': 'application/json' },
        payload: '{not json',
      });
      expect(res.statusCode, url).toBe(401);
      expect(res.json().code).toBe('unauthorized');
    }
    // A guarded route with a body: malformed or invalid bodies are 401 without a token, 400 with one.
    const app = await buildApp(echo.ctx);
    app
      .withTypeProvider<ZodTypeProvider>()
      .post(
        '/api/admin/guard-probe',
        { ...adminOnly(echo.ctx), schema: { body: z.object({ name: z.string().min(1) }) } },
        async () => ({ ok: true }),
      );
    try {
      const probe = (payload: string, token?: string) =>
        app.inject({
          method: 'POST',
          url: '/api/admin/guard-probe',
          headers: {
            'content-type': 'application/json',
            ...(token ? { authorization: `Bearer ${token}` } : {}),
          },
          payload,
        });
      expect((await probe('{not json')).statusCode).toBe(401);
      expect((await probe('{"name":""}')).statusCode).toBe(401);
      const { token } = (await login(TEST_ADMIN_PASSWORD, '10.0.0.42')).json();
      expect((await probe('{"name":""}', token)).statusCode).toBe(400);
      expect((await probe('{"name":"x"}', token)).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('refuses requests without a valid token: none, made up, fixed values, expired, signed out', async () => {
    expect((await session()).statusCode).toBe(401);
    expect((await session('admin')).statusCode).toBe(401);
    expect((await session('dev-bypass')).statusCode).toBe(401);
    const bypass = await echo.app!.inject({
      method: 'GET',
      url: '/api/admin/session',
      headers: { 'x-dev-bypass': 'true' },
    });
    expect(bypass.statusCode).toBe(401);
    expect(bypass.json().message).toBe('Admin authentication required');

    const { token } = (await login(TEST_ADMIN_PASSWORD, '10.0.0.6')).json();
    await echo.query(`update admin_sessions set expires_at = now() - interval '1 second'`);
    expect((await session(token)).statusCode).toBe(401);

    const fresh = (await login(TEST_ADMIN_PASSWORD, '10.0.0.6')).json().token;
    expect((await session(fresh)).statusCode).toBe(200);
    await echo.app!.inject({
      method: 'POST',
      url: '/api/admin/logout',
      headers: { authorization: `Bearer ${fresh}` },
    });
    expect((await session(fresh)).statusCode).toBe(401);
  });
});

describe('admin password at start', () => {
  it('generates a strong password once when ADMIN_PASSWORD is unset, stores only its hash', async () => {
    const database = createDatabase(echo.database.url);
    try {
      await database.pool.query('delete from admin_credentials');
      const first = await ensureAdminPassword(database.db, undefined);
      expect(first.generated).toMatch(/^[A-Za-z0-9_-]{24}$/);
      expect(await ensureAdminPassword(database.db, undefined)).toEqual({});
      const stored = await database.pool.query('select password_hash from admin_credentials');
      expect(stored.rows[0].password_hash).not.toContain(first.generated);
      expect((await login(first.generated, '10.0.0.7')).statusCode).toBe(200);
      // Setting ADMIN_PASSWORD later replaces it.
      await ensureAdminPassword(database.db, TEST_ADMIN_PASSWORD);
      expect((await login(first.generated, '10.0.0.8')).statusCode).toBe(401);
      expect((await login(TEST_ADMIN_PASSWORD, '10.0.0.8')).statusCode).toBe(200);
    } finally {
      await database.close();
    }
  });
});
