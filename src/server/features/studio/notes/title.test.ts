import { describe, expect, it } from 'vitest';
import { titleFrom } from './service.ts';

describe('a note title from its text', () => {
  it('is the first sentence when it is short', () => {
    expect(titleFrom('Pricing is a conversation. Most freelancers never ask.', 'Untitled')).toBe(
      'Pricing is a conversation.',
    );
  });

  it('never runs past a sentence end into the next sentence', () => {
    const title = titleFrom('I said this on my next client call. I asked what the result is worth.', 'x');
    expect(title).toBe('I said this on my next client call.');
  });

  it('cuts a long sentence where a word ends and says so', () => {
    const title = titleFrom(
      'When we finally fixed the recurring meeting problem it was not with some fancy productivity app at all',
      'x',
    );
    expect(title).toBe('When we finally fixed the recurring meeting problem it was not with…');
    const long = titleFrom(`Extraordinarily ${'incomprehensibilities '.repeat(6)}end`, 'x');
    expect(long.length).toBeLessThanOrEqual(80);
    expect(long.endsWith('…')).toBe(true);
    expect(long.slice(0, -1).endsWith(' ')).toBe(false);
    expect(titleFrom('   ', 'Untitled note')).toBe('Untitled note');
  });
});
