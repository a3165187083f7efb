import { describe, expect, it } from 'vitest';
import type { Sentence } from '#contract/studio.ts';
import { likelyMe, turnsOf } from './speaker-turns.ts';

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
});
