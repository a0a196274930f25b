import {
  DEFAULT_NOT_FOUND_DOCUMENT,
  EDITOR_API,
  layoutDocument,
  NOT_FOUND_PAGE_PATH,
  THEME_API,
  type PageDetail,
  type PageDocument,
  type PageSummary,
} from '@site/page-content';
import { eq, sql } from 'drizzle-orm';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { databaseTargets } from '../../test/databases';
import { demoSiteSuite } from '../../test/demo-site-suite';
import { pages } from '../db/schema';
import { DEMO_WEBSITE_ID } from '../seed/demo-site';

const targets = await databaseTargets();
const THEMES = ['fieldnotes', 'market', 'studio', 'bistro'] as const;

/** The owner's own words for the 404 page, as the page editor saves them. */
const edited = (heading: string, text: string): PageDocument => ({
  sections: [
    {
      ...DEFAULT_NOT_FOUND_DOCUMENT.sections[0]!,
      blocks: [
        { id: 'not-found-heading', type: 'heading', settings: { text: heading, level: 1, align: 'left' } },
        {
          id: 'not-found-text',
          type: 'text',
          settings: { text, html: `<p>${text}</p><p><a href="/">Back home</a></p>`, align: 'left' },
        },
      ],
    },
  ],
});

describe.each(targets)('the 404 page built with blocks on $name', (target) => {
  const demo = demoSiteSuite(target);

  const notFoundPage = async () => {
    const list = (await demo.owner.get(EDITOR_API.pages)).json().pages as PageSummary[];
    const summary = list.find((p) => p.path === NOT_FOUND_PAGE_PATH);
    expect(summary).toMatchObject({ kind: 'system', pageType: 100, title: 'Page not found' });
    return (await demo.owner.get(EDITOR_API.page(summary!.id))).json() as PageDetail;
  };
  const visit = async (path: string) => {
    const res = await demo.app.inject(path);
    expect(res.statusCode, path).toBe(404);
    expect(res.body).toContain('<meta name="robots" content="noindex');
    return res.body;
  };

  it('is a system page on the Pages list whose draft starts from the default words, and visitors see the theme default until it is published', async () => {
    const page = await notFoundPage();
    // The editor reads every page laid out on the section grid (full-width rows, in order).
    expect(page.draft).toEqual(layoutDocument(DEFAULT_NOT_FOUND_DOCUMENT));
    for (const path of ['/no-such-page', NOT_FOUND_PAGE_PATH, '/shop/p/no-such-product']) {
      const html = await visit(path);
      expect(html).toContain('<section class="not-found">');
      expect(html).toContain('<a href="/">Go to the home page</a>');
      expect(html).toContain('<a href="/search">search the site</a>');
    }
  });

  it('cannot be deleted, moved to another address or duplicated', async () => {
    const page = await notFoundPage();
    expect(
      (await demo.owner.call('DELETE', `${EDITOR_API.page(page.id)}?version=${page.version}`)).statusCode,
    ).toBeGreaterThanOrEqual(400);
    const moved = await demo.owner.call('PATCH', EDITOR_API.page(page.id), {
      version: page.version,
      path: '/lost',
    });
    expect(moved.statusCode).toBeGreaterThanOrEqual(400);
    expect(
      (await demo.owner.call('POST', EDITOR_API.duplicate(page.id), {})).statusCode,
    ).toBeGreaterThanOrEqual(400);
    expect((await notFoundPage()).path).toBe(NOT_FOUND_PAGE_PATH);
  });

  it('once the owner edits and publishes it, every unknown address answers 404 with the new content in every theme', async () => {
    const page = await notFoundPage();
    const saved = await demo.owner.call('PUT', EDITOR_API.draft(page.id), {
      version: page.version,
      document: edited('Lost in the workshop', 'That shelf is empty.'),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    // A saved draft is not what visitors see.
    expect(await visit('/nowhere')).not.toContain('Lost in the workshop');
    const published = await demo.owner.call('POST', EDITOR_API.publish(page.id), {
      version: (saved.json() as PageDetail).version,
    });
    expect(published.statusCode, published.body).toBe(200);

    for (const theme of THEMES) {
      expect((await demo.owner.call('PUT', THEME_API.theme, { theme })).statusCode).toBe(200);
      for (const path of ['/nowhere', NOT_FOUND_PAGE_PATH, '/shop/p/no-such-product']) {
        const html = await visit(path);
        expect(html, theme).toContain('Lost in the workshop</h1>');
        expect(html).toContain('<p>That shelf is empty.</p>');
        expect(html).not.toContain('<section class="not-found">');
        // Inside the theme's layout, with its header.
        expect(html).toContain('<header class="site-header');
      }
      // Never kept: asked twice, rendered twice, still 404.
      const again = await demo.app.inject('/nowhere');
      expect(again.statusCode).toBe(404);
      expect(again.headers['x-page-cache']).toBe('miss');
    }
    // Real pages are unaffected.
    const about = await demo.app.inject('/about');
    expect(about.statusCode).toBe(200);
    expect(about.body).not.toContain('Lost in the workshop');
  });

  it('is not in the sitemap or the site search', async () => {
    expect((await demo.app.inject('/sitemap.xml')).body).not.toContain(NOT_FOUND_PAGE_PATH);
    expect((await demo.app.inject('/search?q=workshop')).body).not.toContain(`href="${NOT_FOUND_PAGE_PATH}"`);
  });

  it('is added to sites made before it by the migration, with the same starting draft', async () => {
    const { db } = demo.database;
    const [before] = await db.select().from(pages).where(eq(pages.path, NOT_FOUND_PAGE_PATH));
    await db.delete(pages).where(eq(pages.id, before!.id));
    const migration = readFileSync(new URL('../../drizzle/0048_not_found_page.sql', import.meta.url), 'utf8');
    await db.execute(sql.raw(migration));
    // Run twice, it adds nothing more.
    await db.execute(sql.raw(migration));
    const added = await db.select().from(pages).where(eq(pages.path, NOT_FOUND_PAGE_PATH));
    expect(added).toHaveLength(1);
    expect(added[0]).toMatchObject({
      websiteId: DEMO_WEBSITE_ID,
      kind: 'system',
      pageType: 100,
      title: 'Page not found',
      templateName: 'not-found',
      status: 'published',
      publishedDocument: null,
    });
    expect(added[0]!.draftDocument).toEqual(DEFAULT_NOT_FOUND_DOCUMENT);
    expect(await visit('/nowhere')).toContain('<section class="not-found">');
  });
});
