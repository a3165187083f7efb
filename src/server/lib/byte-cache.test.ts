import { describe, expect, it } from 'vitest';
import { ByteCache } from './byte-cache.ts';

describe('ByteCache', () => {
  it('evicts the least recently used beyond its bytes, and keeps nothing larger than its bound', () => {
    const cache = new ByteCache<string>(10);
    cache.set('a', 'A', 4);
    cache.set('b', 'B', 4);
    expect(cache.get('a')).toBe('A');
    cache.set('c', 'C', 4);
    expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual(['A', undefined, 'C']);
    expect(cache.bytes).toBe(8);
    cache.set('huge', 'H', 11);
    expect(cache.get('huge')).toBeUndefined();
    expect(cache.bytes).toBe(8);
  });

  it('sizes a value once it is known, evicting others for it', () => {
    const cache = new ByteCache<string>(10);
    cache.set('old', 'O', 6);
    cache.set('new', 'N', 0);
    cache.resize('new', 'N', 6);
    expect([cache.get('old'), cache.get('new')]).toEqual([undefined, 'N']);
    cache.resize('new', 'other value', 1);
    expect(cache.bytes).toBe(6);
    cache.resize('new', 'N', 20);
    expect([cache.get('new'), cache.bytes]).toEqual([undefined, 0]);
  });
});
