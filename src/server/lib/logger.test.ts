import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger } from './logger.ts';

describe('log redaction', () => {
  it('never writes authorization, cookies, passwords or verification codes', () => {
    let output = '';
    const sink = new Writable({
      write(chunk, _encoding, done) {
        output += String(chunk);
        done();
      },
    });
    const log = createLogger('info', sink);
    log.info(
      {
        req: {
          method: 'POST',
          headers: { authorization: 'Bearer s3cret-token', cookie: 'echo_session=abc123' },
        },
        code: '123456',
        body: { email: 'a@example.com', code: '654321' },
        password: 'hunter2-hunter2',
      },
      'request',
    );
    expect(output).toContain('a@example.com');
    for (const secret of ['s3cret-token', 'abc123', '123456', '654321', 'hunter2'])
      expect(output).not.toContain(secret);
    expect(output).toContain('[redacted]');
  });
});
