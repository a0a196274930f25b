import type { SiteLayoutLink } from '@site/page-content';
import { describe, expect, it } from 'vitest';
import { reorder, toNavigationItems, without } from './navigation-tree';

const link = (id: string, items?: SiteLayoutLink[]): SiteLayoutLink => ({
  collectionId: id,
  title: id,
  fullUrl: `/${id}`,
  enabled: true,
  items,
});

describe('navigation tree edits', () => {
  const tree = [link('home'), link('shop'), link('more', [link('a'), link('b')])];

  it('reorders at the top level and inside a folder', () => {
    expect(toNavigationItems(reorder(tree, 'more', 0)).map((i) => i.collectionId)).toEqual([
      'more',
      'home',
      'shop',
    ]);
    expect(toNavigationItems(reorder(tree, 'b', 0))[2]).toEqual({
      collectionId: 'more',
      items: [{ collectionId: 'b' }, { collectionId: 'a' }],
    });
  });

  it('removes a page wherever it is', () => {
    expect(toNavigationItems(without(tree, 'a'))[2]).toEqual({
      collectionId: 'more',
      items: [{ collectionId: 'b' }],
    });
  });

  it('keeps external links as links', () => {
    const external: SiteLayoutLink = {
      externalLink: { url: 'https://x.test', title: 'X', newWindow: true },
      title: 'X',
      fullUrl: 'https://x.test',
      enabled: true,
    };
    expect(toNavigationItems([external])).toEqual([
      { externalLink: { url: 'https://x.test', title: 'X', newWindow: true } },
    ]);
  });
});
