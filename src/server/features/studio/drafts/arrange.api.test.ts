import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NoteDetail } from '#contract/studio.ts';
import type { Draft, DraftVersion } from '#contract/studio-drafts.ts';
import { eventually, type StudioTestApp, sessionCookie, startStudioApp } from '#tests/support/studio.ts';

/** Issue 28: the editor adds, deletes and reorders blocks through PUT /drafts/{id} (versions kept). */

const transcript = readFileSync(
  new URL('../../../../../tests/fixtures/pricing-voice-note.txt', import.meta.url),
  'utf8',
);

let echo: StudioTestApp;
let alice: string;
let bob: string;
beforeAll(async () => {
  echo = await startStudioApp();
  alice = await sessionCookie(echo, 'alice-arrange@example.com');
  bob = await sessionCookie(echo, 'bob-arrange@example.com');
});
afterAll(() => echo?.close());

function call(method: string, url: string, cookie: string, body?: unknown) {
  return echo.app!.inject({
    method: method as 'GET',
    url,
    headers: { ...(body !== undefined ? { 'content-type': 'application/json' } : {}), cookie },
    payload: body !== undefined ? JSON.stringify(body) : undefined,
  });
}

describe('Arranging a draft’s blocks (issue 28)', () => {
  let draft: Draft;
  beforeAll(async () => {
    const note = (
      await call('POST', '/api/studio/notes', alice, { text: transcript, title: 'Pricing' })
    ).json() as NoteDetail;
    const res = await call('POST', '/api/studio/drafts', alice, {
      note_ids: [note.id],
      formats: ['thread'],
      engine: 'extractive',
    });
    expect(res.statusCode, res.body).toBe(202);
    const id = (res.json() as { drafts: Draft[] }).drafts[0]!.id;
    draft = await eventually(async () => {
      const d = (await call('GET', `/api/studio/drafts/${id}`, alice)).json() as Draft;
      return d.status === 'ready' && d;
    });
    expect(draft.blocks.length).toBeGreaterThanOrEqual(3);
  });

  it('adds, deletes and moves blocks in one save, keeps the version before it, and restores it', async () => {
    const [first, second, third, ...rest] = draft.blocks.map((b) => b.id);
    const mine = 'A post I wrote myself about raising prices for my coaching clients.';
    // Third first, the first deleted, a new post after the second.
    const order = [third!, second!, 'new-1', ...rest];
    const res = await call('PUT', `/api/studio/drafts/${draft.id}`, alice, {
      blocks: [{ id: 'new-1', text: mine, kind: 'post' }],
      order,
      learn: false,
    });
    expect(res.statusCode, res.body).toBe(200);
    const saved = res.json() as Draft;
    const texts = saved.blocks.map((b) => b.text);
    const before = new Map(draft.blocks.map((b) => [b.id, b.text]));
    expect(texts).toEqual([
      before.get(third!),
      before.get(second!),
      mine,
      ...rest.map((id) => before.get(id)),
    ]);
    expect(texts).not.toContain(before.get(first!));
    const added = saved.blocks[2]!;
    expect(added).toMatchObject({ kind: 'post', origin: 'user' });
    // A fresh id of the draft's own, not the client's.
    expect(added.id).not.toBe('new-1');
    expect(draft.blocks.map((b) => b.id)).not.toContain(added.id);
    expect(saved.edited).toBe(true);

    const versions = (
      (await call('GET', `/api/studio/drafts/${draft.id}/versions`, alice)).json() as {
        versions: DraftVersion[];
      }
    ).versions;
    expect(versions[0]!.reason).toBe('save');
    expect(versions[0]!.blocks.map((b) => b.id)).toEqual(draft.blocks.map((b) => b.id));
    const restored = await call(
      'POST',
      `/api/studio/drafts/${draft.id}/versions/${versions[0]!.id}/restore`,
      alice,
    );
    expect(restored.statusCode, restored.body).toBe(200);
    expect((restored.json() as Draft).blocks.map((b) => b.text)).toEqual(draft.blocks.map((b) => b.text));
  });

  it('refuses an order naming a block twice or one it does not know, and an empty draft', async () => {
    const ids = draft.blocks.map((b) => b.id);
    const cases = [
      { blocks: [], order: [ids[0], ids[0]] },
      { blocks: [], order: [...ids, 'nowhere'] },
      { blocks: [{ id: 'new-9', text: 'Not in the order' }], order: ids },
      { blocks: [], order: [] },
    ];
    for (const body of cases) {
      const res = await call('PUT', `/api/studio/drafts/${draft.id}`, alice, { ...body, learn: false });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({ code: 'validation_failed', message: expect.any(String) });
    }
    const unchanged = (await call('GET', `/api/studio/drafts/${draft.id}`, alice)).json() as Draft;
    expect(unchanged.blocks.map((b) => b.id)).toEqual(ids);
  });

  it('answers 404 to another address, and changes nothing', async () => {
    const ids = draft.blocks.map((b) => b.id);
    const res = await call('PUT', `/api/studio/drafts/${draft.id}`, bob, {
      blocks: [],
      order: ids.slice(1),
      learn: false,
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'not_found' });
    const unchanged = (await call('GET', `/api/studio/drafts/${draft.id}`, alice)).json() as Draft;
    expect(unchanged.blocks.map((b) => b.id)).toEqual(ids);
  });
});
