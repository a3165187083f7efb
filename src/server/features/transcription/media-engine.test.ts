import { describe, expect, it } from 'vitest';
import { phraseAsSentence } from './media-engine.ts';

describe('phraseAsSentence', () => {
  it('capitalises a recognised phrase and ends it, unless it already ends a sentence', () => {
    expect(phraseAsSentence('  we recorded   twelve episodes ')).toBe('We recorded twelve episodes.');
    expect(phraseAsSentence('did anyone listen?')).toBe('Did anyone listen?');
    expect(phraseAsSentence('He said "stop."')).toBe('He said "stop."');
    expect(phraseAsSentence('   ')).toBe('');
  });
});
