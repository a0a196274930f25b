import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normaliseDomain } from './sites-api';

describe('normaliseDomain', () => {
  it.each([
    ['Shop.Example.COM', 'shop.example.com'],
    ['  shop.example.com.  ', 'shop.example.com'],
    ['xn--caf-dma.example', 'xn--caf-dma.example'],
    ['a-b.c0.io', 'a-b.c0.io'],
  ])('accepts %j as %j', (input, host) => {
    expect(normaliseDomain(input)).toBe(host);
  });

  it.each([
    '',
    'localhost',
    'http://a.com',
    'a.com/x',
    'a.com:80',
    '-a.com',
    'a-.com',
    'a..com',
    '10.0.0.1',
    'café.com',
    'a b.com',
    `${'a'.repeat(64)}.com`,
    `${'a.'.repeat(127)}com`,
    'a.com\u0000',
  ])('refuses %j', (input) => {
    expect(normaliseDomain(input)).toBeUndefined();
  });

  it('gives back only lower-case DNS names of at most 253 characters, and the same name again when given it', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.domain(), fc.webUrl()), (input) => {
        const host = normaliseDomain(input);
        if (host === undefined) return;
        expect(host).toMatch(/^[a-z0-9.-]+$/);
        expect(host.length).toBeLessThanOrEqual(253);
        expect(host.split('.').every((label) => label.length >= 1 && label.length <= 63)).toBe(true);
        expect(normaliseDomain(host)).toBe(host);
      }),
      { numRuns: 500 },
    );
  }, 60_000);
});
