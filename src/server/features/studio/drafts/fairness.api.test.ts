import { describe, expect, it } from 'vitest';
import { callAs, sessionCookie, setUpStudioOwner } from '#tests/support/studio.ts';
import { draftsPerDayMessage } from './fairness.ts';

/**
 * An owner may start a bounded number of drafts a day (each up to two model
 * calls), and its jobs queue behind other owners' in proportion to what it already has waiting.
 * A web process alone (ROLE=web): no worker writes the drafts while the test looks at their jobs.
 */
const studio = setUpStudioOwner('busy-drafter@example.com', { STUDIO_DRAFT_JOBS_PER_DAY: '4', ROLE: 'web' });

const call = (cookie: string, method: 'GET' | 'POST', url: string, body?: unknown) =>
  callAs(studio.echo, method, url, cookie, body);

const noteOf = async (cookie: string) =>
  (
    await call(cookie, 'POST', '/api/studio/notes', {
      text: 'We raised our prices and nobody left. Pricing is a message about value.',
    })
  ).json().id as string;

describe('draft jobs per owner', () => {
  it('queues an owner with drafts waiting behind one without, and refuses past the daily number', async () => {
    const busy = studio.cookie;
    const calm = await sessionCookie(studio.echo, 'calm-drafter@example.com');
    const busyNote = await noteOf(busy);
    const calmNote = await noteOf(calm);
    const many = await call(busy, 'POST', '/api/studio/drafts', {
      note_ids: [busyNote],
      formats: ['blog', 'linkedin', 'thread'],
    });
    expect(many.statusCode, many.body).toBe(202);
    const one = await call(calm, 'POST', '/api/studio/drafts', { note_ids: [calmNote], formats: ['blog'] });
    expect(one.statusCode).toBe(202);
    const jobs = () =>
      studio.echo.query<{ priority: number; drafts: string[] }>(
        "select priority, array[data->>'draftId'] || array(select jsonb_array_elements_text(coalesce(data->'withDraftIds', '[]'))) as drafts from pgboss.job where name = 'studio.draft'",
      );
    const of = async (ids: string[]) =>
      (await jobs()).find((j) => JSON.stringify(j.drafts) === JSON.stringify(ids))?.priority;
    const ids = (res: { json(): { drafts: Array<{ id: string }> } }) => res.json().drafts.map((d) => d.id);
    // The offline engine writes the three in one job, queued as the owner's first.
    expect(await of(ids(many))).toBe(0);
    expect(await of(ids(one))).toBe(0);
    expect(await jobs()).toHaveLength(2);
    // Its next draft queues behind its three still waiting; the calm owner's did not.
    const next = await call(busy, 'POST', '/api/studio/drafts', { note_ids: [busyNote], formats: ['clips'] });
    expect(next.statusCode).toBe(202);
    expect(await of(ids(next))).toBe(-3);

    const fourth = await call(busy, 'POST', '/api/studio/drafts', {
      note_ids: [busyNote],
      formats: ['blog', 'linkedin'],
    });
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json()).toEqual({ code: 'rate_limited', message: draftsPerDayMessage(4) });
  });
});
