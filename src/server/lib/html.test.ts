import { describe, expect, it } from 'vitest';
import { escapeHtml, singleLine } from './html.ts';

describe('html helpers', () => {
  it('escapes the five HTML-special characters', () => {
    expect(escapeHtml(`<a href="x" onclick='y'>&</a>`)).toBe(
      '&lt;a href=&quot;x&quot; onclick=&#39;y&#39;&gt;&amp;&lt;/a&gt;',
    );
  });
  it('folds line breaks so text cannot start a new header line', () => {
    expect(singleLine('Ann\r\nBcc: victim@example.com')).toBe('Ann Bcc: victim@example.com');
  });
});
