import { describe, expect, it } from 'vitest';
import { figureSpans, searchFigures, searchQueryFigures } from './written-form.ts';

describe('numbers for search', () => {
  it('writes the numbers a text says as figures, each once, without signs or commas', () => {
    expect(searchFigures('We had forty-two runners. It brings in eighteen thousand a month.')).toBe(
      '42 18000',
    );
    expect(searchFigures('Roughly eighty-five dollars an hour, forty percent more, $1,500 typed.')).toBe(
      '85 40 1500',
    );
    expect(searchFigures('one of them, nine times out of ten')).toBe('');
    expect(searchFigures('forty-two and forty-two again')).toBe('42');
  });

  it('reads a query’s figures the same way', () => {
    expect(searchQueryFigures('$18,000 a month')).toBe('18000 a month');
    expect(searchQueryFigures('40% of 1,250,000')).toBe('40 of 1250000');
  });

  it('finds where a figure was said in words', () => {
    const text = 'We had forty-two runners and eighteen thousand a month.';
    expect(figureSpans(text, new Set(['42'])).map((s) => text.slice(s.start, s.end))).toEqual(['forty-two']);
    expect(figureSpans(text, new Set(['18000'])).map((s) => text.slice(s.start, s.end))).toEqual([
      'eighteen thousand',
    ]);
    expect(figureSpans(text, new Set(['7']))).toEqual([]);
  });
});
