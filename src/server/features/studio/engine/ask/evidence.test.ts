import { describe, expect, it } from 'vitest';
import { type AskSentence, answerQuestion, citedSentences } from './answer.ts';
import { namesIn, readQuestion, readSentence } from './question.ts';

const note = { id: 'n', createdAt: new Date(Date.UTC(2026, 0, 1)).toISOString() };
const sentences = (texts: string[]): AskSentence[] =>
  texts.map((text, position) => ({ id: `n#${position}`, noteId: 'n', position, text }));
const answerIn = (q: string, texts: string[]) => {
  const answer = answerQuestion(readQuestion(q), sentences(texts), [note]);
  return answer.found ? citedSentences(answer)[0]?.id : 'not found';
};

const AGENCY = [
  'I ran an agency for nine years.',
  'The best work came from people who went home at six.',
  'Our best designer, Lena, never answered an email after dinner, and she won us our biggest accounts.',
  'The worst quarter was the one everybody worked weekends.',
  'We shipped late, and two people quit.',
];

describe('the names a question asks about', () => {
  it('reads the words spelt with a capital inside a question or a sentence as names', () => {
    expect([...namesIn('Why did Lena leave the agency?')]).toEqual(['lena']);
    expect([...namesIn('How many patients does Dr. Okafor see?')]).toEqual(['dr', 'okafor']);
    // The first word, "I" and a word in capitals are no names.
    expect([...namesIn('When did I hire our CTO?')]).toEqual([]);
    expect([...readSentence('Our best designer, Lena, never answered.').names]).toEqual(['lena']);
  });

  it('marks a named subject and the verb it is asked about', () => {
    const lena = readQuestion('Why did Lena leave the agency?').terms;
    expect(lena.find((t) => t.name)?.word).toBe('lena');
    expect(lena.find((t) => t.predicate)?.word).toBe('leave');
    expect(
      readQuestion('When did Jess and Marco join the studio?').terms.find((t) => t.predicate)?.word,
    ).toBe('join');
    // A yes-or-no question, a possessive and a subject that is no name have no such verb.
    expect(readQuestion('Did Jamal still lose sleep over taxes?').terms.some((t) => t.predicate)).toBe(false);
    expect(
      readQuestion("How many recurring meetings did Priya's team have?").terms.some((t) => t.predicate),
    ).toBe(false);
    expect(readQuestion('Why did the studio move?').terms.some((t) => t.predicate)).toBe(false);
  });

  it('reads "how old" as asking an age', () => {
    expect(readQuestion('How old is Daniela?').terms.map((t) => t.word)).toEqual(['daniela', 'age']);
  });
});

describe('a name alone is no answer', () => {
  it('says "not found" when the sentence naming someone does not say what was asked of them', () => {
    expect(answerIn('Why did Lena leave the agency?', AGENCY)).toBe('not found');
    // In lower case too: the notes spell "Lena" with a capital.
    expect(answerIn('why did lena leave the agency', AGENCY)).toBe('not found');
    expect(answerIn('How old is Daniela?', ['Daniela did the exercises for three weeks.'])).toBe('not found');
    // A lower-case named subject's verb: "hana" is a name because the notes spell it so.
    expect(readQuestion('why did hana become a translator').terms.find((t) => t.verbOf)?.word).toBe('become');
    const hana = [
      'One of them, Hana, a translator in Bristol, went from twenty-eight pounds an hour to forty.',
    ];
    expect(answerIn('why did hana become a translator', hana)).toBe('not found');
    expect(answerIn('why did the translator go from twenty-eight pounds an hour', hana)).toBe('n#0');
  });

  it('answers when it is said there', () => {
    expect(
      answerIn('Why did Lena leave the agency?', [
        ...AGENCY,
        'Lena left the agency because she wanted to teach.',
      ]),
    ).toBe('n#5');
    // The name beside the sentence that answers is enough.
    expect(
      answerIn("How many recurring meetings did Priya's team have?", [
        'Last spring I worked with Priya, who runs a design team in Leeds.',
        'They had twenty-two recurring meetings a week.',
      ]),
    ).toBe('n#1');
  });

  it('wants the rest of the question said where the name is, not elsewhere in the note', () => {
    const coach = [
      'Back then each client paid me a hundred and fifty dollars a session.',
      'I was tired, honestly.',
      'My friend Marisol, who runs a yoga studio, asked me one question.',
    ];
    // Her yoga is said beside her name; what she charges for classes is not.
    expect(answerIn('What did Marisol charge for her yoga classes?', coach)).toBe('not found');
    // "Price" is said all through the note and a rise once, away from his name: the price beside
    // his name is too little of the question.
    const newsletter = [
      'This is the week I doubled my newsletter price.',
      'The new price was ten dollars a month.',
      'About two hundred people cancelled.',
      'But eight hundred and sixty stayed at the new price.',
      'A reader called Tomás wrote back that the Sunday issue was the only email he reads.',
      'I was scared.',
      'Next year I may raise it again.',
    ];
    expect(answerIn('What did Tomás say about the price rise?', newsletter)).toBe('not found');
    expect(answerIn('What did Tomás say about the Sunday issue?', newsletter)).toBe('n#4');
  });

  it('takes the figure asked for, said where the name is, for a verb of paying and the topic', () => {
    // "Charge" is not said, but what Hana charged is, in money.
    expect(
      answerIn('How much did Hana charge per hour before the workshop?', [
        'The workshop is four sessions.',
        'One of them, Hana, a translator, went from twenty-eight pounds an hour to forty.',
      ]),
    ).toBe('n#1');
    // "This" is the exercises the note names earlier: the duration beside her name answers.
    expect(
      answerIn('How long did Daniela do the exercises?', [
        'Here are the three exercises I give everyone.',
        'The first is the side plank.',
        'Do them four days a week.',
        'One of my patients, Daniela, did exactly this for three weeks and then ran pain-free.',
      ]),
    ).toBe('n#3');
    // What "how many" counts must still be said there: eleven years are no wards.
    expect(
      answerIn("How many wards does St Mary's have?", [
        "I was a nurse for eleven years at St Mary's.",
        'It was hard.',
        'Nights were long.',
        'The first tool I built was used by four wards.',
      ]),
    ).toBe('not found');
  });
});
