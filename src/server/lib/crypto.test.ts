import { describe, expect, it } from 'vitest';
import { hashPassword, randomToken, sha256, verifyPassword } from './crypto.ts';

describe('crypto helpers', () => {
  it('hashes passwords with a salt and verifies them', async () => {
    const a = await hashPassword('s3cret');
    const b = await hashPassword('s3cret');
    expect(a).not.toBe(b);
    expect(await verifyPassword('s3cret', a)).toBe(true);
    expect(await verifyPassword('wrong', a)).toBe(false);
    expect(await verifyPassword('s3cret', 'garbage')).toBe(false);
  });
  it('makes distinct URL-safe tokens and stable digests', () => {
    expect(randomToken()).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(randomToken()).not.toBe(randomToken());
    expect(sha256('x')).toBe(sha256('x'));
    expect(sha256('x')).toHaveLength(64);
  });
});
