import { describe, expect, it } from 'vitest';
import type { Sentence } from '#contract/studio.ts';
import { editableTurns, joinTurns, likelyMe, turnsOf } from './speaker-turns.ts';

const speakers = [
  { id: 'a', label: 'SAM', name: 'Sam Lee', me: false },
  { id: 'b', label: 'Priya', name: 'Priya', me: false },
];
const sentence = (id: string, speaker: string | null): Sentence => ({
  id,
  text: id,
  start_char: 0,
  end_char: 1,
  filler: false,
  fillers: [],
  speaker_id: speaker,
});

describe('speaker turns in the note view', () => {
  it('groups consecutive sentences of one speaker, numbering sentences across the note', () => {
    const turns = turnsOf({
      speakers,
      sentences: [
        sentence('1', 'a'),
        sentence('2', 'a'),
        sentence('3', 'b'),
        sentence('4', null),
        sentence('5', 'a'),
      ],
    });
    expect(turns.map((t) => [t.speaker?.name ?? null, t.sentences.map((s) => s.position)])).toEqual([
      ['Sam Lee', [1, 2]],
      ['Priya', [3]],
      [null, [4]],
      ['Sam Lee', [5]],
    ]);
  });

  it('preselects the speaker named like the byline, by full name, label or first name', () => {
    expect(likelyMe(speakers, 'Sam Lee')).toBe('a');
    expect(likelyMe(speakers, 'sam')).toBe('a');
    expect(likelyMe(speakers, 'Priya Shah')).toBe('b');
    expect(likelyMe(speakers, 'Dana')).toBe('');
    expect(likelyMe(speakers, null)).toBe('');
  });

  it("gives the whole-text editor each turn's words without its speaker, and joins them a paragraph each", () => {
    const text = 'Why quit? Tell me.\n\nDemand. Mostly.';
    const at = (id: string, start: number, end: number, speaker: string): Sentence => ({
      ...sentence(id, speaker),
      start_char: start,
      end_char: end,
    });
    const turns = editableTurns({
      text,
      speakers,
      sentences: [at('1', 0, 9, 'a'), at('2', 10, 18, 'a'), at('3', 20, 27, 'b'), at('4', 28, 35, 'b')],
    });
    expect(turns.map((t) => [t.speaker?.name, t.text, t.start])).toEqual([
      ['Sam Lee', 'Why quit? Tell me.', 0],
      ['Priya', 'Demand. Mostly.', 20],
    ]);
    expect(joinTurns(turns.map((t) => t.text))).toBe(text);
    // A turn emptied is gone; a solo note is one field of its whole text.
    expect(joinTurns([' Why quit? ', '', 'Demand.'])).toBe('Why quit?\n\nDemand.');
    expect(editableTurns({ text: 'Solo.', speakers: [], sentences: [] })).toEqual([
      { key: 'text', speaker: null, text: 'Solo.', start: 0 },
    ]);
  });
});
