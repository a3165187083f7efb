import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureAdminPassword } from '#server/features/admin-auth/service.ts';
import { startTestApp, TEST_ADMIN_PASSWORD, type TestApp } from '#tests/support/test-app.ts';

let echo: TestApp;
beforeAll(async () => {
  echo = await startTestApp({ TRUST_PROXY: '1', ADMIN_LOGIN_RATE_LIMIT: '2' });
});
afterAll(() => echo?.close());

const login = (password: string, forwardedFor?: string) =>
  echo.app!.inject({
    method: 'POST',
    url: '/api/admin/login',
    payload: { password },
    remoteAddress: '10.1.1.1',
    headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
  });

describe('TRUST_PROXY with one trusted hop', () => {
  it("counts 'X-Forwarded-For: 6.6.6.6, 203.0.113.9' as 203.0.113.9: a forged first entry changes nothing", async () => {
    expect((await login('wrong password', '6.6.6.6, 203.0.113.9')).statusCode).toBe(401);
    const keys = await echo.query<{ key: string }>(
      "select key from rate_limits where key like 'admin-login%'",
    );
    expect(keys.map((row) => row.key)).toEqual(['admin-login-failures:203.0.113.9']);
    // Another forged first entry is still the same client: its second failure reaches the limit.
    expect((await login('wrong password', '7.7.7.7, 203.0.113.9')).statusCode).toBe(401);
    expect((await login('wrong password', '8.8.8.8, 203.0.113.9')).statusCode).toBe(429);
    // A different client behind the same proxy is not locked out.
    expect((await login('wrong password', '6.6.6.6, 203.0.113.10')).statusCode).toBe(401);
  });
});

describe('admin password from the configuration', () => {
  it('a changed ADMIN_PASSWORD ends every existing admin session', async () => {
    const res = await login(TEST_ADMIN_PASSWORD, '192.0.2.50');
    expect(res.statusCode).toBe(200);
    const { token } = res.json();
    const session = () =>
      echo.app!.inject({
        method: 'GET',
        url: '/api/admin/session',
        headers: { authorization: `Bearer ${token}` },
      });
    expect((await session()).statusCode).toBe(200);
    // The same password at the next start keeps sessions.
    await ensureAdminPassword(echo.ctx.database.db, TEST_ADMIN_PASSWORD);
    expect((await session()).statusCode).toBe(200);
    // A new one ends them.
    await ensureAdminPassword(echo.ctx.database.db, 'a brand new admin password');
    expect((await session()).statusCode).toBe(401);
    expect((await login('a brand new admin password', '192.0.2.51')).statusCode).toBe(200);
    await ensureAdminPassword(echo.ctx.database.db, TEST_ADMIN_PASSWORD);
  });
});

describe('generated secrets', () => {
  it('writes a generated admin password and webhook secret once to 0600 files under DATA_DIR', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'echo-secrets-'));
    const generated = await startTestApp({ ADMIN_PASSWORD: '', DATA_DIR: dataDir });
    try {
      const passwordFile = path.join(dataDir, 'admin-password');
      expect((await stat(passwordFile)).mode & 0o777).toBe(0o600);
      const password = (await readFile(passwordFile, 'utf8')).trim();
      const res = await generated.app!.inject({
        method: 'POST',
        url: '/api/admin/login',
        payload: { password },
      });
      expect(res.statusCode).toBe(200);
      const secretFile = path.join(dataDir, 'webhook-secret');
      expect((await stat(secretFile)).mode & 0o777).toBe(0o600);
      const [row] = await generated.query<{ value: string }>(
        "select value from app_secrets where name = 'webhook_secret'",
      );
      expect((await readFile(secretFile, 'utf8')).trim()).toBe(row!.value);
    } finally {
      await generated.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
