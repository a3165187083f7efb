import { describe, expect, it } from 'vitest';
import { bestSources, claimsSupport, supportedShare, supportOf } from './support.ts';

const source = [
  'So the thing about pricing is that most freelancers never ask what the result is worth.',
  'I raised my prices twice last year and lost exactly one client.',
];

describe('support checking', () => {
  it('supports a sentence that keeps the speaker’s words, and one that rephrases them closely', () => {
    expect(supportOf('Most freelancers never ask what the result is worth.', source).supported).toBe(true);
    expect(supportOf('I raised prices twice last year and lost one client.', source).supported).toBe(true);
  });

  it('marks an invented sentence unsupported, even with a claimed source', () => {
    const invented = supportOf('Our startup closed a ten million dollar funding round in Berlin.', source);
    expect(invented.supported).toBe(false);
    expect(invented.recall).toBeLessThan(0.5);
    expect(supportOf('Pricing matters.', []).supported).toBe(false);
  });

  it('treats a sentence without content words as supported', () => {
    expect(supportOf('And so?', []).supported).toBe(true);
  });

  it('finds the best sources for a sentence the user typed', () => {
    const candidates = source.map((text, i) => ({ id: String(i), text }));
    expect(bestSources('Raising prices cost me one client.', candidates).map((c) => c.id)).toEqual([
      '1',
      '0',
    ]);
    expect(bestSources('Raising prices cost me one client.', candidates, 1).map((c) => c.id)).toEqual(['1']);
    expect(bestSources('Completely unrelated words here', candidates)).toEqual([]);
  });

  it("leaves Echo's own blocks out of the claim and of the share of supported blocks", () => {
    const blocks = [
      { origin: 'user' as const, supported: true },
      { origin: 'user' as const, supported: false },
      { origin: 'echo' as const, supported: false },
      { origin: 'echo' as const, supported: false },
    ];
    expect(blocks.map(claimsSupport)).toEqual([true, true, false, false]);
    expect(supportedShare(blocks)).toBe(0.5);
    expect(supportedShare(blocks.slice(2))).toBe(1);
    // A stored block from before origins makes the claim.
    expect(claimsSupport({})).toBe(true);
  });
});
