import { describe, expect, it } from 'vitest';
import { learnedFrom, newWordsOf, sampleStats } from './learning.ts';
import type { StoredBlock } from './repository.ts';

const block = (id: string, text: string, extra: Partial<StoredBlock> = {}): StoredBlock =>
  ({
    id,
    kind: 'sentence',
    text,
    group: 0,
    sources: [{ note_id: 'n', sentence_id: `s-${id}` }],
    supported: true,
    origin: 'user',
    ...extra,
  }) as StoredBlock;

describe('learning from edits: the user’s own words only', () => {
  it('keeps the runs of words that are not in the sources, in order', () => {
    expect(newWordsOf('We raised prices twice.', 'We raised prices twice last year.')).toEqual([]);
    expect(newWordsOf('We finally raised our prices twice.', 'We raised prices twice.')).toEqual([
      'finally',
      'our',
    ]);
    expect(newWordsOf('Completely new thinking here. We raised prices.', 'We raised prices.')).toEqual([
      'Completely new thinking here',
    ]);
  });

  it('counts a sample as words, not as a note, and none when nothing is new', () => {
    const stats = sampleStats(['Zebras juggle purple marmalade quietly']);
    expect(stats).toMatchObject({ notes: 0, words: 5, register: 'written' });
    expect(Object.values(stats!.phraseNotes ?? {}).every((n) => n === 0)).toBe(true);
    expect(sampleStats(['', '  '])).toBeNull();
  });

  it("takes Echo's blocks only when the user changed them, and keeps them while their text stands", () => {
    const sources: Record<string, string> = { 's-a': 'Pricing is a conversation.' };
    const blocks = [
      block('a', 'Pricing is a conversation.'),
      block('h', 'My heading, in my words', { origin: 'echo', sources: [] }),
      block('c', 'Follow for more', { origin: 'echo', sources: [] }),
    ];
    const first = learnedFrom(blocks, (id) => sources[id], new Set(['h']), null);
    expect(first.blocks).toEqual({ h: 'My heading, in my words' });
    expect(first.words).toBe(5);
    // Saved again without touching the heading: still taught once, not twice.
    const again = learnedFrom(blocks, (id) => sources[id], new Set(), first);
    expect(again.blocks).toEqual(first.blocks);
    expect(again.words).toBe(5);
    // The heading back to Echo's words: it teaches nothing.
    const back = learnedFrom(
      [blocks[0]!, { ...blocks[1]!, text: 'Conclusion' }],
      (id) => sources[id],
      new Set(),
      again,
    );
    expect(back.blocks).toEqual({});
    expect(back.stats).toBeNull();
  });
});
