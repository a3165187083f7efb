import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '#tests/support/database.ts';
import { createDatabase, type Database } from '../db/client.ts';
import { createSession, findSession, revokeSession } from './sessions.ts';
import { CODE_MAX_ATTEMPTS, generateCode, issueCode, verifyCode } from './verification-codes.ts';

let testDb: TestDatabase;
let database: Database;
beforeAll(async () => {
  testDb = await createTestDatabase();
  database = createDatabase(testDb.url);
});
afterAll(async () => {
  await database?.close();
  await testDb?.drop();
});

const at = (iso: string) => new Date(iso);

describe('verification codes', () => {
  it('are 6 digits from the CSPRNG, leading zeros kept', () => {
    const codes = new Set(Array.from({ length: 200 }, generateCode));
    for (const code of codes) expect(code).toMatch(/^\d{6}$/);
    expect(codes.size).toBeGreaterThan(190);
  });

  it('verify once, are stored hashed, and are separate per purpose', async () => {
    const code = await issueCode(database.db, 'dashboard', 'a@example.com', at('2026-01-01T10:00:00Z'));
    const stored = await database.pool.query('select code_hash from verification_codes');
    expect(JSON.stringify(stored.rows)).not.toContain(code);
    expect(
      await verifyCode(database.db, 'affiliate', 'a@example.com', code, at('2026-01-01T10:01:00Z')),
    ).toBe('invalid');
    expect(
      await verifyCode(database.db, 'dashboard', 'a@example.com', code, at('2026-01-01T10:01:00Z')),
    ).toBe('ok');
    expect(
      await verifyCode(database.db, 'dashboard', 'a@example.com', code, at('2026-01-01T10:02:00Z')),
    ).toBe('invalid');
  });

  it('expire after 10 minutes', async () => {
    const code = await issueCode(database.db, 'dashboard', 'b@example.com', at('2026-01-01T10:00:00Z'));
    expect(
      await verifyCode(database.db, 'dashboard', 'b@example.com', code, at('2026-01-01T10:10:00Z')),
    ).toBe('expired');
  });

  it('lock after 5 wrong tries, even for the right code', async () => {
    const code = await issueCode(database.db, 'dashboard', 'c@example.com', at('2026-01-01T10:00:00Z'));
    const wrong = code === '000000' ? '111111' : '000000';
    const results = [];
    for (let i = 0; i < CODE_MAX_ATTEMPTS; i++)
      results.push(
        await verifyCode(database.db, 'dashboard', 'c@example.com', wrong, at('2026-01-01T10:01:00Z')),
      );
    expect(results).toEqual(['invalid', 'invalid', 'invalid', 'invalid', 'too_many_attempts']);
    expect(
      await verifyCode(database.db, 'dashboard', 'c@example.com', code, at('2026-01-01T10:01:00Z')),
    ).toBe('too_many_attempts');
  });

  it('a new code replaces the previous one', async () => {
    const first = await issueCode(database.db, 'dashboard', 'd@example.com', at('2026-01-01T10:00:00Z'));
    const second = await issueCode(database.db, 'dashboard', 'd@example.com', at('2026-01-01T10:01:00Z'));
    if (first !== second)
      expect(
        await verifyCode(database.db, 'dashboard', 'd@example.com', first, at('2026-01-01T10:02:00Z')),
      ).toBe('invalid');
    expect(
      await verifyCode(database.db, 'dashboard', 'd@example.com', second, at('2026-01-01T10:02:00Z')),
    ).toBe('ok');
  });

  it('only one of two concurrent verifications of the same code succeeds', async () => {
    const code = await issueCode(database.db, 'dashboard', 'e@example.com');
    const results = await Promise.all(
      [1, 2, 3].map(() => verifyCode(database.db, 'dashboard', 'e@example.com', code)),
    );
    expect(results.filter((r) => r === 'ok')).toHaveLength(1);
  });
});

describe('sessions', () => {
  it('resolve to their subject for their kind only, until revoked', async () => {
    const { token } = await createSession(database.db, 'dashboard', 'f@example.com', 24);
    expect(await findSession(database.db, 'dashboard', token)).toBe('f@example.com');
    expect(await findSession(database.db, 'affiliate', token)).toBeNull();
    expect(await findSession(database.db, 'dashboard', 'made-up')).toBeNull();
    await revokeSession(database.db, token);
    expect(await findSession(database.db, 'dashboard', token)).toBeNull();
  });
});
