import type { PageDocument } from '../document/page-document';

/**
 * The site's "page not found" page (storefront.md §2 page type 100) as a system page the owner
 * builds with blocks. Its own address is never a page: asking for it answers 404 like any unknown one.
 */
export const NOT_FOUND_PAGE_TYPE = 100;
export const NOT_FOUND_PAGE_PATH = '/404';
export const NOT_FOUND_PAGE_TITLE = 'Page not found';

export const isNotFoundPage = (page: { kind: string; pageType: number }): boolean =>
  page.kind === 'system' && page.pageType === NOT_FOUND_PAGE_TYPE;

/**
 * What the owner starts editing from: the same words and ways out (home, search) as the theme's
 * default, which visitors keep seeing until the owner publishes.
 */
export const DEFAULT_NOT_FOUND_DOCUMENT: PageDocument = {
  sections: [
    {
      id: 'not-found',
      background: 'default',
      width: 'narrow',
      blocks: [
        {
          id: 'not-found-heading',
          type: 'heading',
          settings: { text: NOT_FOUND_PAGE_TITLE, level: 1, align: 'left' },
        },
        {
          id: 'not-found-text',
          type: 'text',
          settings: {
            text: "We couldn't find that page. It may have moved, or the link may be mistyped.\n\nGo to the home page or search the site.",
            html: '<p>We couldn\'t find that page. It may have moved, or the link may be mistyped.</p><p><a href="/">Go to the home page</a> or <a href="/search">search the site</a>.</p>',
            align: 'left',
          },
        },
      ],
    },
  ],
};
