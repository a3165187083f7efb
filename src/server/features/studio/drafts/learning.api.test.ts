import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NoteDetail } from '#contract/studio.ts';
import type { DraftVersion } from '#contract/studio-draft-edits.ts';
import type { Draft } from '#contract/studio-drafts.ts';
import {
  callAs,
  eventually,
  type StudioTestApp,
  sessionCookie,
  startStudioApp,
} from '#tests/support/studio.ts';

/** Learning from edits: the profile learns the user's own words, no note, nothing twice. */
const transcript = readFileSync(
  new URL('../../../../../tests/fixtures/pricing-voice-note.txt', import.meta.url),
  'utf8',
);

let echo: StudioTestApp;
let dana: string;
beforeAll(async () => {
  echo = await startStudioApp();
  dana = await sessionCookie(echo, 'dana@example.com');
});
afterAll(() => echo?.close());

const call = (method: string, url: string, body?: unknown) => callAs(echo, method, url, dana, body);

const voice = async () =>
  (await call('GET', '/api/studio/voice')).json() as { based_on: { notes: number; words: number } };
const noteCount = async () =>
  ((await call('GET', '/api/studio/notes')).json() as { notes: unknown[] }).notes.length;

describe('Learning from edits', () => {
  let draft: Draft;
  let noteWords: number;
  beforeAll(async () => {
    const note = (
      await call('POST', '/api/studio/notes', { text: transcript, title: 'Pricing' })
    ).json() as NoteDetail;
    const res = await call('POST', '/api/studio/drafts', { note_ids: [note.id], formats: ['linkedin'] });
    expect(res.statusCode, res.body).toBe(202);
    const id = (res.json() as { drafts: Draft[] }).drafts[0]!.id;
    draft = await eventually(async () => {
      const d = (await call('GET', `/api/studio/drafts/${id}`)).json() as Draft;
      return d.status === 'ready' && d;
    });
    noteWords = (await voice()).based_on.words;
    expect(noteWords).toBeGreaterThan(100);
  });

  const save = async (blocks: { id: string; text: string }[], learn = true) => {
    const res = await call('PUT', `/api/studio/drafts/${draft.id}`, { blocks, learn });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Draft;
  };

  it("learns the user's new words without a library note, and counts a repeated save once", async () => {
    const block = draft.blocks.find((b) => b.origin === 'user' && b.kind === 'sentence')!;
    const source = draft.blocks.find((b) => b.origin === 'user' && b.id !== block.id)!;
    // Five words that are in no note, then the same save again.
    await save([{ id: block.id, text: 'Zebras juggle purple marmalade quietly.' }]);
    expect(await voice()).toEqual(expect.objectContaining({ based_on: { notes: 1, words: noteWords + 5 } }));
    expect(await noteCount()).toBe(1);
    await save([{ id: block.id, text: 'Zebras juggle purple marmalade quietly.' }]);
    expect((await voice()).based_on.words).toBe(noteWords + 5);
    // Another block: only its new words count ("Otters" and "knit" added to a sentence of the note).
    await save([{ id: source.id, text: `Otters knit. ${source.text}` }]);
    expect((await voice()).based_on.words).toBe(noteWords + 7);
    // A rewrite replaces what the block taught, it does not add to it.
    await save([{ id: block.id, text: 'Herons paint.' }]);
    expect((await voice()).based_on.words).toBe(noteWords + 4);
    expect(await noteCount()).toBe(1);
  });

  it('never counts words that are in a note, even copied into another block', async () => {
    const block = draft.blocks.find((b) => b.origin === 'user' && b.kind === 'sentence')!;
    const before = (await voice()).based_on.words;
    const fromNote = 'Pricing is a conversation, not a number.';
    expect(transcript).toContain(fromNote);
    await save([{ id: block.id, text: fromNote }]);
    // The block no longer teaches "Herons paint." (2 words) and the note's sentence teaches nothing.
    expect((await voice()).based_on.words).toBe(before - 2);
  });

  it('a restored version brings back what it taught, in place of the current one', async () => {
    const versions = (
      (await call('GET', `/api/studio/drafts/${draft.id}/versions`)).json() as { versions: DraftVersion[] }
    ).versions;
    const withZebras = versions.find(
      (v) =>
        v.blocks.some((b) => b.text.startsWith('Zebras')) &&
        !v.blocks.some((b) => b.text.startsWith('Otters')),
    )!;
    const restore = await call('POST', `/api/studio/drafts/${draft.id}/versions/${withZebras.id}/restore`);
    expect(restore.statusCode, restore.body).toBe(200);
    expect((await voice()).based_on.words).toBe(noteWords + 5);
    // Restoring it twice counts it once.
    const again = (
      (await call('GET', `/api/studio/drafts/${draft.id}/versions`)).json() as { versions: DraftVersion[] }
    ).versions.find((v) => v.id === withZebras.id)!;
    await call('POST', `/api/studio/drafts/${draft.id}/versions/${again.id}/restore`);
    expect((await voice()).based_on.words).toBe(noteWords + 5);
  });

  it('learns nothing new with learning off (the sample stays as it was)', async () => {
    const block = draft.blocks.find((b) => b.origin === 'user' && b.kind === 'sentence')!;
    await save([{ id: block.id, text: 'Walruses whistle loudly tonight.' }], false);
    expect((await voice()).based_on.words).toBe(noteWords + 5);
    const stored = await echo.query<{ learned: { words: number } | null }>(
      'select learned from studio_drafts where id = $1',
      [draft.id],
    );
    expect(stored[0]!.learned?.words).toBe(5);
  });
});
