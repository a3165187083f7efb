import { describe, expect, it } from 'vitest';
import { NAME_MAX, normalizeEmail, STRUGGLE_MAX, waitlistSignupSchema } from './waitlist.ts';

const valid = { name: 'Ada', email: 'ada@example.com', role: 'Creator' };
const firstMessage = (input: unknown) => {
  const result = waitlistSignupSchema.safeParse(input);
  return result.success ? null : result.error.issues[0]!.message;
};

describe('waitlist signup schema (spec §5)', () => {
  it('accepts a complete signup, with or without struggle, for each role', () => {
    for (const role of ['Creator', 'Founder', 'Service Provider', 'Other']) {
      expect(waitlistSignupSchema.parse({ ...valid, role })).toEqual({ ...valid, role, struggle: undefined });
    }
    expect(waitlistSignupSchema.parse({ ...valid, struggle: '  Time.  ' }).struggle).toBe('Time.');
    expect(waitlistSignupSchema.parse({ ...valid, struggle: '   ' }).struggle).toBeUndefined();
    expect(waitlistSignupSchema.parse({ ...valid, struggle: null }).struggle).toBeUndefined();
  });

  it("says 'Name is required' for a missing, empty, blank or wrong-typed name", () => {
    expect(firstMessage({ ...valid, name: undefined })).toBe('Name is required');
    expect(firstMessage({ ...valid, name: '' })).toBe('Name is required');
    expect(firstMessage({ ...valid, name: '   ' })).toBe('Name is required');
    expect(firstMessage({ ...valid, name: 42 })).toBe('Name is required');
  });

  it('limits the name to 100 characters', () => {
    expect(firstMessage({ ...valid, name: 'a'.repeat(NAME_MAX) })).toBeNull();
    expect(firstMessage({ ...valid, name: 'a'.repeat(NAME_MAX + 1) })).toBe(
      'Name must be at most 100 characters',
    );
  });

  it("says 'Invalid email address' for bad, missing or wrong-typed e-mail", () => {
    for (const email of [
      '',
      'not-an-email',
      'a@b',
      '@example.com',
      'a b@example.com',
      undefined,
      7,
      `${'a'.repeat(250)}@example.com`,
    ]) {
      expect(firstMessage({ ...valid, email })).toBe('Invalid email address');
    }
  });

  it("says 'Please select your role' for a missing or unknown role", () => {
    expect(firstMessage({ ...valid, role: undefined })).toBe('Please select your role');
    expect(firstMessage({ ...valid, role: '' })).toBe('Please select your role');
    expect(firstMessage({ ...valid, role: 'Admin' })).toBe('Please select your role');
    expect(firstMessage({ ...valid, role: 'creator' })).toBe('Please select your role');
  });

  it('limits the struggle to 2000 characters', () => {
    expect(firstMessage({ ...valid, struggle: 'x'.repeat(STRUGGLE_MAX) })).toBeNull();
    expect(firstMessage({ ...valid, struggle: 'x'.repeat(STRUGGLE_MAX + 1) })).toBe(
      'Please keep this under 2000 characters',
    );
  });

  it('keeps HTML and SQL-looking text verbatim (escaping happens on output)', () => {
    const name = `<script>alert(1)</script>'; drop table waitlist_signups; --`;
    expect(waitlistSignupSchema.parse({ ...valid, name }).name).toBe(name);
  });

  it('normalises e-mail by trimming and lower-casing', () => {
    expect(normalizeEmail('  Ada@Example.COM ')).toBe('ada@example.com');
  });
});
