import { describe, expect, it } from 'vitest';
import { CartViewCache, newCartVersion } from './cart-view-cache';

describe('CartViewCache', () => {
  it('answers only for the version it was stored under, until it expires', () => {
    let now = 0;
    const cache = new CartViewCache(10, 1000, () => now);
    cache.set('t', 'v1', '{"a":1}');
    expect(cache.get('t', 'v1')).toBe('{"a":1}');
    expect(cache.get('t', 'v2')).toBeUndefined();
    expect(cache.get('other', 'v1')).toBeUndefined();
    now = 999;
    expect(cache.get('t', 'v1')).toBe('{"a":1}');
    now = 1000;
    expect(cache.get('t', 'v1')).toBeUndefined();
  });

  it('keeps one answer per cart and drops the least recently stored beyond its size', () => {
    const cache = new CartViewCache(2, 1000, () => 0);
    cache.set('a', 'v', 'A');
    cache.set('b', 'v', 'B');
    cache.set('a', 'v2', 'A2');
    cache.set('c', 'v', 'C');
    expect(cache.size).toBe(2);
    expect(cache.get('b', 'v')).toBeUndefined();
    expect(cache.get('a', 'v2')).toBe('A2');
    cache.forget('a');
    cache.forget(undefined);
    expect(cache.get('a', 'v2')).toBeUndefined();
  });

  it('makes versions that do not repeat', () => {
    const versions = new Set(Array.from({ length: 1000 }, newCartVersion));
    expect(versions.size).toBe(1000);
  });
});
