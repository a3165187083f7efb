import { describe, expect, it } from 'vitest';
import { type AskNote, type AskSentence, answerQuestion, citedSentences } from './answer.ts';
import { frameHolds, timeFrameOf } from './frames.ts';
import { canonicalKeys, readQuestion } from './question.ts';

/** What a question asks beyond its topic: the time it asks within, and whose opinion it asks. */

const NOW = Date.UTC(2026, 5, 22, 9);
const DAY = 24 * 3600 * 1000;
const noteAt = (id: string, ms: number): AskNote => ({ id, createdAt: new Date(ms).toISOString() });
const sentences = (noteId: string, texts: string[]): AskSentence[] =>
  texts.map((text, position) => ({ id: `${noteId}#${position}`, noteId, position, text }));
const answerIn = (q: string, texts: string[], made = NOW - 120 * DAY) => {
  const answer = answerQuestion(readQuestion(q, NOW), sentences('n', texts), [noteAt('n', made)]);
  return answer.found ? citedSentences(answer)[0]?.id : 'not found';
};
const said = (...texts: string[]) => texts.map((text) => ({ text, keys: canonicalKeys(text) }));

describe('the time a question asks within', () => {
  it('reads a time frame, and none from "the last coffee" or "the first month"', () => {
    expect(timeFrameOf('How many kilometres did Daniela run last week?', NOW)?.asked).toBe('last week');
    expect(timeFrameOf('How many downloads did we get in 2019?', NOW)?.year).toBe(2019);
    expect(timeFrameOf('How many runners did I see last year?', NOW)?.year).toBe(2025);
    expect(timeFrameOf('How many loaves did we sell yesterday?', NOW)?.asked).toBe('yesterday');
    expect(timeFrameOf('How much did the shop make in April?', NOW)?.month).toBe(3);
    expect(timeFrameOf('When should the last coffee be?', NOW)).toBeNull();
    expect(timeFrameOf('How many downloads in the first month?', NOW)).toBeNull();
    expect(timeFrameOf('How many hours do I coach now?', NOW)).toBeNull();
  });

  it('is met where the sentence or a neighbour says it, or the note was made within it', () => {
    const frame = timeFrameOf('How many runners did I see last year?', NOW)!;
    expect(frameHolds(frame, said('Last year I saw forty-two runners.'), '2020-01-01T00:00:00Z')).toBe(true);
    // "Last year" in a note made in 2026 is 2025; "in 2025" says it too.
    const year = timeFrameOf('How many hours did I sleep in 2025?', NOW)!;
    expect(
      frameHolds(year, said('I spent most of last year sleeping five hours.'), '2026-02-01T00:00:00Z'),
    ).toBe(true);
    expect(
      frameHolds(year, said('I spent most of last year sleeping five hours.'), '2020-02-01T00:00:00Z'),
    ).toBe(false);
    expect(frameHolds(year, said('Since twenty twenty-five I sleep well.'), '2020-02-01T00:00:00Z')).toBe(
      true,
    );
    // A note made last week tells of last week; one made in February does not.
    const week = timeFrameOf('How far did Daniela run last week?', NOW)!;
    expect(
      frameHolds(week, said('Daniela ran twelve kilometres.'), new Date(NOW - 5 * DAY).toISOString()),
    ).toBe(true);
    expect(frameHolds(week, said('Daniela ran twelve kilometres.'), '2026-02-01T00:00:00Z')).toBe(false);
  });

  it('says "not found" when the sentence that answers tells of another time', () => {
    const texts = [
      'Do the exercises four days a week.',
      'One of my patients, Daniela, did exactly this for three weeks and went from stopping at five kilometres to running pain-free for twelve kilometres.',
      'In April she ran the Rotterdam marathon.',
    ];
    expect(answerIn('How many kilometres did Daniela run last week?', texts)).toBe('not found');
    // The same note made last week answers it, as does the question without a time.
    expect(answerIn('How many kilometres did Daniela run last week?', texts, NOW - 3 * DAY)).toBe('n#1');
    expect(answerIn('How many kilometres did Daniela run?', texts)).toBe('n#1');
  });

  it('takes a year asked for the time, not for a word of the question', () => {
    const sleep = ['I slept about five hours a night for most of last year.'];
    expect(readQuestion('How many hours did I sleep in 2019?', NOW).terms.map((t) => t.word)).not.toContain(
      '2019',
    );
    // Last year, in a note made in 2026, is 2025; in a note made in 2020 it is 2019.
    expect(answerIn('How many hours did I sleep in 2019?', sleep)).toBe('not found');
    expect(answerIn('How many hours did I sleep in 2019?', sleep, Date.UTC(2020, 2, 1))).toBe('n#0');
    expect(answerIn('When did we launch?', ['We launched in 2020 at nine dollars a month.'])).toBe('n#0');
    expect(
      answerIn('What did we charge when we launched in 2020?', ['We launched in 2020 at nine dollars.']),
    ).toBe('n#0');
  });
});

describe('a question asking what someone thought', () => {
  it('is answered where a word of reporting is said of them', () => {
    expect(readQuestion('What did the kids think of story hour?').reports?.of).toEqual(new Set(['kid']));
    expect(readQuestion('What did I say about story hour?').reports).toBeNull();
    expect(
      answerIn('What did the kids think of story hour?', [
        'We started three events.',
        "The third was a kids' story hour on Saturday mornings, the best of the three.",
      ]),
    ).toBe('not found');
    expect(
      answerIn('What did the kids think of story hour?', [
        'We started three events.',
        'The kids said story hour was the best part of their week.',
      ]),
    ).toBe('n#1');
    // "Expect" is held by any word of reporting: "thought".
    expect(
      answerIn('What did Kofi expect would happen?', [
        'We changed the calls in January.',
        'My business partner, Kofi, thought we would lose everyone.',
      ]),
    ).toBe('n#1');
  });

  it('wants it said by them, not by the owner', () => {
    expect(
      answerIn('What did the guests think of their episodes?', [
        'We recorded twelve episodes with our guests before we published a single one.',
        'That felt smart at the time.',
      ]),
    ).toBe('not found');
    // A pronoun stands for them.
    expect(
      answerIn('What did the customers think of the card?', [
        'We put a card by the register for the customers.',
        'They read it, and some of them said it was about time.',
      ]),
    ).toBe('n#0');
  });
});
