import { describe, expect, it } from 'vitest';
import { LiveTranscript, type RecognitionResults } from './live-transcript.ts';

const result = (transcript: string, isFinal: boolean) => ({ isFinal, 0: { transcript } });
const list = (...results: Array<ReturnType<typeof result>>): RecognitionResults => results;

describe('LiveTranscript: timing of results', () => {
  it('times a phrase from its first interim result to its final one, within about a second of the speech', () => {
    // Said from 1.0 s to 3.0 s: interim results from 1.4 s, final 0.6 s after the last word.
    const live = new LiveTranscript();
    live.onResult(list(result('we recorded', false)), 0, 1400);
    live.onResult(list(result('we recorded twelve episodes', false)), 0, 2300);
    live.onResult(list(result('we recorded twelve episodes', true)), 0, 3600);
    const [phrase] = live.phrases();
    expect(phrase!.text).toBe('we recorded twelve episodes');
    expect(Math.abs(phrase!.startMs - 1000)).toBeLessThan(1000);
    expect(Math.abs(phrase!.endMs - 3000)).toBeLessThan(1000);
  });

  it('times a phrase first seen already final by the time its words take to say', () => {
    // Said from 5.0 s to 7.0 s (six words), final at 7.6 s with no interim result before.
    const live = new LiveTranscript();
    live.onResult(list(result('nobody listened to the second show', true)), 0, 7600);
    const [phrase] = live.phrases();
    expect(Math.abs(phrase!.startMs - 5000)).toBeLessThan(1000);
    expect(Math.abs(phrase!.endMs - 7000)).toBeLessThan(1000);
  });

  it('keeps phrases in order and never overlapping, and shows the part not yet final', () => {
    const live = new LiveTranscript();
    live.onResult(list(result('first idea', true)), 0, 2000);
    live.onResult(list(result('first idea', true), result('second', false)), 1, 2100);
    expect(live.text()).toEqual({ final: 'first idea', interim: 'second' });
    live.onResult(list(result('first idea', true), result('second idea', true)), 1, 3500);
    const phrases = live.phrases();
    expect(phrases.map((p) => p.text)).toEqual(['first idea', 'second idea']);
    expect(phrases[1]!.startMs).toBeGreaterThanOrEqual(phrases[0]!.endMs);
    for (const p of phrases) expect(p.endMs).toBeGreaterThanOrEqual(p.startMs);
  });
});

describe('LiveTranscript: merging restarted sessions', () => {
  it("appends each session's results (numbered from 0 again) and keeps what a session left unfinished", () => {
    const live = new LiveTranscript();
    live.onResult(list(result('before the pause', true)), 0, 3000);
    live.onResult(list(result('before the pause', true), result('and then', false)), 1, 4000);
    // The recogniser ends on its own after a pause: the unfinished phrase is kept as heard.
    live.endSession(4500);
    // A new session: its first result is number 0 again, and must not replace the first phrase.
    live.onResult(list(result('after the restart', false)), 0, 61_000);
    live.onResult(list(result('after the restart', true)), 0, 62_500);
    live.endSession(70_000);
    const phrases = live.phrases();
    expect(phrases.map((p) => p.text)).toEqual(['before the pause', 'and then', 'after the restart']);
    expect(Math.abs(phrases[2]!.startMs - 60_600)).toBeLessThan(1000);
    for (let i = 1; i < phrases.length; i++)
      expect(phrases[i]!.startMs).toBeGreaterThanOrEqual(phrases[i - 1]!.endMs);
    expect(live.text()).toEqual({ final: 'before the pause and then after the restart', interim: '' });
  });

  it('ignores empty results', () => {
    const live = new LiveTranscript();
    live.onResult(list(result('   ', true)), 0, 1000);
    live.endSession(2000);
    expect(live.phrases()).toEqual([]);
  });
});
