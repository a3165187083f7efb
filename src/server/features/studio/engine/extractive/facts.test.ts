import { describe, expect, it } from 'vitest';
import { analyse } from './analyse.ts';
import { editSentence, shortenAtClause } from './edit.ts';
import { factChecklist, factKept, factsOfNotes, holdsFact, readDraft } from './facts.ts';
import { atomsFor } from './plan.ts';

const note = (...texts: string[]) => texts.map((text, i) => ({ id: `s${i}`, text }));
const kinds = (texts: string[]) => factsOfNotes(note(...texts)).map((f) => `${f.kind}:${f.text}`);

describe('a note’s facts', () => {
  it('reads figures, money, percentages, dates, times, names and comparisons in written form', () => {
    expect(
      kinds([
        'It came to roughly eighty-five dollars an hour, and our other clients were paying us closer to a hundred and forty.',
        'Forty-two runners signed up on March the third, and ninety percent of them finished.',
        'In April she ran the Rotterdam marathon in three hours fifty-two.',
        'We worked it out with our bookkeeper, Anouk, last October, after six years with them.',
        'Our ads brought in eighteen thousand a month in twenty twenty-one.',
      ]),
    ).toEqual([
      'money:$85 an hour',
      'comparison:closer to $140 an hour',
      'figure:42 runners',
      'date:March 3',
      'percent:90%',
      'date:April',
      'name:Rotterdam',
      'time:3:52',
      'name:Anouk',
      'date:October',
      'time:six years',
      'figure:18,000 a month',
      'date:2021',
    ]);
  });

  it('leaves idioms and the words that only start a sentence alone', () => {
    expect(kinds(['Nine times out of ten, one of them is fine.', 'Honestly, it was a good week.'])).toEqual(
      [],
    );
  });

  it('counts a name at a sentence’s start when the note names it mid-sentence too', () => {
    const facts = factsOfNotes(note('I hired Priya in May.', 'Priya changed everything for us.'));
    expect(facts.find((f) => f.text === 'Priya')?.sentenceIds).toEqual(['s0', 's1']);
  });

  it('says a fact once, citing every sentence that states it', () => {
    const facts = factsOfNotes(note('We charged $85 an hour.', 'Yes, eighty-five dollars an hour.'));
    expect(facts).toEqual([{ id: 'f1', kind: 'money', text: '$85 an hour', sentenceIds: ['s0', 's1'] }]);
  });

  it('finds the lesson: the sentence naming it, else the advice at the end', () => {
    const named = factsOfNotes(
      note('We lost a client.', 'The lesson is that revenue is not profit.', 'Anyway, that was March.'),
    );
    expect(named.find((f) => f.kind === 'lesson')?.text).toBe('The lesson is that revenue is not profit.');
    const advice = factsOfNotes(
      note(
        'We lost a client.',
        'It hurt for a while.',
        'We found two better ones.',
        'Measure your real hourly rate for every client.',
      ),
    );
    expect(advice.find((f) => f.kind === 'lesson')?.text).toBe(
      'Measure your real hourly rate for every client.',
    );
  });

  it('skips filler sentences and keeps at most a hundred facts', () => {
    expect(factsOfNotes([{ id: 1, text: 'Um, forty-two, yeah.', filler: true }])).toEqual([]);
    const many = Array.from({ length: 150 }, (_, i) => `We sold ${i + 13} chairs.`);
    expect(factsOfNotes(note(...many))).toHaveLength(100);
  });
});

describe('whether a draft keeps a fact', () => {
  const facts = factsOfNotes(
    note(
      'We charged roughly eighty-five dollars an hour, and the others paid closer to a hundred and forty.',
      'It took three weeks, and Daniela ran it in three hours fifty-two on March the third.',
    ),
  );
  const kept = (draft: string) =>
    factChecklist(
      note(
        'We charged roughly eighty-five dollars an hour, and the others paid closer to a hundred and forty.',
        'It took three weeks, and Daniela ran it in three hours fifty-two on March the third.',
      ),
      [draft],
    )
      .filter((f) => f.kept)
      .map((f) => f.text);

  it('matches the written form and the spoken form alike', () => {
    expect(facts.map((f) => f.text)).toEqual([
      '$85 an hour',
      'closer to $140 an hour',
      'three weeks',
      'Daniela',
      '3:52',
      'March 3',
    ]);
    expect(
      kept('We charged $85 an hour. Others paid $140. Three weeks later Daniela ran 3:52 on March 3.'),
    ).toEqual(facts.map((f) => f.text));
    expect(kept('We charged eighty-five dollars an hour; it took 3 weeks.')).toEqual([
      '$85 an hour',
      'three weeks',
    ]);
  });

  it('does not take a bare figure for an amount, nor another number for the fact', () => {
    expect(kept('We charged 85 an hour and ran it in 3:50.')).toEqual([]);
  });

  it('keeps a lesson said in other words only when most of its words are there', () => {
    const lesson = { kind: 'lesson' as const, text: 'Revenue is not the same as profit.' };
    expect(
      factKept(lesson, readDraft('Remember: revenue is not profit, and a big logo can hide that.')),
    ).toBe(true);
    expect(factKept(lesson, readDraft('A big logo can hide a bad deal.'))).toBe(false);
  });
});

describe('clause cutting keeps facts', () => {
  const agency =
    'When we finally did the maths with our bookkeeper, it came to roughly $85 an hour for all the meetings and rewrites we did, and our other clients were paying us closer to 140.';

  it('never cuts a clause holding a figure, a name, a date or a comparison', () => {
    expect(holdsFact('and our other clients were paying us closer to 140')).toBe(true);
    expect(holdsFact('and then Anouk said so')).toBe(true);
    expect(holdsFact('which felt strange at the time')).toBe(false);
    // The only boundary that fits would drop "closer to 140": the sentence is not shortened.
    expect(shortenAtClause(agency, 30, 6)).toBeUndefined();
  });

  it('still cuts a clause without one', () => {
    const text =
      'We raised the price of the sourdough loaf to $7 that spring after a long night at the kitchen table, which felt strange at the time because nobody in our street charges that much for bread.';
    expect(shortenAtClause(text, 30, 6)).toEqual({
      text: 'We raised the price of the sourdough loaf to $7 that spring after a long night at the kitchen table.',
      cuts: ['which felt strange at the time because nobody in our street charges that much for bread.'],
    });
  });

  it('keeps a bracketed aside that states a figure, in words or digits', () => {
    expect(
      editSentence({ text: 'We sent the emails (about forty of them) on a Sunday.', fillers: [] }).text,
    ).toBe('We sent the emails (about forty of them) on a Sunday.');
    expect(
      editSentence({ text: 'We sent the emails (which was a pain) on a Sunday.', fillers: [] }).text,
    ).toBe('We sent the emails on a Sunday.');
  });
});

describe('a list’s sentences', () => {
  it('keeps the sentence between an announcement and item one (it heads the list)', () => {
    const text = [
      'A lot of you asked how I budget as a freelancer, because the money comes in at random.',
      "Here's what I do.",
      'I use three accounts.',
      'The first account is where every client payment lands.',
      'The second account is for tax, thirty percent of every payment.',
      'The third account is my salary, three thousand two hundred euros a month.',
      'Open the three accounts this week.',
    ];
    const atoms = atomsFor(
      analyse([{ id: 'n', sentences: text.map((t, id) => ({ id, text: t, filler: false, fillers: [] })) }]),
    );
    const list = atoms.find((a) => a.list)!;
    expect(list.list!.head!.original).toBe('I use three accounts.');
    expect(list.list!.items).toHaveLength(3);
    // Every sentence is in some atom: none falls out of the plan unseen.
    expect(atoms.flatMap((a) => a.units.map((u) => u.index)).sort((a, b) => a - b)).toEqual([
      0, 1, 2, 3, 4, 5, 6,
    ]);
  });
});

describe('the checklists of one request’s drafts', () => {
  it('answer as the notes read now, each its own copy, whether or not their facts were found before', () => {
    const said = note('It took three weeks and cost $85.', 'Daniela ran it.');
    const first = factChecklist(said, ['three weeks']);
    expect(first.map((f) => [f.text, f.kept])).toEqual(
      factChecklist(said, ['three weeks']).map((f) => [f.text, f.kept]),
    );
    first[0]!.sentenceIds.push('changed by its caller');
    expect(factChecklist(said, ['three weeks'])[0]!.sentenceIds).toEqual(['s0']);
    // A correction keeps the sentences' ids and changes their words: its facts are the new ones.
    const corrected = note('It took four weeks and cost $85.', 'Daniela ran it.');
    expect(factChecklist(corrected, ['four weeks']).map((f) => f.text)).toEqual(
      factsOfNotes(corrected).map((f) => f.text),
    );
    expect(factChecklist(corrected, ['four weeks'])[0]!.kept).toBe(true);
  });
});
