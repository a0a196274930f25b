import { describe, expect, it } from 'vitest';
import { createRateLimiter } from './rate-limiter';

describe('createRateLimiter', () => {
  it('allows max hits per window per key, then refuses with the seconds left', () => {
    let now = 0;
    const limiter = createRateLimiter({ max: 2, windowMs: 10_000, now: () => now });
    expect(limiter.hit('a').allowed).toBe(true);
    now = 2_500;
    expect(limiter.hit('a').allowed).toBe(true);
    expect(limiter.hit('a')).toEqual({ allowed: false, retryAfterSeconds: 8 });
    expect(limiter.hit('b').allowed).toBe(true);
    now = 10_000;
    expect(limiter.hit('a').allowed).toBe(true);
  });

  it('forgets the oldest keys beyond maxKeys so memory stays bounded', () => {
    const limiter = createRateLimiter({ max: 1, windowMs: 60_000, now: () => 0, maxKeys: 2 });
    limiter.hit('a');
    limiter.hit('b');
    limiter.hit('c');
    // "a" was dropped to make room, so it starts a fresh window.
    expect(limiter.hit('a').allowed).toBe(true);
    expect(limiter.hit('c').allowed).toBe(false);
  });
});
