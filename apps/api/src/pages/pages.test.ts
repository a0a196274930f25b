import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { join } from 'node:path';
import { buildApp } from '../app';
import { appsFolder } from '../paths';
import { readStorefrontAssets } from '../site/assets';
import type { DatabaseHandle } from '../db/client';
import { forms } from '../db/schema';
import { seedDemoSite } from '../seed/demo-site';
import { databaseTargets } from '../../test/databases';
import { eventually } from '../../test/eventually';

const targets = await databaseTargets();

describe.each(targets)('page rendering on $name', (target) => {
  let database: DatabaseHandle;
  let app: FastifyInstance;

  beforeAll(async () => {
    database = await target.open();
    expect(await seedDemoSite(database.db)).toBe(true);
    app = await buildApp({ database });
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('seeds only once', async () => {
    expect(await seedDemoSite(database.db)).toBe(false);
  });

  it('renders the home page from the database with the layout and navigation', async () => {
    const res = await app.inject('/');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('<title>Home — Fieldnotes Supply Co.</title>');
    expect(res.body).toContain('<a href="/shop">Shop</a>');
    expect(res.body).toContain('Waxed Canvas Tote');
  });

  it('compresses pages and theme styles for browsers that accept it, and only for them', async () => {
    const plain = await app.inject('/');
    expect(plain.headers['content-encoding']).toBeUndefined();
    const br = await app.inject({ url: '/', headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const css = await app.inject({
      url: '/assets/theme/styles/page-types.css',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(css.statusCode).toBe(200);
    expect(css.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(css.rawPayload).toString()).toContain('.lock-screen');
  });

  it('links one stylesheet before the first paint: the storefront, block and theme styles merged, cached for ever', async () => {
    const page = (await app.inject('/')).body;
    const links = [...page.matchAll(/<link rel="stylesheet" href="([^"]+)">/g)].map((m) => m[1]!);
    expect(links).toEqual([expect.stringMatching(/^\/assets\/site-styles\/fieldnotes\.[0-9a-f]{16}\.css$/)]);
    const css = await app.inject({ url: links[0]!, headers: { 'accept-encoding': 'br' } });
    expect(css.statusCode).toBe(200);
    expect(css.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(css.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(css.headers['content-encoding']).toBe('br');
    const text = brotliDecompressSync(css.rawPayload).toString();
    const storefront = readStorefrontAssets(join(appsFolder, 'storefront', 'dist')).css;
    const parts = [...storefront, '/assets/blocks.css', '/assets/theme/styles/page-types.css'];
    const texts = await Promise.all(parts.map(async (url) => (await app.inject(url)).body));
    expect(texts.every((t) => t.length > 1000)).toBe(true);
    // In the cascade order the separate files had: the theme's styles win over the blocks'.
    expect(text).toBe(texts.join('\n'));
    // A name no theme has is a plain 404, not a page or a 500.
    for (const url of [
      '/assets/site-styles/gothic.0123456789abcdef.css',
      '/assets/site-styles/..%2Fblocks.css',
    ]) {
      const missing = await app.inject(url);
      expect(missing.statusCode, url).toBe(404);
      expect(missing.json(), url).toEqual({ error: { code: 'NOT_FOUND', message: 'No such stylesheet' } });
    }
  });

  it('shows an empty cart at once to a visitor without one, and the loading state to one who has a cart', async () => {
    const fresh = await app.inject('/cart');
    expect(fresh.body).toContain('data-state="empty"');
    expect(fresh.body).toContain('You have nothing in your shopping cart.');
    const shopper = await app.inject({ url: '/cart', cookies: { hasCart: 'true' } });
    expect(shopper.body).toContain('data-state="loading"');
    expect(shopper.body).not.toContain('You have nothing in your shopping cart.');
    // Cookies decide the answer: a fresh visitor after the shopper still sees the empty cart.
    expect((await app.inject('/cart')).body).toContain('data-state="empty"');
  });

  it('renders a product’s pictures as a gallery with thumbnails and its colour option as a swatch radio group', async () => {
    const body = (await app.inject('/shop/p/linen-shirt')).body;
    const slides = [...body.matchAll(/data-product-zoom="(\d)" aria-label="([^"]+)"/g)].map((m) => m[2]);
    expect(slides).toEqual(['Zoom picture 1 of 3', 'Zoom picture 2 of 3', 'Zoom picture 3 of 3']);
    expect(body).toContain('href="#product-image-2" data-product-thumb="2"');
    // Only the first picture is fetched eagerly (the largest paint); the others wait.
    expect(body.match(/fetchpriority="high"/g)).toHaveLength(1);
    expect(body).toMatch(
      /<fieldset class="variant-option variant-option--swatches">\s*<legend class="variant-option-title">Color/,
    );
    expect(body).toContain('name="variant-option-1" value="Rust" data-variant-option-name="Color"');
    expect(body).toContain('style="--swatch: #3f5d7d"');
    // Size stays a labelled list.
    expect(body).toMatch(
      /<label class="variant-option-title" for="variant-option-0">Size<\/label>[\s\S]*<select id="variant-option-0" data-variant-option-name="Size">/,
    );
    const tote = (await app.inject('/shop/p/canvas-tote')).body;
    expect(tote).toContain('variant-swatch variant-swatch--chip variant-swatch--sold-out');
    expect(tote).toContain(
      '<span class="variant-swatch__name">Black</span><span class="visually-hidden"> (sold out)</span>',
    );
  });

  it('renders the shop listing with every product in order', async () => {
    const res = await app.inject('/shop');
    expect(res.statusCode).toBe(200);
    const titles = [...res.body.matchAll(/<h2 class="product-title">([^<]+)<\/h2>/g)].map((m) => m[1]);
    expect(titles).toEqual([
      'Waxed Canvas Tote',
      'Field Notebook (3-pack)',
      'Linen Work Shirt',
      'Enamel Camp Mug',
      'Monogrammed Leather Wallet',
      'Digital Sketching Brushes',
      'Bookbinding Workshop',
      'Roaster’s Choice Coffee',
      'Gift Card',
    ]);
    // The first row's pictures (two cards on a phone) are the largest paint: fetched at once, the
    // first first; the rest wait until they near the screen.
    const pictures = [...res.body.matchAll(/<li class="product-card"[\s\S]*?<img ([^>]+)>/g)].map(
      (m) => m[1]!,
    );
    expect(pictures).toHaveLength(9);
    expect(pictures[0]).toContain('fetchpriority="high"');
    expect(pictures[0]).not.toContain('loading=');
    expect(pictures[1]).not.toMatch(/loading=|fetchpriority=/);
    for (const later of pictures.slice(2)) expect(later).toContain('loading="lazy"');
  });

  it('renders a product detail page as a content item (type 50)', async () => {
    const res = await app.inject('/shop/p/linen-shirt?format=json');
    expect(res.statusCode).toBe(200);
    const context = res.json();
    expect(context.pageType).toBe(50);
    expect(context.item.title).toBe('Linen Work Shirt');
    expect(context.item.structuredContent.variants).toHaveLength(5);
    expect(context.item.structuredContent.variants[2]).toMatchObject({
      sku: 'SHIRT-L-BLUE',
      price: 12500,
      priceMoney: { currency: 'USD', value: '125.00' },
      qtyInStock: 2,
      unlimited: false,
    });
  });

  it('answers ?format=json and ?format=json-pretty with the same context', async () => {
    const compact = await app.inject('/?format=json');
    const pretty = await app.inject('/?format=json-pretty');
    expect(compact.headers['content-type']).toContain('application/json');
    expect(pretty.body).toContain('\n  "website": {');
    expect(JSON.parse(pretty.body)).toEqual(compact.json());
    expect(compact.json().website.siteTitle).toBe('Fieldnotes Supply Co.');
  });

  it.each(['/nope', '/shop/p/unknown-product', '/shop/p/'])(
    'renders the not-found page (type 100) for %s with 404',
    async (path) => {
      const res = await app.inject(path);
      expect(res.statusCode).toBe(404);
      expect(res.body).toContain('Page not found');
      const json = await app.inject(`${path}?format=json`);
      expect(json.json().pageType).toBe(100);
    },
  );

  it('escapes the requested path on the not-found page', async () => {
    const res = await app.inject('/%3Cscript%3Ealert(1)%3C%2Fscript%3E');
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('<script>alert(1)</script>');
  });

  it('answers unknown API paths with a JSON 404, not a page', async () => {
    const res = await app.inject('/api/does-not-exist');
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('NOT_FOUND');
  });

  it('renders the contact form from the stored form, so edits show at once', async () => {
    const before = await app.inject('/contact');
    expect(before.statusCode).toBe(200);
    expect(before.body).toContain('data-form-id="form-contact"');
    const [row] = await database.db.select().from(forms).where(eq(forms.id, 'form-contact'));
    const model = row!.model as { fields: { title: string }[] };
    model.fields[0]!.title = 'Your full name, please';
    await database.db.update(forms).set({ model }).where(eq(forms.id, 'form-contact'));
    await eventually(async () =>
      expect((await app.inject('/contact')).body).toContain('Your full name, please'),
    );
  });

  it('reports health with the database kind', async () => {
    const res = await app.inject('/api/health');
    expect(res.json()).toEqual({ status: 'ok', database: target.name });
  });
});
