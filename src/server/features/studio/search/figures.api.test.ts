import { describe, expect, it } from 'vitest';
import type { NoteDetail } from '#contract/studio.ts';
import { setUpStudioOwner } from '#tests/support/studio.ts';

/** Numbers are found however they were said or typed: the note keeps its words, search reads figures. */
const { call } = setUpStudioOwner('figures@example.com');

const search = async (q: string) =>
  (
    (await call('GET', `/api/studio/search?q=${encodeURIComponent(q)}`)).json().hits as Array<{
      note_id: string;
      sentence_id: string | null;
      snippet: string;
    }>
  ).map((h) => [h.note_id, h.sentence_id]);

describe('searching for a number', () => {
  it('finds spoken numbers by their figures, and typed figures by their words', async () => {
    const spoken = (
      await call('POST', '/api/studio/notes', {
        title: 'Race day',
        text: 'We had forty-two runners at the start. The club now brings in eighteen thousand a month. Nobody expected that.',
      })
    ).json() as NoteDetail;
    const typed = (
      await call('POST', '/api/studio/notes', {
        title: 'Budget',
        text: 'Rent went up to $1,500 this spring. We cut the ads.',
      })
    ).json() as NoteDetail;
    // The note keeps what was said.
    expect(spoken.text).toMatch(/forty-two runners/);
    const [runners, money] = spoken.sentences;

    expect(await search('42')).toEqual([[spoken.id, runners!.id]]);
    // The words the number was said in are what the hit highlights.
    const hit = (await call('GET', '/api/studio/search?q=42')).json().hits[0] as {
      snippet: string;
      highlights: Array<{ start: number; end: number }>;
    };
    expect(hit.highlights.map((h) => hit.snippet.slice(h.start, h.end))).toEqual(['forty-two']);
    expect(await search('42 runners')).toEqual([[spoken.id, runners!.id]]);
    expect(await search('18000')).toEqual([[spoken.id, money!.id]]);
    expect(await search('$18,000')).toEqual([[spoken.id, money!.id]]);
    expect(await search('forty-two')).toEqual([[spoken.id, runners!.id]]);
    expect(await search('1500')).toEqual([[typed.id, typed.sentences[0]!.id]]);
    expect(await search('fifteen hundred')).toEqual([[typed.id, typed.sentences[0]!.id]]);
    expect(await search('43')).toEqual([]);

    // Edited words: the figures follow the text.
    const edited = await call('PATCH', `/api/studio/notes/${spoken.id}`, {
      text: 'We had forty-three runners at the start. Nobody expected that.',
    });
    expect(edited.statusCode).toBe(200);
    expect((await search('42')).map(([id]) => id)).toEqual([]);
    expect((await search('43')).map(([id]) => id)).toEqual([spoken.id]);
  });
});
