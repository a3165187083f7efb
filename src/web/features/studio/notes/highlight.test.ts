import { describe, expect, it } from 'vitest';
import { splitFillers, splitSnippet } from './highlight.ts';

describe('splitSnippet', () => {
  it('splits highlighted stretches from plain text', () => {
    const snippet = 'we talked about pricing and plans.';
    expect(
      splitSnippet(snippet, [
        { start: 16, end: 23 },
        { start: 28, end: 33 },
      ]),
    ).toEqual([
      { text: 'we talked about ', hit: false },
      { text: 'pricing', hit: true },
      { text: ' and ', hit: false },
      { text: 'plans', hit: true },
      { text: '.', hit: false },
    ]);
  });

  it('keeps markup in the user text as plain text', () => {
    expect(splitSnippet('<img src=x onerror=alert(1)> <b>', [{ start: 29, end: 32 }])).toEqual([
      { text: '<img src=x onerror=alert(1)> ', hit: false },
      { text: '<b>', hit: true },
    ]);
  });

  it('merges overlapping, unordered and out-of-range stretches', () => {
    expect(
      splitSnippet('abcdef', [
        { start: 4, end: 99 },
        { start: 1, end: 3 },
        { start: 2, end: 4 },
        { start: -5, end: 0 },
      ]),
    ).toEqual([
      { text: 'a', hit: false },
      { text: 'bc', hit: true },
      { text: 'd', hit: true },
      { text: 'ef', hit: true },
    ]);
  });
});

describe('splitFillers', () => {
  it('marks filler words by their offsets in the sentence', () => {
    expect(
      splitFillers({
        text: 'Um, I think, you know, it works.',
        fillers: [
          { start: 0, end: 2 },
          { start: 13, end: 21 },
        ],
      }),
    ).toEqual([
      { text: 'Um', hit: true },
      { text: ', I think, ', hit: false },
      { text: 'you know', hit: true },
      { text: ', it works.', hit: false },
    ]);
  });
});
