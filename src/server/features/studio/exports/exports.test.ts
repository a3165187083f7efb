import { describe, expect, it } from 'vitest';
import type { DraftBlock } from '#contract/studio-drafts.ts';
import { toHtml, toMarkdown, toText } from './exports.ts';

let n = 0;
const block = (
  kind: DraftBlock['kind'],
  text: string,
  group = 0,
  extra: Partial<DraftBlock> = {},
): DraftBlock => ({
  id: `b${++n}`,
  kind,
  text,
  group,
  sources: [],
  supported: true,
  origin: 'user',
  ...extra,
});

const blog = {
  format: 'blog' as const,
  meta: { slug: 'pricing-is-a-conversation' },
  blocks: [
    block('title', 'Pricing is a conversation'),
    block('meta', 'Why asking what the result is worth beats a rate card.'),
    block('keywords', 'pricing, freelancers'),
    block('sentence', 'Most freelancers never ask.', 1),
    block('sentence', 'They should.', 1),
    block('heading', 'Ask first', 2),
    block('quote', 'Pricing is a conversation, not a number.', 2),
    block('sentence', 'I raised my <prices> & lost one client.', 3),
  ],
};

describe('draft exports', () => {
  it('writes a blog post as Markdown with front matter, sections, quotes and joined paragraphs', () => {
    expect(toMarkdown(blog)).toBe(
      [
        '---',
        'title: "Pricing is a conversation"',
        'description: "Why asking what the result is worth beats a rate card."',
        'keywords: "pricing, freelancers"',
        'slug: "pricing-is-a-conversation"',
        '---',
        '',
        '# Pricing is a conversation',
        '',
        'Most freelancers never ask. They should.',
        '',
        '## Ask first',
        '',
        '> Pricing is a conversation, not a number.',
        '',
        'I raised my <prices> & lost one client.',
        '',
      ].join('\n'),
    );
  });

  it('escapes every text in HTML and carries the description and keywords', () => {
    const html = toHtml(blog);
    expect(html).toContain('<title>Pricing is a conversation</title>');
    expect(html).toContain(
      '<meta name="description" content="Why asking what the result is worth beats a rate card.">',
    );
    expect(html).toContain('<p>I raised my &lt;prices&gt; &amp; lost one client.</p>');
    expect(html).not.toContain('<prices>');
    expect(html).toContain('<blockquote>Pricing is a conversation, not a number.</blockquote>');
  });

  it('numbers thread posts 1/N and lists clips with their times', () => {
    const thread = {
      format: 'thread' as const,
      blocks: [block('post', 'First.'), block('post', 'Second.', 1)],
    };
    expect(toText(thread)).toBe('1/2 First.\n\n2/2 Second.\n');
    // A counter the engine (or the user) already put in a post is not numbered again.
    const counted = {
      format: 'thread' as const,
      meta: {},
      blocks: [block('post', 'Step one. 1/2'), block('post', 'Step three. 2/2', 1)],
    };
    for (const text of [toText(counted), toMarkdown(counted), toHtml(counted)])
      expect(text.match(/\d\/2/g)).toEqual(['1/2', '2/2']);
    expect(toText(counted, false)).toBe('Step one.\n\nStep three.\n');
    const clips = {
      format: 'clips' as const,
      blocks: [block('clip', 'Ask what it is worth', 0, { start_ms: 65_000, end_ms: 92_500 })],
    };
    expect(toText(clips)).toBe('1. 1:05–1:32 Ask what it is worth\n');
  });
});
