import { describe, expect, it } from 'vitest';
import { callAs, sessionCookie, setUpStudioOwner } from '#tests/support/studio.ts';
import { STUDIO_RATE_LIMITS } from '../owner.ts';

/**
 * The Ideas were rebuilt from every note of the owner on each request; they
 * are now computed again only when the notes changed, and Ideas and the voice card are rate-limited.
 */
const thinker = setUpStudioOwner('thinker@example.com');

const call = (cookie: string, method: 'GET' | 'POST', url: string, body?: unknown) =>
  callAs(thinker.echo, method, url, cookie, body);
const labels = async (cookie: string) =>
  ((await call(cookie, 'GET', '/api/studio/ideas')).json().ideas as Array<{ label: string }>).map((i) =>
    i.label.toLowerCase(),
  );

describe('Ideas', () => {
  it('are computed once per change of the notes', async () => {
    const { cookie } = thinker;
    for (const text of [
      'The pricing page converts when the pricing page is short.',
      'I rewrote the pricing page again. The pricing page is the product.',
    ])
      expect((await call(cookie, 'POST', '/api/studio/notes', { text })).statusCode).toBe(201);
    expect((await labels(cookie)).join(' ')).toContain('pricing page');
    // Stored phrases changed behind the server's back (updated_at untouched): the kept Ideas answer.
    await thinker.echo.query(
      `update studio_notes set key_phrases = '[{"phrase":"garden hose","score":1}]'::jsonb where owner_email = $1`,
      ['thinker@example.com'],
    );
    expect((await labels(cookie)).join(' ')).toContain('pricing page');
    // A change through the API: computed again, from what is stored now.
    expect(
      (
        await call(cookie, 'POST', '/api/studio/notes', {
          text: 'A garden hose story. The garden hose leaked.',
        })
      ).statusCode,
    ).toBe(201);
    const now = (await labels(cookie)).join(' ');
    expect(now).toContain('garden hose');
    expect(now).not.toContain('pricing page');
  });

  it('and the voice card are rate-limited per owner', async () => {
    const cookie = await sessionCookie(thinker.echo, 'reader@example.com');
    for (let i = 0; i < STUDIO_RATE_LIMITS.reads; i++)
      expect((await call(cookie, 'GET', i % 2 ? '/api/studio/ideas' : '/api/studio/voice')).statusCode).toBe(
        200,
      );
    const refused = await call(cookie, 'GET', '/api/studio/ideas');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('rate_limited');
  });
});
