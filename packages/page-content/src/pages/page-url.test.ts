import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { messages } from '../messages';
import { isValidPagePath, nextFreePath, normalizePagePath, slugify } from './page-url';
import { pageVisibility } from './content-status';

describe('page URLs', () => {
  it.each([
    ['About Us', 'about-us'],
    ['  Café & Crème  ', 'cafe-creme'],
    ['2026 Spring — Sale!', '2026-spring-sale'],
    ['---', ''],
    ['Ünïcödé', 'unicode'],
  ])('slugify(%j) = %j', (title, slug) => expect(slugify(title)).toBe(slug));

  it.each([
    ['about', '/about'],
    ['/about/', '/about'],
    ['/', '/'],
    ['/gifts/for-her', '/gifts/for-her'],
  ])('normalizes %j to %j', (input, path) => expect(normalizePagePath(input)).toEqual({ ok: true, path }));

  it.each(['/About', '/a b', '/a--b', '/-a', '/a/b/c', '/a%20b', '/über'])(
    'refuses %j with the spec message',
    (input) => {
      expect(normalizePagePath(input)).toEqual({ ok: false, message: messages.notValidPageUrl(input) });
    },
  );

  it.each(['/cart', '/config', '/api', '/checkout/x', '/search'])('refuses the reserved %j', (input) => {
    expect(normalizePagePath(input)).toEqual({ ok: false, message: messages.slugReserved(input) });
  });

  it('finds the next free path', () => {
    expect(nextFreePath('/about', new Set())).toBe('/about');
    expect(nextFreePath('/about', new Set(['/about', '/about-2']))).toBe('/about-3');
  });

  it('slugify always gives a valid path segment or nothing', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), (title) => {
        const slug = slugify(title);
        expect(slug === '' || isValidPagePath(`/${slug}`)).toBe(true);
      }),
    );
  });
});

describe('content status', () => {
  const now = new Date('2026-11-23T12:00:00Z');
  it.each([
    ['published', null, 'visible'],
    ['draft', null, 'hidden'],
    ['needs-review', null, 'hidden'],
    ['private', null, 'members-only'],
    ['scheduled', null, 'hidden'],
    ['scheduled', new Date('2026-11-23T13:00:00Z'), 'hidden'],
    ['scheduled', new Date('2026-11-23T12:00:00Z'), 'visible'],
  ] as const)('%s (publishAt %s) is %s', (status, publishAt, visibility) => {
    expect(pageVisibility(status, publishAt, now)).toBe(visibility);
  });
});
