import { describe, expect, it } from 'vitest';
import { turnsOfSegments } from './conversation.ts';
import { distinctLabels, interleaveTracks, trackLabel } from './tracks.ts';

const seg = (startMs: number, endMs: number, text: string) => ({ startMs, endMs, text });

describe('interleaving tracks by time', () => {
  it('alternates turns by start time, one speaker per track', () => {
    const merged = interleaveTracks([
      { label: 'sam', segments: [seg(0, 2000, 'Welcome to the show.'), seg(5000, 6000, 'Why?')] },
      { label: 'priya', segments: [seg(2500, 4800, 'Thanks for having me.'), seg(6500, 9000, 'Because.')] },
    ]);
    expect(merged.map((s) => `${s.speaker}:${s.text}`)).toEqual([
      'sam:Welcome to the show.',
      'priya:Thanks for having me.',
      'sam:Why?',
      'priya:Because.',
    ]);
    const { turns, labels } = turnsOfSegments(merged, 20);
    expect(labels).toEqual(['sam', 'priya']);
    expect(turns.map((t) => t.label)).toEqual(['sam', 'priya', 'sam', 'priya']);
  });

  it('lets an overlapping segment interrupt, and a longer track go on alone', () => {
    const merged = interleaveTracks([
      {
        label: 'host',
        segments: [seg(0, 10_000, 'A long question that runs on.'), seg(12_000, 13_000, 'Right.')],
      },
      { label: 'guest', segments: [seg(4000, 5000, 'Mm.'), seg(20_000, 30_000, 'Then I kept talking.')] },
      { label: 'late', segments: [seg(31_000, 60_000, 'I joined at the end.')] },
    ]);
    expect(merged.map((s) => s.speaker)).toEqual(['host', 'guest', 'host', 'guest', 'late']);
    const { turns } = turnsOfSegments(merged, 20);
    expect(turns).toHaveLength(5);
    expect(turns[4]).toMatchObject({ label: 'late', text: 'I joined at the end.' });
  });

  it('joins one speaker’s consecutive segments into one turn, and orders ties by track', () => {
    const merged = interleaveTracks([
      { label: 'b', segments: [seg(0, 1000, 'Same start.')] },
      { label: 'a', segments: [seg(0, 1000, 'Same start too.'), seg(1000, 2000, 'And more.')] },
    ]);
    expect(merged.map((s) => s.speaker)).toEqual(['b', 'a', 'a']);
    expect(turnsOfSegments(merged, 20).turns[1]).toMatchObject({
      label: 'a',
      text: 'Same start too. And more.',
    });
  });

  it('skips empty segments and empty tracks', () => {
    const merged = interleaveTracks([
      { label: 'a', segments: [seg(0, 1000, '  ')] },
      { label: 'b', segments: [] },
      { label: 'c', segments: [seg(0, 1000, 'Only me.')] },
    ]);
    expect(merged.map((s) => s.speaker)).toEqual(['c']);
  });
});

describe('track labels', () => {
  it('is the file name without its extension, distinct per track', () => {
    expect(trackLabel('Priya Patel.wav', 80)).toBe('Priya Patel');
    expect(trackLabel('C:\\rec\\sam.riverside.m4a', 80)).toBe('sam.riverside');
    expect(trackLabel('.wav', 80)).toBe('Speaker');
    expect(trackLabel(`${'x'.repeat(200)}.mp3`, 80)).toHaveLength(80);
    expect(distinctLabels(['audio', 'Audio', 'sam', 'audio'])).toEqual([
      'audio',
      'Audio (2)',
      'sam',
      'audio (3)',
    ]);
  });
});
