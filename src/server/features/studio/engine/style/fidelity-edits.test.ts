import { describe, expect, it } from 'vitest';
import { CUT_WEIGHT, measureEdits, REORDER_WEIGHT, sharedWords, userTextOf } from './fidelity-edits.ts';

const words = (text: string) => text.toLowerCase().split(' ');

describe('sharedWords', () => {
  it('is the longest common subsequence of two word lists', () => {
    expect(sharedWords(words('a b c d'), words('a c d'))).toBe(3);
    expect(sharedWords(words('d c b a'), words('a b c d'))).toBe(1);
    expect(sharedWords([], words('a'))).toBe(0);
  });

  it('falls back to the shared words of very long lists (linear time)', () => {
    const long = Array.from({ length: 600 }, (_, i) => `w${i % 50}`);
    const other = Array.from({ length: 600 }, (_, i) => `w${(i * 7) % 60}`);
    const started = performance.now();
    const shared = sharedWords(long, other);
    expect(performance.now() - started).toBeLessThan(200);
    expect(shared).toBeGreaterThan(0);
    expect(shared).toBeLessThanOrEqual(600);
  });
});

describe('measureEdits', () => {
  it('counts a verbatim draft as all the user’s and leaves Echo’s blocks out', () => {
    const edits = measureEdits([
      { text: 'Pricing is a positioning problem.', positions: [0] },
      { text: 'Book a call today!', origin: 'echo' },
      { text: 'Charge more than feels safe.', positions: [1] },
    ]);
    expect(edits).toMatchObject({
      userWords: 10,
      addedWords: 0,
      cutWords: 0,
      moves: 0,
      pairs: 1,
      echoBlocks: 1,
    });
    expect(edits.factor).toBe(1);
  });

  it('counts words Echo added as not the user’s', () => {
    const edits = measureEdits([
      {
        text: 'Pricing is really a positioning problem for founders.',
        said: 'Pricing is a positioning problem.',
      },
    ]);
    expect(edits.addedWords).toBe(3);
    expect(edits.userWords).toBe(8);
    expect(edits.authorship).toBeCloseTo(5 / 8, 10);
    expect(edits.factor).toBeCloseTo(5 / 8, 10);
  });

  it('counts cuts at half weight, and fillers cut not at all', () => {
    const fillersOnly = measureEdits([
      { text: 'Pricing is a positioning problem.', said: 'Um, pricing is, you know, a positioning problem.' },
    ]);
    expect(fillersOnly.cutWords).toBe(0);
    expect(fillersOnly.factor).toBe(1);
    const clause = measureEdits([
      {
        text: 'Pricing is a positioning problem.',
        said: 'Pricing is a positioning problem and not a math problem at all.',
      },
    ]);
    expect(clause.cutWords).toBe(7);
    expect(clause.cutShare).toBeCloseTo(7 / 12, 10);
    expect(clause.factor).toBeCloseTo(1 - CUT_WEIGHT * (7 / 12), 10);
  });

  it('counts sentences moved before ones they followed in the notes', () => {
    const edits = measureEdits([
      { text: 'Third.', positions: [2] },
      { text: 'First.', positions: [0] },
      { text: 'Second.', positions: [1] },
      { text: 'No position known.' },
    ]);
    expect(edits.moves).toBe(1);
    expect(edits.pairs).toBe(2);
    expect(edits.factor).toBeCloseTo(1 - REORDER_WEIGHT * 0.5, 10);
  });

  it('gives the text of the user’s blocks only', () => {
    expect(
      userTextOf([
        { text: 'Mine.' },
        { text: 'Theirs.', origin: 'echo' },
        { text: 'Also mine.', origin: 'user' },
      ]),
    ).toBe('Mine. Also mine.');
  });
});
