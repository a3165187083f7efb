import { describe, expect, it } from 'vitest';
import { TRANSCRIPT } from '../__fixtures__/transcript.ts';
import { IDEAS_NEED_TWO_NOTES, ideasView, NOTE_TOPICS_LABEL, topicsOfNote } from './ideas.ts';
import { keyPhrases } from './keyphrases.ts';

const p = (phrase: string, score: number) => ({ phrase, score });

/** A single pasted note's key phrases as the issue found them (11 "Ideas", each "in 1 note"). */
const pasted = [
  p('result', 9),
  p('price lands', 8),
  p('price lives', 7.5),
  p('people', 7),
  p('anchor price', 6.5),
  p('checkout page', 6),
  p('discount', 5),
  p('annual plan', 4),
  p('free trial', 3.5),
  p('sales call', 3),
  p('launch', 2),
];

describe('ideasView', () => {
  it('gives a single note no Ideas: the card says why and shows at most three topics, labelled', () => {
    const view = ideasView([{ id: 'n1', phrases: pasted }]);
    expect(view.ideas).toEqual([]);
    expect(view.message).toBe(IDEAS_NEED_TWO_NOTES);
    expect(view.message).toBe('Ideas appear once two or more notes share a theme');
    expect(view.noteTopics).not.toBeNull();
    expect(view.noteTopics!.noteId).toBe('n1');
    expect(view.noteTopics!.label).toBe(NOTE_TOPICS_LABEL);
    expect(view.noteTopics!.label).toBe('Topics of this note');
    expect(view.noteTopics!.topics.length).toBeLessThanOrEqual(3);
    // "price lands", "price lives" and "anchor price" are one topic; generic nouns are none.
    expect(view.noteTopics!.topics[0]).toBe('price');
    expect(view.noteTopics!.topics).not.toContain('result');
    expect(view.noteTopics!.topics).not.toContain('people');
    expect(view.noteTopics!.topics).toEqual(['price', 'checkout page', 'discount']);
  });

  it('finds an Idea only where two notes share a theme, with the notes that share it', () => {
    const view = ideasView([
      { id: 'a', phrases: [p('pricing', 5), p('hiring', 4), p('people', 9)] },
      { id: 'b', phrases: [p('pricing page', 3), p('gardening', 2), p('people', 9)] },
      { id: 'c', phrases: [p('podcast', 6)] },
    ]);
    expect(view.message).toBeNull();
    expect(view.noteTopics).toBeNull();
    expect(view.ideas.map((idea) => idea.label)).toEqual(['pricing']);
    expect(view.ideas[0]!.noteIds).toEqual(['a', 'b']);
    expect(view.ideas.every((idea) => idea.noteIds.length >= 2)).toBe(true);
  });

  it('says the same when several notes share nothing yet, without topics; and with no notes', () => {
    const apart = ideasView([
      { id: 'a', phrases: [p('pricing', 5)] },
      { id: 'b', phrases: [p('gardening', 2)] },
    ]);
    expect(apart).toEqual({ ideas: [], message: IDEAS_NEED_TWO_NOTES, noteTopics: null });
    expect(ideasView([])).toEqual({ ideas: [], message: IDEAS_NEED_TWO_NOTES, noteTopics: null });
    expect(ideasView([{ id: 'x', phrases: [p('people', 2)] }]).noteTopics).toBeNull();
  });

  it('caps the number of Ideas', () => {
    const notes = ['a', 'b'].map((id) => ({
      id,
      phrases: ['pricing', 'hiring', 'podcast', 'gardening'].map((phrase) => p(phrase, 1)),
    }));
    expect(ideasView(notes, { limit: 2 }).ideas).toHaveLength(2);
  });
});

describe('topicsOfNote', () => {
  it("names a real note's main themes, at most three", () => {
    const topics = topicsOfNote(keyPhrases(TRANSCRIPT, 12));
    expect(topics.length).toBeGreaterThan(0);
    expect(topics.length).toBeLessThanOrEqual(3);
    expect(topics[0]).toBe('pricing');
  });

  it('keeps a word already a topic of its own as the group (no second topic for it)', () => {
    expect(topicsOfNote([p('price', 5), p('price lands', 4), p('price lives', 3), p('churn', 1)])).toEqual([
      'price',
      'churn',
    ]);
  });
});
