import { describe, expect, it } from 'vitest';
import { FUNCTION_WORDS, FW } from '../text/index.ts';
import { forEachChar } from './char-ngrams.ts';
import {
  buildProfile,
  isPhraseShape,
  mergeAll,
  type NoteStats,
  noteStats,
  SENTENCE_BINS,
  signaturePhrases,
} from './profile.ts';
import { referenceCount } from './reference.ts';

describe('noteStats', () => {
  it('counts sentences, lengths, questions, exclamations, emoji, hashtags and first person', () => {
    const text =
      'I love this. Do you? We shipped it today! 🚀 #launch #buildinpublic\n\nMy second paragraph is here.';
    const stats = noteStats(text, 'written');
    expect(stats.words).toBe(16);
    expect(stats.sentences).toBe(5); // the emoji and hashtags line is its own sentence
    expect(stats.questions).toBe(1);
    expect(stats.exclamations).toBe(1);
    expect(stats.emoji).toBe(1);
    expect(stats.hashtags).toBe(2);
    expect(stats.paragraphs).toBe(2);
    // I, we, my
    expect(stats.firstPerson).toBe(3);
    expect(stats.fw[FW.indexOf('this')]).toBe(1);
    expect(stats.lengths.reduce((a, b) => a + b, 0)).toBe(5);
    expect(stats.openers['i love']).toBe(1);
    expect(stats.closers['paragraph is here']).toBe(1);
  });

  it('stores counts, not the text, and stays JSON-serialisable and small', () => {
    const long = Array.from(
      { length: 200 },
      (_, i) => `Sentence number ${i} talks about pricing and customers.`,
    ).join(' ');
    const stats = noteStats(long, 'spoken');
    expect(JSON.parse(JSON.stringify(stats))).toEqual(stats);
    expect(Object.keys(stats.phrases).length).toBeLessThanOrEqual(120);
    expect(JSON.stringify(stats)).not.toContain('Sentence number 17');
  });

  it('stores the character n-grams of a long note densely, and merges both forms', () => {
    const long = noteStats(
      Array.from({ length: 80 }, (_, i) => `Line ${i} about pricing, churn and customers.`).join(' '),
      'written',
    );
    const short = noteStats('Pricing matters.', 'written');
    expect(typeof long.chars).toBe('string');
    expect(typeof short.chars).toBe('object');
    const sum = (chars: NoteStats['chars']) => {
      let total = 0;
      forEachChar(chars, (_, count) => {
        total += count;
      });
      return total;
    };
    const merged = mergeAll([long, short], 'written');
    expect(sum(merged.chars)).toBe(sum(long.chars) + sum(short.chars));
    expect(JSON.stringify(long).length).toBeLessThan(12_000);
  });

  it('leaves filler-only sentences and filler words out of sentence lengths', () => {
    const stats = noteStats('Um. Yeah. So, um, we built the the thing.', 'spoken');
    expect(stats.sentences).toBe(1);
    // "So, we built the thing" = 5 words
    expect(stats.sentenceWords).toBe(5);
  });
});

describe('buildProfile', () => {
  const notes = [
    noteStats('Here is the thing. Pricing is a conversation. At the end of the day you ship.', 'spoken'),
    noteStats(
      'Here is the thing. Customers tell you. At the end of the day they pay or they leave.',
      'spoken',
    ),
    noteStats('Here is the thing about hiring. At the end of the day it is trust.', 'spoken'),
    noteStats('Short post. With a question?', 'written'),
  ];

  it('keeps registers apart and totals notes and words', () => {
    const profile = buildProfile(notes, { pinned: ['here is the thing'], banned: ['synergy'] });
    expect(profile.notes).toBe(4);
    expect(profile.spoken!.notes).toBe(3);
    expect(profile.written!.notes).toBe(1);
    expect(profile.words).toBe(notes.reduce((n, s) => n + s.words, 0));
    expect(profile.pinned).toEqual(['here is the thing']);
    expect(profile.banned).toEqual(['synergy']);
    expect(profile.written!.habits.questionRate).toBe(0.5);
  });

  it('computes the sentence-length distribution with fixed bins', () => {
    const profile = buildProfile([noteStats('One two three. One two three four five six seven.', 'written')]);
    const length = profile.written!.sentenceLength;
    expect(length.bins).toEqual(SENTENCE_BINS);
    expect(length.mean).toBe(5);
    expect(length.histogram[0]).toBe(0.5);
    expect(length.histogram[1]).toBe(0.5);
    expect(length.typical.length).toBe(SENTENCE_BINS.length + 1);
    expect(length.typical.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 2);
  });

  it('gives relative function-word frequencies over a list of 150+ words', () => {
    expect(FW.length).toBeGreaterThanOrEqual(150);
    expect(FW.length).toBe(FUNCTION_WORDS.length - 1); // one duplicate removed, order kept
    const profile = buildProfile([noteStats('The cat and the dog.', 'written')]);
    expect(profile.written!.functionWords[FW.indexOf('the')]).toBeCloseTo(0.4);
    expect(profile.written!.functionWords[FW.indexOf('and')]).toBeCloseTo(0.2);
  });

  it('finds signature phrases over-represented against the reference, used across notes', () => {
    const profile = buildProfile(notes);
    const phrases = profile.spoken!.signaturePhrases.map((p) => p.phrase);
    expect(phrases).toContain('here is the thing');
    expect(phrases).toContain('end of the day');
    // A shorter piece of a kept phrase is not listed separately.
    expect(phrases).not.toContain('of the day');
    // Common English is not a signature phrase even when repeated.
    expect(referenceCount('of the')).toBeGreaterThan(1000);
    const common = signaturePhrases(
      mergeAll([noteStats('Most of the time. Some of the time. All of the time.', 'spoken')], 'spoken'),
    );
    expect(common.map((p) => p.phrase)).not.toContain('of the');
  });

  it('keeps only content phrases: no function-word pairs, no fragments', () => {
    expect(isPhraseShape('of them')).toBe(false);
    expect(isPhraseShape('the one')).toBe(false);
    expect(isPhraseShape('write the')).toBe(false); // ends on glue: a fragment
    expect(isPhraseShape('pricing is a')).toBe(false);
    expect(isPhraseShape('the pricing page')).toBe(false); // "pricing page" says it
    expect(isPhraseShape('pricing page')).toBe(true);
    expect(isPhraseShape('ship it weekly')).toBe(true);
    expect(isPhraseShape("here's the thing")).toBe(true); // 'thing' is a noun
    expect(isPhraseShape('in 2020')).toBe(false);
    expect(isPhraseShape('them write')).toBe(false);
    // A user who says the same function-word pairs over and over gets none of them listed.
    const habits = [
      'Most of them write the one thing. Some of them write the one draft. All of them write the one post.',
      'None of them write the one line. Few of them write the one page. Many of them write the one note.',
    ].map((text) => noteStats(text, 'written'));
    const listed = buildProfile(habits).written!.signaturePhrases.map((p) => p.phrase);
    for (const glue of ['of them', 'the one', 'write the', 'them write', 'write the one'])
      expect(listed).not.toContain(glue);
    expect(listed.every((phrase) => isPhraseShape(phrase))).toBe(true);
  });

  it('needs a phrase seen in two notes or three times, and said more than the reference says it', () => {
    const phrasesOf = (texts: string[]) =>
      buildProfile(texts.map((text) => noteStats(text, 'written'))).written!.signaturePhrases.map(
        (p) => p.phrase,
      );
    // Twice, in two notes: stable.
    expect(phrasesOf(['We ran the pricing experiment.', 'Another pricing experiment failed.'])).toContain(
      'pricing experiment',
    );
    // Twice, in one note of two: not yet.
    expect(
      phrasesOf(['One pricing experiment. A second pricing experiment.', 'Something else entirely.']),
    ).not.toContain('pricing experiment');
    // Three times in one note: stable.
    expect(
      phrasesOf([
        'One pricing experiment. A second pricing experiment. A third pricing experiment.',
        'Something else entirely.',
      ]),
    ).toContain('pricing experiment');
    // A content phrase said about as often as the reference says it is not the user's signature;
    // the same construction with a phrase the reference never says is.
    expect(referenceCount('united states')).toBeGreaterThan(1000);
    const numbers = Array.from({ length: 400 }, (_, i) => String(i + 1)).join(' ');
    const sayingThrice = (phrase: string) => phrasesOf([1, 2, 3].map(() => `The ${phrase}. ${numbers}.`));
    expect(sayingThrice('United States')).not.toContain('united states');
    expect(sayingThrice('pricing experiment')).toContain('pricing experiment');
  });

  it('reports openers, closers and a readability grade', () => {
    const profile = buildProfile(notes);
    expect(profile.spoken!.habits.openers).toContainEqual({ text: 'here is', share: 0.375 });
    const simple = buildProfile([noteStats('The cat sat. The dog ran. We had fun.', 'written')]).written!;
    const hard = buildProfile([
      noteStats(
        'Institutional considerations necessitate comprehensive organizational restructuring initiatives.',
        'written',
      ),
    ]).written!;
    expect(simple.habits.readabilityGrade).toBeLessThan(3);
    expect(hard.habits.readabilityGrade).toBeGreaterThan(15);
  });

  it('is mergeable: merging per-note stats equals the stats of the notes added up', () => {
    const merged = mergeAll(notes, 'spoken');
    expect(merged.notes).toBe(3);
    expect(merged.words).toBe(notes.slice(0, 3).reduce((n, s) => n + s.words, 0));
    expect(merged.phraseNotes!['here is the thing']).toBe(3);
    // Inputs are not mutated.
    expect(notes[0]!.phraseNotes).toBeUndefined();
    // The character n-gram profile is a probability vector.
    const profile = buildProfile(notes);
    expect(profile.spoken!.charNgrams.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 2);
  });

  it('builds an empty profile without notes', () => {
    expect(buildProfile([])).toEqual({
      version: 1,
      notes: 0,
      words: 0,
      spoken: null,
      written: null,
      pinned: [],
      banned: [],
    });
  });
});
