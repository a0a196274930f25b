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
    ['a plain page', resolved({}), { catalog: false, until: undefined }],
    ['a listing', resolved({ extra: { items: [] } }), { catalog: true, until: undefined }],
    ['featured products', resolved({ extra: { featuredProducts: [] } }), { catalog: true, until: undefined }],
    ['a product page', resolved({ extra: { item: {} } }), { catalog: true, until: undefined }],
    [
      'an event that ends',
      resolved({ cacheUntil: later(5).getTime() }),
      { catalog: false, until: later(5).getTime() },
    ],
  ])('%s', (_, answer, rule) => {
    expect(cacheRule(answer, [], [], NOW)).toEqual(rule);
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
