/** A piece of a search snippet: plain text, or a matched term to highlight. */
export interface SnippetPart {
  text: string;
  hit: boolean;
}

/**
 * Splits a `ts_headline` snippet whose matches are wrapped in `start`/`stop` marker characters
 * (asked of the server instead of HTML tags) into plain and highlighted parts. The text is never
 * parsed as HTML: React renders each part as text. A marker left open runs to the end; a stray
 * stop marker is dropped.
 */
export function splitSnippet(snippet: string, start: string, stop: string): SnippetPart[] {
  const parts: SnippetPart[] = [];
  let hit = false;
  let text = '';
  const push = () => {
    if (text) parts.push({ text, hit });
    text = '';
  };
  for (const char of snippet) {
    if (char === start && !hit) {
      push();
      hit = true;
    } else if (char === stop) {
      if (hit) {
        push();
        hit = false;
      }
    } else if (char !== start) text += char;
  }
  push();
  return parts;
}
