/**
 * Turns WebVTT or SRT captions into clean running text: cue numbers, timings, headers, styling
 * tags and entities go; the rolling duplicates of automatic captions are collapsed.
 */
export function parseCaptions(input: string): string {
  const text = input.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  const blocks = text.split(/\n{2,}/);
  const lines: string[] = [];
  for (const block of blocks) {
    const rows = block.split('\n');
    const first = rows[0]?.trim() ?? '';
    if (/^WEBVTT\b/.test(first) || /^(NOTE|STYLE|REGION)\b/.test(first)) continue;
    const timing = rows.findIndex((row) => row.includes('-->'));
    if (timing === -1) continue;
    for (const row of rows.slice(timing + 1)) {
      const clean = decodeEntities(row.replace(/<[^>]*>/g, ''))
        .replace(/\{\\[^}]*\}/g, '')
        .replace(/\s+/g, ' ')
        .trim();
      if (!clean) continue;
      // Auto captions repeat the previous line as the next cue starts; keep each line once.
      if (lines[lines.length - 1] === clean) continue;
      lines.push(clean);
    }
  }
  // Rolling captions also show a line that is the previous one extended: keep the longer one.
  const merged: string[] = [];
  for (const line of lines) {
    const last = merged[merged.length - 1];
    if (last && line.startsWith(last)) merged[merged.length - 1] = line;
    else if (last?.endsWith(line)) continue;
    else merged.push(line);
  }
  return merged
    .join(' ')
    .replace(/\s+([,.!?;:])/g, '$1')
    .trim();
}

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  lrm: '',
  rlm: '',
};

function decodeEntities(value: string): string {
  return value.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (match, name: string) => {
    if (name[0] === '#') {
      const code =
        name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
      return Number.isFinite(code) && code > 0 && code < 0x110000 ? String.fromCodePoint(code) : match;
    }
    return ENTITIES[name.toLowerCase()] ?? match;
  });
}
