import { describe, expect, it } from 'vitest';
import { SUMMARY_MAX_CHARS, summarizeExtractive } from './summary.ts';

describe('summarizeExtractive', () => {
  it('keeps short texts whole and picks the most representative sentences in order', () => {
    expect(summarizeExtractive('Just one sentence.')).toBe('Just one sentence.');
    const text =
      'Voice notes are the fastest way to capture ideas. I had lunch. Echo turns voice notes into posts. The weather was fine. Your ideas become posts from voice notes. Bye.';
    const summary = summarizeExtractive(text);
    expect(summary).toBe(
      'Voice notes are the fastest way to capture ideas. Echo turns voice notes into posts. Your ideas become posts from voice notes.',
    );
  });

  it('is bounded in length', () => {
    const long = Array.from(
      { length: 50 },
      (_, i) => `Sentence number ${i} talks about ${'words '.repeat(40)}.`,
    ).join(' ');
    expect(summarizeExtractive(long).length).toBeLessThanOrEqual(SUMMARY_MAX_CHARS + 1);
  });
});
