import { describe, expect, it } from 'vitest';
import { toSrt, toVtt, wordTimedText } from './clips.ts';

describe('word-timed WebVTT captions', () => {
  const cue = {
    startMs: 1000,
    endMs: 3200,
    text: 'We launched the podcast.',
    words: [
      { text: 'We', startMs: 1000 },
      { text: 'launched', startMs: 1250 },
      { text: 'the', startMs: 1700 },
      { text: 'podcast.', startMs: 1900 },
    ],
  };

  it('puts an inline timestamp before every word after the first', () => {
    expect(wordTimedText(cue)).toBe('We <00:00:01.250>launched <00:00:01.700>the <00:00:01.900>podcast.');
    expect(toVtt([cue])).toBe(
      'WEBVTT\n\n00:00:01.000 --> 00:00:03.200\nWe <00:00:01.250>launched <00:00:01.700>the <00:00:01.900>podcast.\n',
    );
  });

  it('leaves out times outside the cue, and keeps plain text without word times (and in SRT)', () => {
    const stray = { ...cue, words: [...cue.words, { text: 'late', startMs: 5000 }] };
    expect(wordTimedText(stray)).toMatch(/podcast\. late$/);
    expect(wordTimedText({ startMs: 0, endMs: 1000, text: 'No word times here.' })).toBe(
      'No word times here.',
    );
    expect(toSrt([cue])).toBe('1\n00:00:01,000 --> 00:00:03,200\nWe launched the podcast.\n');
  });
});
