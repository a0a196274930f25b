import { describe, expect, it } from 'vitest';
import { check, fakeContext, run } from '../test-context';
import { itemFormatters, itemPredicates as p } from './items';

describe('item-classes', () => {
  it('lists the classes of a full item', () => {
    const item = {
      recordType: 11,
      structuredContent: { productType: 3, variants: [{ onSale: true, qtyInStock: 0 }] },
    };
    const root = {
      promotedBlockType: 'Big Quote',
      categories: ['News & Views'],
      tags: ['a b'],
      author: { displayName: 'Ann Lee' },
      recordTypeLabel: 'product',
      starred: true,
    };
    expect(run(itemFormatters['item-classes'], item, [], fakeContext({ root, vars: { '@index': 2 } }))).toBe(
      'hentry promoted promoted-block-big-quote category-news-views tag-a-b author-ann-lee post-type-product ' +
        'article-index-2 featured on-sale sold-out',
    );
  });

  it('keeps only what applies', () => {
    const product = {
      recordType: 11,
      structuredContent: { productType: 1, variants: [{ unlimited: true }] },
    };
    expect(
      run(itemFormatters['item-classes'], product, [], fakeContext({ root: { recordTypeLabel: 'x' } })),
    ).toBe('hentry post-type-x');
  });
});

describe('record type predicates', () => {
  it.each([
    ['text?', { recordType: 1 }, true],
    ['event?', { recordType: 12 }, true],
    ['event?', { recordType: 1 }, false],
    ['kbarticle?', { recordType: 54 }, true],
    ['undefined?', { recordType: -1 }, true],
    ['video?', { promotedBlockType: 'video' }, true],
    ['gallery?', { recordType: 14 }, true],
    ['external-video?', { recordType: 8 }, true],
    ['promotedMAP?', { promotedBlockType: 'map' }, true],
    ['promotedMAP?', { promotedBlockType: 'form' }, false],
    ['background-source-video?', { backgroundSource: 3 }, true],
    ['background-source-none?', { backgroundSource: 1 }, false],
  ])('%s %j', (name, node, expected) => expect(check(p[name], node)).toBe(expected));

  it('leaves the commerce record types to the commerce plugin', () => {
    expect(p['store-item?']).toBeUndefined();
    expect(p['digital-good?']).toBeUndefined();
  });
});

describe('collection and item predicates', () => {
  it.each([
    ['clickable?', {}, true],
    ['clickable?', { folderBehavior: 2 }, true],
    ['clickable?', { folderBehavior: 3 }, false],
    ['collection?', { collection: { id: 1 } }, true],
    ['collection?', { collection: {} }, false],
    ['collection-page?', { collection: { type: 10 } }, true],
    // platform.md §3: a generic (blog) or subscription collection is not a page.
    ['collection-page?', { collection: { type: 1 } }, false],
    ['collection-page?', { collection: { type: 2 } }, false],
    ['collection-template-page?', { type: 7 }, true],
    ['collection-template-page?', { collection: { type: 1 }, type: 7 }, false],
    ['folder?', { collection: { folder: true } }, true],
    ['index?', { collection: { folder: true, folderBehavior: 1 } }, true],
    ['index?', { collection: { folder: true, folderBehavior: '1' } }, false],
    ['redirect?', { folderBehavior: 2 }, true],
    ['excerpt?', { excerpt: { html: '<p>&nbsp;</p>' } }, true],
    ['excerpt?', { excerpt: '<p> \u00a0</p>' }, false],
    ['excerpt?', { excerpt: 3 }, false],
    ['external-link?', { externalLink: 'https://x' }, true],
    ['location?', { location: { mapLat: 0, mapLng: 0 } }, true],
    ['location?', { location: { mapLat: 1 } }, false],
    ['main-image?', { systemDataId: 'x' }, true],
    ['child-images?', { items: [{ mainImageId: 'm' }] }, true],
    ['child-images?', { items: [{}] }, false],
    ['passthrough?', { passthrough: true, sourceUrl: '/s' }, true],
    ['passthrough?', { passthrough: true }, false],
    ['serviceNameEmail?', { serviceName: 'email' }, true],
    ['show-past-events?', { showPastOrUpcomingEvents: 'upcoming' }, false],
    ['calendar-view?', { calendarView: true }, true],
    ['current-type?', { currentType: 4 }, false],
  ])('%s %j', (name, node, expected) => expect(check(p[name], node)).toBe(expected));

  it('compares slice and collection type names from arguments', () => {
    expect(check(p['current-type?'], { currentType: 4 }, ['image'])).toBe(true);
    expect(check(p['current-type?'], { currentType: 4 }, ['nonsense'])).toBe(false);
    // platform.md §3 slice types: heading, sub-heading, body…
    expect(check(p['current-type?'], { currentType: 2 }, ['sub-heading'])).toBe(true);
    expect(check(p['current-type?'], { currentType: 2 }, ['heading'])).toBe(false);
    expect(check(p['collectionTypeNameEquals?'], { typeName: 'blog' }, ['blog'])).toBe(true);
    expect(check(p['collectionTypeNameEquals?'], { typeName: 'blog' }, [])).toBe(false);
  });
});
