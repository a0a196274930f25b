import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  createPostSchema,
  nextFreeSlug,
  SLUG_MAX_LENGTH,
  SLUG_PATTERN,
  slugAfterTitleChange,
  slugFollowsTitle,
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

describe('slugFollowsTitle', () => {
  it.each<[string, string, boolean]>([
    ['untitled-post', 'Untitled post', true],
    ['untitled-post-2', 'Untitled post', true],
    ['untitled-post-12', 'Untitled post', true],
    ['untitled-post-1', 'Untitled post', false],
    ['untitled-post-02', 'Untitled post', false],
    ['untitled-posts', 'Untitled post', false],
    ['my-own-address', 'Untitled post', false],
    ['post', '日本語', false],
  ])('%s under %j → %s', (slug, title, follows) => expect(slugFollowsTitle(slug, title)).toBe(follows));

  it('holds for every slug nextFreeSlug makes from the title', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), fc.nat({ max: 5 }), (title, taken) => {
        const base = slugFromTitle(title);
        if (base === '') return;
        const used = new Set([base, ...Array.from({ length: taken }, (_, i) => `${base}-${i + 2}`)]);
        const slug = nextFreeSlug(base, new Set([...used].slice(0, taken)));
        expect(slugFollowsTitle(slug, title)).toBe(true);
      }),
    );
  });
});

describe('slugAfterTitleChange', () => {
  it('follows the title while it follows, keeps the address once typed by hand', () => {
    expect(slugAfterTitleChange('untitled-post', true, 'Spring sale')).toBe('spring-sale');
    expect(slugAfterTitleChange('my-address', false, 'Spring sale')).toBe('my-address');
  });
  it('keeps the address when the title gives no slug', () => {
    expect(slugAfterTitleChange('spring', true, '!!!')).toBe('spring');
  });
});

describe('createPostSchema', () => {
  it('says which slug is not a valid page URL', () => {
    const res = createPostSchema.safeParse({ collectionId: 'b', title: 'T', urlId: 'Not Ok' });
    expect(res.success).toBe(false);
    expect(res.error?.issues[0]?.message).toBe('Not Ok is not a valid page URL');
  });
});
