import { describe, expect, it } from 'vitest';
import { type AskSentence, answerQuestion, citedSentences } from './answer.ts';
import { readQuestion, readSentence } from './question.ts';

/** The kind of answer a question asks for beyond a figure: a reason, a name, a place, how it was. */

const note = { id: 'n', createdAt: new Date(Date.UTC(2026, 0, 1)).toISOString() };
const sentences = (texts: string[]): AskSentence[] =>
  texts.map((text, position) => ({ id: `n#${position}`, noteId: 'n', position, text }));
const answerIn = (q: string, texts: string[]) =>
  citedSentences(answerQuestion(readQuestion(q), sentences(texts), [note]))[0]?.id;

describe('what a question asks for', () => {
  it('answers "why" with the reason beside the sentence that only says what happened', () => {
    // After it: "because...".
    expect(
      answerIn('Why did I almost close the bakery?', [
        'Okay, so, last March I almost closed the bakery.',
        'Not because people stopped coming, but because I was losing money on every loaf.',
      ]),
    ).toBe('n#1');
    // Before it, when it opens on what followed ("So I got curious").
    expect(
      answerIn('What made me curious about software?', [
        'The handover system crashed twice a week.',
        'So I got curious about software and started a course.',
      ]),
    ).toBe('n#0');
    // A spoken opening ("Okay, so,") gives no reason.
    expect(readSentence('Okay, so, last March I almost closed the bakery.').kinds.has('reason')).toBe(false);
    expect(readSentence('It rained, so we stayed in.').kinds.has('reason')).toBe(true);
    // "The cause" is a noun, not "'cause".
    expect(readSentence('Treat the cause, not the place that hurts.').kinds.has('reason')).toBe(false);
    expect(readSentence('We left cause it rained.').kinds.has('reason')).toBe(true);
  });

  it('answers "what is it called" with the sentence giving the name', () => {
    expect(readQuestion('What is the new bookkeeping course called?').wants).toBe('name');
    expect(readQuestion("What's the name of the studio?").wants).toBe('name');
    expect(readQuestion('Who called me about the course?').wants).toBe(null);
    expect(
      answerIn('What is the new bookkeeping course called?', [
        'After two years of asking, the new bookkeeping course is finally happening.',
        "It's called Books in a Weekend, and it opens in May.",
      ]),
    ).toBe('n#1');
  });

  it('answers "where" with the sentence naming a place', () => {
    expect(readQuestion('Where is the new studio?').wants).toBe('place');
    expect(readSentence('We signed a lease on Mill Lane.').kinds.has('place')).toBe(true);
    // A month or a day is no place.
    expect(readSentence('We open in April, on Saturday.').kinds.has('place')).toBe(false);
    expect(
      answerIn('Where is the new studio?', [
        "We're moving the studio.",
        "We've signed a lease on a bigger space in the old print works on Mill Lane.",
      ]),
    ).toBe('n#1');
  });

  it('answers a question about before with how things were, not how they are now', () => {
    expect(readQuestion('How many hours a week was I working before the program?').before).toBe(true);
    expect(readQuestion('What did I charge before?').before).toBe(true);
    // "Before publishing" is what came first, not the past.
    expect(readQuestion('How many episodes did we record before publishing?').before).toBe(false);
    expect(
      answerIn('How many hours a week was I working before the program?', [
        'Back then I had twenty clients and was working sixty hours a week.',
        'Then I wrote the program.',
        'Twenty-nine people joined the program, and I now work about thirty-five hours a week.',
      ]),
    ).toBe('n#0');
  });
});
