import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  CSV_MAX_FIELDS,
  type ImportedPost,
  ImportFormatError,
  importFormatOf,
  parseCsvPosts,
  parseLinkedInShares,
  parsePlainPosts,
  parseXTweets,
  TooManyPostsError,
} from './import-parsers.ts';

const fixture = (name: string) =>
  readFileSync(path.resolve(import.meta.dirname, '../../../../../tests/fixtures/studio', name), 'utf8');

describe('import parsers', () => {
  it('chooses the parser by file name', async () => {
    expect(importFormatOf('Shares.csv')).toBe('linkedin_shares');
    expect(importFormatOf('Basic_LinkedInDataExport/Shares.csv')).toBe('linkedin_shares');
    expect(importFormatOf('tweets.js')).toBe('x_tweets');
    expect(importFormatOf('tweets-part1.js')).toBe('x_tweets');
    expect(importFormatOf('notes.TXT')).toBe('text');
    expect(importFormatOf('posts.md')).toBe('markdown');
    expect(importFormatOf('export.csv')).toBe('csv');
    expect(importFormatOf('interview.vtt')).toBe('vtt');
    expect(importFormatOf('Zoom call.SRT')).toBe('srt');
    expect(importFormatOf('photo.png')).toBeNull();
  });

  it("reads LinkedIn's Shares.csv: multi-line and quoted commentary, dates, links", async () => {
    const posts = await parseLinkedInShares(fixture('Shares.csv'));
    expect(posts).toHaveLength(3);
    expect(posts[0]).toMatchObject({
      text: 'Pricing is a message.\r\n\r\nWe raised our prices by 20% and nobody left. What would you charge?',
      url: 'https://www.linkedin.com/feed/update/urn%3Ali%3Ashare%3A7170000000000000001',
    });
    expect(posts[0]!.date!.toISOString()).toBe('2024-03-05T14:02:11.000Z');
    expect(posts[1]!.text).toBe(
      'I said "no" to three clients this month, and it was the best decision I made.',
    );
    // A share of a bare link has no words of the user's own.
    expect(posts[2]!.text).toBe('');
  });

  it('says which line of a malformed CSV is wrong', async () => {
    const broken =
      'Date,ShareLink,ShareCommentary\n2024-01-01,https://x,"fine"\n2024-01-02,https://y,"unclosed "quote" here\n';
    await expect(parseLinkedInShares(broken)).rejects.toThrow(ImportFormatError);
    await expect(parseLinkedInShares(broken)).rejects.toThrow(/^Line 3: /);
    await expect(parseLinkedInShares('Name,Email\nA,b@c.d\n')).rejects.toThrow(/^Line 1: .*ShareCommentary/);
  });

  it("reads an X archive's tweets.js: entities decoded, t.co links and retweets dropped", async () => {
    const posts = await parseXTweets(fixture('tweets.js'));
    expect(posts.map((p) => p.text)).toEqual([
      'Shipping weekly > shipping perfectly. Small & often wins.',
      "What's the one thing you'd never automate? #buildinpublic",
    ]);
    expect(posts[0]!.date!.toISOString()).toBe('2024-02-06T09:00:00.000Z');
    expect(posts[0]!.url).toBe('https://x.com/i/status/1755000000000000001');
  });

  it('says which line of a broken tweets.js is wrong', async () => {
    const broken = fixture('tweets.js').replace('"lang" : "en"\n    }\n  },', '"lang" : "en"\n    }\n  }');
    await expect(parseXTweets(broken)).rejects.toThrow(/^Line 2[0-9]: the file is not valid/);
    await expect(parseXTweets('hello')).rejects.toThrow(/^Line 1: this is not an X archive/);
  });

  it('splits text and Markdown files at --- lines', async () => {
    const posts = await parsePlainPosts(fixture('posts.md'));
    expect(posts).toHaveLength(2);
    expect(posts[0]).toMatchObject({ line: 1 });
    expect(posts[0]!.text).toMatch(/^# Why I write every morning\n\nWriting first thing/);
    expect(posts[1]).toMatchObject({ line: 7 });
    expect(await parsePlainPosts('One note, no separators.\nSecond line.')).toHaveLength(1);
  });

  it('reads any CSV with a text-like column, or a single column', async () => {
    expect(
      (await parseCsvPosts('id,Content,date\n1,Hello there,2024-05-01\n2,"Second, with comma",\n')).map(
        (p) => p.text,
      ),
    ).toEqual(['Hello there', 'Second, with comma']);
    expect((await parseCsvPosts('post\nOnly column\n')).map((p) => p.text)).toEqual(['Only column']);
    await expect(parseCsvPosts('a,b\n1,2\n')).rejects.toThrow(/^Line 1: no column named text/);
  });

  it('reads tweets item by item: nested lists, escaped quotes and brackets inside strings', async () => {
    const tweets = [
      { tweet: { full_text: 'A "quoted" ] bracket, and a } brace', entities: { urls: [[], [{}]] } } },
      { tweet: { full_text: 'Back\\slash \\" and more' } },
    ];
    const posts = await parseXTweets(`window.YTD.tweets.part0 = ${JSON.stringify(tweets, null, 2)};\n`);
    expect(posts.map((p) => p.text)).toEqual([
      'A "quoted" ] bracket, and a } brace',
      'Back\\slash \\" and more',
    ]);
    expect(await parseXTweets('window.YTD.tweets.part0 = [ ]')).toEqual([]);
    await expect(parseXTweets('window.YTD.tweets.part0 = [ {"full_text": "a"}, ')).rejects.toThrow(
      /^Line 1: /,
    );
    await expect(parseXTweets('[ {"full_text": "a"} ] trailing')).rejects.toThrow(/after the list/);
  });

  it('stops reading at the first post past the limit, whatever follows it', async () => {
    // Past the limit the file is broken: a parser that read on would say so instead.
    const tooMany = async (
      parse: (content: string, max: number) => Promise<ImportedPost[]>,
      content: string,
    ) => {
      const error = await parse(content, 3).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(TooManyPostsError);
    };
    // Far past it: more than one chunk of reading.
    const rest = 'b\n'.repeat(50_000);
    await tooMany(parseCsvPosts, `text\n${'a\n'.repeat(4)}${rest}"unclosed\n`);
    await tooMany(
      parseLinkedInShares,
      `Date,ShareCommentary\n${'2024-01-01,a\n'.repeat(4)}${rest}"unclosed\n`,
    );
    await tooMany(parseXTweets, `[${'{"full_text":"a"},'.repeat(4)} not json`);
    await tooMany(parsePlainPosts, 'a\n---\n'.repeat(4));
    expect(await parseCsvPosts(`text\n${'a\n'.repeat(3)}`, 3)).toHaveLength(3);
    expect(await parsePlainPosts('a\n---\n'.repeat(3), 3)).toHaveLength(3);
  });

  it('refuses a CSV record wider than any export, before it is read whole', async () => {
    const tooWide = /^Line 2: more than 1,000 columns/;
    // Commas in quotes are a post's own; a line end inside quotes does not start a record.
    const post = `"${'a, '.repeat(2 * CSV_MAX_FIELDS)}\nb,c"`;
    expect(await parseCsvPosts(`text,date\n${post},2024-01-01\n`)).toHaveLength(1);
    await expect(parseCsvPosts(`text\n${','.repeat(CSV_MAX_FIELDS)}\n`)).rejects.toThrow(tooWide);
    await expect(
      parseLinkedInShares(`Date,ShareCommentary\r\n${',a'.repeat(CSV_MAX_FIELDS)}`),
    ).rejects.toThrow(tooWide);
    // A line of millions of commas (the header here) is refused at its thousandth.
    const result = await parseCsvPosts(','.repeat(2_600_000)).catch((e: unknown) => e);
    expect(result).toBeInstanceOf(ImportFormatError);
    expect((result as Error).message).toMatch(/^Line 1: more than 1,000 columns/);
  });
});
