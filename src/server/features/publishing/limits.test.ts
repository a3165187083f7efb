import { describe, expect, it } from 'vitest';
import { coreJsLoaded } from '../../lib/without-polyfills.ts';
import { linkFacets } from '../../providers/social/bluesky.ts';
import { countFor, partsFor } from './limits.ts';

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

  it('LinkedIn: 3,000 characters', () => {
    expect(countFor('linkedin', 'l'.repeat(3000), 3000).fits).toBe(true);
    expect(countFor('linkedin', 'l'.repeat(3001), 3000)).toMatchObject({ fits: false, cutAt: 3000 });
  });

  it('Bluesky link facets count UTF-8 bytes', () => {
    const text = `Café → ${link} done`;
    const [facet] = linkFacets(text);
    const bytes = Buffer.from(text);
    expect(bytes.subarray(facet!.index.byteStart, facet!.index.byteEnd).toString()).toBe(link);
    expect(facet!.features[0]!.uri).toBe(link);
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
