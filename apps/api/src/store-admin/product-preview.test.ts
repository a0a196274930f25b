import { STORE_API } from '@site/commerce-core/admin';
import { MULTILINGUAL_API, POPUP_OVERLAY_API } from '@site/page-content';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { Shopper } from '../../test/client';
import { databaseTargets } from '../../test/databases';
import { demoSiteSuite } from '../../test/demo-site-suite';
import { products, variants } from '../db/schema';

const targets = await databaseTargets();
const usd = (value: string) => ({ value, currency: 'USD' });

describe.each(targets)('product preview on $name', (target) => {
  const demo = demoSiteSuite(target);

  const draft = (over: Record<string, unknown> = {}) => ({
    collectionId: 'page-shop',
    title: 'Linen Apron',
    excerpt: '<p>Stonewashed linen.</p>',
    productType: 'physical',
    variantOptionOrdering: ['Size'],
    variants: [
      { sku: 'APRON-S', attributes: { Size: 'Small' }, price: usd('4200'), qtyInStock: 4 },
      {
        sku: 'APRON-L',
        attributes: { Size: 'Large' },
        price: usd('4800'),
        salePrice: usd('3900'),
        onSale: true,
        qtyInStock: 0,
      },
    ],
    ...over,
  });
  const rows = async () => ({
    products: await demo.database.db.select().from(products),
    variants: await demo.database.db.select().from(variants),
  });

  it("renders a new product's page with the site's theme, as the storefront would, and saves nothing", async () => {
    const before = await rows();
    const res = await demo.owner.call(
      'POST',
      STORE_API.productPreview(),
      draft({ customAddButtonText: 'Bring it home' }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const { html } = res.json() as { html: string };
    // The site layout around the store's product template.
    expect(html).toMatch(/^<!doctype html>/i);
    expect(html).toContain('<h1 class="product-title">Linen Apron</h1>');
    expect(html).toContain('Stonewashed linen.');
    // The lowest price of the variants, the sale price of the large one.
    expect(html).toContain('from $39.00');
    expect(html).toContain('<div class="product-mark sale">sale</div>');
    expect(html).toContain('Bring it home');
    expect(html).toContain('Large (sold out)');
    // The frame runs no scripts: the storefront's are not linked.
    expect(html).not.toMatch(/<script[^>]+src=/);
    const single = await demo.owner.call(
      'POST',
      STORE_API.productPreview(),
      draft({
        variantOptionOrdering: [],
        variants: [{ sku: 'APRON', attributes: {}, price: usd('4200'), qtyInStock: 2 }],
        merchandising: { scarcityEnabled: true, scarcityText: 'Only {qtyInStock} left!' },
      }),
    );
    expect(single.json().html).toContain('$42.00');
    expect(single.json().html).toContain('Only 2 left!');
    expect(await rows()).toEqual(before);
  });

  it("shows a saved product's unsaved changes and its stock on hand, leaving the product as it was", async () => {
    const saved = (await demo.owner.get(STORE_API.product('prod-canvas-tote'))).json();
    const before = await rows();
    const res = await demo.owner.call('POST', STORE_API.productPreview(saved.id), {
      collectionId: saved.collectionId,
      version: saved.version,
      title: 'Waxed Canvas Tote, renamed',
      excerpt: saved.excerpt,
      productType: saved.productType,
      variantOptionOrdering: saved.variantOptionOrdering,
      // As the editor sends them: stock left out where the owner did not touch it.
      variants: saved.variants.map(({ qtyInStock: _stock, ...v }: Record<string, unknown>) => v),
      merchandising: { customSoldOutText: 'Gone for now' },
      // Names a save ignores (they have their own call): the preview lists them as typed.
      tags: ['waxed'],
      categories: ['Totes'],
    });
    expect(res.statusCode, res.body).toBe(200);
    const { html } = res.json() as { html: string };
    expect(html).toContain('Waxed Canvas Tote, renamed</h1>');
    expect(html).toContain('$85.00');
    // Black has no stock on hand; the others are not sold out.
    expect(html).toContain('Black</span><span class="visually-hidden"> (sold out)');
    expect(html).not.toContain('Olive</span><span class="visually-hidden"> (sold out)');
    expect(html).toContain('data-item-id="prod-canvas-tote"');
    expect(html).toContain('<a href="/shop?tag=waxed">waxed</a>');
    expect(html).toContain('<a href="/shop?category=Totes">Totes</a>');
    expect(html).not.toContain('gift idea');
    expect(await rows()).toEqual(before);
  });

  it('never lets the markup of a stored-XSS excerpt reach the storefront, a translation or the preview', async () => {
    const attack =
      '<p>ex <img src=x onerror=alert(1)></p><script>alert(2)</script><a href="javascript:alert(3)">go</a>';
    const live = (html: string) => {
      expect(html).not.toMatch(/<img[^>]*onerror|<script>alert|javascript:alert/i);
      expect(html).toContain('<div class="product-excerpt"><p>ex </p>');
    };
    expect((await demo.owner.call('PUT', MULTILINGUAL_API.languages, { languages: ['fr'] })).statusCode).toBe(
      200,
    );
    const created = await demo.owner.call(
      'POST',
      STORE_API.products,
      draft({ title: 'Hostile Apron', excerpt: attack, translations: { fr: { excerpt: attack } } }),
    );
    expect(created.statusCode, created.body).toBe(201);
    // Sanitised on save: what the editor reads back is what the page shows.
    expect(created.json().excerpt).toBe('<p>ex </p><a>go</a>');
    expect(created.json().translations.fr.excerpt).toBe('<p>ex </p><a>go</a>');
    for (const path of ['/shop/p/hostile-apron', '/fr/shop/p/hostile-apron']) {
      const page = await new Shopper(demo.app).get(path);
      expect(page.statusCode, path).toBe(200);
      live(page.body);
    }
    live((await demo.owner.call('POST', STORE_API.productPreview(), draft({ excerpt: attack }))).json().html);

    // Sanitised on render too: a row written before (or restored from a dump) holds raw markup.
    await demo.database.db
      .update(products)
      .set({ excerpt: attack, body: attack })
      .where(eq(products.id, created.json().id));
    const page = (await new Shopper(demo.app).get('/shop/p/hostile-apron')).body;
    live(page);
    expect(page).toContain('<div class="product-description"><p>ex </p>');
    live(
      (
        await demo.owner.call('POST', STORE_API.productPreview(created.json().id), draft({ excerpt: attack }))
      ).json().html,
    );
    expect((await demo.owner.call('PUT', MULTILINGUAL_API.languages, { languages: [] })).statusCode).toBe(
      200,
    );
  });

  it('is the digital product composer preview (210): the owner’s page, kept out of search engines, without the pop-up', async () => {
    const popup = await demo.owner.call('PUT', POPUP_OVERLAY_API, {
      enabled: true,
      content: {
        title: 'Free shipping this week',
        body: 'On every order.',
        action: { label: 'Shop', href: '/shop' },
      },
      version: 0,
    });
    expect(popup.statusCode, popup.body).toBe(200);
    // Visitors' product pages carry the pop-up and are indexed; the preview is neither.
    const visitorPage = (await demo.app.inject('/shop/p/canvas-tote')).body;
    expect(visitorPage).toContain('id="popup-overlay"');
    expect(visitorPage).not.toContain('<meta name="robots" content="noindex">');
    const res = await demo.owner.call(
      'POST',
      STORE_API.productPreview(),
      draft({
        title: 'Field Guide (PDF)',
        productType: 'digital',
        variantOptionOrdering: [],
        variants: [{ sku: 'GUIDE-PDF', attributes: {}, price: usd('1200'), unlimited: true }],
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const { html } = res.json() as { html: string };
    expect(html).toContain('<h1 class="product-title">Field Guide (PDF)</h1>');
    expect(html).toContain('$12.00');
    expect(html).toMatch(/<body class="[^"]*page-type-210[^"]*">/);
    expect(html).toContain('<meta name="robots" content="noindex">');
    expect(html).not.toContain('id="popup-overlay"');
    const off = await demo.owner.call('PUT', POPUP_OVERLAY_API, {
      enabled: false,
      content: null,
      version: 1,
    });
    expect(off.statusCode, off.body).toBe(200);
  });

  it('refuses a draft the save would refuse, 400 with the message of the field', async () => {
    const res = await demo.owner.call(
      'POST',
      STORE_API.productPreview(),
      draft({ variants: [{ sku: 'APRON-S', attributes: { Size: 'Small' }, price: usd('42.5') }] }),
    );
    expect(res.statusCode).toBe(400);
    const { error } = res.json();
    expect(error.message).toBe(
      'Enter the amount as a whole number of minor units (for example 1250 for 12.50).',
    );
    expect(error.issues[0].path).toEqual(['variants', 0, 'price', 'value']);
    const untitled = await demo.owner.call('POST', STORE_API.productPreview(), draft({ title: '' }));
    expect(untitled.statusCode).toBe(400);
    expect(untitled.json().error.issues[0].path).toEqual(['title']);
    const gone = await demo.owner.call('POST', STORE_API.productPreview('prod-nope'), draft());
    expect(gone.statusCode).toBe(404);
  });

  it('answers 401 without a session and 403 to a viewer or without the XSRF token', async () => {
    for (const url of [STORE_API.productPreview(), STORE_API.productPreview('prod-canvas-tote')]) {
      const visitor = await new Shopper(demo.app).request('POST', url, draft());
      expect(visitor.statusCode, url).toBe(401);
      expect(visitor.json().error.code).toBe('NOT_SIGNED_IN');
      expect((await demo.viewer.call('POST', url, draft())).statusCode, url).toBe(403);
      expect((await demo.owner.request('POST', url, draft())).statusCode, url).toBe(403);
    }
  });

  it('shows the page in a language the site added, with the draft’s translation, and refuses any other', async () => {
    expect((await demo.owner.call('PUT', MULTILINGUAL_API.languages, { languages: ['fr'] })).statusCode).toBe(
      200,
    );
    const translated = draft({ translations: { fr: { title: 'Tablier en lin' } } });
    const french = await demo.owner.call('POST', `${STORE_API.productPreview()}?language=fr`, translated);
    expect(french.statusCode, french.body).toBe(200);
    expect(french.json().html).toContain('<h1 class="product-title">Tablier en lin</h1>');
    expect(french.json().html).toMatch(/<html[^>]+lang="fr/);
    // Without the language, the main one.
    expect((await demo.owner.call('POST', STORE_API.productPreview(), translated)).json().html).toContain(
      '<h1 class="product-title">Linen Apron</h1>',
    );
    for (const language of ['de', 'xx', 'FR', 'fr%00']) {
      const refused = await demo.owner.call(
        'POST',
        `${STORE_API.productPreview()}?language=${language}`,
        translated,
      );
      expect(refused.statusCode, language).toBe(400);
    }
    expect((await demo.owner.call('PUT', MULTILINGUAL_API.languages, { languages: [] })).statusCode).toBe(
      200,
    );
  });
});
