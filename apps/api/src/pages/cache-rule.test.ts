import type { PageDocument } from '@site/page-content';
import { describe, expect, it } from 'vitest';
import type { PageRow } from '../site/site-data';
import { cacheRule } from './cache-rule';
import type { Resolved } from './resolve-path';

const NOW = new Date('2026-11-20T12:00:00Z');
const later = (minutes: number) => new Date(NOW.getTime() + minutes * 60_000);
const page = (fields: Partial<PageRow>) => ({ status: 'published', publishAt: null, ...fields }) as PageRow;
const resolved = (fields: Partial<Resolved>): Resolved => ({
  status: 200,
  pageType: 2,
  templateName: 'page',
  extra: {},
  ...fields,
});

describe('cacheRule', () => {
  it.each([
    ['a personal answer (an order by its token, a lock)', resolved({ personal: true }), undefined],
    ['an unknown path', resolved({ status: 404 }), undefined],
    [
      'a plain page',
      resolved({}),
      { catalog: false, posts: false, products: [], productVersions: new Map(), until: undefined },
    ],
    [
      'a listing: the catalog and each product listed',
      resolved({ extra: { items: [{ id: 'p1' }, { id: 'p2' }] } }),
      { catalog: true, posts: false, products: ['p1', 'p2'], productVersions: new Map(), until: undefined },
    ],
    [
      'featured products',
      resolved({ extra: { featuredProducts: [{ id: 'p3' }] } }),
      { catalog: true, posts: false, products: ['p3'], productVersions: new Map(), until: undefined },
    ],
    [
      'a product page: that product only, not the catalog',
      resolved({ extra: { item: { id: 'p1' } } }),
      { catalog: false, posts: false, products: ['p1'], productVersions: new Map(), until: undefined },
    ],
    [
      'search results: the catalog and the posts decide what matches',
      resolved({ extra: { search: { results: [] } } }),
      { catalog: true, posts: true, products: [], productVersions: new Map(), until: undefined },
    ],
    [
      'a blog list: the posts (likes, approved comments), not the catalog; its items are no products',
      resolved({ showsPosts: true, extra: { items: [{ id: 'post-1' }] }, cacheUntil: later(9).getTime() }),
      { catalog: false, posts: true, products: [], productVersions: new Map(), until: later(9).getTime() },
    ],
    [
      'a blog post: the posts, not a product of that id',
      resolved({ showsPosts: true, itemKind: 'article', extra: { item: { id: 'post-1' } } }),
      { catalog: false, posts: true, products: [], productVersions: new Map(), until: undefined },
    ],
    [
      'an event that ends',
      resolved({ cacheUntil: later(5).getTime() }),
      { catalog: false, posts: false, products: [], productVersions: new Map(), until: later(5).getTime() },
    ],
  ])('%s', (_, answer, rule) => {
    expect(cacheRule(answer, [], [], NOW)).toEqual(rule);
  });

  it('follows the products a block names and the catalog when a block shows a collection', () => {
    const block = (type: string, settings: Record<string, unknown>) =>
      ({
        sections: [{ id: 's', background: 'default', width: 'wide', blocks: [{ id: 'b', type, settings }] }],
      }) as PageDocument;
    const named = cacheRule(resolved({}), [], [block('product', { productId: 'p9' })], NOW);
    expect(named).toMatchObject({ catalog: false, posts: false, products: ['p9'] });
  });

  it('ends when the first scheduled page goes live, and ignores pages live already', () => {
    const pages = [
      page({ status: 'scheduled', publishAt: later(30) }),
      page({ status: 'scheduled', publishAt: later(10) }),
      page({ status: 'scheduled', publishAt: later(-10) }),
      page({ status: 'published', publishAt: later(1) }),
    ];
    expect(cacheRule(resolved({}), pages, [], NOW)?.until).toBe(later(10).getTime());
    expect(cacheRule(resolved({ cacheUntil: later(3).getTime() }), pages, [], NOW)?.until).toBe(
      later(3).getTime(),
    );
  });
});
