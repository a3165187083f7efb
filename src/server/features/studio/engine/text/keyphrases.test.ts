import { describe, expect, it } from 'vitest';
import { TRANSCRIPT } from '../__fixtures__/transcript.ts';
import { ideasOf, keyPhrases } from './keyphrases.ts';
import { stem } from './tokens.ts';

describe('keyPhrases', () => {
  it('finds the themes of a real spoken note, not its fillers, verbs or numbers', () => {
    const phrases = keyPhrases(TRANSCRIPT, 8).map((p) => p.phrase);
    expect(phrases.slice(0, 2)).toEqual(['pricing page', 'pricing']);
    expect(phrases).toContain('customers');
    for (const phrase of phrases) expect(phrase).not.toMatch(/\b(um|uh|you know|nine|honestly|pays)\b/);
  });

  it('merges plurals and -ing forms and never crosses punctuation', () => {
    const phrases = keyPhrases(
      'Customer onboarding is hard. Customers onboarding, again. Price, pricing, prices.',
    );
    const onboarding = phrases.find((p) => p.key === 'customer onboard');
    expect(onboarding).toMatchObject({ count: 2 });
    expect(phrases.find((p) => p.key === 'pric')).toMatchObject({ count: 3 });
    expect(phrases.map((p) => p.phrase)).not.toContain('onboarding price');
  });

  it('takes no verb in -ing for a theme ("thanks for coming", "a new manager reading this")', () => {
    const phrases = keyPhrases(
      'Thanks for coming, everyone. If you are a new manager reading this, try the trade question.',
    ).map((p) => p.phrase);
    expect(phrases).not.toContain('coming');
    expect(phrases.join(' | ')).not.toMatch(/reading/);
    expect(phrases).toContain('manager');
  });

  it('is deterministic and empty for empty text', () => {
    expect(keyPhrases(TRANSCRIPT)).toEqual(keyPhrases(TRANSCRIPT));
    expect(keyPhrases('')).toEqual([]);
    expect(keyPhrases('Um, uh, you know.')).toEqual([]);
  });
});

describe('stem', () => {
  it('brings plurals and inflections together', () => {
    expect(stem('pricing')).toBe(stem('price'));
    expect(stem('prices')).toBe(stem('price'));
    expect(stem('companies')).toBe(stem('company'));
    expect(stem('shipping')).toBe(stem('ship'));
  });
});

describe('ideasOf', () => {
  const notes = [
    { id: 'a', phrases: keyPhrases('Pricing is positioning. Our pricing page talks to people.') },
    { id: 'b', phrases: keyPhrases('We raised prices last spring. The new prices worked.') },
    { id: 'c', phrases: keyPhrases('Hiring is slow. Hiring the first engineer took months.') },
    { id: 'd', phrases: keyPhrases('Pricing again: annual pricing beats monthly. Hiring, too.') },
    { id: 'e', phrases: keyPhrases('A note about gardening.') },
  ];

  it('ranks themes by the number of notes, grouping plurals and longer phrases, with note ids', () => {
    const ideas = ideasOf(notes);
    expect(ideas[0]).toMatchObject({ label: 'pricing', notes: 3, noteIds: ['a', 'b', 'd'] });
    expect(ideas[0]!.phrases).toEqual(expect.arrayContaining(['prices', 'pricing page']));
    expect(ideas[1]).toMatchObject({ label: 'hiring', notes: 2, noteIds: ['c', 'd'] });
    // A theme of one note is not an idea when there are several notes.
    expect(ideas.map((i) => i.label)).not.toContain('gardening');
  });

  it('works with a single note and with none', () => {
    expect(ideasOf([notes[4]!])[0]).toMatchObject({ label: 'gardening', noteIds: ['e'] });
    expect(ideasOf([])).toEqual([]);
  });
});
