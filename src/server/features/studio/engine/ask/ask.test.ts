import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { splitSentences } from '../text/index.ts';
import { type AskNote, type AskSentence, answerQuestion, citedSentences } from './answer.ts';
import { spokenForms, spokenNumber } from './numbers.ts';
import { canonicalKeys, readQuestion, readSentence } from './question.ts';

const FIXTURE_NOTES = path.join(import.meta.dirname, '../../../../../../tests/fixtures/studio/notes');

const termWords = (q: string) => readQuestion(q).terms.map((t) => t.word);
const keysOf = (q: string) => readQuestion(q).terms.flatMap((t) => [...t.keys.keys()]);

describe('reading a question', () => {
  it('keeps the words that name what is asked, stemmed, and drops the asking words', () => {
    expect(termWords('What have I said about pricing?')).toEqual(['pricing']);
    expect(keysOf('What did I tell runners with knee pain?')).toEqual(
      expect.arrayContaining(['runner', 'kne', 'pain']),
    );
    // Stems: "prices" and "pricing" are one key; irregular forms are brought back to their word.
    expect(canonicalKeys('Our prices went up')).toContain([...canonicalKeys('pricing')][0]);
    expect(canonicalKeys('We lost five customers')).toEqual(canonicalKeys('we lose 5 customer'));
  });

  it('reads numbers both ways: figures find spoken numbers and spoken numbers find figures', () => {
    expect(spokenNumber(18_000)).toBe('eighteen thousand');
    expect(spokenNumber(112)).toBe('one hundred and twelve');
    expect(spokenNumber(4200, false)).toBe('four thousand two hundred');
    expect(spokenForms(18_000)).toEqual(expect.arrayContaining(['18000', '18,000', 'eighteen thousand']));
    expect(spokenForms(2020)).toContain('twenty twenty');
    // The question's "18,000" and the note's "eighteen thousand a month" share their key.
    const asked = readQuestion('Who pays 18,000?');
    const number = asked.terms.find((t) => t.keys.has('18000'));
    expect(number?.forms).toContain('eighteen thousand');
    expect(canonicalKeys('the big client pays eighteen thousand a month')).toContain('18000');
    // And the other way round.
    expect(keysOf('who pays eighteen thousand a month')).toContain('18000');
    expect(canonicalKeys('They paid $18k.')).toContain('18000');
    expect(keysOf('the 30% rise')).toContain('30%');
    expect(canonicalKeys('it went up thirty percent')).toContain('30%');
    // A clock time is no amount.
    expect(canonicalKeys('up at four thirty')).not.toContain('30');
  });

  it('adds a few words that name the same thing, weighing them below the word asked', () => {
    const pay = readQuestion('how much did the big client pay').terms.find((t) => t.word === 'pay')!;
    expect(pay.keys.get('pay')).toBe(1);
    expect(pay.keys.get('charg')).toBeLessThan(1);
    expect(pay.forms).toContain('price');
    const client = readQuestion('how much did the big client pay').terms.find((t) => t.word === 'client')!;
    expect(client.forms).toContain('customer');
    expect(readQuestion('our largest customer').terms[0]!.forms).toContain('biggest');
    expect(readQuestion('what did beta testers say').terms.flatMap((t) => t.forms)).toContain('users');
  });

  it('reads a phrase as the word it means, in questions and notes alike', () => {
    expect(termWords("What do I do when I can't fall asleep?")).toEqual(['sleep', '~not']);
    expect(canonicalKeys("if you can't sleep after twenty minutes")).toContain('sleep');
    expect(canonicalKeys('and got back about six hours per person')).toContain(keysOf('save')[0]);
    expect(canonicalKeys('Twenty-nine people signed up')).toContain('signup');
    // Each is also searched as said.
    expect(readQuestion('how many hours did they save').search).toContain('"got back"');
    // "Money back" is a refund; "record again" is said "re-record", which also holds "record".
    expect(keysOf('Can I get my money back?')).toContain(keysOf('refund')[0]);
    expect(canonicalKeys("and I'll refund every cent")).toContain(keysOf('refund')[0]);
    expect(canonicalKeys('We re-recorded three episodes')).toContain('record');
    expect(readQuestion('How many episodes did we record again?').terms[1]!.keys.get('re-record')).toBe(1);
    expect(
      citedSentences(
        answerQuestion(
          readQuestion('How many episodes did we record again?'),
          [
            'We recorded twelve episodes before we published a single one.',
            'Nobody listened past the first.',
            'We re-recorded the first three episodes.',
          ].map((text, position) => ({ id: `n#${position}`, noteId: 'n', position, text })),
          [{ id: 'n', createdAt: '2026-01-01T00:00:00Z' }],
        ),
      )[0]?.id,
    ).toBe('n#2');
  });

  it('reads "first" as which one unless the question asks when something was first said', () => {
    expect(termWords('How many people can join the first group?')).toContain('first');
    expect(termWords('When did I first talk about pricing?')).toEqual(['pricing']);
  });

  it('reads what the question asks for', () => {
    expect(readQuestion('What have I said about pricing?').intent).toBe('across');
    expect(readQuestion('When did I first talk about pricing?').intent).toBe('first');
    expect(readQuestion('How much did the bread club cost?')).toMatchObject({
      intent: 'answer',
      wants: 'money',
    });
    expect(readQuestion('How many members does the club have?').wants).toBe('amount');
    expect(readQuestion('When does enrolment open?').wants).toBe('time');
    expect(readQuestion('How often do we publish?').wants).toBe('frequency');
    // What "how many" counts is marked: the answer holds it beside its figure.
    const counted = readQuestion('How many hours did the team save?').terms.filter((t) => t.counted);
    expect(counted.map((t) => t.word)).toEqual(['hours']);
    // "when" in a clause asks for no time.
    expect(readQuestion("What do I do when I can't sleep?").wants).toBeNull();
  });

  it('bounds the terms and makes a search text of every form, any of them', () => {
    const long = readQuestion(Array.from({ length: 200 }, (_, i) => `word${i}x`).join(' '));
    expect(long.terms.length).toBe(12);
    const asked = readQuestion('how much did the client pay: 18,000?');
    expect(asked.search).toContain('"eighteen thousand"');
    expect(asked.search).toContain(' or ');
    expect(readQuestion('what?').search).toBe('');
    // Nothing but words and quotes reaches the search text.
    expect(readQuestion('price"); drop table x; --').search).not.toMatch(/[;()]/);
  });
});

const note = (id: string, day: number): AskNote => ({
  id,
  createdAt: new Date(Date.UTC(2026, 0, day)).toISOString(),
});
const sentences = (noteId: string, texts: string[]): AskSentence[] =>
  texts.map((text, position) => ({ id: `${noteId}#${position}`, noteId, position, text }));

const CLIENT = sentences('client', [
  'We signed the big client in March after three calls.',
  'They pay eighteen thousand a month.',
  'That is more than the next five customers together.',
  'I walked the dog after the call.',
]);
const BAKERY = sentences('bakery', [
  'I almost closed the bakery last year.',
  'We raised the sourdough to seven dollars.',
  'The card next to the register explained our pricing.',
]);
const OLD = sentences('old', ['My first thoughts on pricing were simple: charge what others charge.']);
const NOTES = [note('client', 10), note('bakery', 20), note('old', 1)];
const ALL = [...CLIENT, ...BAKERY, ...OLD];

describe('answering from the sentences', () => {
  it('cites the sentence that answers, in other words and the other number form', () => {
    const answer = answerQuestion(readQuestion('How much did the big client pay?'), ALL, NOTES);
    expect(answer.found).toBe(true);
    expect(citedSentences(answer)[0]!.id).toBe('client#1');
    const figure = answerQuestion(readQuestion('Who pays 18,000 a month?'), ALL, NOTES);
    expect(citedSentences(figure)[0]!.id).toBe('client#1');
  });

  it('answers "how much" with the figure after the sentence that sets the scene', () => {
    const shop = sentences('shop', [
      'Last November our bookshop had its worst month in nine years.',
      'We took in about eleven thousand dollars, and the rent alone is forty-two hundred.',
      'My co-owner wanted to cut the opening hours on January the eighth.',
    ]);
    const answer = answerQuestion(readQuestion('How much did the shop make in its worst month?'), shop, [
      note('shop', 3),
    ]);
    const citation = answer.groups[0]!.citations[0]!;
    expect(citation.sentence.id).toBe('shop#1');
    expect(citation.before?.id).toBe('shop#0');
    // A date's day is a time, not an amount.
    expect(readSentence(shop[2]!.text).kinds.has('amount')).toBe(false);
  });

  it('gives the neighbour a sentence leans on', () => {
    const answer = answerQuestion(readQuestion('more than the next five customers?'), ALL, NOTES);
    const citation = answer.groups[0]!.citations[0]!;
    expect(citation.sentence.id).toBe('client#2');
    // "That is more than..." points back at what the client pays.
    expect(citation.before?.id).toBe('client#1');
  });

  it('gathers across notes newest first, and the first time oldest first', () => {
    const across = answerQuestion(readQuestion('What have I said about pricing?'), ALL, NOTES);
    expect(across.groups.map((g) => g.note.id)).toEqual(['bakery', 'old']);
    const first = answerQuestion(readQuestion('When did I first talk about pricing?'), ALL, NOTES);
    expect(first.groups[0]!.note.id).toBe('old');
  });

  it('answers a question about money only with a sentence that names some', () => {
    const notes = [note('kiln', 1)];
    const kiln = sentences('kiln', [
      'The new kiln room is finally ready.',
      'Firing times go from three weeks to about one.',
      'Membership stays the same price.',
    ]);
    expect(answerQuestion(readQuestion('How much did I pay for the new kiln?'), kiln, notes).found).toBe(
      false,
    );
    const paid = [
      ...kiln,
      { id: 'kiln#3', noteId: 'kiln', position: 3, text: 'The kiln cost us four thousand dollars.' },
    ];
    expect(
      citedSentences(answerQuestion(readQuestion('How much did I pay for the new kiln?'), paid, notes))[0]!
        .id,
    ).toBe('kiln#3');
  });

  it('says "not found" with the closest notes, never an answer from a stray word', () => {
    const answer = answerQuestion(readQuestion('What did the wedding photographer charge?'), ALL, NOTES);
    expect(answer.found).toBe(false);
    expect(answer.groups).toEqual([]);
    expect(answer.closest.length).toBeGreaterThan(0);
    expect(answerQuestion(readQuestion('¿Cuánto cobré por el pan?'), ALL, NOTES).found).toBe(false);
    expect(answerQuestion(readQuestion('sourdough'), [], NOTES).found).toBe(false);
  });

  it('answers one to four sentences however many match', () => {
    const many = Array.from({ length: 2000 }, (_, i) => ({
      id: `n${i % 50}#${i}`,
      noteId: `n${i % 50}`,
      position: i,
      text: 'We talked about pricing and pricing again.',
    }));
    const notes = Array.from({ length: 50 }, (_, i) => note(`n${i}`, i + 1));
    const answer = answerQuestion(readQuestion('pricing'), many, notes);
    expect(citedSentences(answer).length).toBeGreaterThanOrEqual(1);
    expect(citedSentences(answer).length).toBeLessThanOrEqual(4);
  });

  it('stays bounded on hostile questions and sentences', () => {
    const cpu = () => process.cpuUsage().user / 1000;
    const hostile = [
      'a'.repeat(10_000),
      '1,'.repeat(5_000),
      'one '.repeat(2_500),
      'twenty twenty '.repeat(700),
      '$9 '.repeat(3_000),
      '😀'.repeat(5_000),
      '"'.repeat(10_000),
    ];
    for (const text of hostile) {
      const started = cpu();
      const asked = readQuestion(text);
      expect(asked.terms.length).toBeLessThanOrEqual(12);
      const long = Array.from({ length: 1200 }, (_, i) => ({
        id: `h#${i}`,
        noteId: 'h',
        position: i,
        text: text.repeat(20),
      }));
      answerQuestion(asked, long, [note('h', 1)]);
      expect(cpu() - started, text.slice(0, 20)).toBeLessThan(5_000);
    }
  });
});

describe('a question asking when something is', () => {
  const race = sentences('race', [
    'Nine times out of ten the problem is a weak hip.',
    'You take about eighty thousand strides in a marathon.',
    'In April she ran the Rotterdam marathon in three hours fifty-two.',
  ]);

  it('reads a time as a date, a year, a clock or a time word, not any figure', () => {
    expect(readSentence('You take about eighty thousand strides in a marathon.').kinds.has('time')).toBe(
      false,
    );
    expect(readSentence("I've sent about two thousand of them.").kinds.has('time')).toBe(false);
    expect(readSentence('We launched in 2020.').kinds.has('time')).toBe(true);
    expect(readSentence('They offered me a job in 2019, and I took it.').kinds.has('time')).toBe(true);
    expect(readSentence('It opens on the fourteenth of May.').kinds.has('time')).toBe(true);
    expect(readSentence('Tom starts at 4.').kinds.has('time')).toBe(true);
  });

  it('tells a past time from one now or to come', () => {
    expect(readQuestion('When is the marathon?').ahead).toBe(true);
    expect(readQuestion('When did she run the marathon?').ahead).toBe(false);
    expect(readQuestion('When did I first mention the podcast?').wants).toBeNull();
    expect(readSentence('In April she ran the Rotterdam marathon.').past).toBe(true);
    expect(readSentence("We'll be closed from the eighteenth while we move.").past).toBe(false);
    expect(readSentence('It opens for enrolment on the fourteenth of May.').past).toBe(false);
    // "hundred" ends in -ed and is no past form.
    expect(readSentence('A hundred people in March.').past).toBe(false);
  });

  it('is not answered by a sentence without a time, nor by when it happened before', () => {
    expect(answerQuestion(readQuestion('When is the marathon?'), race, [note('race', 1)]).found).toBe(false);
    const asked = answerQuestion(readQuestion('When did she run the marathon?'), race, [note('race', 1)]);
    expect(citedSentences(asked)[0]!.id).toBe('race#2');
    const ahead = [
      ...race,
      { id: 'race#3', noteId: 'race', position: 3, text: 'My own marathon is on the twelfth of October.' },
    ];
    expect(
      citedSentences(answerQuestion(readQuestion('When is the marathon?'), ahead, [note('race', 1)]))[0]!.id,
    ).toBe('race#3');
  });
});

describe('the sentence that holds what was asked for', () => {
  // The eval's notes, as a user said them: a note's topic sentence repeats the question's words.
  const names = readdirSync(FIXTURE_NOTES)
    .filter((f) => f.endsWith('.txt'))
    .map((f) => f.replace(/\.txt$/, ''));
  const library = names.flatMap((name) =>
    splitSentences(readFileSync(path.join(FIXTURE_NOTES, `${name}.txt`), 'utf8')).map((s, i) => ({
      id: `${name}#${i}`,
      noteId: name,
      position: i,
      text: s.text,
    })),
  );
  const ask = (q: string) =>
    citedSentences(
      answerQuestion(
        readQuestion(q),
        library,
        names.map((name, i) => note(name, i + 1)),
      ),
    )[0]?.id;

  it('reads "can\'t" in a question as a term, below a word', () => {
    // Not "I spent most of last year sleeping maybe five hours a night".
    expect(ask("What do I do when I can't fall asleep?")).toBe('howto-sleep-routine#13');
    expect(termWords('What do I do when I sleep badly?')).toEqual(['sleep', 'badly']);
  });

  it('answers "how many hours" with the figure beside the hours, not a figure about something else', () => {
    // "a design team of fourteen people" holds a figure, but not of hours.
    expect(ask('How many hours did the design team save each week?')).toBe('howto-meetings-steps#15');
  });

  it('opens on the sentence of the note holding the figure and the word the topic sentence lacks', () => {
    // Not "the week I doubled my newsletter price", nor the figure after it ("in June I had...").
    expect(ask('How much do I earn from the newsletter now?')).toBe('story-newsletter-price#11');
  });
});

describe('the kind of answer asked for, and what a sentence holds of it', () => {
  const answerIn = (q: string, texts: string[]) =>
    citedSentences(answerQuestion(readQuestion(q), sentences('n', texts), [note('n', 1)]))[0]?.id;

  it('reads "how long" and "how late" as a duration, "why" as a reason', () => {
    expect(readQuestion('How long did it take to replace the revenue?').wants).toBe('duration');
    expect(readQuestion('How late did they pay their invoices?').wants).toBe('duration');
    // What "how late" measures is counted, as the hours of "how many hours".
    expect(readQuestion('How late did they pay?').terms.find((t) => t.counted)?.word).toBe('late');
    expect(readQuestion('Why did my first hire leave?').wants).toBe('reason');
    expect(readQuestion('What made us raise the price?').wants).toBe('reason');
    expect(readQuestion('How many members does the club have?').wants).toBe('amount');
    expect(readSentence('Within four months we had replaced the revenue.').kinds.has('duration')).toBe(true);
    expect(readSentence('Each one took about forty-five minutes.').kinds.has('duration')).toBe(true);
    expect(readSentence('A twelve-week program.').kinds.has('duration')).toBe(true);
    expect(readSentence('A design team of fourteen people.').kinds.has('duration')).toBe(false);
    expect(readSentence('They left because the process never came.').kinds.has('reason')).toBe(true);
    expect(readSentence('She left after four months.').kinds.has('reason')).toBe(false);
  });

  it('answers "how long" with the sentence holding a figure of time', () => {
    expect(
      answerIn('How long did it take to replace the lost revenue?', [
        'We knew we would lose forty percent of revenue and three big accounts.',
        'Our designers were glad.',
        'Within four months we had replaced the revenue with smaller clients.',
      ]),
    ).toBe('n#2');
    // "Sixty days late" beside the "late" asked, not "for three years" beside the client's name.
    expect(
      answerIn('How late did the retail chain pay their invoices?', [
        'For three years our biggest client was a retail chain that paid us well.',
        'They asked for weekend changes.',
        'They paid their invoices sixty days late.',
      ]),
    ).toBe('n#2');
  });

  it('answers "why" with the sentence giving a reason over one that only names the topic', () => {
    expect(
      answerIn('Why did we raise the bread price?', [
        'We raised the bread price last spring.',
        'Everyone noticed.',
        'We raised the bread price because the flour went up by a third.',
      ]),
    ).toBe('n#2');
  });

  it('takes an opening that announces its subject for the subject, not the answer', () => {
    const hire = [
      'So I want to talk about my first hire, because I got it wrong.',
      'She was brilliant at her old job.',
      'She left after four months, and it cost us a lot.',
    ];
    expect(answerIn('Why did my first hire leave?', hire)).toBe('n#2');
    // "When did I first talk about..." is answered by it.
    const first = answerQuestion(readQuestion('When did I first talk about hiring?'), sentences('n', hire), [
      note('n', 1),
    ]);
    expect(citedSentences(first)[0]?.id).toBe('n#0');
  });

  it('answers a question about now with how things are, not how they were', () => {
    expect(readQuestion('How many hours a week do I coach now?').now).toBe(true);
    expect(readQuestion('How many hours a week did I coach?').now).toBe(false);
    expect(
      answerIn('How many hours a week do I coach now?', [
        'Back in September I was coaching sixty hours a week.',
        'Then I wrote the program.',
        'I coach about thirty-five hours a week these days, and I love it.',
      ]),
    ).toBe('n#2');
  });
});
