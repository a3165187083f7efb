import { describe, expect, it } from 'vitest';
import { parseWordTimes, segmentWords } from './pocketsphinx-output.ts';

// What pocketsphinx_continuous -time yes printed for espeak-ng's "We recorded twelve episodes
// before we published a single one." twice, 3 s apart (two utterances), 0.5 s of lead silence.
const OUTPUT = `we told the people we published a single mom
<s> 0.500 0.520 0.999600
we 0.530 0.720 0.004978
told 0.730 0.970 0.288072
the(2) 0.980 1.090 0.219111
<sil> 1.100 2.090 0.999600
people 2.100 2.440 0.480184
[NOISE] 2.450 2.600 0.5
published 2.610 3.040 0.009277
i 3.050 3.220 0.764196
</s> 3.230 3.580 1.000000
we recorded episodes
<s> 6.990 7.090 1.000000
we 7.100 7.240 0.861210
recorded(2) 7.250 7.730 0.570316
episodes(2) 7.740 8.210 0.001490
</s> 8.220 8.550 1.000000
`;

describe('PocketSphinx word times', () => {
  it('reads words on the audio clock without fillers, marks or alternative-pronunciation numbers', () => {
    const utterances = parseWordTimes(OUTPUT, 500, 7900);
    expect(utterances.map((u) => u.map((w) => w.text))).toEqual([
      ['we', 'told', 'the', 'people', 'published', 'i'],
      ['we', 'recorded', 'episodes'],
    ]);
    expect(utterances[0]![0]).toEqual({ text: 'we', startMs: 30, endMs: 220, confidence: 0.004978 });
    // Clamped to the audio's length.
    expect(utterances[1]!.at(-1)).toMatchObject({ startMs: 7240, endMs: 7710 });
    expect(utterances[1]!.at(-1)!.endMs).toBeLessThanOrEqual(7900);
  });

  it('ignores lines that are not word times (the hypothesis, logs)', () => {
    expect(parseWordTimes('hello world\nINFO: ngram_search.c(301): TOTAL 0.02 CPU\n', 0, 1000)).toEqual([]);
  });

  it('splits on pauses and at utterance ends, with sentence-like text', () => {
    const segments = segmentWords(parseWordTimes(OUTPUT, 500, 9000), { pauseMs: 400, maxSegmentMs: 12_000 });
    expect(segments.map((s) => [s.startMs, s.endMs, s.text])).toEqual([
      [30, 590, 'We told the.'],
      [1600, 2720, 'People published I.'],
      [6600, 7710, 'We recorded episodes.'],
    ]);
    expect(segments[1]!.words.map((w) => w.text)).toEqual(['people', 'published', 'i']);
  });

  it('cuts a segment that runs longer than the maximum', () => {
    const words = Array.from({ length: 10 }, (_, i) => ({
      text: `w${i}`,
      startMs: i * 1000,
      endMs: i * 1000 + 900,
      confidence: 1,
    }));
    const segments = segmentWords([words], { pauseMs: 400, maxSegmentMs: 3000 });
    expect(segments.map((s) => s.words.length)).toEqual([3, 3, 3, 1]);
    for (const s of segments) expect(s.endMs - s.startMs).toBeLessThanOrEqual(3000);
  });
});
