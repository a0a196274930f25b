import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/client';
import { openMigratedPglite } from '../../test/migrated-templates';
import { templates, websites } from '../db/schema';
import { buildApp } from '../app';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { themeFolder } from '../paths';
import { SITE_THEMES } from '@site/page-content';
import {
  installTheme,
  shippedTheme,
  themeAssetsPrefix,
  themeById,
  themeFolderOf,
  themePublicRoots,
  upgradeTheme,
} from './theme';
import type { TemplateFolder } from '@site/template-engine';

describe('the shipped theme (apps/api/theme)', () => {
  it('is a template folder without a single error', () => {
    const theme = shippedTheme(themeFolder);
    expect(theme.conf.name).toBe('Fieldnotes');
    // The names the pages table refers to.
    for (const name of [
      'site',
      'home',
      'page',
      'lock-screen',
      'protected-content',
      'error',
      'products-list',
      'product-item',
      'blog-list',
      'blog-item',
      'cart',
      'checkout',
      'search',
      'not-found',
      'access-denied',
      'paywall',
      'member-area',
      'account',
      'order-confirmed',
    ]) {
      expect(theme.templates.has(name), name).toBe(true);
    }
  });
});

describe('every shipped theme', () => {
  it.each(SITE_THEMES.map((t) => t.id))(
    '%s fetches the storefront script and its chunks at low priority, after its stylesheets',
    (id) => {
      const site = themeById(id).templates.get('site')!.source;
      // The page is drawn on the server and the script only enhances it: at its default (high)
      // priority a module script competes with the stylesheets for the first paint, and Lighthouse
      // counts one that arrives before that paint as render-blocking.
      const scripts = site.match(/<script type="module"[^>]*>/g) ?? [];
      expect(scripts).toHaveLength(1);
      expect(scripts[0]).toContain('fetchpriority="low"');
      // The chunks it imports come beside it, just as low, instead of one round trip after it.
      expect(site).toContain('<link rel="modulepreload" href="{@|htmlattr}" fetchpriority="low">');
      expect(site.indexOf('<script type="module"')).toBeGreaterThan(site.indexOf('rel="stylesheet"'));
    },
  );
});

describe('the fonts a shipped theme preloads', () => {
  // A preload nothing uses wastes the bandwidth the first paint needs; one the server cannot find
  // leaves the page in its fallback font.
  it.each(SITE_THEMES.map((t) => t.id))(
    '%s preloads fonts its stylesheets use, from files it serves',
    (id) => {
      const theme = themeById(id);
      const css = theme.stylesheets.map((s) => s.source).join('\n');
      const site = theme.templates.get('site')!.source;
      const own = `${themeAssetsPrefix(id)}assets/`;
      for (const [, href] of site.matchAll(/<link rel="preload" href="([^"]+)" as="font"/g)) {
        expect(css, href).toContain(`url(${href})`);
        // The font kit's route (font-files.ts) or a file in the theme's own assets.
        if (href!.startsWith('/assets/fonts/')) continue;
        expect(href!.startsWith(own), href).toBe(true);
        const file = href!.slice(own.length);
        expect(
          themePublicRoots(id, 'assets').some((root) => existsSync(join(root, file))),
          href,
        ).toBe(true);
      }
    },
  );
});

describe('a theme built on a base theme', () => {
  const conf = (extra: object) =>
    JSON.stringify({ name: 'Child', layouts: { default: { name: 'Default', regions: ['site'] } }, ...extra });
  const folderWith = (files: Record<string, string>) => {
    const dir = mkdtempSync(join(tmpdir(), 'theme-child-'));
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(join(dir, path, '..'), { recursive: true });
      writeFileSync(join(dir, path), text);
    }
    return dir;
  };

  it('carries only the files it changes and takes every other template and style from its base', () => {
    const base = shippedTheme(themeFolder);
    const market = shippedTheme(themeFolderOf('market'));
    expect([...market.templates.keys()].sort()).toEqual([...base.templates.keys()].sort());
    expect(market.templates.get('cart')!.source).toBe(base.templates.get('cart')!.source);
    expect(market.templates.get('site')!.source).toContain('theme-market');
    expect(market.templates.get('home')!.source).not.toBe(base.templates.get('home')!.source);
    expect(market.stylesheets.map((s) => s.file)).toEqual(['styles/page-types.css', 'styles/market.css']);
    expect(market.stylesheets[0]!.source).toBe(base.stylesheets[0]!.source);
    // Its own styles are served first, the base's fill in what it lacks.
    expect(themePublicRoots('market', 'styles')).toEqual([
      join(themeFolderOf('market'), 'styles'),
      join(themeFolder, 'styles'),
    ]);
  });

  it('gives every shipped theme every page type, with its own look on top', () => {
    const names = [...shippedTheme(themeFolder).templates.keys()].sort();
    for (const id of ['market', 'studio', 'bistro'] as const) {
      const theme = shippedTheme(themeFolderOf(id));
      expect([...theme.templates.keys()].sort(), id).toEqual(names);
      expect(theme.templates.get('site')!.source, id).toContain(`<body class="theme-${id} market-layout `);
      expect(theme.stylesheets.at(-1)!.file, id).toBe(`styles/${id}.css`);
      expect(themePublicRoots(id, 'styles')[0], id).toBe(join(themeFolderOf(id), 'styles'));
    }
  });

  it('inherits through a chain and lets the nearest theme win', () => {
    const dir = folderWith({
      'template.conf': conf({ base: 'market', stylesheets: ['page-types.css', 'market.css'] }),
      'pages/cart.page': '<p class="child-cart">{website.siteTitle}</p>',
    });
    try {
      const child = shippedTheme(dir);
      expect(child.conf.name).toBe('Child');
      expect(child.templates.get('cart')!.source).toContain('child-cart');
      expect(child.templates.get('site')!.source).toContain('theme-market');
      expect(child.templates.get('search')!.source).toBe(
        shippedTheme(themeFolder).templates.get('search')!.source,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('stops the server at start when the base is not a shipped theme', () => {
    for (const base of ['gothic', 42, '../theme']) {
      const dir = folderWith({ 'template.conf': conf({ base }) });
      try {
        expect(() => shippedTheme(dir)).toThrow(/unknown base theme/);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    }
  });
});

describe('installTheme', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openMigratedPglite();
    await database.db.insert(websites).values({ id: 'new-site', title: 'New Site' });
  });
  afterAll(async () => database?.close());

  const stored = async () =>
    database.db
      .select({ name: templates.name, source: templates.source })
      .from(templates)
      .where(eq(templates.websiteId, 'new-site'));

  it('copies every template of the theme into a new site', async () => {
    await installTheme(database.db, 'new-site');
    const rows = await stored();
    expect(rows.map((r) => r.name).sort()).toEqual([...shippedTheme().templates.keys()].sort());
  });

  it('adds only what a site lacks and never overwrites a template its owner changed', async () => {
    await database.db
      .update(templates)
      .set({ source: '<p>mine</p>' })
      .where(and(eq(templates.websiteId, 'new-site'), eq(templates.name, 'home')));
    await database.db
      .delete(templates)
      .where(and(eq(templates.websiteId, 'new-site'), eq(templates.name, 'search')));
    await installTheme(database.db, 'new-site');
    const rows = await stored();
    expect(rows.find((r) => r.name === 'home')!.source).toBe('<p>mine</p>');
    expect(rows.find((r) => r.name === 'search')!.source).toBe(
      shippedTheme().templates.get('search')!.source,
    );
  });

  it('renders a page whose template the site lacks from the theme', async () => {
    await database.db
      .delete(templates)
      .where(and(eq(templates.websiteId, 'new-site'), eq(templates.name, 'not-found')));
    const app = await buildApp({ database, defaultWebsiteId: 'new-site' });
    try {
      const res = await app.inject('/no-such-page');
      expect(res.statusCode).toBe(404);
      expect(res.body).toContain('Page not found');
    } finally {
      await app.close();
    }
  });

  it('brings untouched templates up to a newer theme, keeps the ones the owner edited, and adopts old copies equal to the theme', async () => {
    const theme = shippedTheme();
    const newer = (names: string[]): TemplateFolder => ({
      ...theme,
      templates: new Map(
        [...theme.templates].map(([name, t]) => [
          name,
          names.includes(name) ? { ...t, source: `${t.source}\n<!-- newer ${name} -->` } : t,
        ]),
      ),
    });
    // 'home' was edited by its owner (the test above); 'page' is an old copy whose hash was never recorded.
    await database.db
      .update(templates)
      .set({ themeMd5: null })
      .where(and(eq(templates.websiteId, 'new-site'), eq(templates.name, 'page')));
    await upgradeTheme(database.db, newer(['home', 'blog-list', 'page']));
    let rows = await stored();
    const source = (name: string) => rows.find((r) => r.name === name)!.source;
    expect(source('home')).toBe('<p>mine</p>');
    expect(source('blog-list')).toContain('<!-- newer blog-list -->');
    // Not adopted: it differs from the newer theme and nothing says it was untouched.
    expect(source('page')).toBe(theme.templates.get('page')!.source);
    expect(source('cart')).toBe(theme.templates.get('cart')!.source);

    // With the shipped theme again the old copy is adopted, and the next theme reaches it too.
    await upgradeTheme(database.db, theme);
    await upgradeTheme(database.db, newer(['page']));
    rows = await stored();
    expect(source('page')).toContain('<!-- newer page -->');
    // Idempotent: running it again changes nothing.
    await upgradeTheme(database.db, newer(['page']));
    expect((await stored()).find((r) => r.name === 'page')!.source).toBe(source('page'));
  });
});
