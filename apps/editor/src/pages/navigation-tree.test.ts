import { messages, type SiteLayoutLink } from '@site/page-content';
import { describe, expect, it } from 'vitest';
import { linkIssues } from './LinkFields';
import {
  linkedAreaIds,
  replaceLink,
  reorder,
  toNavigationItems,
  without,
  withAreaLink,
  withLink,
  withoutLink,
} from './navigation-tree';

const insta = { url: 'https://instagram.com/shop', title: 'Instagram', newWindow: true };

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

  it('adds a link at the end of the menu or of a folder', () => {
    expect(toNavigationItems(withLink(tree, insta)).at(-1)).toEqual({ externalLink: insta });
    expect(toNavigationItems(withLink(tree, insta, 'more'))[2]).toEqual({
      collectionId: 'more',
      items: [{ collectionId: 'a' }, { collectionId: 'b' }, { externalLink: insta }],
    });
  });

  it('edits and removes a link wherever it is, leaving the pages alone', () => {
    const inFolder = withLink(tree, insta, 'more');
    const key = `external:${insta.url}:${insta.title}`;
    const renamed = { ...insta, title: 'Follow us' };
    expect(toNavigationItems(replaceLink(inFolder, key, renamed))[2]!.items).toEqual([
      { collectionId: 'a' },
      { collectionId: 'b' },
      { externalLink: renamed },
    ]);
    expect(toNavigationItems(withoutLink(inFolder, key))).toEqual(toNavigationItems(tree));
  });

  it('adds a member area at the end or in a folder, knows it is linked, and removes it by its id', () => {
    const club = { id: 'club', name: 'Makers club' };
    const top = withAreaLink(tree, club);
    expect(toNavigationItems(top).at(-1)).toEqual({ memberAreaId: 'club' });
    const inFolder = withAreaLink(tree, club, 'more');
    expect(toNavigationItems(inFolder)[2]!.items!.at(-1)).toEqual({ memberAreaId: 'club' });
    expect(linkedAreaIds(inFolder)).toEqual(['club']);
    expect(linkedAreaIds(tree)).toEqual([]);
    expect(toNavigationItems(withoutLink(inFolder, 'club'))).toEqual(toNavigationItems(tree));
  });
});

describe('a link’s own refusals, before anything is sent', () => {
  it.each([
    ['no title', { url: 'https://x.test', title: '', newWindow: false }, { title: messages.titleRequired }],
    [
      'a script address',
      { url: 'javascript:alert(1)', title: 'X', newWindow: false },
      { url: messages.invalidLink },
    ],
    ['a good link', insta, {}],
  ])('%s', (_, link, expected) => {
    expect(linkIssues(link)).toEqual(expected);
  });
});
