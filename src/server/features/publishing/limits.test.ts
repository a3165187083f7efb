import { describe, expect, it } from 'vitest';
import { coreJsLoaded } from '../../lib/without-polyfills.ts';
import { linkFacets } from '../../providers/social/bluesky-facets.ts';
import { countFor, partsFor, X_COUNT_BOUND } from './limits.ts';

describe('counting as each platform counts', () => {
  const link = `https://example.com/${'a'.repeat(80)}`;

  it('X: twitter-text weighted length, a link counts 23 whatever its length', () => {
    const text = `Read this ${link}`;
    expect(countFor('x', text, 280)).toMatchObject({ length: 10 + 23, fits: true });
    // CJK characters weigh 2: 141 of them are 282.
    const cjk = countFor('x', '漢'.repeat(141), 280);
    expect(cjk).toMatchObject({ length: 282, fits: false, cutAt: 140 });
    expect([...'a'.repeat(281)].length).toBe(281);
    expect(countFor('x', 'a'.repeat(281), 280)).toMatchObject({ fits: false, cutAt: 280 });
  });

  it('X: twitter-text counts without its core-js polyfills, which slow every regular expression', () => {
    expect(countFor('x', 'Hello 😀', 280).length).toBe(8);
    expect(coreJsLoaded()).toBe(false);
  });

  it('Bluesky: graphemes, so a family emoji is one, and where to cut', () => {
    const family = '👨‍👩‍👧';
    expect(family.length).toBe(8);
    expect(countFor('bluesky', family.repeat(300), 300)).toMatchObject({ length: 300, fits: true });
    const over = countFor('bluesky', `${'b'.repeat(300)}xyz`, 300);
    expect(over).toMatchObject({ length: 303, fits: false, cutAt: 300 });
  });

  it("Mastodon: the instance's limit with links as 23", () => {
    expect(countFor('mastodon', `${'m'.repeat(470)} ${link}`, 500)).toMatchObject({
      length: 494,
      fits: true,
    });
    expect(countFor('mastodon', 'm'.repeat(501), 500)).toMatchObject({
      length: 501,
      fits: false,
      cutAt: 500,
    });
    expect(countFor('mastodon', `${'m'.repeat(490)} ${link}`, 500)).toMatchObject({
      fits: false,
      cutAt: 491,
    });
  });

  it('Mastodon: an emoji is one character (grapheme clusters), whatever its code points', () => {
    const family = '👨‍👩‍👧';
    expect(countFor('mastodon', family.repeat(500), 500)).toMatchObject({ length: 500, fits: true });
    expect(countFor('mastodon', `${'👍🏽'.repeat(499)}é🇫🇷`, 500)).toMatchObject({ length: 501, fits: false });
    // Cut before the grapheme that does not fit, never inside it.
    expect(countFor('mastodon', family.repeat(501), 500).cutAt).toBe(500 * family.length);
  });

  it('Mastodon: every link is 23, however long or short', () => {
    expect(countFor('mastodon', 'https://a.io', 500).length).toBe(23);
    expect(countFor('mastodon', `see ${link} and http://x.co/1.`, 500).length).toBe(4 + 23 + 5 + 23 + 1);
  });

  it('Mastodon: a remote mention counts as its @user part; a local one whole', () => {
    expect(countFor('mastodon', '@bob@mastodon.example.org hi', 500).length).toBe('@bob hi'.length);
    expect(countFor('mastodon', '@bob hi', 500).length).toBe(7);
    // Not a mention after a word character or inside an e-mail address.
    expect(countFor('mastodon', 'mail ann@bob@example.org', 500).length).toBe(24);
    // Inside a link, the link counts (23), not the mention.
    expect(countFor('mastodon', 'https://example.org/@bob@example.org', 500).length).toBe(23);
  });

  it('Mastodon: a status it counts as 596 of 640 fits (code points with links at 23 made it 654)', () => {
    const family = '👨‍👩‍👧';
    const url = `https://example.com/notes/${'p'.repeat(60)}`;
    const head = `${family.repeat(9)}👍🏽 Price the outcome, not the hours: ${url} cc @bob@mastodon.example.org `;
    const counted = countFor('mastodon', head, 640).length;
    const text = head + 'a'.repeat(596 - counted);
    expect(countFor('mastodon', text, 640)).toMatchObject({ length: 596, fits: true, cutAt: null });
    // What Echo counted before: code points, the link at 23, the mention whole.
    const codePoints = [...text.replace(url, 'u'.repeat(23))].length;
    expect(codePoints).toBe(654);
  });

  it('X: a long text is counted from its first characters only (bounded work), and cannot fit', () => {
    // "aa.aa.aa…" makes twitter-text try a domain at every dot: its work grows faster than the text.
    const crafted = 'aa.'.repeat(30_000);
    expect(crafted.length).toBe(90_000);
    const started = performance.now();
    const counted = countFor('x', crafted, 280);
    const elapsed = performance.now() - started;
    expect(counted.fits).toBe(false);
    expect(counted.length).toBeGreaterThan(280);
    expect(counted.cutAt).toBeLessThanOrEqual(X_COUNT_BOUND);
    // The bound, not the speed of this machine: counting the whole text takes many times longer.
    const bounded = performance.now();
    countFor('x', crafted.slice(0, X_COUNT_BOUND), 280);
    expect(elapsed).toBeLessThan((performance.now() - bounded) * 20 + 50);
  });

  it('LinkedIn: 3,000 characters', () => {
    expect(countFor('linkedin', 'l'.repeat(3000), 3000).fits).toBe(true);
    expect(countFor('linkedin', 'l'.repeat(3001), 3000)).toMatchObject({ fits: false, cutAt: 3000 });
  });

  it('Bluesky link facets count UTF-8 bytes', () => {
    const text = `Café → ${link} done`;
    const [facet] = linkFacets(text);
    const bytes = Buffer.from(text);
    expect(bytes.subarray(facet!.index.byteStart, facet!.index.byteEnd).toString()).toBe(link);
    expect(facet!.features[0]).toEqual({ $type: 'app.bsky.richtext.facet#link', uri: link });
  });
});

describe('what a draft becomes on a platform', () => {
  const thread = {
    format: 'thread' as const,
    blocks: [
      { kind: 'post' as const, text: 'First thought', group: 0 },
      { kind: 'post' as const, text: '2/2 Second thought', group: 1 },
    ],
  };
  it('a thread is a reply chain numbered once, and one post on LinkedIn', () => {
    expect(partsFor(thread, 'bluesky')).toEqual(['1/2 First thought', '2/2 Second thought']);
    expect(partsFor(thread, 'linkedin')).toEqual(['1/2 First thought\n\n2/2 Second thought']);
  });
});
