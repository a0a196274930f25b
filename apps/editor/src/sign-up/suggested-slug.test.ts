import { describe, expect, it } from 'vitest';
import { suggestedSlug } from './SignUpScreen';

describe('suggestedSlug', () => {
  it.each([
    ['Clay & Kiln', 'clay-kiln'],
    ['  Café  Crème ', 'cafe-creme'],
    ['---', ''],
    ['Ünïcödé 2026!', 'unicode-2026'],
    ['a'.repeat(39) + ' b', 'a'.repeat(39)],
  ])('suggests %j for %j', (title, slug) => {
    expect(suggestedSlug(title)).toBe(slug);
  });
});
