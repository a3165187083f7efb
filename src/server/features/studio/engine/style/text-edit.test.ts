import { describe, expect, it } from 'vitest';
import { alignSentences, type OldSentence } from './text-edit.ts';

const timed = (texts: string[]): OldSentence[] =>
  texts.map((text, i) => ({ text, startMs: i * 2000, endMs: i * 2000 + 1800 }));

describe('alignSentences', () => {
  it('keeps unchanged sentences and their times; a retyped one keeps its id and time', () => {
    expect(
      alignSentences(timed(['A one.', 'B two.', 'C three.']), ['A one.', 'B  two!', 'C three.']),
    ).toEqual([
      { old: 0, changed: false, startMs: 0, endMs: 1800 },
      { old: 1, changed: true, startMs: 2000, endMs: 3800 },
      { old: 2, changed: false, startMs: 4000, endMs: 5800 },
    ]);
  });

  it('splits: the first part keeps the id, each part is timed by its words', () => {
    const kept = alignSentences(timed(['A.', 'Half of them finished and the rest walked.', 'D.']), [
      'A.',
      'Half of them finished.',
      'The rest walked.',
      'D.',
    ]);
    expect(kept.map((k) => k.old)).toEqual([0, 1, null, 2]);
    expect(kept[1]!.startMs).toBe(2000);
    expect(kept[2]!.endMs).toBe(3800);
    expect(kept[1]!.endMs!).toBeLessThan(kept[2]!.startMs!);
    expect(kept[1]!.endMs!).toBeGreaterThan(2000);
  });

  it('joins: the first id kept, timed from the first start to the last end', () => {
    const kept = alignSentences(timed(['A.', 'Nobody quit.', 'It rained.', 'D.']), [
      'A.',
      'Nobody quit, and it rained.',
      'D.',
    ]);
    expect(kept).toEqual([
      { old: 0, changed: false, startMs: 0, endMs: 1800 },
      { old: 1, changed: true, startMs: 2000, endMs: 5800 },
      { old: 3, changed: false, startMs: 6000, endMs: 7800 },
    ]);
  });

  it('times a sentence of new words between its neighbours, and leaves untimed notes untimed', () => {
    const kept = alignSentences(timed(['A.', 'B.']), ['A.', 'Something new entirely.', 'B.']);
    expect(kept[1]).toEqual({ old: null, changed: true, startMs: 1800, endMs: 2000 });
    const plain = alignSentences([{ text: 'A b.', startMs: null, endMs: null }], ['A c.']);
    expect(plain).toEqual([{ old: 0, changed: true, startMs: null, endMs: null }]);
  });

  it('is linear on long notes with repeated sentences', () => {
    const old = timed(Array.from({ length: 20_000 }, (_, i) => (i % 3 === 0 ? 'Yeah.' : `Sentence ${i}.`)));
    const edited = old.map((s, i) => (i % 100 === 0 ? `${s.text} Changed` : s.text));
    const started = performance.now();
    const kept = alignSentences(old, edited);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(kept.filter((k) => !k.changed)).toHaveLength(old.length - 200);
    expect(kept.every((k, i) => k.old === i)).toBe(true);
  });
});
