import { describe, expect, it } from 'vitest';
import { TRANSCRIPT } from '../__fixtures__/transcript.ts';
import { FW, splitSentences, wordsOf } from '../text/index.ts';
import { forEachChar } from './char-ngrams.ts';
import {
  charSimilarity,
  cosineDelta,
  type FidelityBlock,
  jensenShannon,
  measureFidelity,
  wordLlr,
} from './fidelity.ts';
import { ALL_LIKE_FROM, UNLIKE_BELOW } from './fidelity-reasons.ts';
import { draftFidelityDetail, scoreDraftFidelity, scoreFidelity } from './fidelity-score.ts';
import { buildProfile, CHAR_BUCKETS, noteStats } from './profile.ts';

const rates = (pairs: Record<string, number>) => FW.map((word) => pairs[word] ?? 0);

describe('fidelity measures', () => {
  it('cosine Delta is 0 for the same habits and grows as they differ', () => {
    const of = (text: string) => {
      const stats = noteStats(text, 'written');
      return stats.fw.map((count) => count / stats.words);
    };
    const [first, second] = [TRANSCRIPT.slice(0, 2400), TRANSCRIPT.slice(2400)];
    const formal =
      'The Congress shall consider the measures which the Executive has submitted, and it is the duty of the Government to ensure that the revenues of the nation are applied to those purposes for which they were appropriated by the representatives of the people. Of the several subjects which demand attention, none is of greater importance than the condition of the public credit, upon which the prosperity of the country must in a great degree depend.';
    expect(cosineDelta(of(first), of(first))).toBeCloseTo(0, 10);
    expect(cosineDelta(of(first), of(second))).toBeLessThan(cosineDelta(of(first), of(formal)));
    expect(cosineDelta(of(first), of(formal))).toBeGreaterThan(0.8);
    expect(cosineDelta(rates({ the: 0.1 }), rates({ the: 0.1 }))).toBeCloseTo(0, 10);
  });

  it('Jensen-Shannon divergence is 0 for equal histograms, near 1 for disjoint ones, symmetric', () => {
    expect(jensenShannon([1, 2, 3], [2, 4, 6])).toBeCloseTo(0, 4);
    expect(jensenShannon([10, 0, 0], [0, 0, 10])).toBeGreaterThan(0.95);
    expect(jensenShannon([5, 1, 0], [1, 3, 2])).toBeCloseTo(jensenShannon([1, 3, 2], [5, 1, 0]), 10);
  });

  it('character similarity is 1 for the same profile and lower for another style', () => {
    const vector = (text: string) => {
      const out = new Array<number>(CHAR_BUCKETS).fill(0);
      let total = 0;
      forEachChar(noteStats(text, 'written').chars, (bucket, count) => {
        out[bucket] = count;
        total += count;
      });
      return out.map((count) => count / total);
    };
    const casual = vector("yeah so we shipped it and it's fine, honestly it's fine, we're good");
    const casual2 = vector("so yeah we're shipping it, honestly it's good and we're fine with it");
    const formal = vector(
      'The Administration shall henceforth undertake comprehensive legislative consideration.',
    );
    expect(charSimilarity(casual, casual)).toBeCloseTo(1, 10);
    expect(charSimilarity(casual, casual2)).toBeGreaterThan(charSimilarity(casual, formal));
  });
});

describe('fidelity: every word', () => {
  const [first, second] = [TRANSCRIPT.slice(0, 2400), TRANSCRIPT.slice(2400)];
  const formal =
    'The Congress shall consider the measures which the Executive has submitted, and it is the duty of the Government to ensure that the revenues of the nation are applied to those purposes for which they were appropriated by the representatives of the people.';

  it("gives the user's own words a higher ratio than another author's", () => {
    const profile = buildProfile([noteStats(first, 'spoken')]).spoken!;
    expect(profile.lexicon?.words).toBe(noteStats(first, 'spoken').words);
    const own = wordLlr(noteStats(second, 'spoken'), profile);
    const other = wordLlr(noteStats(formal, 'spoken'), profile);
    expect(own).toBeGreaterThan(0);
    expect(own).toBeGreaterThan(other);
  });

  it('counts only the notes that have word counts, and scores without them when none has', () => {
    const withWords = noteStats(first, 'spoken');
    const { lexicon: _l, lexiconWords: _w, ...withoutWords } = noteStats(second, 'spoken');
    const both = buildProfile([withWords, withoutWords]).spoken!;
    expect(both.lexicon?.words).toBe(withWords.words);
    expect(both.words).toBe(withWords.words + withoutWords.words);
    const old = buildProfile([withoutWords]).spoken!;
    expect(old.lexicon).toBeUndefined();
    const draft = noteStats(first.slice(0, 600), 'spoken');
    expect(wordLlr(draft, old)).toBe(0);
    const measured = measureFidelity(draft, wordsOf(first.slice(0, 600)), old);
    expect(Number.isFinite(measured.logit)).toBe(true);
  });
});

describe('scoreFidelity', () => {
  const paragraphs = TRANSCRIPT.split(/\n\n/);
  const notes = [
    paragraphs.slice(0, 3).join('\n\n'),
    paragraphs.slice(3, 6).join('\n\n'),
    paragraphs.slice(6, 8).join('\n\n'),
    "Here's the thing about hiring. Most founders hire too late. And I did too. You wait, you wait, and then you're drowning. So hire before it hurts. Here's the thing: the person you need is already in your network.",
    "Here's the thing about content. You don't need a strategy deck. You need to say one true thing every week. That's it. I did that for a year and it changed the company.",
  ];
  const heldOut = paragraphs.slice(8).join('\n\n');
  const profile = buildProfile(
    notes.map((text) => noteStats(text, 'spoken')),
    { pinned: [], banned: ['synergy'] },
  );
  const corporate =
    'In order to leverage the full potential of our organizational capabilities, it is essential that stakeholders across the enterprise collaborate in a manner which fosters alignment, accountability and the synergy that sustainable growth requires. Furthermore, the implementation of a comprehensive pricing framework, which shall be reviewed on a quarterly basis by the appropriate committees, will enable the organization to optimize revenue while maintaining the highest standards of customer satisfaction throughout every segment of the market in which it operates.';

  it("scores the user's own held-out words high and a corporate text low", () => {
    const own = scoreFidelity(heldOut, profile, 'spoken');
    const other = scoreFidelity(corporate, profile, 'spoken');
    expect(own.score).toBeGreaterThanOrEqual(60);
    expect(other.score).toBeLessThan(30);
    expect(own.score - other.score).toBeGreaterThan(40);
  });

  it('gives its reasons in plain words', () => {
    const { reasons } = scoreFidelity(corporate, profile, 'spoken');
    const mean = Math.round(profile.spoken!.sentenceLength.mean);
    expect(reasons).toContain(`your sentences average ${mean} words; this draft averages 40`);
    expect(reasons).toContain("uses 'synergy', which you banned");
    expect(reasons).toContain("uses 'leverage', which you never say");
    const kept = scoreFidelity(
      "Here's the thing. Pricing is a positioning problem, and here's the thing, it is.",
      profile,
      'spoken',
    );
    expect(profile.spoken!.signaturePhrases.map((p) => p.phrase)).toContain("here's the thing");
    expect(kept.reasons.some((r) => /^keeps \d+ of your signature phrases?$/.test(r))).toBe(true);
  });

  it('falls back to the other register, and says when there are no notes', () => {
    expect(scoreFidelity(heldOut, profile, 'written').score).toBe(
      scoreFidelity(heldOut, profile, 'spoken').score,
    );
    expect(scoreFidelity('Anything.', buildProfile([]), 'spoken')).toEqual({
      score: 50,
      reasons: ['no notes yet: add a few notes so Echo can learn your voice'],
    });
  });

  describe('drafts given as blocks', () => {
    // An extractive draft of the user's second note: one block per sentence, in order.
    const blocks: FidelityBlock[] = splitSentences(notes[1]!)
      .filter((sentence) => !sentence.filler)
      .map((sentence, i) => ({ text: sentence.text, positions: [i] }));
    const theirs = splitSentences(
      `${corporate} The organization shall ensure that all stakeholders are informed. Accordingly, the committee recommends a phased approach to the matter.`,
    ).map((sentence) => sentence.text);
    const detail = (draft: FidelityBlock[]) => draftFidelityDetail(draft, profile, 'spoken')!;

    it("scores the user's own sentences, as said and in order, high, and says why", () => {
      const verbatim = detail(blocks);
      expect(verbatim.edits.factor).toBe(1);
      expect(verbatim.score).toBeGreaterThanOrEqual(ALL_LIKE_FROM);
      expect(verbatim.reasons.map((r) => r.text)).toContain('every sentence is yours, as you said it');
      expect(verbatim.reasons.some((r) => r.like === false)).toBe(false);
    });

    it("leaves Echo's own blocks out of the score", () => {
      const withEcho = [{ text: 'Leverage synergy: book a call!', origin: 'echo' as const }, ...blocks];
      const fidelity = scoreDraftFidelity(withEcho, profile, 'spoken')!;
      expect(fidelity.score).toBe(detail(blocks).score);
      expect(fidelity.reasons).toContain("1 block of Echo's own (headings, calls to action) not counted");
      expect(scoreDraftFidelity([{ text: 'Only Echo.', origin: 'echo' }], profile, 'spoken')).toBeNull();
    });

    it("drops a draft edited into someone else's words, and says what changed", () => {
      const verbatim = detail(blocks);
      const edited = detail(
        blocks.map((block, i) =>
          i % 2 === 1 ? { ...block, said: block.text, text: theirs[i % theirs.length]! } : block,
        ),
      );
      expect(verbatim.score - edited.score).toBeGreaterThanOrEqual(40);
      expect(edited.score).toBeLessThan(UNLIKE_BELOW);
      expect(edited.reasons.some((r) => /^\d+ of its \d+ words are Echo's, not yours$/.test(r.text))).toBe(
        true,
      );
      // Without `said` (the text alone), the style part still drops.
      const plain = detail(
        blocks.map((block, i) => (i % 2 === 1 ? { text: theirs[i % theirs.length]! } : block)),
      );
      expect(plain.score).toBeLessThan(verbatim.score);
      expect(plain.style).toBeLessThan(verbatim.style);
      // Entirely someone else's words.
      expect(detail(theirs.map((text) => ({ text }))).score).toBeLessThan(10);
    });

    it('lowers the score by what the planner cut and reordered, in proportion', () => {
      const verbatim = detail(blocks);
      const cut = detail(
        blocks.map((block) => {
          const words = block.text.split(' ');
          return words.length < 6
            ? block
            : { ...block, said: block.text, text: words.slice(0, Math.ceil(words.length / 2)).join(' ') };
        }),
      );
      expect(cut.edits.cutShare).toBeGreaterThan(0.2);
      expect(cut.score).toBeLessThan(verbatim.score);
      expect(cut.score).toBe(Math.round(cut.style * cut.edits.factor));
      expect(cut.reasons.some((r) => r.text.startsWith('leaves out '))).toBe(true);
      const reordered = detail([...blocks].reverse());
      expect(reordered.edits.moves).toBe(blocks.length - 1);
      expect(reordered.score).toBeLessThan(verbatim.score);
      expect(reordered.score).toBeGreaterThanOrEqual(Math.floor(verbatim.score * 0.9));
      expect(reordered.reasons.map((r) => r.text)).toContain(
        `moves ${blocks.length - 1} sentences out of the order you said them`,
      );
    });

    it('never gives 95+ with a reason saying something is unlike the user, nor under 60 without one', () => {
      const seen = new Set<number>();
      for (let replaced = 0; replaced <= blocks.length; replaced += 2) {
        for (const withSaid of [true, false]) {
          for (const order of ['kept', 'reversed']) {
            const draft = blocks.map((block, i) =>
              i < replaced
                ? {
                    ...(withSaid ? { said: block.text } : {}),
                    text: theirs[i % theirs.length]!,
                    positions: block.positions,
                  }
                : block,
            );
            const d = detail(order === 'kept' ? draft : draft.reverse());
            seen.add(Math.floor(d.score / 20));
            if (d.score >= ALL_LIKE_FROM) expect(d.reasons.some((r) => r.like === false)).toBe(false);
            if (d.score < UNLIKE_BELOW) expect(d.reasons.some((r) => r.like === false)).toBe(true);
          }
        }
      }
      // The variants span the scale (so both rules were exercised).
      expect(seen.has(0)).toBe(true);
      expect(seen.has(4) || seen.has(5)).toBe(true);
    });
  });
});
