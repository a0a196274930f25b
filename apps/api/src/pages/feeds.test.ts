import { ACCESS_LOCKS_API, EDITOR_API, seoMessages } from '@site/page-content';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Shopper } from '../../test/client';
import { databaseTargets } from '../../test/databases';
import { EditorClient } from '../../test/editor';
import { buildApp } from '../app';
import type { DatabaseHandle } from '../db/client';
import { blogPosts } from '../db/schema';
import { itunesDuration } from './feeds';
import { DEMO_OWNER, seedDemoSite } from '../seed/demo-site';

const locs = (sitemap: string) =>
  [...sitemap.matchAll(/<loc>https?:\/\/[^/]+([^<]*)<\/loc>/g)].map((m) => m[1]);

describe('a podcast episode’s length', () => {
  it.each([
    [0, '0:00:00'],
    [3000, '0:00:03'],
    [59_600, '0:01:00'],
    [3_723_000, '1:02:03'],
    [-5, '0:00:00'],
  ])('%i ms reads %s', (ms, shown) => expect(itunesDuration(ms)).toBe(shown));
});

describe.each(await databaseTargets())(
  'search engines: page SEO, sitemap, robots and RSS on $name',
  (target) => {
    let database: DatabaseHandle;
    let app: FastifyInstance;
    let owner: EditorClient;

    beforeAll(async () => {
      database = await target.open();
      await seedDemoSite(database.db);
      app = await buildApp({ database, writesPerMinute: 0 });
      owner = await new EditorClient(app).signIn(DEMO_OWNER);
    });
    afterAll(async () => {
      await app?.close();
      await database?.close();
    });

    const get = (url: string) => new Shopper(app).get(url);
    const sitemap = async () => locs((await get('/sitemap.xml')).body);
    const patchPage = async (id: string, change: Record<string, unknown>) => {
      const { version } = (await owner.call('GET', EDITOR_API.page(id))).json();
      return owner.call('PATCH', EDITOR_API.page(id), { version, ...change });
    };

    it('robots.txt keeps crawlers out of the editor, the API, checkout, accounts and search results, and names the sitemap', async () => {
      const res = await get('/robots.txt');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/plain');
      expect(res.body).toMatch(/^User-agent: \*$/m);
      for (const path of ['/config', '/api/', '/checkout', '/account', '/search'])
        expect(res.body).toContain(`Disallow: ${path}`);
      expect(res.body).toMatch(/^Sitemap: http:\/\/[^/]+\/sitemap\.xml$/m);
    });

    it('a crawler let into the cart finds an empty cart that names itself as canonical and may be indexed', async () => {
      expect((await get('/robots.txt')).body).not.toMatch(/^Disallow: \/c(a(rt?)?)?$/m);
      const cart = await get('/cart');
      expect(cart.statusCode).toBe(200);
      expect(cart.body).toMatch(/<link rel="canonical" href="http:\/\/[^/"]+\/cart">/);
      expect(cart.body).not.toContain('name="robots"');
    });

    it('the sitemap lists public pages, posts and products with lastmod, never the cart, checkout or folders', async () => {
      const res = await get('/sitemap.xml');
      expect(res.headers['content-type']).toContain('application/xml');
      expect(res.body).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
      const urls = await sitemap();
      expect(urls).toEqual(
        expect.arrayContaining([
          '/',
          '/shop',
          '/about',
          '/journal',
          '/journal/caring-for-waxed-canvas',
          '/shop/p/canvas-tote',
        ]),
      );
      expect(urls).not.toContain('/cart');
      expect(urls).not.toContain('/checkout');
      expect(urls).not.toContain('/studio');
      expect(res.body).toMatch(
        /<url><loc>[^<]*\/about<\/loc><lastmod>\d{4}-\d\d-\d\dT[^<]+<\/lastmod><\/url>/,
      );
    });

    it('an SEO title and social image show in the head; hiding the page adds noindex and takes it out of the sitemap', async () => {
      const saved = await patchPage('page-about', {
        seo: {
          title: '  Our story — handmade in Portland ',
          socialImage: '/s/about-card.jpg',
          noindex: false,
        },
      });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json().seo).toEqual({
        title: 'Our story — handmade in Portland',
        socialImage: '/s/about-card.jpg',
        noindex: false,
      });
      let about = (await get('/about')).body;
      expect(about).toContain('<title>Our story — handmade in Portland</title>');
      expect(about).toContain('<meta property="og:title" content="Our story — handmade in Portland">');
      expect(about).toMatch(/<meta property="og:image" content="http:\/\/[^"]+\/s\/about-card\.jpg">/);
      expect(about).not.toContain('name="robots"');
      expect(await sitemap()).toContain('/about');

      await patchPage('page-about', { seo: { title: '', socialImage: '', noindex: true } });
      about = (await get('/about')).body;
      expect(about).toContain('<meta name="robots" content="noindex">');
      expect(about).toMatch(/<title>About[^<]*<\/title>/);
      expect(await sitemap()).not.toContain('/about');
      await patchPage('page-about', { seo: { noindex: false } });
      expect(await sitemap()).toContain('/about');
    });

    it.each<[string, unknown]>([
      ['a javascript: social image', { socialImage: 'javascript:alert(1)' }],
      ['a protocol-relative image', { socialImage: '//evil.example/x.png' }],
      ['a plain-http image', { socialImage: 'http://example.com/x.png' }],
      ['noindex as a string', { noindex: 'yes' }],
      ['a NUL byte in the title', { title: 'a\u0000b' }],
      ['a 201-character title', { title: 'x'.repeat(201) }],
    ])('refuses %s with 400 and keeps the page as it was', async (_label, seo) => {
      const before = (await owner.call('GET', EDITOR_API.page('page-about'))).json();
      const res = await patchPage('page-about', { seo });
      expect(res.statusCode, res.body).toBe(400);
      if (typeof (seo as { socialImage?: string }).socialImage === 'string')
        expect(JSON.stringify(res.json())).toContain(seoMessages.socialImageInvalid);
      expect((await owner.call('GET', EDITOR_API.page('page-about'))).json()).toEqual(before);
    });

    it('a draft page, a password-locked blog and a draft post stay out of the sitemap and the feed', async () => {
      await patchPage('page-about', { status: 'draft' });
      expect(await sitemap()).not.toContain('/about');
      await patchPage('page-about', { status: 'published' });

      await database.db.update(blogPosts).set({ status: 'draft' }).where(eq(blogPosts.id, 'post-paper-ink'));
      expect(await sitemap()).not.toContain('/journal/paper-that-takes-ink');
      expect((await get('/journal?format=rss')).body).not.toContain('Paper that takes ink');
      await database.db
        .update(blogPosts)
        .set({ status: 'published' })
        .where(eq(blogPosts.id, 'post-paper-ink'));

      expect(
        (await owner.call('PUT', ACCESS_LOCKS_API, { pageId: 'page-journal', password: 'letmein1' }))
          .statusCode,
      ).toBe(200);
      const urls = await sitemap();
      expect(urls).not.toContain('/journal');
      expect(urls).not.toContain('/journal/caring-for-waxed-canvas');
      expect((await get('/journal?format=rss')).statusCode).toBe(404);
      await owner.call('PUT', ACCESS_LOCKS_API, { pageId: 'page-journal', password: null });
      expect(await sitemap()).toContain('/journal');
    });

    it('a blog has an RSS feed of its visible posts, newest first, linked from its head; other pages have none', async () => {
      const res = await get('/journal?format=rss');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('application/rss+xml');
      expect(res.body).toContain('<rss version="2.0"');
      const titles = [...res.body.matchAll(/<item><title>([^<]*)<\/title>/g)].map((m) => m[1]);
      expect(titles).toEqual([
        'Caring for waxed canvas',
        'Paper that takes ink',
        'A Saturday bookbinding class',
      ]);
      expect(res.body).toMatch(/<link>http:\/\/[^<]+\/journal\/caring-for-waxed-canvas<\/link>/);
      expect(res.body).toContain('<pubDate>Mon, 02 Mar 2026 09:00:00 GMT</pubDate>');
      expect(res.body).toContain('<dc:creator>Mara Ellis</dc:creator>');
      expect((await get('/journal')).body).toMatch(
        /<link rel="alternate" type="application\/rss\+xml" title="[^"]*" href="http:\/\/[^"]+\/journal\?format=rss">/,
      );
      expect((await get('/journal/caring-for-waxed-canvas')).body).toContain('/journal?format=rss');
      expect((await get('/about?format=rss')).statusCode).toBe(404);
      expect((await get('/nowhere?format=rss')).statusCode).toBe(404);
    });

    it('an album is a podcast: its published tracks as episodes with their audio and length, linked from its head', async () => {
      const res = await get('/studio/album?format=rss');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('application/rss+xml');
      expect(res.body).toContain('xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd"');
      expect(res.body).toContain('<title>Workshop sounds — Fieldnotes Supply Co.</title>');
      expect(res.body).toContain('<itunes:author>Fieldnotes Supply Co.</itunes:author>');
      const episodes = [...res.body.matchAll(/<item>(.*?)<\/item>/g)].map((m) => m[1]!);
      expect(episodes.map((e) => /<title>([^<]*)<\/title>/.exec(e)?.[1])).toEqual([
        'Morning bell',
        'Tea break',
        'Closing time',
      ]);
      expect(episodes[0]).toMatch(
        /<enclosure url="http:\/\/[^"]+\/assets\/demo\/tone-morning\.wav" length="0" type="audio\/wav"\/>/,
      );
      expect(episodes[0]).toContain('<itunes:duration>0:00:03</itunes:duration>');
      expect(episodes[0]).toContain('<itunes:author>Workshop</itunes:author>');
      // The audio the feed names is served.
      const audio = /<enclosure url="http:\/\/[^/"]+([^"]+)"/.exec(episodes[0]!)![1]!;
      expect((await get(audio)).statusCode).toBe(200);
      expect((await get('/studio/album')).body).toMatch(
        /<link rel="alternate" type="application\/rss\+xml" title="[^"]*" href="http:\/\/[^"]+\/studio\/album\?format=rss">/,
      );
      // A locked album has no public feed, like a locked blog.
      await owner.call('PUT', ACCESS_LOCKS_API, { pageId: 'page-album', password: 'letmein1' });
      expect((await get('/studio/album?format=rss')).statusCode).toBe(404);
      await owner.call('PUT', ACCESS_LOCKS_API, { pageId: 'page-album', password: null });
      // Galleries and videos have no feed.
      expect((await get('/studio/gallery?format=rss')).statusCode).toBe(404);
    });
  },
);
