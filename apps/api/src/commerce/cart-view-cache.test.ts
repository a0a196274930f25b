import { describe, expect, it } from 'vitest';
import { CartViewCache, newCartVersion } from './cart-view-cache';

describe('CartViewCache', () => {
  it('answers only for the version it was stored under, until it expires', () => {
    let now = 0;
    const cache = new CartViewCache(10, 1000, () => now);
    cache.set('s', 't', 'v1', '{"a":1}');
    expect(cache.get('s', 't', 'v1')).toBe('{"a":1}');
    expect(cache.get('s', 't', 'v2')).toBeUndefined();
    expect(cache.get('s', 'other', 'v1')).toBeUndefined();
    expect(cache.get('another-site', 't', 'v1')).toBeUndefined();
    now = 999;
    expect(cache.get('s', 't', 'v1')).toBe('{"a":1}');
    now = 1000;
    expect(cache.get('s', 't', 'v1')).toBeUndefined();
  });

  it('keeps one answer per cart and drops the least recently stored beyond its size', () => {
    const cache = new CartViewCache(2, 1000, () => 0);
    cache.set('s', 'a', 'v', 'A');
    cache.set('s', 'b', 'v', 'B');
    cache.set('s', 'a', 'v2', 'A2');
    cache.set('s', 'c', 'v', 'C');
    expect(cache.size).toBe(2);
    expect(cache.get('s', 'b', 'v')).toBeUndefined();
    expect(cache.get('s', 'a', 'v2')).toBe('A2');
    cache.forget('s', 'a');
    cache.forget('s', undefined);
    expect(cache.get('s', 'a', 'v2')).toBeUndefined();
  });

  it('makes versions that do not repeat', () => {
    const versions = new Set(Array.from({ length: 1000 }, newCartVersion));
    expect(versions.size).toBe(1000);
  });
});
