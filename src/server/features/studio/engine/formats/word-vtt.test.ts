import { describe, expect, it } from 'vitest';
import { toSrt, toVtt, wordTimedText } from './clips.ts';

describe('word-timed WebVTT captions', () => {
  const cue = {
    startMs: 1000,
    endMs: 3200,
    text: 'We launched the podcast.',
    words: [
      { text: 'We', startMs: 1000 },
      { text: 'um', startMs: 1100 },
      { text: 'launched', startMs: 1250 },
      { text: 'the', startMs: 1700 },
      { text: 'podcast', startMs: 1900 },
    ],
  };

  it('puts an inline timestamp before every timed word after the first (a dropped filler skipped)', () => {
    expect(wordTimedText(cue)).toBe('We <00:00:01.250>launched <00:00:01.700>the <00:00:01.900>podcast.');
    expect(toVtt([cue])).toBe(
      'WEBVTT\n\n00:00:01.000 --> 00:00:03.200\nWe <00:00:01.250>launched <00:00:01.700>the <00:00:01.900>podcast.\n',
    );
  });

  it('keeps the line break, leaves out times outside the cue, and words it cannot match', () => {
    const long = {
      startMs: 0,
      endMs: 4000,
      text: 'Nobody listened to the second show until the summer came around.',
      words: 'Nobody listened to the second show until the summer came'
        .split(' ')
        .map((text, i) => ({ text, startMs: i * 350 }))
        .concat([{ text: 'around', startMs: 9000 }]),
    };
    const text = wordTimedText(long);
    expect(text.split('\n')).toHaveLength(2);
    expect(text).toMatch(/^Nobody <00:00:00\.350>listened /);
    expect(text).toMatch(/<00:00:03\.150>came around\.$/);
    expect(wordTimedText({ ...cue, text: 'Something else entirely.' })).toBe('Something else entirely.');
  });

  it('is plain text without word times, and SRT never has them', () => {
    expect(wordTimedText({ startMs: 0, endMs: 1000, text: 'No word times here.' })).toBe(
      'No word times here.',
    );
    expect(toSrt([cue])).toBe('1\n00:00:01,000 --> 00:00:03,200\nWe launched the podcast.\n');
  });
});
