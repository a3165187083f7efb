import { describe, expect, it } from 'vitest';
import { shareLinks } from './studio-drafts.ts';

describe('share links', () => {
  it('opens the platforms’ own share boxes with the text encoded', () => {
    const links = shareLinks('Pricing is a conversation & a #habit?');
    expect(links.linkedin).toBe(
      'https://www.linkedin.com/feed/?shareActive=true&text=Pricing%20is%20a%20conversation%20%26%20a%20%23habit%3F',
    );
    expect(links.x).toBe(
      'https://x.com/intent/post?text=Pricing%20is%20a%20conversation%20%26%20a%20%23habit%3F',
    );
    expect(decodeURIComponent(shareLinks('x'.repeat(400)).x.split('text=')[1]!)).toHaveLength(280);
  });
});
