import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type StudioTestApp, sessionCookie, startStudioApp } from '#tests/support/studio.ts';
import { draftsPerDayMessage } from './fairness.ts';

/**
 * Issue 23, finding 5: an address may start a bounded number of draft jobs a day (each up to two
 * model calls), and its jobs queue behind other addresses' in proportion to what it already has waiting.
 */
let echo: StudioTestApp;
beforeAll(async () => {
  echo = await startStudioApp({ STUDIO_DRAFT_JOBS_PER_DAY: '4' });
});
afterAll(() => echo?.close());

const call = (cookie: string, method: 'GET' | 'POST', url: string, body?: unknown) =>
  echo.app!.inject({
    method,
    url,
    headers: { cookie, 'content-type': 'application/json' },
    payload: body !== undefined ? JSON.stringify(body) : undefined,
  });

const noteOf = async (cookie: string) =>
  (
    await call(cookie, 'POST', '/api/studio/notes', {
      text: 'We raised our prices and nobody left. Pricing is a message about value.',
    })
  ).json().id as string;

describe('draft jobs per address', () => {
  it('queues an address with drafts waiting behind one without, and refuses past the daily number', async () => {
    const busy = await sessionCookie(echo, 'busy-drafter@example.com');
    const calm = await sessionCookie(echo, 'calm-drafter@example.com');
    const busyNote = await noteOf(busy);
    const calmNote = await noteOf(calm);
    const many = await call(busy, 'POST', '/api/studio/drafts', {
      note_ids: [busyNote],
      formats: ['blog', 'linkedin', 'thread'],
    });
    expect(many.statusCode, many.body).toBe(202);
    const one = await call(calm, 'POST', '/api/studio/drafts', { note_ids: [calmNote], formats: ['blog'] });
    expect(one.statusCode).toBe(202);
    const priorities = await echo.query<{ priority: number; draft: string }>(
      "select priority, data->>'draftId' as draft from pgboss.job where name = 'studio.draft'",
    );
    const of = (id: string) => priorities.find((p) => p.draft === id)?.priority;
    const busyDrafts = (many.json().drafts as Array<{ id: string }>).map((d) => d.id);
    expect(busyDrafts.map(of)).toEqual([0, -1, -2]);
    expect(of(one.json().drafts[0].id)).toBe(0);

    const fourth = await call(busy, 'POST', '/api/studio/drafts', {
      note_ids: [busyNote],
      formats: ['blog', 'linkedin'],
    });
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json()).toEqual({ code: 'rate_limited', message: draftsPerDayMessage(4) });
  });
});
