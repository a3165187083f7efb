import { describe, expect, it } from 'vitest';
import { cutAtBoundary, type DraftBlock, numberedPost, postBody, shareLinks } from './studio-drafts.ts';

const block = (kind: DraftBlock['kind'], text: string, group = 0) => ({ kind, text, group });
const textOf = (href: string) => decodeURIComponent(href.split('text=')[1]!);

describe('share links', () => {
  it('opens the platforms’ own share boxes with the text encoded', () => {
    const links = shareLinks({
      format: 'linkedin',
      blocks: [block('hook', 'Pricing is a conversation & a #habit?')],
    });
    expect(links.linkedin).toBe(
      'https://www.linkedin.com/feed/?shareActive=true&text=Pricing%20is%20a%20conversation%20%26%20a%20%23habit%3F',
    );
    expect(links.x).toEqual([
      'https://x.com/intent/post?text=Pricing%20is%20a%20conversation%20%26%20a%20%23habit%3F',
    ]);
  });

  it('cuts X text only where a sentence or a word ends', () => {
    const words = 'the recurring meeting nobody wants '.repeat(12);
    const cut = textOf(shareLinks({ format: 'linkedin', blocks: [block('hook', words)] }).x[0]!);
    expect(cut.length).toBeLessThanOrEqual(280);
    expect(cut.endsWith('…')).toBe(true);
    expect(words.startsWith(cut.slice(0, -1))).toBe(true);
    expect(words[cut.length - 1]).toBe(' ');
    const sentences = `${'We priced by the hour for years. '.repeat(10)}Then we stopped`;
    expect(cutAtBoundary(sentences, 280)).toMatch(/years\.$/);
    expect(cutAtBoundary('short', 280)).toBe('short');
  });

  it('shares a thread post by post, numbered once or not at all, and the whole thread on LinkedIn', () => {
    const thread = {
      format: 'thread' as const,
      blocks: [
        block('post', 'Step one matters. 1/3'),
        block('post', '2/3 Step two.', 1),
        block('post', 'Step three. 3/3', 2),
      ],
    };
    const numbered = shareLinks(thread);
    expect(numbered.x.map(textOf)).toEqual(['1/3 Step one matters.', '2/3 Step two.', '3/3 Step three.']);
    expect(textOf(numbered.linkedin)).toBe('1/3 Step one matters.\n\n2/3 Step two.\n\n3/3 Step three.');
    expect(shareLinks(thread, false).x.map(textOf)).toEqual([
      'Step one matters.',
      'Step two.',
      'Step three.',
    ]);
  });

  it('shares a blog post as its title and opening paragraph, never its meta description or keywords', () => {
    const blog = {
      format: 'blog' as const,
      blocks: [
        block('title', 'Pricing is a conversation'),
        block('meta', 'A description for search engines.'),
        block('keywords', 'pricing, freelance'),
        block('sentence', 'Most freelancers never ask.', 1),
        block('sentence', 'They pick a safe number.', 1),
        block('heading', 'The second lesson', 2),
        block('sentence', 'Send three options.', 3),
      ],
    };
    const links = shareLinks(blog);
    expect(textOf(links.linkedin)).toBe(
      'Pricing is a conversation\n\nMost freelancers never ask. They pick a safe number.',
    );
    expect(textOf(links.x[0]!)).not.toMatch(/description|pricing, freelance/);
  });

  it('numbers a post once whatever counter its text carries', () => {
    for (const text of ['Step three. 1/6', '1/6 Step three.', '(1/6) Step three.', 'Step three.'])
      expect(numberedPost(text, 1, 6)).toBe('1/6 Step three.');
    expect(postBody('It grew 3/4 of the way. 2/6')).toBe('It grew 3/4 of the way.');
  });
});
