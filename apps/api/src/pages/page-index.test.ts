import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { PageRow } from '../site/site-data';
import { pageIndex, pagesAt } from './page-index';

const page = (id: string, path: string, fields: Partial<PageRow> = {}) =>
  ({ id, path, status: 'published', publishAt: null, ...fields }) as PageRow;

describe('page index', () => {
  it('finds the pages a scan of the list finds, in its order, for any paths', () => {
    const paths = fc.constantFrom('/', '/shop', '/shop/p', '/blog', '', '/Shop', '/shop/');
    fc.assert(
      fc.property(fc.array(paths, { maxLength: 20 }), paths, (at, path) => {
        const pages = at.map((p, i) => page(`p${i}`, p));
        expect(pagesAt(pages, path)).toEqual(pages.filter((p) => p.path === path));
      }),
    );
  });

  it('lists the scheduled pages soonest first, leaving out those without a time', () => {
    const at = (minutes: number) => new Date(Date.UTC(2026, 0, 1, 0, minutes));
    const pages = [
      page('a', '/a', { status: 'scheduled', publishAt: at(30) }),
      page('b', '/b', { status: 'scheduled', publishAt: at(10) }),
      page('c', '/c', { status: 'published', publishAt: at(1) }),
      page('d', '/d', { status: 'scheduled', publishAt: null }),
      page('e', '/e', { status: 'scheduled', publishAt: at(20) }),
    ];
    expect(pageIndex(pages).scheduled.map((p) => p.id)).toEqual(['b', 'e', 'a']);
  });

  it('indexes a frozen list once, and a list that may change each time', () => {
    const frozen = Object.freeze([page('a', '/a')]);
    expect(pageIndex(frozen)).toBe(pageIndex(frozen));
    const open = [page('a', '/a')];
    expect(pagesAt(open, '/b')).toEqual([]);
    open.push(page('b', '/b'));
    expect(pagesAt(open, '/b').map((p) => p.id)).toEqual(['b']);
  });
});
