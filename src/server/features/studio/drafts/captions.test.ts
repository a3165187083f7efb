import { describe, expect, it } from 'vitest';
import { cuesOf, lines, toSrt, toVtt } from './captions.ts';

const sentences = [
  {
    id: 'a',
    text: 'Um, pricing is a conversation, not a number.',
    fillers: [{ start: 0, end: 2 }],
    startMs: 1_000,
    endMs: 4_000,
  },
  {
    id: 'b',
    text: 'When a client asks me what I charge, I ask them what happens if this project goes really well for them.',
    fillers: [],
    startMs: 4_000,
    endMs: 12_000,
  },
  { id: 'c', text: 'Outside the clip.', fillers: [], startMs: 12_000, endMs: 14_000 },
];
const clip = {
  start_ms: 1_000,
  end_ms: 12_000,
  sources: ['a', 'b'].map((id) => ({ note_id: 'n', sentence_id: id, available: true })),
};

describe('clip captions', () => {
  it('wraps text in lines of at most 42 characters without cutting words', () => {
    for (const line of lines(sentences[1]!.text)) expect(line.length).toBeLessThanOrEqual(42);
    expect(lines(sentences[1]!.text).join(' ')).toBe(sentences[1]!.text);
  });

  it('times cues inside each sentence, in order, without fillers, within the clip', () => {
    const cues = cuesOf([clip], sentences);
    expect(cues[0]).toEqual({
      startMs: 1_000,
      endMs: 4_000,
      lines: ['Pricing is a conversation, not a number.'],
    });
    expect(cues.length).toBe(3);
    for (const [i, cue] of cues.entries()) {
      expect(cue.lines.length).toBeLessThanOrEqual(2);
      expect(cue.endMs).toBeGreaterThan(cue.startMs);
      if (i > 0) expect(cue.startMs).toBe(cues[i - 1]!.endMs);
    }
    expect(cues.at(-1)!.endMs).toBe(12_000);
  });

  it('writes SRT and WebVTT', () => {
    const cues = cuesOf([clip], sentences);
    expect(toSrt(cues).split('\n').slice(0, 3)).toEqual([
      '1',
      '00:00:01,000 --> 00:00:04,000',
      'Pricing is a conversation, not a number.',
    ]);
    expect(toVtt(cues).startsWith('WEBVTT\n\n00:00:01.000 --> 00:00:04.000\nPricing is a conversation')).toBe(
      true,
    );
  });
});
