import { describe, expect, it } from 'vitest';
import { readLittle } from '#tests/support/fake-social.ts';
import { LITTLE_RESERVED, littleText } from './linkedin.ts';

describe('LinkedIn "little" text', () => {
  it('reserves exactly ( ) [ ] { } < > @ # * _ ~ | \\', () => {
    expect([...LITTLE_RESERVED].sort()).toEqual([...'()[]{}<>@#*_~|\\'].sort());
  });

  for (const ch of LITTLE_RESERVED) {
    it(`escapes ${ch} with a backslash, and LinkedIn reads the text whole`, () => {
      const text = `Price the outcome ${ch} not the hours ${ch}${ch} end`;
      const sent = littleText(text);
      expect(sent).toBe(`Price the outcome \\${ch} not the hours \\${ch}\\${ch} end`);
      expect(readLittle(sent)).toBe(text);
      // Unescaped, LinkedIn keeps what came before the character and drops the rest (a lone
      // backslash escapes what follows it instead).
      if (ch === '\\') expect(readLittle(text)).not.toBe(text);
      else if (ch !== '#') expect(readLittle(text)).toBe('Price the outcome ');
    });
  }

  it('"Price the outcome (not the hours)" arrives whole', () => {
    const text = 'Price the outcome (not the hours)';
    expect(littleText(text)).toBe('Price the outcome \\(not the hours\\)');
    expect(readLittle(littleText(text))).toBe(text);
    expect(readLittle(text)).toBe('Price the outcome ');
  });

  it('keeps a #hashtag a hashtag and a link whole; a # elsewhere is plain', () => {
    const text = 'Notes on #pricing for C# teams: see https://example.com/a_b_(c) and #1 fan';
    const sent = littleText(text);
    expect(sent).toBe('Notes on #pricing for C\\# teams: see https://example.com/a_b_(c) and \\#1 fan');
    expect(readLittle(sent)).toBe(text);
  });
});
