import { CsvError, parse } from 'csv-parse/sync';
import type { ImportFileFormat } from '#contract/studio.ts';

/** One post found in an import file. */
export interface ImportedPost {
  text: string;
  /** When the post was published, if the file says. */
  date: Date | null;
  url: string | null;
  /** The line of the file where the post starts (1-based). */
  line: number;
}

/** A file that cannot be read; the message names the line. */
export class ImportFormatError extends Error {}

const lineAt = (text: string, position: number) => text.slice(0, Math.max(0, position)).split('\n').length;

/** Which parser a file name selects (null: not an accepted import file). */
export function importFormatOf(filename: string): ImportFileFormat | null {
  const name = filename.trim().toLowerCase().split(/[\\/]/).pop() ?? '';
  if (/^shares.*\.csv$/.test(name)) return 'linkedin_shares';
  if (/^tweets?(-part\d+)?\.js$/.test(name) || name.endsWith('.js')) return 'x_tweets';
  if (name.endsWith('.txt')) return 'text';
  if (name.endsWith('.md') || name.endsWith('.markdown')) return 'markdown';
  if (name.endsWith('.csv')) return 'csv';
  return null;
}

const validDate = (value: unknown): Date | null => {
  if (typeof value !== 'string' || !value.trim()) return null;
  const date = new Date(
    /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}(:\d{2})?$/.test(value.trim())
      ? `${value.trim().replace(' ', 'T')}Z`
      : value,
  );
  return Number.isNaN(date.getTime()) || date.getTime() > Date.now() + 86_400_000 ? null : date;
};

/** Rows of a CSV file with a header; errors name the line. */
function csvRecords(content: string): Array<{ record: Record<string, string>; line: number }> {
  try {
    const rows = parse(content, {
      bom: true,
      columns: (header: string[]) => header.map((h) => h.trim().toLowerCase()),
      skip_empty_lines: true,
      relax_column_count: true,
      info: true,
    }) as Array<{ record: Record<string, string>; info: { lines: number } }>;
    return rows.map((row) => ({ record: row.record, line: row.info.lines }));
  } catch (error) {
    if (error instanceof CsvError) {
      const line = (error as CsvError & { lines?: number }).lines;
      throw new ImportFormatError(
        `Line ${line ?? '?'}: ${error.message.replace(/^Invalid [^:]*: /, '').replace(/ at line \d+.*$/, '')}`,
      );
    }
    throw error;
  }
}

/** LinkedIn's data export `Shares.csv`: Date, ShareLink, ShareCommentary, SharedUrl, MediaUrl, Visibility. */
export function parseLinkedInShares(content: string): ImportedPost[] {
  const rows = csvRecords(content);
  if (rows.length > 0 && !('sharecommentary' in rows[0]!.record))
    throw new ImportFormatError("Line 1: this is not LinkedIn's Shares.csv (no ShareCommentary column)");
  return rows.map(({ record, line }) => ({
    // LinkedIn writes doubled quotes inside the commentary of some exports ("" for ").
    text: (record.sharecommentary ?? '').replace(/""/g, '"').trim(),
    date: validDate(record.date),
    url: record.sharelink?.trim() || null,
    line,
  }));
}

const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
};

/** An X (Twitter) archive's `data/tweets.js`: `window.YTD.tweets.part0 = [ { "tweet": {...} }, ... ]`. */
export function parseXTweets(content: string): ImportedPost[] {
  const start = content.indexOf('[');
  if (start === -1 || !/^\s*(window\.YTD\.[\w.]+\s*=\s*)?\[/.test(content))
    throw new ImportFormatError(
      'Line 1: this is not an X archive tweets.js (expected window.YTD.tweets.part0 = [ ... ])',
    );
  let items: unknown;
  try {
    items = JSON.parse(content.slice(start));
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const position = /position (\d+)/.exec(message);
    const lineCol = /line (\d+) column/.exec(message);
    const line = position
      ? lineAt(content, start + Number(position[1]))
      : lineCol
        ? lineAt(content, start) + Number(lineCol[1]) - 1
        : '?';
    throw new ImportFormatError(
      `Line ${line}: the file is not valid JavaScript/JSON (${message.replace(/\s*\(line \d+ column \d+\)/, '').replace(/ in JSON at position \d+/, '')})`,
    );
  }
  if (!Array.isArray(items)) throw new ImportFormatError('Line 1: expected a list of tweets');
  const posts: ImportedPost[] = [];
  const firstLine = lineAt(content, start);
  items.forEach((item, index) => {
    const tweet = ((item as { tweet?: unknown })?.tweet ?? item) as {
      full_text?: unknown;
      text?: unknown;
      created_at?: unknown;
      id_str?: unknown;
    };
    const raw =
      typeof tweet.full_text === 'string'
        ? tweet.full_text
        : typeof tweet.text === 'string'
          ? tweet.text
          : null;
    if (raw === null)
      throw new ImportFormatError(`Tweet ${index + 1} (near line ${firstLine}): it has no full_text`);
    // Retweets are someone else's words.
    if (/^RT @\w+:/.test(raw)) return;
    const text = raw
      .replace(/&(amp|lt|gt|quot|#39);/g, (entity) => ENTITIES[entity] ?? entity)
      .replace(/\s*https:\/\/t\.co\/\w+/g, '')
      .trim();
    posts.push({
      text,
      date: validDate(tweet.created_at),
      url: typeof tweet.id_str === 'string' ? `https://x.com/i/status/${tweet.id_str}` : null,
      line: firstLine,
    });
  });
  return posts;
}

/** Plain text or Markdown: posts separated by a line of `---` (or `***`, `===`); else one post. */
export function parsePlainPosts(content: string): ImportedPost[] {
  const lines = content
    .replace(/^\uFEFF/, '')
    .replace(/\r\n?/g, '\n')
    .split('\n');
  const posts: ImportedPost[] = [];
  let current: string[] = [];
  let startLine = 1;
  const flush = () => {
    const text = current.join('\n').trim();
    if (text) posts.push({ text, date: null, url: null, line: startLine });
    current = [];
  };
  lines.forEach((line, i) => {
    if (/^\s*(-{3,}|\*{3,}|={3,})\s*$/.test(line)) {
      flush();
      startLine = i + 2;
    } else {
      if (current.length === 0 && !line.trim()) startLine = i + 2;
      current.push(line);
    }
  });
  flush();
  return posts;
}

const TEXT_COLUMNS = [
  'text',
  'content',
  'post',
  'body',
  'commentary',
  'sharecommentary',
  'full_text',
  'tweet',
  'message',
  'caption',
];
const DATE_COLUMNS = ['date', 'created_at', 'created', 'published', 'published_at', 'timestamp', 'time'];

/** Any CSV of posts: the column named text, content, post, body, ... (or the only column). */
export function parseCsvPosts(content: string): ImportedPost[] {
  const rows = csvRecords(content);
  if (rows.length === 0) return [];
  const columns = Object.keys(rows[0]!.record);
  const textColumn =
    TEXT_COLUMNS.find((c) => columns.includes(c)) ?? (columns.length === 1 ? columns[0] : undefined);
  if (!textColumn)
    throw new ImportFormatError(
      `Line 1: no column named ${TEXT_COLUMNS.slice(0, 5).join(', ')} (found: ${columns.join(', ').slice(0, 200)})`,
    );
  const dateColumn = DATE_COLUMNS.find((c) => columns.includes(c));
  const urlColumn = ['url', 'link', 'sharelink'].find((c) => columns.includes(c));
  return rows.map(({ record, line }) => ({
    text: (record[textColumn] ?? '').trim(),
    date: dateColumn ? validDate(record[dateColumn]) : null,
    url: urlColumn ? record[urlColumn]?.trim() || null : null,
    line,
  }));
}

export function parseImportFile(format: ImportFileFormat, content: string): ImportedPost[] {
  switch (format) {
    case 'linkedin_shares':
      return parseLinkedInShares(content);
    case 'x_tweets':
      return parseXTweets(content);
    case 'csv':
      return parseCsvPosts(content);
    default:
      return parsePlainPosts(content);
  }
}
