import { describe, expect, it } from 'vitest';
import { SessionCache } from './sessions.ts';

const NOW = 1_000_000;
const session = { kind: 'dashboard' as const, owner: 'ada@example.com', expiresAt: NOW + 3_600_000 };

describe('SessionCache', () => {
  it('answers nothing until it is live, and starts empty each time it goes live or down', () => {
    const cache = new SessionCache();
    cache.set('h', session, cache.generation, NOW);
    expect(cache.get('h', 'dashboard', NOW)).toBeUndefined();
    cache.setLive(true);
    cache.set('h', session, cache.generation, NOW);
    expect(cache.get('h', 'dashboard', NOW)).toBe('ada@example.com');
    cache.setLive(false);
    expect(cache.get('h', 'dashboard', NOW)).toBeUndefined();
    cache.setLive(true);
    expect(cache.get('h', 'dashboard', NOW)).toBeUndefined();
  });

  it('keeps no lookup that began before the cache was emptied (a revocation raced it)', () => {
    const cache = new SessionCache();
    cache.setLive(true);
    const began = cache.generation;
    cache.clear();
    cache.set('h', session, began, NOW);
    expect(cache.get('h', 'dashboard', NOW)).toBeUndefined();
  });

  it('never answers for another kind, after the session expires, or after its time in the cache', () => {
    const cache = new SessionCache();
    cache.setLive(true);
    cache.set('h', session, cache.generation, NOW);
    expect(cache.get('h', 'affiliate', NOW)).toBeUndefined();
    cache.set('h', session, cache.generation, NOW);
    expect(cache.get('h', 'dashboard', session.expiresAt)).toBeUndefined();
    cache.set('h', session, cache.generation, NOW);
    expect(cache.get('h', 'dashboard', NOW + SessionCache.TTL_MS - 1)).toBe('ada@example.com');
    expect(cache.get('h', 'dashboard', NOW + SessionCache.TTL_MS)).toBeUndefined();
  });

  it('holds at most MAX_ENTRIES, dropping the oldest', () => {
    const cache = new SessionCache();
    cache.setLive(true);
    for (let i = 0; i <= SessionCache.MAX_ENTRIES; i++) cache.set(`h${i}`, session, cache.generation, NOW);
    expect(cache.get('h0', 'dashboard', NOW)).toBeUndefined();
    expect(cache.get('h1', 'dashboard', NOW)).toBe('ada@example.com');
    expect(cache.get(`h${SessionCache.MAX_ENTRIES}`, 'dashboard', NOW)).toBe('ada@example.com');
  });
});
