import { describe, expect, it } from 'vitest';
import { mentionSpans, richFacets, tagFacets } from './bluesky-facets.ts';

/** The text a facet covers, read from the UTF-8 bytes as the AT Protocol does. */
const covered = (text: string, index: { byteStart: number; byteEnd: number }) =>
  Buffer.from(text).subarray(index.byteStart, index.byteEnd).toString();

const dids: Record<string, string> = { 'alice.bsky.social': 'did:plc:alice', 'bob.test': 'did:plc:bob' };
const resolve = async (handle: string) => dids[handle] ?? null;

describe('Bluesky facets (ported from @atproto/api RichText detection)', () => {
  it('mentions resolve to DIDs, at UTF-8 byte offsets after multi-byte text', async () => {
    const text = 'Café ☕ avec @alice.bsky.social et (@Bob.test), pas @nobody.example ni mail@x.com';
    const facets = await richFacets(text, resolve);
    const mentions = facets.filter((f) => f.features[0]!.$type === 'app.bsky.richtext.facet#mention');
    expect(mentions.map((f) => covered(text, f.index))).toEqual(['@alice.bsky.social', '@Bob.test']);
    expect(mentions.map((f) => (f.features[0] as { did: string }).did)).toEqual([
      'did:plc:alice',
      'did:plc:bob',
    ]);
    // "Café ☕ avec " is 12 characters but 15 bytes.
    expect(mentions[0]!.index).toEqual({ byteStart: 15, byteEnd: 15 + 18 });
    // An e-mail address is not a mention; an unresolved handle is left plain.
    expect(mentionSpans(text).map((s) => s.handle)).toEqual([
      'alice.bsky.social',
      'bob.test',
      'nobody.example',
    ]);
  });

  it('a mention needs a handle with a domain, and drops a trailing dot', () => {
    expect(mentionSpans('hi @alice and @bob.test.').map((s) => s.handle)).toEqual(['bob.test']);
  });

  it('hashtags: the tag without #, trailing punctuation dropped, numbers alone are not tags', () => {
    const text = '🎙️ Notes #pricing, #Échelle! #2024 #v2 C#sharp #a_b';
    const tags = tagFacets(text);
    expect(tags.map((f) => (f.features[0] as { tag: string }).tag)).toEqual([
      'pricing',
      'Échelle',
      'v2',
      'a_b',
    ]);
    expect(tags.map((f) => covered(text, f.index))).toEqual(['#pricing', '#Échelle', '#v2', '#a_b']);
  });

  it('a tag is at most 64 characters', () => {
    expect(tagFacets(`#${'t'.repeat(64)}`)).toHaveLength(1);
    expect(tagFacets(`#${'t'.repeat(65)}`)).toHaveLength(0);
  });

  it('links, mentions and tags come in text order, each at its own bytes', async () => {
    const text = '→ #one https://example.com/ü @bob.test';
    const facets = await richFacets(text, resolve);
    expect(facets.map((f) => f.features[0]!.$type.split('#')[1])).toEqual(['tag', 'link', 'mention']);
    expect(facets.map((f) => covered(text, f.index))).toEqual(['#one', 'https://example.com/ü', '@bob.test']);
  });
});
