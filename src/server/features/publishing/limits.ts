import type { Platform } from '#contract/publishing.ts';
import {
  type DraftBlock,
  type DraftFormat,
  LINKEDIN_MAX,
  numberedPost,
  paragraphsOf,
} from '#contract/studio-drafts.ts';
import { requireWithoutPolyfills } from '../../lib/without-polyfills.ts';

/**
 * twitter-text's parseTweet, loaded without the core-js polyfills its build requires: they slow
 * every regular expression of the process (lib/without-polyfills.ts).
 */
const { parseTweet } = requireWithoutPolyfills<typeof import('twitter-text')>('twitter-text');

/** X: 280 weighted characters (twitter-text: most scripts count 2, emoji 2, every link 23). */
export const X_MAX_WEIGHTED = 280;
export const BLUESKY_MAX = 300;
/** Mastodon counts every link as 23 characters, whatever its length. */
const MASTODON_URL_CHARS = 23;
const URL_PATTERN = /https?:\/\/[^\s<>"]+[^\s<>".,;:!?)\]'"]/g;
/**
 * A remote mention as Mastodon finds one (Account::MENTION_RE: `@user@domain`, not after a word
 * character, `=` or `/`); only its `@user` part counts.
 */
const MASTODON_REMOTE_MENTION =
  /(?<![=/\p{L}\p{N}_])@([a-z0-9_]+(?:[.-]+[a-z0-9_]+)*)@[\p{L}\p{N}_.-]+[\p{L}\p{N}_]+/giu;
/**
 * X counts at most this many characters of a text: a Post of 280 weighted characters is far
 * shorter (a link counts 23 whatever its length), and twitter-text's work grows faster than the
 * text on some inputs, so a longer text is refused from its first characters alone.
 */
export const X_COUNT_BOUND = 4_000;

const segmenter = new Intl.Segmenter('en', { granularity: 'grapheme' });
const graphemes = (text: string) => [...segmenter.segment(text)];

export interface Count {
  length: number;
  limit: number;
  fits: boolean;
  /** The character index where the text stops fitting; null when it fits. */
  cutAt: number | null;
}

export const COUNTING: Record<Platform, string> = {
  x: 'weighted characters (twitter-text): links count 23, most emoji and CJK count 2',
  bluesky: 'graphemes (what a reader sees as one character); links are made clickable',
  mastodon:
    "characters on this instance's limit, as Mastodon counts them: an emoji is one, links count 23, @user@server counts as @user",
  linkedin: 'characters',
};

/** Counts a post as its platform does, and where it must be cut to fit. */
export function countFor(platform: Platform, text: string, limit: number): Count {
  if (platform === 'x') {
    const bounded = text.length > X_COUNT_BOUND;
    const parsed = parseTweet(bounded ? text.slice(0, X_COUNT_BOUND) : text);
    const fits = !bounded && parsed.valid && parsed.weightedLength <= limit;
    const length = bounded ? Math.max(parsed.weightedLength, limit + 1) : parsed.weightedLength;
    return { length, limit, fits, cutAt: fits ? null : Math.min(parsed.validRangeEnd + 1, text.length) };
  }
  if (platform === 'bluesky') {
    const segments = graphemes(text);
    const fits = segments.length <= limit;
    return {
      length: segments.length,
      limit,
      fits,
      cutAt: fits ? null : (segments[limit]?.index ?? text.length),
    };
  }
  if (platform === 'mastodon') return countMastodon(text, limit);
  const length = [...text].length;
  const fits = length <= limit;
  return { length, limit, fits, cutAt: fits ? null : [...text].slice(0, limit).join('').length };
}

/**
 * Mastodon's count (StatusLengthValidator): grapheme clusters, each link as 23, a remote mention
 * `@user@server` as its `@user`; and the first piece past the limit is where to cut.
 */
function countMastodon(text: string, limit: number): Count {
  const entities: { start: number; end: number; weight: number }[] = [];
  for (const match of text.matchAll(URL_PATTERN))
    entities.push({ start: match.index, end: match.index + match[0].length, weight: MASTODON_URL_CHARS });
  for (const match of text.matchAll(MASTODON_REMOTE_MENTION)) {
    const start = match.index;
    const end = start + match[0].length;
    // A link wins where the two overlap (Mastodon drops overlapping entities, the earlier kept).
    if (entities.some((e) => e.start < end && start < e.end)) continue;
    entities.push({ start, end, weight: graphemes(`@${match[1]}`).length });
  }
  entities.sort((a, b) => a.start - b.start);
  let length = 0;
  let cutAt: number | null = null;
  const add = (at: number, weight: number) => {
    length += weight;
    if (length > limit && cutAt === null) cutAt = at;
  };
  const plain = (from: number, to: number) => {
    for (const segment of graphemes(text.slice(from, to))) add(from + segment.index, 1);
  };
  let last = 0;
  for (const entity of entities) {
    plain(last, entity.start);
    add(entity.start, entity.weight);
    last = entity.end;
  }
  plain(last, text.length);
  return { length, limit, fits: length <= limit, cutAt };
}

/** The default post length of a platform (Mastodon's comes from the account's instance). */
export function defaultLimit(platform: Platform): number {
  return platform === 'x'
    ? X_MAX_WEIGHTED
    : platform === 'bluesky'
      ? BLUESKY_MAX
      : platform === 'linkedin'
        ? LINKEDIN_MAX
        : 500;
}

/** Platforms where a thread goes out as a reply chain; LinkedIn takes one post. */
const THREADS: Record<Platform, boolean> = { x: true, bluesky: true, mastodon: true, linkedin: false };

/**
 * What a ready draft becomes on a platform: a thread as its posts, numbered "1/N" once (LinkedIn:
 * the posts as one post); a blog as its title and opening; a LinkedIn post, carousel or clip hooks
 * as their paragraphs in one post.
 */
export function partsFor(
  draft: { format: DraftFormat; blocks: readonly Pick<DraftBlock, 'kind' | 'text' | 'group'>[] },
  platform: Platform,
): string[] {
  if (draft.format === 'thread') {
    const posts = draft.blocks.filter((b) => b.kind === 'post' && b.text.trim());
    const numbered = posts.map((p, i) => numberedPost(p.text, i + 1, posts.length, posts.length > 1));
    return THREADS[platform] ? numbered : [numbered.join('\n\n')];
  }
  if (draft.format === 'blog') {
    const title = draft.blocks.find((b) => b.kind === 'title')?.text ?? '';
    const opening = paragraphsOf(draft.blocks.filter((b) => b.kind === 'sentence'))[0] ?? '';
    return [[title, opening].filter(Boolean).join('\n\n')];
  }
  return [paragraphsOf(draft.blocks).join('\n\n')];
}
