import { Readable } from 'node:stream';
import { CsvError, parse } from 'csv-parse';
import type { ImportFileFormat } from '#contract/studio-capture.ts';
import { loopSlices } from '../../../lib/event-loop.ts';

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

/** The file holds more posts than one import takes: reading stopped at the first post too many. */
export class TooManyPostsError extends Error {
  readonly maxPosts: number;
  constructor(maxPosts: number) {
    super(`more than ${maxPosts} posts`);
    this.maxPosts = maxPosts;
  }
}

/** The posts read so far; the one past `maxPosts` stops the reading. */
class Posts {
  readonly list: ImportedPost[] = [];
  readonly maxPosts: number;
  constructor(maxPosts: number) {
    this.maxPosts = maxPosts;
  }
  add(post: ImportedPost): void {
    if (this.list.length >= this.maxPosts) throw new TooManyPostsError(this.maxPosts);
    this.list.push(post);
  }
}

/** The 1-based line of `position` in `text`. */
function lineAt(text: string, position: number): number {
  let line = 1;
  for (let at = text.indexOf('\n'); at !== -1 && at < position; at = text.indexOf('\n', at + 1)) line++;
  return line;
}

/** Which parser a file name selects (null: not an accepted import file). */
export function importFormatOf(filename: string): ImportFileFormat | null {
  const name = filename.trim().toLowerCase().split(/[\\/]/).pop() ?? '';
  if (/^shares.*\.csv$/.test(name)) return 'linkedin_shares';
  if (/^tweets?(-part\d+)?\.js$/.test(name) || name.endsWith('.js')) return 'x_tweets';
  if (name.endsWith('.txt')) return 'text';
  if (name.endsWith('.vtt')) return 'vtt';
  if (name.endsWith('.srt')) return 'srt';
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

/** Characters handed to a parser at a time (a slice of work stays well under the loop's bound). */
const CHUNK_CHARS = 4096;

/** `content` in chunks that never split a surrogate pair. */
function* chunksOf(content: string): Generator<string> {
  for (let at = 0; at < content.length; ) {
    let end = Math.min(content.length, at + CHUNK_CHARS);
    const last = content.charCodeAt(end - 1);
    if (end < content.length && last >= 0xd800 && last <= 0xdbff) end++;
    yield content.slice(at, end);
    at = end;
  }
}

/**
 * `chunksOf`, giving the event loop back between slices: a stream fed from a plain iterable moves
 * from chunk to chunk in microtasks, so a file with no row end (one field of megabytes) would be
 * parsed whole in one turn of the loop, the rows' own checkpoints never reached.
 */
async function* chunksInSlices(content: string): AsyncGenerator<string> {
  const slice = loopSlices();
  for (const chunk of chunksOf(content)) {
    yield chunk;
    await slice();
  }
}

/**
 * Fields a CSV record may have. A file of posts has a few columns (LinkedIn's Shares.csv six, the
 * widest export a few dozen); a line of millions of commas would be read as one record of millions
 * of fields, built and named in one turn of the event loop when the line ends.
 */
export const CSV_MAX_FIELDS = 1_000;

/**
 * The chunks of a CSV file, stopped at the first record with more than CSV_MAX_FIELDS fields, which
 * `refused` then says. Delimiters inside quotes are not counted (an escaped quote toggles twice);
 * a line end outside quotes starts a record.
 */
async function* fieldsBounded(
  chunks: AsyncIterable<string>,
  refused: { error?: ImportFormatError },
): AsyncGenerator<string> {
  let quoted = false;
  let fields = 1;
  let line = 1;
  for await (const chunk of chunks) {
    for (let i = 0; i < chunk.length; i++) {
      const c = chunk.charCodeAt(i);
      if (c === 0x22) quoted = !quoted;
      else if (c === 0x0a || c === 0x0d) {
        if (c === 0x0a) line++;
        if (!quoted) fields = 1;
      } else if (c === 0x2c && !quoted && ++fields > CSV_MAX_FIELDS) {
        refused.error = new ImportFormatError(
          `Line ${line}: more than ${CSV_MAX_FIELDS.toLocaleString('en-US')} columns; a file of posts has a few (is it a CSV export?)`,
        );
        return;
      }
    }
    yield chunk;
  }
}

/**
 * Rows of a CSV file with a header, read as a stream in small chunks with the event loop given back
 * between slices; `onRow` sees each row as it is read and may throw to stop reading. Errors name
 * the line.
 */
async function csvRecords(
  content: string,
  onRow: (row: { record: Record<string, string>; line: number }) => void,
): Promise<void> {
  // A record too wide ends the stream (an error would not reach the parser through a pipe); what was
  // read before it is not kept.
  const refused: { error?: ImportFormatError } = {};
  const parser = Readable.from(fieldsBounded(chunksInSlices(content), refused)).pipe(
    parse({
      bom: true,
      columns: (header: string[]) => header.map((h) => h.trim().toLowerCase()),
      skip_empty_lines: true,
      relax_column_count: true,
      info: true,
    }),
  );
  const slice = loopSlices();
  try {
    for await (const row of parser as AsyncIterable<{
      record: Record<string, string>;
      info: { lines: number };
    }>) {
      if (refused.error) throw refused.error;
      onRow({ record: row.record, line: row.info.lines });
      await slice();
    }
    if (refused.error) throw refused.error;
  } catch (error) {
    if (refused.error) throw refused.error;
    if (error instanceof CsvError) {
      const line = (error as CsvError & { lines?: number }).lines;
      throw new ImportFormatError(
        `Line ${line ?? '?'}: ${error.message.replace(/^Invalid [^:]*: /, '').replace(/ at line \d+.*$/, '')}`,
      );
    }
    throw error;
  } finally {
    parser.destroy();
  }
}

/** LinkedIn's data export `Shares.csv`: Date, ShareLink, ShareCommentary, SharedUrl, MediaUrl, Visibility. */
export async function parseLinkedInShares(content: string, maxPosts = Infinity): Promise<ImportedPost[]> {
  const posts = new Posts(maxPosts);
  await csvRecords(content, ({ record, line }) => {
    if (posts.list.length === 0 && !('sharecommentary' in record))
      throw new ImportFormatError("Line 1: this is not LinkedIn's Shares.csv (no ShareCommentary column)");
    posts.add({
      // LinkedIn writes doubled quotes inside the commentary of some exports ("" for ").
      text: (record.sharecommentary ?? '').replace(/""/g, '"').trim(),
      date: validDate(record.date),
      url: record.sharelink?.trim() || null,
      line,
    });
  });
  return posts.list;
}

const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
};

const notJson = (content: string, position: number, reason: string) =>
  new ImportFormatError(
    `Line ${lineAt(content, position)}: the file is not valid JavaScript/JSON (${reason})`,
  );

const isSpace = (code: number) => code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09;

/** Characters scanned between two checks of the slice's time. */
const SCAN_STEP = 0x4000;

/**
 * The items of the JSON array that opens at `start`, each handed to `onItem` as it is found: the
 * array is scanned item by item (strings and nesting tracked) and each item parsed alone, so a
 * file is read in slices and reading can stop at any item.
 */
async function jsonArrayItems(
  content: string,
  start: number,
  onItem: (item: unknown, index: number) => void,
): Promise<void> {
  const slice = loopSlices();
  let at = start + 1;
  const skipSpace = () => {
    while (at < content.length && isSpace(content.charCodeAt(at))) at++;
  };
  for (let index = 0; ; index++) {
    skipSpace();
    if (index === 0 && content[at] === ']') {
      at++;
      break;
    }
    const itemStart = at;
    let depth = 0;
    let inString = false;
    for (; at < content.length; at++) {
      if ((at & (SCAN_STEP - 1)) === 0) await slice();
      const c = content.charCodeAt(at);
      if (inString) {
        if (c === 0x5c) at++;
        else if (c === 0x22) inString = false;
      } else if (c === 0x22) inString = true;
      else if (c === 0x7b || c === 0x5b) depth++;
      else if (c === 0x7d || c === 0x5d) {
        if (depth === 0) break;
        depth--;
      } else if (c === 0x2c && depth === 0) break;
    }
    let item: unknown;
    try {
      item = JSON.parse(content.slice(itemStart, at));
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const position = /position (\d+)/.exec(message);
      throw notJson(
        content,
        itemStart + Number(position?.[1] ?? 0),
        message.replace(/\s*\(line \d+ column \d+\)/, '').replace(/ in JSON at position \d+/, ''),
      );
    }
    onItem(item, index);
    await slice();
    skipSpace();
    const next = content[at];
    if (next === ',') at++;
    else if (next === ']') {
      at++;
      break;
    } else
      throw notJson(
        content,
        at,
        next === undefined ? 'the list of tweets is not closed' : `expected , or ] after tweet ${index + 1}`,
      );
  }
  skipSpace();
  if (content[at] === ';') at++;
  skipSpace();
  if (at < content.length) throw notJson(content, at, 'unexpected text after the list of tweets');
}

/** An X (Twitter) archive's `data/tweets.js`: `window.YTD.tweets.part0 = [ { "tweet": {...} }, ... ]`. */
export async function parseXTweets(content: string, maxPosts = Infinity): Promise<ImportedPost[]> {
  const prefix = /^\s*(window\.YTD\.[\w.]+\s*=\s*)?\[/.exec(content.slice(0, 1024));
  if (!prefix)
    throw new ImportFormatError(
      'Line 1: this is not an X archive tweets.js (expected window.YTD.tweets.part0 = [ ... ])',
    );
  const start = prefix[0].length - 1;
  const posts = new Posts(maxPosts);
  const firstLine = lineAt(content, start);
  await jsonArrayItems(content, start, (item, index) => {
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
    posts.add({
      text,
      date: validDate(tweet.created_at),
      url: typeof tweet.id_str === 'string' ? `https://x.com/i/status/${tweet.id_str}` : null,
      line: firstLine,
    });
  });
  return posts.list;
}

const SEPARATOR = /^\s*(-{3,}|\*{3,}|={3,})\s*$/;

/** Plain text or Markdown: posts separated by a line of `---` (or `***`, `===`); else one post. */
export async function parsePlainPosts(content: string, maxPosts = Infinity): Promise<ImportedPost[]> {
  const text = content.replace(/^\uFEFF/, '');
  const posts = new Posts(maxPosts);
  const slice = loopSlices();
  let current: string[] = [];
  let startLine = 1;
  const flush = () => {
    const post = current.join('\n').trim();
    if (post) posts.add({ text: post, date: null, url: null, line: startLine });
    current = [];
  };
  for (let at = 0, i = 0; at <= text.length; i++) {
    const end = text.indexOf('\n', at);
    const stop = end === -1 ? text.length : end;
    const line = text.slice(at, stop > at && text.charCodeAt(stop - 1) === 0x0d ? stop - 1 : stop);
    at = stop + 1;
    if (SEPARATOR.test(line)) {
      flush();
      startLine = i + 2;
    } else {
      if (current.length === 0 && !line.trim()) startLine = i + 2;
      current.push(line);
    }
    if ((i & 0xff) === 0) await slice();
  }
  flush();
  return posts.list;
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
export async function parseCsvPosts(content: string, maxPosts = Infinity): Promise<ImportedPost[]> {
  const posts = new Posts(maxPosts);
  let columnsOf: { text: string; date?: string; url?: string } | null = null;
  await csvRecords(content, ({ record, line }) => {
    if (!columnsOf) {
      const columns = Object.keys(record);
      const text =
        TEXT_COLUMNS.find((c) => columns.includes(c)) ?? (columns.length === 1 ? columns[0] : undefined);
      if (!text)
        throw new ImportFormatError(
          `Line 1: no column named ${TEXT_COLUMNS.slice(0, 5).join(', ')} (found: ${columns.join(', ').slice(0, 200)})`,
        );
      columnsOf = {
        text,
        date: DATE_COLUMNS.find((c) => columns.includes(c)),
        url: ['url', 'link', 'sharelink'].find((c) => columns.includes(c)),
      };
    }
    const { text, date, url } = columnsOf;
    posts.add({
      text: (record[text] ?? '').trim(),
      date: date ? validDate(record[date]) : null,
      url: url ? record[url]?.trim() || null : null,
      line,
    });
  });
  return posts.list;
}

/**
 * The posts of an import file, read in slices of the event loop; reading stops with
 * TooManyPostsError at the first post past `maxPosts`, so a file's size never sets the work.
 */
export function parseImportFile(
  format: ImportFileFormat,
  content: string,
  maxPosts = Infinity,
): Promise<ImportedPost[]> {
  switch (format) {
    case 'linkedin_shares':
      return parseLinkedInShares(content, maxPosts);
    case 'x_tweets':
      return parseXTweets(content, maxPosts);
    case 'csv':
      return parseCsvPosts(content, maxPosts);
    default:
      return parsePlainPosts(content, maxPosts);
  }
}
