import { describe, expect, it } from 'vitest';
import { parseCaptions } from './captions.ts';

describe('parseCaptions', () => {
  it('turns WebVTT into running text without headers, timings, cue ids, tags or entities', () => {
    const vtt = [
      'WEBVTT',
      'Kind: captions',
      'Language: en',
      '',
      'NOTE this is a comment',
      '',
      'STYLE',
      '::cue { color: red }',
      '',
      'intro',
      '00:00:00.000 --> 00:00:02.500 align:start position:0%',
      '<v Speaker>Hello &amp; welcome</v> to <b>Echo</b>.',
      '',
      '00:00:02.500 --> 00:00:05.000',
      'Today we&#39;re talking about &lt;voice&gt;',
      'and content.',
      '',
    ].join('\n');
    expect(parseCaptions(vtt)).toBe(
      "Hello & welcome to Echo. Today we're talking about <voice> and content.",
    );
  });

  it('collapses the rolling duplicates of YouTube automatic captions', () => {
    const vtt = [
      'WEBVTT',
      '',
      '00:00:00.000 --> 00:00:01.000',
      'so<00:00:00.300><c> today</c><00:00:00.600><c> we</c>',
      '',
      '00:00:01.000 --> 00:00:01.010',
      'so today we',
      '',
      '00:00:01.010 --> 00:00:03.000',
      'so today we',
      'talk about trends',
      '',
      '00:00:03.000 --> 00:00:03.010',
      'talk about trends',
      '',
      '00:00:03.010 --> 00:00:05.000',
      'talk about trends',
      'and how to use them',
    ].join('\n');
    expect(parseCaptions(vtt)).toBe('so today we talk about trends and how to use them');
  });

  it('parses SRT with CRLF line ends, a BOM and numbered cues', () => {
    const srt =
      '\uFEFF1\r\n00:00:01,000 --> 00:00:03,000\r\nFirst line\r\n\r\n2\r\n00:00:03,500 --> 00:00:05,000\r\n<i>Second</i> line ,\r\nstill second\r\n\r\n';
    expect(parseCaptions(srt)).toBe('First line Second line, still second');
  });

  it('gives an empty string for captions without cues', () => {
    expect(parseCaptions('WEBVTT\n\n')).toBe('');
    expect(parseCaptions('')).toBe('');
  });
});
