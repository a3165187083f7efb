import { describe, expect, it } from 'vitest';
import { readVerboseJson } from './stt.ts';

describe('readVerboseJson', () => {
  it('gives each word time to the segment it starts in', () => {
    const timed = readVerboseJson({
      text: 'We launched. Nobody came.',
      duration: 4,
      segments: [
        { start: 0, end: 2, text: ' We launched.' },
        { start: 2, end: 4, text: ' Nobody came.' },
      ],
      words: [
        { word: 'We', start: 0, end: 0.8 },
        { word: 'launched', start: 0.8, end: 2 },
        { word: 'Nobody', start: 2, end: 3 },
        { word: 'came', start: '3.1', end: 3.9 },
        { word: ' ', start: 3.9, end: 4 },
        { word: 'late', start: 9, end: 9.5 },
      ],
    });
    expect(timed.segments.map((s) => s.words?.map((w) => [w.text, w.startMs, w.endMs]))).toEqual([
      [
        ['We', 0, 800],
        ['launched', 800, 2000],
      ],
      [
        ['Nobody', 2000, 3000],
        ['came', 3100, 3900],
      ],
    ]);
  });

  it('has no word times when the server gives none', () => {
    const timed = readVerboseJson({ text: 'Hi.', segments: [{ start: 0, end: 1, text: 'Hi.' }] });
    expect(timed.segments[0]!.words).toBeUndefined();
  });
});
