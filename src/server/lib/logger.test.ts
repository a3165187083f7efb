import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { createLogger, serializeError } from './logger.ts';

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

describe('the error serializer', () => {
  it('keeps what failed and drops what the query, the request or the row carried', () => {
    const pgError = Object.assign(new Error('invalid input syntax for type uuid: "note text here"'), {
      code: '22P02',
      detail: 'Failing row contains (a note, owner@example.com).',
      where: "unnamed portal parameter $1 = 'note text here'",
      table: 'studio_notes',
      routine: 'string_to_uuid',
    });
    const drizzleError = Object.assign(
      new Error(
        'Failed query: insert into "studio_notes" ("text") values ($1)\nparams: a note,owner@example.com',
      ),
      { query: 'insert ...', params: ['a note', 'owner@example.com'], cause: pgError },
    );
    const clientError = Object.assign(new Error('Request failed for owner@example.com'), {
      body: { text: 'a note' },
      parameters: { q: 'a note' },
      statusCode: 502,
    });
    const written = JSON.stringify([serializeError(drizzleError), serializeError(clientError)]);
    for (const secret of ['a note', 'owner@example.com', 'note text here', 'Failing row'])
      expect(written).not.toContain(secret);
    expect(serializeError(drizzleError)).toMatchObject({
      message: 'Failed query: insert into "studio_notes" ("text") values ($1)\nparams: [redacted]',
      cause: { code: '22P02', table: 'studio_notes', routine: 'string_to_uuid' },
    });
    expect(serializeError(clientError)).toMatchObject({
      statusCode: 502,
      message: 'Request failed for [e-mail]',
    });
    expect(serializeError('failed for owner@example.com')).toBe('failed for [e-mail]');
  });
});

describe('the request serializer', () => {
  it.each(['debug', 'trace'])("writes a request's path, never its query string, at %s", async (level) => {
    let output = '';
    const sink = new Writable({
      write(chunk, _encoding, done) {
        output += String(chunk);
        done();
      },
    });
    const app = Fastify({ loggerInstance: createLogger(level, sink) });
    app.get('/api/studio/search', async () => ({ ok: true }));
    try {
      for (const url of [
        '/api/studio/search?q=my+secret+plan&email=dana%40example.com',
        'http://echo.test/api/studio/search?token=abc123secret',
      ])
        expect((await app.inject({ method: 'GET', url })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
    const lines = output
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { msg: string; req?: { url?: string; method?: string } });
    const incoming = lines.filter((l) => l.msg === 'incoming request');
    expect(incoming).toHaveLength(2);
    for (const line of incoming) expect(line.req).toMatchObject({ method: 'GET', url: '/api/studio/search' });
    for (const secret of ['secret', 'dana', 'example.com', 'abc123', '?'])
      expect(output).not.toContain(secret);
  });
});
