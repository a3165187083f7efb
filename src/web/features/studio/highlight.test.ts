import { describe, expect, it } from 'vitest';
import { splitSnippet } from './highlight.ts';

const S = '\u0002';
const E = '\u0003';

describe('splitSnippet', () => {
  it('splits marked matches from plain text', () => {
    expect(splitSnippet(`we talked about ${S}pricing${E} and ${S}plans${E}.`, S, E)).toEqual([
      { text: 'we talked about ', hit: false },
      { text: 'pricing', hit: true },
      { text: ' and ', hit: false },
      { text: 'plans', hit: true },
      { text: '.', hit: false },
    ]);
  });

  it('keeps markup in the user text as plain text', () => {
    expect(splitSnippet(`<img src=x onerror=alert(1)> ${S}<b>${E}`, S, E)).toEqual([
      { text: '<img src=x onerror=alert(1)> ', hit: false },
      { text: '<b>', hit: true },
    ]);
  });

  it('tolerates an unclosed start and a stray stop marker', () => {
    expect(splitSnippet(`a${E}b ${S}c`, S, E)).toEqual([
      { text: 'ab ', hit: false },
      { text: 'c', hit: true },
    ]);
  });
});
