import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  createPostSchema,
  nextFreeSlug,
  SLUG_MAX_LENGTH,
  SLUG_PATTERN,
  slugFromTitle,
  slugSchema,
} from './blog-api';

describe('slugFromTitle', () => {
  it.each([
    ['Mending a strap', 'mending-a-strap'],
    ['  Ünïcode & Co!  ', 'unicode-co'],
    ['Crème brûlée', 'creme-brulee'],
    ['---', ''],
    ['日本語', ''],
  ])('%j → %j', (title, slug) => expect(slugFromTitle(title)).toBe(slug));

  it('always gives a valid slug or nothing', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 400 }), (title) => {
        const slug = slugFromTitle(title);
        expect(slug === '' || (SLUG_PATTERN.test(slug) && slug.length <= SLUG_MAX_LENGTH)).toBe(true);
        if (slug) expect(slugSchema.safeParse(slug).success).toBe(true);
      }),
    );
  });
});

describe('nextFreeSlug', () => {
  it.each<[string, string[], string]>([
    ['a', [], 'a'],
    ['a', ['a'], 'a-2'],
    ['a', ['a', 'a-2', 'a-3'], 'a-4'],
    ['a', ['a', 'a-3'], 'a-2'],
  ])('%s with %j taken → %s', (base, taken, next) => expect(nextFreeSlug(base, new Set(taken))).toBe(next));

  it('stays within the length limit', () => {
    const base = 'x'.repeat(SLUG_MAX_LENGTH);
    const next = nextFreeSlug(base, new Set([base]));
    expect(next.length).toBe(SLUG_MAX_LENGTH);
    expect(next.endsWith('-2')).toBe(true);
  });
});

describe('createPostSchema', () => {
  it('says which slug is not a valid page URL', () => {
    const res = createPostSchema.safeParse({ collectionId: 'b', title: 'T', urlId: 'Not Ok' });
    expect(res.success).toBe(false);
    expect(res.error?.issues[0]?.message).toBe('Not Ok is not a valid page URL');
  });
});
