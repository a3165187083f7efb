import { beforeAll, describe, expect, it } from 'vitest';
import type { DraftVersion } from '#contract/studio-draft-edits.ts';
import type { Draft } from '#contract/studio-drafts.ts';
import {
  callAs,
  draftFor,
  eventually,
  readyDraft,
  sessionCookie,
  setUpStudioOwner,
} from '#tests/support/studio.ts';

/** The editor adds, deletes and reorders blocks through PUT /drafts/{id} (versions kept). */

const alice = setUpStudioOwner('alice-arrange@example.com');

const call = (method: string, url: string, cookie: string, body?: unknown) =>
  callAs(alice.echo, method, url, cookie, body);

describe('Arranging a draft’s blocks', () => {
  let draft: Draft;
  beforeAll(async () => {
    const { draftId } = await draftFor(alice.echo, 'alice-arrange@example.com', ['thread'], {
      title: 'Pricing',
    });
    draft = await readyDraft(alice.echo, alice.cookie, draftId);
    expect(draft.blocks.length).toBeGreaterThanOrEqual(3);
  });

  it('adds, deletes and moves blocks in one save, keeps the version before it, and restores it', async () => {
    const [first, second, third, ...rest] = draft.blocks.map((b) => b.id);
    const mine = 'A post I wrote myself about raising prices for my coaching clients.';
    // Third first, the first deleted, a new post after the second.
    const order = [third!, second!, 'new-1', ...rest];
    const res = await call('PUT', `/api/studio/drafts/${draft.id}`, alice.cookie, {
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
      (await call('GET', `/api/studio/drafts/${draft.id}/versions`, alice.cookie)).json() as {
        versions: DraftVersion[];
      }
    ).versions;
    expect(versions[0]!.reason).toBe('save');
    expect(versions[0]!.blocks.map((b) => b.id)).toEqual(draft.blocks.map((b) => b.id));
    const restored = await call(
      'POST',
      `/api/studio/drafts/${draft.id}/versions/${versions[0]!.id}/restore`,
      alice.cookie,
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
      const res = await call('PUT', `/api/studio/drafts/${draft.id}`, alice.cookie, {
        ...body,
        learn: false,
      });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({ code: 'validation_failed', message: expect.any(String) });
    }
    const unchanged = (await call('GET', `/api/studio/drafts/${draft.id}`, alice.cookie)).json() as Draft;
    expect(unchanged.blocks.map((b) => b.id)).toEqual(ids);
  });

  it('answers 404 to another owner, and changes nothing', async () => {
    const bob = await sessionCookie(alice.echo, 'bob-arrange@example.com');
    const ids = draft.blocks.map((b) => b.id);
    const res = await call('PUT', `/api/studio/drafts/${draft.id}`, bob, {
      blocks: [],
      order: ids.slice(1),
      learn: false,
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'not_found' });
    const unchanged = (await call('GET', `/api/studio/drafts/${draft.id}`, alice.cookie)).json() as Draft;
    expect(unchanged.blocks.map((b) => b.id)).toEqual(ids);
  });
});

describe('An added slide', () => {
  it('must fit its slide, as an edited one must', async () => {
    const { draftId: id } = await draftFor(alice.echo, 'alice-arrange@example.com', ['carousel'], {
      title: 'Slides',
    });
    const carousel = await readyDraft(alice.echo, alice.cookie, id);
    const ids = carousel.blocks.map((b) => b.id);
    const long = Array.from({ length: 45 }, (_, i) => `word${i}`).join(' ');
    const refused = await call('PUT', `/api/studio/drafts/${id}`, alice.cookie, {
      blocks: [{ id: 'new-1', text: long, kind: 'slide' }],
      order: [ids[0], 'new-1', ...ids.slice(1)],
      learn: false,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      code: 'validation_failed',
      message: expect.stringMatching(/^Slide 2 has 45 words/),
    });
    const fits = await call('PUT', `/api/studio/drafts/${id}`, alice.cookie, {
      blocks: [{ id: 'new-1', text: 'Name the result before the price.', kind: 'slide' }],
      order: [ids[0], 'new-1', ...ids.slice(1)],
      learn: false,
    });
    expect(fits.statusCode, fits.body).toBe(200);
    expect((fits.json() as Draft).blocks[1]).toMatchObject({
      kind: 'slide',
      text: 'Name the result before the price.',
    });
  });
});

describe('A draft’s card on the dashboard', () => {
  it('is titled by format and note, opens with the draft’s first words, says when it was written, and a failure its cause', async () => {
    const started = await draftFor(alice.echo, 'carol-cards@example.com', ['thread', 'blog', 'clips'], {
      title: 'Podcast launch',
    });
    const { cookie: carol, draftIds: ids } = started;
    type Card = {
      status: string;
      source_url: string;
      created_at: string;
      result_data: { title?: string; summary?: string; written_at?: string; error?: string };
    };
    const cards = await eventually(async () => {
      const all = (
        (
          await call('POST', '/api/content-results/access', carol, { email: 'carol-cards@example.com' })
        ).json() as {
          results: (Card & { product_type: string })[];
        }
      ).results.filter((r) => r.product_type === 'echo_core');
      return all.length === 3 && all.every((c) => ['completed', 'failed'].includes(c.status)) && all;
    });
    const of = (id: string) => cards.find((c) => c.source_url.endsWith(`/studio?draft=${id}`))!;
    const [thread, blog, clips] = ids.map(of);
    expect(thread!.result_data.title).toBe('X/Twitter thread · Podcast launch');
    expect(blog!.result_data.title).toBe('SEO blog post · Podcast launch');
    // First words as posted: no counter, no keyword list or meta description, cut at a word.
    expect(thread!.result_data.summary).not.toMatch(/^\d+\/\d+/);
    expect(thread!.result_data.summary!.length).toBeGreaterThan(20);
    expect(blog!.result_data.summary).not.toMatch(/Keywords|Meta description/i);
    const blogDraft = (await call('GET', `/api/studio/drafts/${ids[1]}`, carol)).json() as Draft;
    const keywords = blogDraft.blocks.find((b) => b.kind === 'keywords');
    if (keywords) expect(blog!.result_data.summary).not.toContain(keywords.text);
    for (const card of [thread!, blog!]) {
      expect(card.status).toBe('completed');
      expect(Date.parse(card.result_data.written_at!)).toBeGreaterThanOrEqual(Date.parse(card.created_at));
      expect(card.result_data.error).toBeUndefined();
    }
    expect(clips!.status).toBe('failed');
    expect(clips!.result_data.title).toBe('Clip hooks · Podcast launch');
    expect(clips!.result_data.error).toMatch(/timings/);

    // A save keeps the title and moves the summary and the time.
    const threadDraft = (await call('GET', `/api/studio/drafts/${ids[0]}`, carol)).json() as Draft;
    const mine = 'Opening words I wrote myself for this thread.';
    const saved = await call('PUT', `/api/studio/drafts/${ids[0]}`, carol, {
      blocks: [{ id: threadDraft.blocks[0]!.id, text: mine }],
      learn: false,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const after = (
      (
        await call('POST', '/api/content-results/access', carol, { email: 'carol-cards@example.com' })
      ).json() as {
        results: Card[];
      }
    ).results.find((c) => c.source_url.endsWith(`/studio?draft=${ids[0]}`))!;
    expect(after.result_data.title).toBe('X/Twitter thread · Podcast launch');
    expect(after.result_data.summary!.startsWith(mine)).toBe(true);
    expect(Date.parse(after.result_data.written_at!)).toBeGreaterThanOrEqual(
      Date.parse(thread!.result_data.written_at!),
    );
  });
});
