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

describe('speakers in a transcription answer', () => {
  it("reads diarized_json's segments with their speaker labels", () => {
    const timed = readVerboseJson({
      task: 'transcribe',
      duration: 4.2,
      text: 'Hello. Hi there.',
      segments: [
        { type: 'transcript.text.segment', id: 'seg_001', start: 0, end: 1.2, text: 'Hello.', speaker: 'A' },
        {
          type: 'transcript.text.segment',
          id: 'seg_002',
          start: 1.3,
          end: 4.2,
          text: 'Hi there.',
          speaker: 'B',
        },
      ],
      usage: { type: 'duration', seconds: 5 },
    });
    expect(timed.segments.map((s) => [s.startMs, s.speaker])).toEqual([
      [0, 'A'],
      [1300, 'B'],
    ]);
    expect(timed.durationMs).toBe(4200);
  });

  it('reads speaker or speaker_id from verbose_json segments, and nothing from a server that gives none', () => {
    const labelled = readVerboseJson({
      segments: [
        { start: 0, end: 1, text: 'One.', speaker_id: 'speaker_1' },
        { start: 1, end: 2, text: 'Two.', speaker: 'SPEAKER_00' },
        { start: 2, end: 3, text: 'Three.', speaker_id: 2 },
      ],
    });
    expect(labelled.segments.map((s) => s.speaker)).toEqual(['speaker_1', 'SPEAKER_00', '2']);
    const plain = readVerboseJson({ segments: [{ start: 0, end: 1, text: 'One.' }] });
    expect(plain.segments[0]).not.toHaveProperty('speaker');
    const long = readVerboseJson({
      segments: [{ start: 0, end: 1, text: 'One.', speaker: 'x'.repeat(500) }],
    });
    expect(long.segments[0]!.speaker).toHaveLength(80);
  });
});
