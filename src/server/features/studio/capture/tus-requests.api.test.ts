import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type StudioTestApp, sessionCookie, startStudioApp, tusMetadata } from '#tests/support/studio.ts';

/**
 * The tus server reads the upload id from the whole URL, so a query
 * ending in another upload's id answered that upload's length, offset and metadata; and the
 * answers it writes itself lacked the security headers and allowed every origin.
 */
let echo: StudioTestApp;
let alice: string;
let bob: string;
beforeAll(async () => {
  echo = await startStudioApp();
  alice = await sessionCookie(echo, 'alice@example.com');
  bob = await sessionCookie(echo, 'bob@example.com');
});
afterAll(() => echo?.close());

const create = (cookie: string, size: number, filename: string) =>
  echo.app!.inject({
    method: 'POST',
    url: '/api/studio/uploads',
    headers: {
      cookie,
      origin: 'https://evil.example',
      'tus-resumable': '1.0.0',
      'upload-length': String(size),
      'upload-metadata': tusMetadata({ filename, filetype: 'audio/wav' }),
    },
  });

describe('tus requests', () => {
  it('answers HEAD for the upload of the path, never one named in the query', async () => {
    const mine = await create(alice, 1111, 'mine.wav');
    const theirs = await create(bob, 2222, 'secret-plans.wav');
    const mineId = String(mine.headers.location).split('/').pop();
    const theirsId = String(theirs.headers.location).split('/').pop();
    const head = await echo.app!.inject({
      method: 'HEAD',
      url: `/api/studio/uploads/${mineId}?x=/${theirsId}`,
      headers: { cookie: alice, 'tus-resumable': '1.0.0' },
    });
    expect(head.statusCode).toBe(200);
    expect(head.headers['upload-length']).toBe('1111');
    expect(String(head.headers['upload-metadata'] ?? '')).not.toContain(
      Buffer.from('secret-plans.wav').toString('base64'),
    );
  });

  it('answers with the security headers and no cross-origin permission', async () => {
    const res = await create(alice, 1234, 'headers.wav');
    expect(res.statusCode).toBe(201);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });
});
