import { beforeAll, describe, expect, it } from 'vitest';
import { type DraftVersion, editUnits } from '#contract/studio-draft-edits.ts';
import type { Draft } from '#contract/studio-drafts.ts';
import { INTERVIEW } from '#tests/fixtures/studio/conversations.ts';
import { addConversationNote } from '#tests/support/conversation.ts';
import { draftFor, readyDraft, settledDraft, setUpStudioOwner } from '#tests/support/studio.ts';

/** PUT /drafts/{id} with `paragraphs`: a paragraph edited as one text, its sources kept where its words are. */

const alice = setUpStudioOwner('alice-paragraphs@example.com');

/** The draft's first paragraph of at least `size` sentences. */
const paragraphOf = (draft: Draft, size: number) => {
  const unit = editUnits(draft.blocks).find((u) => u.length >= size && u[0]!.kind === 'sentence');
  if (!unit) throw new Error(`no paragraph of ${size} sentences in ${draft.format}`);
  return unit;
};

describe('a paragraph of a LinkedIn post edited as one text', () => {
  let draft: Draft;
  beforeAll(async () => {
    const { draftId } = await draftFor(alice.echo, 'alice-paragraphs@example.com', ['linkedin']);
    draft = await readyDraft(alice.echo, alice.cookie, draftId);
  });

  it('keeps the sentences left alone as they were, with their sources, and adds a typed one', async () => {
    const unit = paragraphOf(draft, 2);
    const [first, ...rest] = unit;
    const mine = 'I had never once added it up before that week.';
    const text = [first!.text, mine, ...rest.map((b) => b.text)].join(' ');
    const res = await alice.call('PUT', `/api/studio/drafts/${draft.id}`, {
      blocks: [],
      paragraphs: [{ ids: unit.map((b) => b.id), text }],
      learn: false,
    });
    expect(res.statusCode, res.body).toBe(200);
    const saved = res.json() as Draft;
    const byId = new Map(saved.blocks.map((b) => [b.id, b]));
    for (const old of unit) {
      const now = byId.get(old.id);
      expect(now, old.text).toBeDefined();
      expect(now!.text).toBe(old.text);
      expect(now!.sources).toEqual(old.sources);
      expect(now!.origin).toBe(old.origin);
    }
    const at = saved.blocks.findIndex((b) => b.id === first!.id);
    const added = saved.blocks[at + 1]!;
    expect(added).toMatchObject({ text: mine, kind: 'sentence', origin: 'user', group: first!.group });
    expect(draft.blocks.map((b) => b.id)).not.toContain(added.id);
    // Every other block is as it was.
    expect(saved.blocks.filter((b) => b.id !== added.id).map((b) => [b.id, b.text])).toEqual(
      draft.blocks.map((b) => [b.id, b.text]),
    );
    const versions = (
      (await alice.call('GET', `/api/studio/drafts/${draft.id}/versions`)).json() as {
        versions: DraftVersion[];
      }
    ).versions;
    expect(versions[0]!.reason).toBe('save');
    draft = saved;
  });

  it('keeps a changed sentence’s sources while its words still say them, and a deleted one goes', async () => {
    const unit = paragraphOf(draft, 2);
    const [first, second, ...rest] = unit;
    // One word changed in the first sentence; the second sentence taken out.
    const changed = `${first!.text.replace(/\.$/, '')}, really.`;
    const res = await alice.call('PUT', `/api/studio/drafts/${draft.id}`, {
      blocks: [],
      paragraphs: [{ ids: unit.map((b) => b.id), text: [changed, ...rest.map((b) => b.text)].join('\n') }],
      learn: false,
    });
    expect(res.statusCode, res.body).toBe(200);
    const saved = res.json() as Draft;
    const now = saved.blocks.find((b) => b.id === first!.id)!;
    expect(now.text).toBe(changed);
    expect(now.sources).toEqual(first!.sources);
    expect(now.supported).toBe(true);
    expect(saved.blocks.map((b) => b.id)).not.toContain(second!.id);
  });

  it('refuses a block that is not a sentence of a paragraph, and one edited twice', async () => {
    const other = draft.blocks.find((b) => b.kind !== 'sentence')!;
    const bad = await alice.call('PUT', `/api/studio/drafts/${draft.id}`, {
      blocks: [],
      paragraphs: [{ ids: [other.id], text: 'Anything.' }],
    });
    expect(bad.statusCode, bad.body).toBe(400);
    const sentence = draft.blocks.find((b) => b.kind === 'sentence')!;
    const twice = await alice.call('PUT', `/api/studio/drafts/${draft.id}`, {
      blocks: [{ id: sentence.id, text: 'One.' }],
      paragraphs: [{ ids: [sentence.id], text: 'Two.' }],
    });
    expect(twice.statusCode, twice.body).toBe(400);
    expect(twice.json()).toMatchObject({ code: 'validation_failed' });
  });
});

describe('a paragraph holding a guest’s quote', () => {
  it('keeps the quote the guest’s, named, when the owner adds a sentence to it', async () => {
    const made = await addConversationNote(alice.echo, alice.cookie, INTERVIEW, { me: 'Sam' });
    const res = await alice.call('POST', '/api/studio/drafts', {
      note_ids: [made.note.id],
      formats: ['linkedin', 'blog'],
      engine: 'extractive',
    });
    expect(res.statusCode, res.body).toBe(202);
    const drafts = await Promise.all(
      (res.json() as { drafts: Draft[] }).drafts.map((d) => settledDraft(alice.echo, alice.cookie, d.id)),
    );
    // A LinkedIn post gives a guest's quote a paragraph of its own.
    const found = drafts
      .flatMap((d) => editUnits(d.blocks).map((unit) => ({ d, unit })))
      .find(({ unit }) => unit[0]!.kind === 'sentence' && unit.some((b) => b.origin === 'guest'));
    expect(found, 'a paragraph with a guest quote').toBeDefined();
    const { d, unit } = found!;
    const guest = unit.find((b) => b.origin === 'guest')!;
    const mine = 'I keep coming back to this.';
    const text = `${unit.map((b) => b.text).join(' ')} ${mine}`;
    const saved = await alice.call('PUT', `/api/studio/drafts/${d.id}`, {
      blocks: [],
      paragraphs: [{ ids: unit.map((b) => b.id), text }],
      learn: false,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const now = (saved.json() as Draft).blocks;
    expect(now.find((b) => b.id === guest.id)).toMatchObject({
      origin: 'guest',
      speaker: guest.speaker,
      text: guest.text,
      sources: guest.sources,
    });
    expect(now.find((b) => b.text === mine)).toMatchObject({ origin: 'user' });
  });
});
