import { THEME_API, themeMessages, type ThemeState } from '@site/page-content';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { databaseTargets } from '../../../test/databases';
import { demoSiteSuite } from '../../../test/demo-site-suite';
import { Shopper } from '../../../test/client';
import { templates } from '../../db/schema';
import { DEMO_WEBSITE_ID } from '../../seed/demo-site';

const targets = await databaseTargets();

describe.each(targets)('changing theme on $name', (target) => {
  const demo = demoSiteSuite(target);
  const db = () => demo.database.db;
  const state = async () => (await demo.owner.get(THEME_API.theme)).json() as ThemeState;
  /** What the site holds besides its templates: none of it may change with the theme. */
  const content = async () => {
    const count = async (table: string) => {
      const result = await db().execute(
        sql`select count(*)::int as n from ${sql.identifier(table)} where website_id = ${DEMO_WEBSITE_ID}`,
      );
      // PGlite answers { rows }, postgres.js an array of rows.
      const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as { n: number }[];
      return rows[0]!.n;
    };
    return Object.fromEntries(
      await Promise.all(
        ['pages', 'products', 'blog_posts', 'collection_items', 'site_navigation'].map(
          async (t) => [t, await count(t)] as const,
        ),
      ),
    );
  };
  const page = async (path: string, client?: Shopper) =>
    client ? (await client.get(path)).body : (await demo.app.inject(path)).body;

  it('starts in the default theme with every theme on offer and nothing to undo', async () => {
    expect(await state()).toMatchObject({ theme: 'fieldnotes', previousTheme: null });
    expect((await state()).themes.map((t) => t.id)).toEqual(['fieldnotes', 'market', 'studio', 'bistro']);
  });

  it('serves a preview picture of every page type in every theme at both widths', async () => {
    const missing: string[] = [];
    for (const theme of (await state()).themes)
      for (const { url } of theme.previews) {
        const preview = await demo.app.inject(url);
        if (preview.statusCode !== 200 || preview.headers['content-type'] !== 'image/webp') missing.push(url);
      }
    expect(missing).toEqual([]);
  });

  it('previews another theme to editors only, without changing the live site', async () => {
    const previewed = await page('/?theme-preview=market', demo.owner);
    expect(previewed).toContain('<body class="theme-market');
    expect(previewed).toContain('<link rel="stylesheet" href="/assets/site-styles/market.');
    for (const html of [await page('/?theme-preview=market'), await page('/'), await page('/', demo.owner)]) {
      expect(html).not.toContain('theme-market');
      expect(html).toContain('<link rel="stylesheet" href="/assets/site-styles/fieldnotes.');
    }
    // A customer account (no editing role) is a visitor here.
    expect(await page('/?theme-preview=nope', demo.owner)).not.toContain('theme-market');
  });

  it('applies a theme keeping every page, product and post; undo brings back the edited templates', async () => {
    const before = await content();
    // The owner had edited a template: undo must give that edit back.
    await db()
      .update(templates)
      .set({ source: '<p class="owner-edit">{collection.title}</p>' })
      .where(and(eq(templates.websiteId, DEMO_WEBSITE_ID), eq(templates.name, 'page')));
    const paths = [
      '/',
      '/shop',
      '/shop/p/canvas-tote',
      '/journal',
      '/journal/caring-for-waxed-canvas',
      '/about',
    ];
    const titles = ['Fieldnotes Supply Co.', 'Waxed Canvas Tote', 'Caring for waxed canvas'];

    const viewerTry = await demo.viewer.call('PUT', THEME_API.theme, { theme: 'market' });
    expect(viewerTry.statusCode).toBe(403);
    const applied = await demo.owner.call('PUT', THEME_API.theme, { theme: 'market' });
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json()).toMatchObject({ theme: 'market', previousTheme: 'fieldnotes' });
    expect(await content()).toEqual(before);
    for (const path of paths) {
      const res = await demo.app.inject(path);
      expect(res.statusCode, path).toBe(200);
      expect(res.body, path).toContain('theme-market');
    }
    expect(await page('/shop/p/canvas-tote')).toContain(titles[1]);
    expect(await page('/journal/caring-for-waxed-canvas')).toContain(titles[2]);
    expect(await page('/about')).not.toContain('owner-edit');

    const undone = await demo.owner.call('POST', THEME_API.undo);
    expect(undone.statusCode, undone.body).toBe(200);
    expect(undone.json()).toMatchObject({ theme: 'fieldnotes', previousTheme: null });
    expect(await content()).toEqual(before);
    expect(await page('/')).not.toContain('theme-market');
    expect(await page('/about')).toContain('owner-edit');

    const again = await demo.owner.call('POST', THEME_API.undo);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(themeMessages.nothingToUndo);
  });

  it('refuses a theme it does not ship, with a message the owner can act on', async () => {
    for (const theme of ['gothic', '', null, ['market'], 'Market']) {
      const res = await demo.owner.call('PUT', THEME_API.theme, { theme });
      expect(res.statusCode).toBe(400);
      expect(res.body).toContain(themeMessages.unknownTheme);
    }
    expect((await demo.owner.call('PUT', THEME_API.theme, { theme: 'market\u0000' })).statusCode).toBe(400);
    expect((await state()).theme).toBe('fieldnotes');
  });
});
