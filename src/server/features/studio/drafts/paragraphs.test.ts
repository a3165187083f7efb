import { describe, expect, it } from 'vitest';
import { editUnits } from '#contract/studio-draft-edits.ts';
import { arrangeBlocks } from './arrange.ts';
import { sentencesOf, withParagraphs } from './paragraphs.ts';
import type { StoredBlock } from './repository.ts';

const block = (id: string, text: string, group: number, extra: Partial<StoredBlock> = {}): StoredBlock => ({
  id,
  kind: 'sentence',
  text,
  group,
  sources: [{ note_id: 'n', sentence_id: `s-${id}` }],
  supported: true,
  origin: 'user',
  ...extra,
});

const DRAFT: StoredBlock[] = [
  block('b1', 'Raise your prices.', 0, { kind: 'hook' }),
  block('b2', 'Our biggest client paid $85 an hour.', 1),
  block('b3', 'The others paid closer to $140.', 1),
  block('b4', '“Charge for the outcome.” — Priya', 1, { origin: 'guest', speaker: 'Priya' }),
  block('b5', 'So we let them go.', 2),
  block('b6', 'What would you charge?', 3, { kind: 'cta', origin: 'echo', sources: [] }),
];

/** The blocks a save makes of these paragraph edits: (id, text, group) in order. */
function saved(paragraphs: { ids: string[]; text: string }[]) {
  const { blocks, edits } = arrangeBlocks(DRAFT, withParagraphs(DRAFT, { blocks: [] }, paragraphs));
  return blocks.map((b) => [b.id, edits.get(b.id) ?? b.text, b.group]);
}

describe('a paragraph edited as one text', () => {
  it('is the sentence blocks of one group next to each other; other blocks stand alone', () => {
    expect(editUnits(DRAFT).map((unit) => unit.map((b) => b.id))).toEqual([
      ['b1'],
      ['b2', 'b3', 'b4'],
      ['b5'],
      ['b6'],
    ]);
  });

  it('keeps every block whose words it still holds, and edits only the sentence that changed', () => {
    const text =
      'Our biggest client paid $85 an hour. The others paid closer to $140 an hour. “Charge for the outcome.” — Priya';
    expect(saved([{ ids: ['b2', 'b3', 'b4'], text }])).toEqual([
      ['b1', 'Raise your prices.', 0],
      ['b2', 'Our biggest client paid $85 an hour.', 1],
      ['b3', 'The others paid closer to $140 an hour.', 1],
      ['b4', '“Charge for the outcome.” — Priya', 1],
      ['b5', 'So we let them go.', 2],
      ['b6', 'What would you charge?', 3],
    ]);
  });

  it('adds a sentence typed into it to that paragraph, and deletes a sentence taken out', () => {
    const text =
      'Our biggest client paid $85 an hour. I had never added it up. “Charge for the outcome.” — Priya';
    const result = saved([{ ids: ['b2', 'b3', 'b4'], text }]);
    expect(result.map(([, t, g]) => [t, g])).toEqual([
      ['Raise your prices.', 0],
      ['Our biggest client paid $85 an hour.', 1],
      ['I had never added it up.', 1],
      ['“Charge for the outcome.” — Priya', 1],
      ['So we let them go.', 2],
      ['What would you charge?', 3],
    ]);
    expect(result[1]![0]).toBe('b2');
    expect(result[2]![0]).not.toMatch(/^b[1-6]$/);
    expect(result[3]![0]).toBe('b4');
  });

  it('splits a sentence in two (the first part keeps the block) and joins two (the first keeps it)', () => {
    const split = saved([
      {
        ids: ['b2', 'b3', 'b4'],
        text: 'Our biggest client paid $85. An hour! The others paid closer to $140.',
      },
    ]);
    expect(split.slice(1, 4).map(([id, t]) => [id, t])).toEqual([
      ['b2', 'Our biggest client paid $85.'],
      [split[2]![0], 'An hour!'],
      ['b3', 'The others paid closer to $140.'],
    ]);
    expect(split[2]![0]).not.toMatch(/^b[1-6]$/);
    const joined = saved([
      {
        ids: ['b2', 'b3', 'b4'],
        text: 'Our biggest client paid $85 an hour and the others paid closer to $140.',
      },
    ]);
    expect(joined.slice(1, 2)).toEqual([
      ['b2', 'Our biggest client paid $85 an hour and the others paid closer to $140.', 1],
    ]);
    expect(joined.map(([id]) => id)).not.toContain('b3');
  });

  it('keeps a block holding two sentences whole, and an emptied paragraph deletes its blocks', () => {
    expect(sentencesOf('One. Two. Three.', ['One. Two.'])).toEqual(['One. Two.', 'Three.']);
    expect(saved([{ ids: ['b5'], text: '  ' }]).map(([id]) => id)).toEqual(['b1', 'b2', 'b3', 'b4', 'b6']);
  });

  it('refuses a block that is not a paragraph’s sentence, an unknown one, or one edited twice', () => {
    expect(() => withParagraphs(DRAFT, { blocks: [] }, [{ ids: ['b1'], text: 'x' }])).toThrow(/on its own/);
    expect(() => withParagraphs(DRAFT, { blocks: [] }, [{ ids: ['b9'], text: 'x' }])).toThrow(/Unknown/);
    expect(() =>
      withParagraphs(DRAFT, { blocks: [{ id: 'b5', text: 'x' }] }, [{ ids: ['b5'], text: 'y' }]),
    ).toThrow(/twice/);
  });
});
