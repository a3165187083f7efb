/**
 * Ranking is bounded by design: the work of linking sentences grows with the note, whatever its
 * words. The hostile note is the one that made ranking quadratic: every content stem recurs in
 * exactly a quarter of the sentences (under the 30% past which a stem links nothing), so comparing
 * every pair of sentences that share a stem looks at about n²/16 pairs (both ways) per stem. Work is counted in
 * pairs looked at, not time, so the test says the same on any machine.
 */
import { describe, expect, it } from 'vitest';
import { analyse, LINK_WINDOW, LINKS_PER_SENTENCE, type LinkMeter, sentenceLinks } from './analyse.ts';

/** Forty invented words, four per slot: each sentence takes one of each slot's four. */
const WORDS = [
  'alpha',
  'bravo',
  'charlie',
  'delta',
  'echoes',
  'foxtrot',
  'golfer',
  'hotel',
  'indigo',
  'juliet',
  'kilos',
  'limas',
  'mikes',
  'novembers',
  'oscars',
  'papas',
  'quebec',
  'romeo',
  'sierras',
  'tangos',
  'uniforms',
  'victors',
  'whiskey',
  'xrays',
  'yankees',
  'zulus',
  'amber',
  'birch',
  'cedar',
  'dunes',
  'ember',
  'fjord',
  'grove',
  'heath',
  'inlet',
  'jetty',
  'knoll',
  'lagoon',
  'marsh',
  'north',
];

/** Sentences whose every word is in exactly 25% of them (the count is a multiple of 4⁵). */
function hostileSentences(count: number): string[] {
  return Array.from({ length: count }, (_, i) => {
    const words = Array.from(
      { length: 10 },
      (_, k) => WORDS[k * 4 + ((Math.floor(i / 4 ** (k % 5)) + k) % 4)],
    );
    return `${words.join(' ')}.`;
  });
}

const note = (sentences: string[]) => [
  { id: 'n1', sentences: sentences.map((text, i) => ({ id: `s${i}`, text, filler: false, fillers: [] })) },
];

const stemsOf = (sentences: string[]) => analyse(note(sentences)).units.map((u) => u.stems);

describe('sentence ranking', () => {
  it('links a hostile note of 120,000 characters with work linear in its length', () => {
    const sentences = hostileSentences(2 * 4 ** 5);
    expect(sentences.join(' ').length).toBeGreaterThan(120_000);
    const stems = stemsOf(sentences);
    for (const word of ['alpha', 'north']) {
      const share = stems.filter((s) => [...s].some((stem) => word.startsWith(stem))).length / stems.length;
      expect(share).toBe(0.25);
    }
    const meter: LinkMeter = { comparisons: 0 };
    const links = sentenceLinks(stems, meter);
    const occurrences = stems.reduce((sum, s) => sum + s.size, 0);
    // At most a window of each stem's list per sentence, where every pair would be n²/32 per stem.
    expect(meter.comparisons).toBeLessThanOrEqual(occurrences * LINK_WINDOW);
    const quarter = stems.length / 4;
    const everyPair = WORDS.length * quarter * (quarter - 1);
    expect(meter.comparisons).toBeLessThan(everyPair / 10);
    expect(links.reduce((sum, l) => sum + l.size, 0)).toBeLessThanOrEqual(
      2 * LINKS_PER_SENTENCE * stems.length,
    );

    // Twice the note, twice the work (not four times).
    const twice: LinkMeter = { comparisons: 0 };
    sentenceLinks(stemsOf(hostileSentences(4 * 4 ** 5)), twice);
    expect(twice.comparisons / meter.comparisons).toBeLessThan(2.1);
  });

  it('still compares every pair of sentences of an ordinary note', () => {
    const sentences = [
      'Raising my prices was the scariest thing I did this year.',
      'I raised my prices by forty percent and lost two clients.',
      'The clients who stayed valued the work more than the price.',
      'Pricing is a story you tell about the value of your work.',
      'Nobody complained about the new prices after the first month.',
    ];
    const links = sentenceLinks(stemsOf(sentences));
    // "price" links the first, second, fourth and fifth sentences; "client" the second and third.
    expect([...links[1]!.keys()].sort()).toEqual([0, 2, 3, 4]);
    expect(links[0]!.get(1)).toBe(links[1]!.get(0));
  });
});
