/** A piece of a search snippet: plain text, or a matched stretch to highlight. */
export interface SnippetPart {
  text: string;
  hit: boolean;
}

/**
 * Splits a search snippet (plain text from the server) into plain and highlighted parts, given the
 * highlighted stretches as offsets (`snippet.slice(start, end)`). The snippet is never parsed as
 * HTML: React renders each part as text. Overlapping, unordered or out-of-range stretches are
 * clamped and merged.
 */
export function splitSnippet(snippet: string, highlights: { start: number; end: number }[]): SnippetPart[] {
  const ranges = highlights
    .map(({ start, end }) => ({
      start: Math.max(0, Math.min(start, snippet.length)),
      end: Math.max(0, Math.min(end, snippet.length)),
    }))
    .filter(({ start, end }) => end > start)
    .sort((a, b) => a.start - b.start);
  const parts: SnippetPart[] = [];
  let at = 0;
  for (const { start, end } of ranges) {
    if (end <= at) continue;
    const from = Math.max(start, at);
    if (from > at) parts.push({ text: snippet.slice(at, from), hit: false });
    parts.push({ text: snippet.slice(from, end), hit: true });
    at = end;
  }
  if (at < snippet.length) parts.push({ text: snippet.slice(at), hit: false });
  return parts;
}

/** A sentence split into plain text and its marked filler words (offsets into the sentence). */
export function splitFillers(sentence: {
  text: string;
  fillers: { start: number; end: number }[];
}): SnippetPart[] {
  return splitSnippet(sentence.text, sentence.fillers);
}
