import { describe, expect, it } from 'vitest';
import { guardCell, toCsv } from './exports.service.ts';

describe('CSV exports', () => {
  it.each([
    ['=HYPERLINK("x")', `'=HYPERLINK("x")`],
    ['+1+2', "'+1+2"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tcmd', "'\tcmd"],
    ['\rcmd', "'\rcmd"],
    ['-30.00', '-30.00'],
    ['-5', '-5'],
    [-12.5, '-12.5'],
    ['a=b', 'a=b'],
    [null, ''],
    [undefined, ''],
  ])('guards %j as %j', (value, expected) => {
    expect(guardCell(value)).toBe(expected);
  });

  it('writes CRLF rows, quotes what needs it and guards every cell', () => {
    const csv = toCsv(
      ['name', 'amount', 'note'],
      [
        ['=1+1', '-30.00', 'a, "b"'],
        ['\rx', 12, 'line\nbreak'],
        [null, '@me', 'plain'],
      ],
    );
    expect(csv).toBe(
      ['name,amount,note', `'=1+1,-30.00,"a, ""b"""`, `"'\rx",12,"line\nbreak"`, ",'@me,plain", ''].join(
        '\r\n',
      ),
    );
  });
});
