import { beforeAll, describe, expect, it } from 'vitest';
import type { NoteDetail } from '#contract/studio.ts';
import type { DraftVersion } from '#contract/studio-draft-edits.ts';
import type { Draft } from '#contract/studio-drafts.ts';
import {
  callAs,
  draftFor,
  PRICING_TRANSCRIPT,
  readyDraft,
  sessionCookie,
  setUpStudioOwner,
} from '#tests/support/studio.ts';
import { deleteStudioDataOf } from '../index.ts';

const alice = setUpStudioOwner('alice@example.com');

const call = (method: string, url: string, cookie: string, body?: unknown) =>
  callAs(alice.echo, method, url, cookie, body);

const ready = (id: string) => readyDraft(alice.echo, alice.cookie, id);
const versionsOf = async (id: string) =>
  (
    (await call('GET', `/api/studio/drafts/${id}/versions`, alice.cookie)).json() as {
      versions: DraftVersion[];
    }
  ).versions;

describe('Draft versions', () => {
  let draft: Draft;
  beforeAll(async () => {
    const started = await draftFor(alice.echo, 'alice@example.com', ['linkedin'], {
      title: 'Pricing',
      engine: 'auto',
    });
    draft = await ready(started.draftId);
  });

  it('keeps every save and regeneration, and restores an edited version after a regeneration', async () => {
    expect(await versionsOf(draft.id)).toEqual([]);
    const block = draft.blocks.find((b) => b.kind === 'sentence' || b.kind === 'hook')!;
    const mine = 'My own words, written after the call, that no regeneration may lose.';
    const saved = await call('PUT', `/api/studio/drafts/${draft.id}`, alice.cookie, {
      blocks: [{ id: block.id, text: mine }],
      learn: false,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const afterSave = await versionsOf(draft.id);
    expect(afterSave).toHaveLength(1);
    expect(afterSave[0]).toMatchObject({ reason: 'save', edited: false });
    expect(afterSave[0]!.blocks.map((b) => b.text)).toEqual(draft.blocks.map((b) => b.text));

    const again = await call('POST', `/api/studio/drafts/${draft.id}/regenerate`, alice.cookie, {});
    expect(again.statusCode).toBe(202);
    const regenerated = await ready(draft.id);
    expect(regenerated.edited).toBe(false);
    expect(regenerated.blocks.map((b) => b.text)).not.toContain(mine);

    const afterRegenerate = await versionsOf(draft.id);
    expect(afterRegenerate.map((v) => v.reason)).toEqual(['regenerate', 'save']);
    const edited = afterRegenerate[0]!;
    expect(edited.edited).toBe(true);
    expect(edited.blocks.find((b) => b.id === block.id)!.text).toBe(mine);

    const restore = await call(
      'POST',
      `/api/studio/drafts/${draft.id}/versions/${edited.id}/restore`,
      alice.cookie,
    );
    expect(restore.statusCode, restore.body).toBe(200);
    const restored = restore.json() as Draft;
    expect(restored).toMatchObject({ status: 'ready', edited: true });
    expect(restored.blocks.find((b) => b.id === block.id)!.text).toBe(mine);
    expect((await ready(draft.id)).blocks).toEqual(restored.blocks);
    // The regenerated draft it replaced is kept in turn.
    const afterRestore = await versionsOf(draft.id);
    expect(afterRestore.map((v) => v.reason)).toEqual(['restore', 'regenerate', 'save']);
    expect(afterRestore[0]!.blocks.map((b) => b.text)).toEqual(regenerated.blocks.map((b) => b.text));
  });

  it('answers 404 for another owner’s versions and for unknown versions', async () => {
    const bob = await sessionCookie(alice.echo, 'bob@example.com');
    const [version] = await versionsOf(draft.id);
    expect((await call('GET', `/api/studio/drafts/${draft.id}/versions`, bob)).statusCode).toBe(404);
    const theirs = await call('POST', `/api/studio/drafts/${draft.id}/versions/${version!.id}/restore`, bob);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toMatchObject({ code: 'not_found' });
    for (const vid of ['nope', '00000000-0000-4000-8000-000000000000']) {
      const res = await call('POST', `/api/studio/drafts/${draft.id}/versions/${vid}/restore`, alice.cookie);
      expect(res.statusCode).toBe(404);
    }
  });

  it('a block regeneration answers once: its result is gone from the draft after the next save', async () => {
    const slide = draft.blocks.find((b) => b.kind === 'hook' || b.kind === 'sentence')!;
    await call('POST', `/api/studio/drafts/${draft.id}/regenerate`, alice.cookie, { block_id: slide.id });
    const once = await ready(draft.id);
    expect(once.meta.block_result).toMatchObject({ block_id: slide.id });
    expect(once.meta.warning).toBeUndefined();
    await call('PUT', `/api/studio/drafts/${draft.id}`, alice.cookie, { blocks: [], learn: false });
    expect((await ready(draft.id)).meta.block_result).toBeUndefined();
  });

  it("'Delete my data' removes the versions with the drafts", async () => {
    const before = await alice.echo.query<{ n: number }>(
      'select count(*)::int as n from studio_draft_versions where draft_id = $1',
      [draft.id],
    );
    expect(before[0]!.n).toBeGreaterThan(0);
    await alice.echo.ctx.database.transaction((tx) =>
      deleteStudioDataOf(alice.echo.ctx, tx, 'alice@example.com'),
    );
    const after = await alice.echo.query<{ n: number }>(
      'select count(*)::int as n from studio_draft_versions where draft_id = $1',
      [draft.id],
    );
    expect(after[0]!.n).toBe(0);
  });
});

describe('Thread exports, ready to post', () => {
  it('numbers each post once in text, Markdown and HTML, or not at all with numbers=no', async () => {
    const started = await draftFor(alice.echo, 'carol@example.com', ['thread'], {
      title: 'Pricing',
      engine: 'auto',
    });
    const { cookie: carol, draftId: id } = started;
    const thread = await readyDraft(alice.echo, carol, id);
    const posts = thread.blocks.filter((b) => b.kind === 'post').length;
    expect(posts).toBeGreaterThan(1);
    for (const as of ['txt', 'md', 'html']) {
      const file = await call('GET', `/api/studio/drafts/${id}/export?as=${as}`, carol);
      expect(file.statusCode).toBe(200);
      const counters = file.body.match(/\b\d+\/\d+\b/g) ?? [];
      expect(counters, as).toEqual(Array.from({ length: posts }, (_, i) => `${i + 1}/${posts}`));
      const bare = await call('GET', `/api/studio/drafts/${id}/export?as=${as}&numbers=no`, carol);
      expect(bare.body.match(/\b\d+\/\d+\b/g), as).toBeNull();
    }
  });
});

describe('The name for your content', () => {
  it('is the one the user chose, on the carousel and nowhere made from the e-mail address', async () => {
    const dana = await sessionCookie(alice.echo, 'dana.lee@example.com');
    expect((await call('GET', '/api/studio/voice', dana)).json()).toMatchObject({ byline: null });
    const note = (
      await call('POST', '/api/studio/notes', dana, { text: PRICING_TRANSCRIPT, title: 'Pricing' })
    ).json() as NoteDetail;
    const carousel = async () => {
      const res = await call('POST', '/api/studio/drafts', dana, {
        note_ids: [note.id],
        formats: ['carousel'],
      });
      return readyDraft(alice.echo, dana, (res.json() as { drafts: Draft[] }).drafts[0]!.id);
    };
    const nameless = await carousel();
    expect(JSON.stringify(nameless.blocks)).not.toMatch(/Dana|Lee\b/);

    const put = await call('PUT', '/api/studio/voice', dana, { byline: '  @danalee ' });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toMatchObject({ byline: '@danalee' });
    const named = await carousel();
    // The name goes to the engine (a closing line without one of the note's own) and on the slides.
    expect(named.meta.author ?? named.meta.byline).toBe('@danalee');
    expect(nameless.meta.author ?? nameless.meta.byline ?? null).toBeNull();
    const zip = await call('GET', `/api/studio/drafts/${named.id}/export?as=zip`, dana);
    expect(zip.statusCode).toBe(200);

    expect((await call('PUT', '/api/studio/voice', dana, { byline: '' })).json()).toMatchObject({
      byline: null,
    });
    const long = await call('PUT', '/api/studio/voice', dana, { byline: 'x'.repeat(61) });
    expect(long.statusCode).toBe(400);
  });
});
