/**
 * A Bluesky post's rich-text facets (links, mentions, hashtags) at their UTF-8 byte offsets, as the
 * AT Protocol counts them; the detection follows @atproto/api's RichText (decision 019).
 */
type Feature =
  | { $type: 'app.bsky.richtext.facet#link'; uri: string }
  | { $type: 'app.bsky.richtext.facet#mention'; did: string }
  | { $type: 'app.bsky.richtext.facet#tag'; tag: string };
export interface Facet {
  index: { byteStart: number; byteEnd: number };
  features: Feature[];
}
/** A mention found in a text, its handle still to be resolved to a DID. */
export interface MentionSpan {
  index: Facet['index'];
  handle: string;
}

/** The UTF-8 byte offset of a UTF-16 index (the AT Protocol's facets count bytes). */
const byteAt = (text: string, index: number) => Buffer.byteLength(text.slice(0, index));

/** Link facets of a post: each http(s) address with its UTF-8 byte range (the AT Protocol counts bytes). */
export function linkFacets(text: string): Facet[] {
  const facets: Facet[] = [];
  for (const match of text.matchAll(/https?:\/\/[^\s<>"]+[^\s<>".,;:!?)\]'"]/g)) {
    const byteStart = byteAt(text, match.index);
    facets.push({
      index: { byteStart, byteEnd: byteStart + Buffer.byteLength(match[0]) },
      features: [{ $type: 'app.bsky.richtext.facet#link', uri: match[0] }],
    });
  }
  return facets;
}

// Ported from @atproto/api's rich-text detection (packages/api/src/rich-text/detection.ts, MIT):
// the same patterns, so Echo marks what the Bluesky app would.
const MENTION = /(^|\s|\()(@)([a-zA-Z0-9.-]+)(\b)/g;
/** Characters a tag stops at besides white space: soft hyphen, word joiner, zero-width ones, the keycap. */
const INVISIBLE = '\\u00AD\\u2060\\u200A\\u200B\\u200C\\u200D\\u20e2';
const TAG = new RegExp(
  `(^|\\s)[#＃]((?!\\ufe0f)[^\\s${INVISIBLE}]*[^\\d\\s\\p{P}${INVISIBLE}]+[^\\s${INVISIBLE}]*)?`,
  'gu',
);
const TRAILING_PUNCTUATION = /\p{P}+$/gu;
/**
 * A handle as @atproto/api accepts one before resolving it: labels of letters, digits and hyphens,
 * ending in an alphabetic top-level label (it checks the TLD against a list; Echo lets the
 * resolution decide, so an unknown name is simply left plain).
 */
const HANDLE = /^([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,61}[a-z0-9]$/i;

/** Mentions (`@handle`) of a post with their UTF-8 byte ranges, the `@` included. */
export function mentionSpans(text: string): MentionSpan[] {
  const spans: MentionSpan[] = [];
  for (const match of text.matchAll(MENTION)) {
    const handle = match[3]!.replace(/\.+$/, '');
    if (!HANDLE.test(handle)) continue;
    const start = match.index + match[1]!.length;
    spans.push({
      index: { byteStart: byteAt(text, start), byteEnd: byteAt(text, start + 1 + handle.length) },
      handle: handle.toLowerCase(),
    });
  }
  return spans;
}

/** Hashtag facets (`#tag`, the tag without its `#`, at most 64 characters) with their UTF-8 byte ranges. */
export function tagFacets(text: string): Facet[] {
  const facets: Facet[] = [];
  for (const match of text.matchAll(TAG)) {
    const [, leading, body] = match;
    if (!body) continue;
    const tag = body.trim().replace(TRAILING_PUNCTUATION, '');
    if (tag.length === 0 || tag.length > 64) continue;
    const start = match.index + leading!.length;
    facets.push({
      index: { byteStart: byteAt(text, start), byteEnd: byteAt(text, start + 1 + tag.length) },
      features: [{ $type: 'app.bsky.richtext.facet#tag', tag }],
    });
  }
  return facets;
}

/**
 * A post's facets: links, hashtags, and the mentions whose handle `resolve` turned into a DID (an
 * unresolved one stays plain text, as in the Bluesky app), in the order they appear.
 */
export async function richFacets(
  text: string,
  resolve: (handle: string) => Promise<string | null>,
): Promise<Facet[]> {
  const mentions: Facet[] = [];
  for (const span of mentionSpans(text)) {
    const did = await resolve(span.handle);
    if (did)
      mentions.push({ index: span.index, features: [{ $type: 'app.bsky.richtext.facet#mention', did }] });
  }
  return [...linkFacets(text), ...mentions, ...tagFacets(text)].sort(
    (a, b) => a.index.byteStart - b.index.byteStart,
  );
}
