import { mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseKey, SecretBox, secretBox } from './secret-box.ts';

describe('SecretBox (AES-256-GCM at rest)', () => {
  const box = new SecretBox(Buffer.alloc(32, 7));

  it('opens what it sealed, with a fresh nonce each time, and never keeps the plain text', () => {
    const a = box.seal('app-password-1234');
    const b = box.seal('app-password-1234');
    expect(a).not.toBe(b);
    expect(a).not.toContain('app-password');
    expect(box.open(a)).toBe('app-password-1234');
  });

  it('refuses a changed value and another key', () => {
    const sealed = box.seal('token');
    const parts = sealed.split('.');
    const body = Buffer.from(parts[3]!, 'base64url');
    body[0]! ^= 1;
    expect(() => box.open([...parts.slice(0, 3), body.toString('base64url')].join('.'))).toThrow();
    expect(() => new SecretBox(Buffer.alloc(32, 8)).open(sealed)).toThrow();
  });

  it('takes a key as hex or base64 and refuses another length', () => {
    expect(parseKey('ab'.repeat(32))).toHaveLength(32);
    expect(parseKey(Buffer.alloc(32, 1).toString('base64'))).toHaveLength(32);
    expect(() => parseKey('short')).toThrow();
  });

  it('generates the key once in DATA_DIR with mode 0600 and finds it again', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'echo-box-'));
    try {
      const first = await secretBox(undefined, dir, 'publish-token-key');
      const sealed = first.seal('x');
      expect(((await stat(path.join(dir, 'publish-token-key'))).mode & 0o777).toString(8)).toBe('600');
      // Another process (no cache) reads the same key.
      const again = new SecretBox(
        parseKey((await import('node:fs')).readFileSync(path.join(dir, 'publish-token-key'), 'utf8')),
      );
      expect(again.open(sealed)).toBe('x');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
