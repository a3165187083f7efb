import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Secrets at rest (publishing tokens, app passwords): AES-256-GCM with a random 12-byte nonce per
 * value, stored as `v1.<nonce>.<tag>.<ciphertext>` (base64url). A value sealed under another key, or
 * altered, does not open (the tag fails) and `open` throws.
 */
export class SecretBox {
  private readonly key: Buffer;
  constructor(key: Buffer) {
    if (key.length !== 32) throw new Error('The secret box key must be 32 bytes');
    this.key = key;
  }

  seal(plain: string): string {
    const nonce = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, nonce);
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return ['v1', nonce, cipher.getAuthTag(), body]
      .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
      .join('.');
  }

  open(sealed: string): string {
    const [version, nonce, tag, body] = sealed.split('.');
    if (version !== 'v1' || !nonce || !tag || body === undefined) throw new Error('Not a sealed value');
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(nonce, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString(
      'utf8',
    );
  }
}

/** A configured key: 64 hex digits or base64 (standard or URL-safe) of 32 bytes. */
export function parseKey(text: string): Buffer {
  const trimmed = text.trim();
  const key = /^[0-9a-fA-F]{64}$/.test(trimmed)
    ? Buffer.from(trimmed, 'hex')
    : Buffer.from(trimmed, 'base64');
  if (key.length !== 32) throw new Error('The key must be 32 bytes (64 hex digits, or base64)');
  return key;
}

const boxes = new Map<string, Promise<SecretBox>>();

/**
 * The box of this install: the configured key, else the one kept in `DATA_DIR/<file>` (mode 0600),
 * generated at the first start that needs it. Two processes starting at once agree: the file is
 * created exclusively and read back.
 */
export function secretBox(configured: string | undefined, dataDir: string, file: string): Promise<SecretBox> {
  const cacheKey = configured ? `key:${configured}` : `file:${path.join(dataDir, file)}`;
  let box = boxes.get(cacheKey);
  if (!box) {
    box = (async () => {
      if (configured) return new SecretBox(parseKey(configured));
      const where = path.join(dataDir, file);
      try {
        return new SecretBox(parseKey(await readFile(where, 'utf8')));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      }
      const fresh = randomBytes(32).toString('hex');
      await mkdir(dataDir, { recursive: true });
      try {
        await writeFile(where, `${fresh}\n`, { mode: 0o600, flag: 'wx' });
        await chmod(where, 0o600);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
      return new SecretBox(parseKey(await readFile(where, 'utf8')));
    })();
    box.catch(() => boxes.delete(cacheKey));
    boxes.set(cacheKey, box);
  }
  return box;
}
