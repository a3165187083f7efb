import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type StudioTestApp, sessionCookie, startStudioApp } from '#tests/support/studio.ts';

/**
 * A database error logged by the app never carries what the query did: an insert refused by
 * PostgreSQL (a check the test adds, so the app's own insert fails as any unforeseen database error
 * would) used to log drizzle's message with every parameter and pg's "Failing row contains (...)":
 * the whole note and its owner's e-mail.
 */
const OWNER = 'leaky-owner@example.com';
const NOTE = 'Our pricing story nobody may read in a log: we doubled the price of the Tuesday plan.';

let echo: StudioTestApp;
let logged = '';
beforeAll(async () => {
  const sink = new Writable({
    write(chunk, _encoding, done) {
      logged += String(chunk);
      done();
    },
  });
  echo = await startStudioApp({ LOG_LEVEL: 'warn' }, sink);
});
afterAll(() => echo?.close());

describe('a logged database error', () => {
  it("holds neither the note's text nor its owner's e-mail, and still says what failed", async () => {
    const cookie = await sessionCookie(echo, OWNER);
    await echo.query('alter table studio_notes add constraint no_long_notes check (length(text) < 20)');
    const res = await echo.app!.inject({
      method: 'POST',
      url: '/api/studio/notes',
      headers: { cookie, 'content-type': 'application/json' },
      payload: JSON.stringify({ text: NOTE }),
    });
    expect(res.statusCode).toBe(500);
    const line = logged.split('\n').find((l) => l.includes('unhandled error'));
    expect(line).toBeDefined();
    for (const secret of [OWNER, 'leaky-owner', 'pricing story', 'Tuesday plan'])
      expect(line).not.toContain(secret);
    const entry = JSON.parse(line!) as {
      err: { message: string; cause?: { code?: string; constraint?: string } };
    };
    expect(entry.err.message).toMatch(/^Failed query: insert into "studio_notes"/);
    expect(entry.err.message).toContain('params: [redacted]');
    expect(entry.err.cause).toMatchObject({ code: '23514', constraint: 'no_long_notes' });
    expect(logged).not.toContain(OWNER);
    expect(logged).not.toContain('Tuesday plan');
  });
});
