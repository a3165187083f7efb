import { describe, expect, it } from 'vitest';
import { analyse } from '../extractive/index.ts';
import type { EngineDraft } from './llm.ts';
import { checkContent, contentProblem, contentWarning } from './llm-checks.ts';

const NOTE = [
  'So I made two mistakes.',
  'The first mistake was recording all twelve episodes before a single reaction.',
  'The second mistake was launching them in one week.',
  'We got about 4,200 downloads a month after that.',
  'Launch the first piece early.',
];
const units = analyse([
  { id: 'n', sentences: NOTE.map((text, i) => ({ id: `s${i}`, text, filler: false, fillers: [] })) },
]).units;
const draftOf = (...blocks: [string, string[]][]): EngineDraft => ({
  blocks: blocks.map(([text, sourceIds], group) => ({
    kind: 'sentence',
    text,
    group,
    sourceIds,
    supported: true,
  })),
  meta: {},
});

describe('the model held to the planner', () => {
  it('finds a list given in part, and says so for the second try and on the draft', () => {
    const check = checkContent(draftOf([NOTE[0]!, ['s0']], [NOTE[1]!, ['s1']]), units);
    expect(check.halfLists).toEqual(['So I made two mistakes.']);
    expect(contentProblem(check)).toContain('gave only part of the list "So I made two mistakes."');
    expect(contentWarning(check)).toMatch(/^This draft gives only part of a list you made/);
  });

  it('accepts a whole list, or none of it', () => {
    expect(
      checkContent(draftOf([NOTE[0]!, ['s0']], [NOTE[1]!, ['s1']], [NOTE[2]!, ['s2']]), units).halfLists,
    ).toEqual([]);
    expect(checkContent(draftOf([NOTE[4]!, ['s4']]), units)).toEqual({ halfLists: [], droppedFacts: [] });
  });

  it('puts back a figure the model dropped from a sentence it cites, as the offline writer writes it', () => {
    const check = checkContent(draftOf(['We got plenty of downloads a month.', ['s3']]), units);
    expect(check.droppedFacts).toEqual([]);
    expect(check.putBack!.blocks[0]).toMatchObject({
      text: 'We got about 4,200 downloads a month after that.',
      sourceIds: ['s3'],
      supported: true,
    });
    expect(contentProblem(check) ?? '').not.toContain('dropped');
  });

  it('asks again for a figure it cannot put back (a guest’s block keeps its words), in words or figures alike', () => {
    const guest = draftOf(['As Priya put it: “We got plenty of downloads.”', ['s3']]);
    guest.blocks[0]!.origin = 'guest';
    const check = checkContent(guest, units);
    expect(check.droppedFacts).toEqual(['4,200']);
    expect(check.putBack).toBeUndefined();
    expect(contentProblem(check)).toContain('keep 4,200');
    expect(checkContent(draftOf(['We got 4200 downloads a month.', ['s3']]), units).droppedFacts).toEqual([]);
    const twelve = checkContent(
      draftOf(
        [NOTE[0]!, ['s0']],
        ['The first mistake was recording all 12 episodes first.', ['s1']],
        [NOTE[2]!, ['s2']],
      ),
      units,
    );
    expect(twelve).toEqual({ halfLists: [], droppedFacts: [] });
    expect(contentProblem(twelve)).toBeUndefined();
  });

  it('holds a clip hook to its line only, and an ordinal to itself (no second try for either)', () => {
    // A clip cites its moment (here the list and the figures) while its hook line says neither.
    const clip: EngineDraft = {
      blocks: [
        {
          kind: 'clip',
          text: 'Two mistakes I made.',
          group: 0,
          sourceIds: ['s1', 's2', 's3'],
          supported: true,
        },
      ],
      meta: {},
    };
    expect(checkContent(clip, units)).toEqual({ halfLists: [], droppedFacts: [] });
    const congress = analyse([
      {
        id: 'c',
        sentences: [
          { id: 'c0', text: 'The 104th Congress met on the 3rd of January.', filler: false, fillers: [] },
        ],
      },
    ]).units;
    expect(congress[0]!.facts).toEqual(['104th', 'congress', '3rd', 'january']);
    expect(
      checkContent(draftOf(['The 104th Congress met on the 3rd of January.', ['c0']]), congress).droppedFacts,
    ).toEqual([]);
  });
});
