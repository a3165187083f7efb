import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '#tests/support/database.ts';
import { createDatabase, type Database } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { CODE_MAX_ATTEMPTS, checkCode, generateCode, issueCode, verifyCodeOrThrow } from './index.ts';

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
const wrongFor = (code: string) => (code === '000000' ? '111111' : '000000');
const evaluations = async (email: string) =>
  (await database.pool.query('select attempts from verification_codes where email = $1', [email])).rows[0]
    .attempts as number;

describe('e-mailed codes', () => {
  it('are 6 digits from the CSPRNG, leading zeros kept', () => {
    const codes = new Set(Array.from({ length: 200 }, generateCode));
    for (const code of codes) expect(code).toMatch(/^\d{6}$/);
    expect(codes.size).toBeGreaterThan(190);
  });

  it('verify once, are stored hashed, and are separate per purpose', async () => {
    const code = await issueCode(database.db, 'dashboard', 'a@example.com', at('2026-01-01T10:00:00Z'));
    const stored = await database.pool.query('select code_hash from verification_codes');
    expect(JSON.stringify(stored.rows)).not.toContain(code);
    const now = at('2026-01-01T10:01:00Z');
    expect(await checkCode(database.db, 'affiliate', 'a@example.com', code, { now })).toBe('invalid');
    expect(await checkCode(database.db, 'dashboard', 'a@example.com', code, { now })).toBe('ok');
    expect(await checkCode(database.db, 'dashboard', 'a@example.com', code, { now })).toBe('invalid');
  });

  it('expire after 10 minutes', async () => {
    const code = await issueCode(database.db, 'dashboard', 'b@example.com', at('2026-01-01T10:00:00Z'));
    expect(
      await checkCode(database.db, 'dashboard', 'b@example.com', code, { now: at('2026-01-01T10:10:00Z') }),
    ).toBe('expired');
  });

  it('lock after 5 wrong tries, even for the right code', async () => {
    const code = await issueCode(database.db, 'dashboard', 'c@example.com', at('2026-01-01T10:00:00Z'));
    const now = at('2026-01-01T10:01:00Z');
    const results = [];
    for (let i = 0; i < CODE_MAX_ATTEMPTS; i++)
      results.push(await checkCode(database.db, 'dashboard', 'c@example.com', wrongFor(code), { now }));
    expect(results).toEqual(['invalid', 'invalid', 'invalid', 'invalid', 'too_many_attempts']);
    expect(await checkCode(database.db, 'dashboard', 'c@example.com', code, { now })).toBe(
      'too_many_attempts',
    );
  });

  it('a new code replaces the previous one', async () => {
    const first = await issueCode(database.db, 'dashboard', 'd@example.com', at('2026-01-01T10:00:00Z'));
    const second = await issueCode(database.db, 'dashboard', 'd@example.com', at('2026-01-01T10:01:00Z'));
    const now = at('2026-01-01T10:02:00Z');
    if (first !== second)
      expect(await checkCode(database.db, 'dashboard', 'd@example.com', first, { now })).toBe('invalid');
    expect(await checkCode(database.db, 'dashboard', 'd@example.com', second, { now })).toBe('ok');
  });

  it('only one of two concurrent verifications of the same code succeeds', async () => {
    const code = await issueCode(database.db, 'dashboard', 'e@example.com');
    const results = await Promise.all(
      [1, 2, 3].map(() => checkCode(database.db, 'dashboard', 'e@example.com', code)),
    );
    expect(results.filter((r) => r === 'ok')).toHaveLength(1);
  });

  it('count each try before comparing: of 50 parallel wrong guesses at most 5 are evaluated', async () => {
    const email = 'parallel@example.com';
    const code = await issueCode(database.db, 'dashboard', email);
    const guesses = await Promise.all(
      Array.from({ length: 50 }, () =>
        checkCode(database.db, 'dashboard', email, wrongFor(code), { client: '203.0.113.5' }),
      ),
    );
    expect(guesses.filter((r) => r === 'invalid').length).toBeLessThanOrEqual(CODE_MAX_ATTEMPTS - 1);
    expect(guesses.filter((r) => r === 'ok')).toHaveLength(0);
    expect(await evaluations(email)).toBeLessThanOrEqual(CODE_MAX_ATTEMPTS);
    // The right code is refused now: the guesses used up the tries.
    expect(await checkCode(database.db, 'dashboard', email, code, { client: '203.0.113.5' })).toBe(
      'too_many_attempts',
    );
    expect(await evaluations(email)).toBeLessThanOrEqual(CODE_MAX_ATTEMPTS);
  });

  it("a stranger's wrong tries lock only the stranger, not the owner's client", async () => {
    const email = 'victim@example.com';
    const code = await issueCode(database.db, 'dashboard', email);
    for (let i = 0; i < CODE_MAX_ATTEMPTS + 2; i++)
      await checkCode(database.db, 'dashboard', email, wrongFor(code), { client: '198.51.100.66' });
    expect(await checkCode(database.db, 'dashboard', email, code, { client: '198.51.100.66' })).toBe(
      'too_many_attempts',
    );
    expect(await checkCode(database.db, 'dashboard', email, code, { client: '192.0.2.10' })).toBe('ok');
  });

  it('an e-mail without a code also locks after 5 tries (same answers as one with a code)', async () => {
    const results = [];
    for (let i = 0; i < CODE_MAX_ATTEMPTS + 1; i++)
      results.push(
        await checkCode(database.db, 'dashboard', 'nobody@example.com', '123456', { client: 'x' }),
      );
    expect(results).toEqual([
      'invalid',
      'invalid',
      'invalid',
      'invalid',
      'too_many_attempts',
      'too_many_attempts',
    ]);
  });

  it('map each outcome to one error: code_invalid 400, code_expired 400, code_locked 429', async () => {
    const errorOf = async (promise: Promise<void>) => {
      const error = await promise.then(
        () => null,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(AppError);
      const { code, statusCode, message } = error as AppError;
      return { code, statusCode, message };
    };
    const email = 'mapping@example.com';
    const code = await issueCode(database.db, 'dashboard', email, at('2026-01-01T10:00:00Z'));
    const verify = (value: string, now: Date, client = 'm') =>
      verifyCodeOrThrow(database.db, 'dashboard', email, value, { client, now });
    expect(await errorOf(verify(wrongFor(code), at('2026-01-01T10:01:00Z')))).toEqual({
      code: 'code_invalid',
      statusCode: 400,
      message: 'Invalid verification code',
    });
    expect(await errorOf(verify(code, at('2026-01-01T10:11:00Z'), 'n'))).toEqual({
      code: 'code_expired',
      statusCode: 400,
      message: 'This code has expired. Please request a new one.',
    });
    for (let i = 0; i < CODE_MAX_ATTEMPTS; i++)
      await verify(wrongFor(code), at('2026-01-01T10:01:00Z'), 'o').catch(() => {});
    expect(await errorOf(verify(code, at('2026-01-01T10:01:00Z'), 'o'))).toEqual({
      code: 'code_locked',
      statusCode: 429,
      message: 'Too many wrong attempts. Please request a new code.',
    });
    await verify(code, at('2026-01-01T10:01:00Z'), 'p');
  });
});
