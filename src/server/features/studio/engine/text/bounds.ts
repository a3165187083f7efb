/**
 * Keeps the text analysis linear in the length of the text: no word is longer than
 * MAX_TOKEN_CHARS, so a run of non-space characters longer than that (a 200,000-letter "word", a
 * minified blob, a row of dots) is not handed to a model whose regular expressions are quadratic in
 * a token's length. Pure.
 */

/** A run of non-space characters longer than this is not a word. */
export const MAX_TOKEN_CHARS = 64;

/** The characters wink-nlp splits raw tokens on (its English model's `splitter`). */
const isWinkSpace = (code: number) =>
  code === 0x20 ||
  code === 0x0a ||
  code === 0x0d ||
  code === 0x09 ||
  code === 0xa0 ||
  (code >= 0x2002 && code <= 0x2005) ||
  code === 0x2009 ||
  code === 0x200a ||
  code === 0x202f ||
  code === 0x205f;

/** A space wink counts before a token (tabs and line breaks are tokens of their own to it). */
export const isSpaceForTagger = (text: string, at: number) => {
  const code = text.charCodeAt(at);
  return code !== 0x0a && code !== 0x0d && code !== 0x09 && isWinkSpace(code);
};

/**
 * `text` with every run of non-space characters longer than MAX_TOKEN_CHARS replaced by as many
 * spaces (offsets are kept), and the ranges that were blanked. One pass, O(length).
 */
export function blankLongRuns(text: string): { text: string; blanked: [number, number][] } {
  const blanked: [number, number][] = [];
  let start = -1;
  for (let i = 0; i <= text.length; i++) {
    const space = i === text.length || isWinkSpace(text.charCodeAt(i));
    if (!space && start < 0) start = i;
    else if (space && start >= 0) {
      if (i - start > MAX_TOKEN_CHARS) blanked.push([start, i]);
      start = -1;
    }
  }
  if (blanked.length === 0) return { text, blanked };
  let out = '';
  let cursor = 0;
  for (const [from, to] of blanked) {
    out += text.slice(cursor, from) + ' '.repeat(to - from);
    cursor = to;
  }
  return { text: out + text.slice(cursor), blanked };
}
