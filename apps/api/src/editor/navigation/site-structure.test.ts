import {
  EDITOR_API,
  messages,
  layoutDocument,
  pageDocumentSchema,
  type EditorSite,
  type PreviewProducts,
  type SiteLayoutEntry,
} from '@site/page-content';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseTargets } from '../../../test/databases';
import { EditorClient } from '../../../test/editor';
import { buildApp } from '../../app';
import type { DatabaseHandle } from '../../db/client';
import { siteNavigation, templates } from '../../db/schema';
import { DEMO_ABOUT_DOCUMENT } from '../../seed/demo-content';
import { DEMO_OWNER, DEMO_VIEWER, seedDemoSite } from '../../seed/demo-site';

const targets = await databaseTargets();
const ids = (entry: SiteLayoutEntry) => entry.links.map((l) => l.collectionId ?? l.externalLink?.url);

describe.each(targets)('site structure, header and footer on $name', (target) => {
  let database: DatabaseHandle;
  let app: FastifyInstance;
  let owner: EditorClient;
  let viewer: EditorClient;
  let folderId: string;

  beforeAll(async () => {
    database = await target.open();
    await seedDemoSite(database.db);
    app = await buildApp({ database, writesPerMinute: 0 });
    [owner, viewer] = await Promise.all([
      new EditorClient(app).signIn(DEMO_OWNER),
      new EditorClient(app).signIn(DEMO_VIEWER),
    ]);
    const folder = await owner.call('POST', EDITOR_API.pages, {
      title: 'Guides',
      kind: 'folder',
      navigation: 'notLinked',
    });
    folderId = folder.json().id;
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  const update = (fieldName: string, items: unknown[]) =>
    owner.call('POST', EDITOR_API.updateNavigation, { fieldName, templateId: 'demo', navigation: { items } });

  it('answers the layout: main navigation first, then footer navigation, then pages not linked (no system pages)', async () => {
    const layout = (await viewer.get(EDITOR_API.siteLayout)).json() as SiteLayoutEntry[];
    expect(layout.map((e) => [e.identifier, e.title])).toEqual([
      ['mainNav', 'Main Navigation'],
      ['secondaryNav', 'Footer Navigation'],
      ['notLinked', 'Not Linked'],
    ]);
    expect(layout[0]!.links[0]).toEqual({
      collectionId: 'page-home',
      title: 'Home',
      fullUrl: '/',
      enabled: true,
    });
    expect(ids(layout[0]!)).toEqual([
      'page-home',
      'page-shop',
      'page-about',
      'page-journal',
      'page-studio',
      'page-contact',
    ]);
    expect(ids({ links: layout[0]!.links[4]!.items! } as SiteLayoutEntry)).toEqual([
      'page-events',
      'page-gallery',
      'page-album',
      'page-videos',
    ]);
    expect(layout[1]!.links).toEqual([
      {
        externalLink: { url: 'https://instagram.com/', title: 'Instagram', newWindow: true },
        title: 'Instagram',
        fullUrl: 'https://instagram.com/',
        enabled: true,
      },
    ]);
    expect(ids(layout[2]!)).toEqual([folderId]);
  });

  it('reorders and nests pages under a folder, answering the new layout', async () => {
    const res = await update('mainNav', [
      { collectionId: 'page-home' },
      { collectionId: folderId, items: [{ collectionId: 'page-about' }] },
      { collectionId: 'page-shop' },
      { externalLink: { url: 'https://example.com/blog', title: 'Blog' } },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const layout = res.json() as SiteLayoutEntry[];
    expect(ids(layout[0]!)).toEqual(['page-home', folderId, 'page-shop', 'https://example.com/blog']);
    expect(layout[0]!.links[1]!.items).toEqual([
      { collectionId: 'page-about', title: 'About', fullUrl: '/about', enabled: true },
    ]);
    // Contact left the menu, so it is not linked now; the page keeps its URL either way.
    expect(ids(layout[2]!)).toEqual([
      'page-contact',
      'page-journal',
      'page-studio',
      'page-events',
      'page-gallery',
      'page-album',
      'page-videos',
    ]);
    expect((await owner.get(EDITOR_API.page('page-about'))).json().path).toBe('/about');
    expect((await owner.get(EDITOR_API.siteLayout)).json()).toEqual(layout);
  });

  it.each([
    [
      'an unknown page',
      [{ collectionId: 'page-nope' }],
      messages.unableToLocateContent,
      ['navigation', 'items', 0, 'collectionId'],
    ],
    [
      'a member area of no site',
      [{ memberAreaId: 'area-1' }],
      messages.unableToLocateContent,
      ['navigation', 'items', 0, 'memberAreaId'],
    ],
    [
      'a page twice',
      [{ collectionId: 'page-home' }, { collectionId: 'page-home' }],
      messages.pageInNavigationTwice,
      ['navigation', 'items', 1, 'collectionId'],
    ],
    [
      'nesting under a page',
      [{ collectionId: 'page-home', items: [{ collectionId: 'page-about' }] }],
      messages.onlyFoldersHoldPages,
      ['navigation', 'items', 0, 'items'],
    ],
    [
      'a javascript: link',
      [{ externalLink: { url: 'javascript:alert(1)', title: 'x' } }],
      messages.invalidLink,
      ['navigation', 'items', 0, 'externalLink', 'url'],
    ],
    [
      'an item with two targets',
      [{ collectionId: 'page-home', externalLink: { url: '/x', title: 'x' } }],
      undefined,
      undefined,
    ],
  ])('refuses %s with 400 and keeps the navigation', async (_name, items, message, path) => {
    const before = (await owner.get(EDITOR_API.siteLayout)).json();
    const res = await update('mainNav', items);
    expect(res.statusCode).toBe(400);
    if (message)
      expect(res.json().error).toMatchObject({ code: 'INVALID', message, issues: [{ path, message }] });
    expect((await owner.get(EDITOR_API.siteLayout)).json()).toEqual(before);
  });

  it('refuses a page that already sits in the other navigation', async () => {
    const res = await update('secondaryNav', [{ collectionId: 'page-shop' }]);
    expect(res.json().error.message).toBe(messages.pageInNavigationTwice);
  });

  it('answers "Unable to find site main navigation" for an unknown navigation or a site without a layout', async () => {
    const unknown = await update('sidebarNav', []);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({
      error: { code: 'NO_MAIN_NAVIGATION', message: 'Unable to find site main navigation' },
    });
    expect((await update('notLinked', [])).statusCode).toBe(400);

    const [layout] = await database.db
      .select()
      .from(templates)
      .where(and(eq(templates.websiteId, 'demo'), eq(templates.name, 'site')));
    await database.db.delete(templates).where(eq(templates.id, layout!.id));
    try {
      const res = await update('mainNav', [{ collectionId: 'page-home' }]);
      expect(res.statusCode).toBe(404);
      expect(res.json().error.message).toBe(messages.noMainNavigation);
    } finally {
      await database.db.insert(templates).values(layout!);
    }
  });

  it('lets viewers read the layout but not change it', async () => {
    const res = await viewer.call('POST', EDITOR_API.updateNavigation, {
      fieldName: 'mainNav',
      templateId: 'demo',
      navigation: { items: [] },
    });
    expect(res.statusCode).toBe(403);
  });

  it('derives the main navigation from the old navigation order when a site has none stored', async () => {
    await database.db.delete(siteNavigation).where(eq(siteNavigation.websiteId, 'demo'));
    const layout = (await owner.get(EDITOR_API.siteLayout)).json() as SiteLayoutEntry[];
    expect(ids(layout[0]!)).toEqual(['page-home', 'page-shop', 'page-about', 'page-contact', 'page-journal']);
    expect(layout[1]!.links).toEqual([]);
  });

  describe('header and footer', () => {
    it('round-trips header and footer with a version check', async () => {
      const current = (await viewer.get(EDITOR_API.headerFooter)).json();
      expect(current.header).toMatchObject({
        siteTitle: 'Fieldnotes Supply Co.',
        showCartLink: true,
        navigationPlacement: 'right',
      });
      const body = {
        version: current.version,
        header: { ...current.header, announcement: 'Workshop open Saturdays', navigationPlacement: 'center' },
        footer: { ...current.footer, copyright: '© 2026 Fieldnotes' },
      };
      const saved = await owner.call('PUT', EDITOR_API.headerFooter, body);
      expect(saved.statusCode).toBe(200);
      expect(saved.json()).toEqual({
        header: body.header,
        footer: body.footer,
        version: current.version + 1,
      });
      expect((await owner.get(EDITOR_API.headerFooter)).json()).toEqual(saved.json());

      const stale = await owner.call('PUT', EDITOR_API.headerFooter, {
        ...body,
        header: { ...body.header, announcement: 'Lost' },
      });
      expect(stale.statusCode).toBe(409);
      expect(stale.json().error.code).toBe('STALE_VERSION');
      expect((await owner.get(EDITOR_API.headerFooter)).json().header.announcement).toBe(
        'Workshop open Saturdays',
      );
    });

    it('refuses bad header and footer payloads and viewers', async () => {
      const current = (await owner.get(EDITOR_API.headerFooter)).json();
      for (const body of [
        { ...current, header: { ...current.header, logoUrl: 'javascript:alert(1)' } },
        { ...current, header: { ...current.header, navigationPlacement: 'bottom' } },
        {
          ...current,
          footer: {
            ...current.footer,
            content: { sections: [{ id: 's', blocks: [{ id: 'b', type: 'nope' }] }] },
          },
        },
        { header: 'x', footer: [] },
      ]) {
        expect((await owner.call('PUT', EDITOR_API.headerFooter, body)).statusCode).toBe(400);
      }
      expect((await viewer.call('PUT', EDITOR_API.headerFooter, current)).statusCode).toBe(403);
      expect((await owner.get(EDITOR_API.headerFooter)).json()).toEqual(current);
    });
  });

  it('gives the preview kit: templates, stylesheets, header and footer, collections, forms; products by their own call', async () => {
    const site = (await viewer.get(EDITOR_API.site)).json() as EditorSite;
    expect(site.website).toEqual({
      id: 'demo',
      siteTitle: 'Fieldnotes Supply Co.',
      language: 'en-US',
      timeZone: 'America/New_York',
      currency: 'USD',
    });
    expect(site.templates.site).toContain('{contentHtml}');
    expect(site.templates.page).toContain('collection.mainContent');
    // The page's one stylesheet (storefront, block and theme styles merged), as the site links it.
    expect(site.stylesheets).toEqual([
      expect.stringMatching(/^\/assets\/site-styles\/fieldnotes\.[0-9a-f]{16}\.css$/),
    ]);
    expect(site.headerFooter.version).toEqual(expect.any(Number));
    expect(site.collections[0]).toEqual({
      id: 'page-shop',
      title: 'Shop',
      fullUrl: '/shop',
      typeName: 'products',
    });
    // Summary blocks may show any collection: the others come with their items, as templates read them.
    expect(site.collections.slice(1).map((c) => [c.id, c.typeName])).toEqual(
      expect.arrayContaining([
        ['page-journal', 'blog'],
        ['page-events', 'events'],
        ['page-gallery', 'gallery'],
        ['page-album', 'album'],
        ['page-videos', 'videos'],
      ]),
    );
    expect(site.collections.find((c) => c.id === 'page-events')!.items![0]).toMatchObject({
      title: 'Saturday bookbinding class',
    });
    // Products come by their own bounded call: the ones a preview's blocks name.
    expect(site).not.toHaveProperty('products');
    const preview = (
      await viewer.get(`${EDITOR_API.previewProducts}?ids=prod-canvas-tote,prod-missing&shops=page-shop`)
    ).json() as PreviewProducts;
    expect(preview.products.map((p) => p.id)).toEqual(['prod-canvas-tote']);
    const tote = preview.products[0]!;
    expect(tote).toMatchObject({ title: 'Waxed Canvas Tote', collectionId: 'page-shop' });
    expect(preview.shops.map((s) => s.id)).toEqual(['page-shop']);
    expect(preview.shops[0]!.items.length).toBeGreaterThan(0);
    expect(tote.item).toMatchObject({
      fullUrl: '/shop/p/canvas-tote',
      structuredContent: { variants: expect.any(Array) },
    });
    expect(site.forms.find((f) => f.id === 'form-contact')?.fields.length).toBeGreaterThan(0);
  });

  it('seeds an About page the editor could have saved', () => {
    expect(pageDocumentSchema.parse(DEMO_ABOUT_DOCUMENT)).toEqual(layoutDocument(DEMO_ABOUT_DOCUMENT));
  });
});
