import { STORE_API } from '@site/commerce-core/admin';
import { LOCALIZED_STOREFRONT_STRINGS, MULTILINGUAL_API } from '@site/page-content';
import { describe, expect, it } from 'vitest';
import { Shopper } from '../../test/client';
import { databaseTargets } from '../../test/databases';
import { demoSiteSuite } from '../../test/demo-site-suite';

const targets = await databaseTargets();

describe.each(targets)('multilingual on $name', (target) => {
  const demo = demoSiteSuite(target);

  const html = async (path: string) => {
    const res = await new Shopper(demo.app).get(path);
    return { status: res.statusCode, body: res.body };
  };

  it('refuses every call without a session (401) and a viewer writing (403)', async () => {
    const visitor = new Shopper(demo.app);
    const calls = [
      ['GET', MULTILINGUAL_API.settings],
      ['GET', MULTILINGUAL_API.status],
      ['GET', MULTILINGUAL_API.languages],
      ['PUT', MULTILINGUAL_API.languages],
      ['DELETE', MULTILINGUAL_API.connection],
      ['PUT', MULTILINGUAL_API.pageTranslations('page-shop')],
    ] as const;
    for (const [method, url] of calls) {
      const body = method === 'PUT' ? { languages: [] } : undefined;
      const res = await visitor.request(method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      if (method === 'GET') expect((await demo.viewer.get(url)).statusCode).toBe(200);
      else
        expect((await demo.viewer.call(method, url, body)).statusCode, `viewer ${method} ${url}`).toBe(403);
    }
    const locale = await visitor.request('POST', '/api/site-users/account/locale', { language: 'fr' });
    expect(locale.statusCode).toBe(401);
  });

  it('starts with one language and no prefix paths', async () => {
    expect((await demo.owner.get(MULTILINGUAL_API.status)).json()).toEqual({
      connected: false,
      languageCount: 0,
    });
    const settings = (await demo.owner.get(MULTILINGUAL_API.settings)).json();
    expect(settings).toMatchObject({ primaryLanguage: 'en', languages: [] });
    expect(settings.available.map((l: { code: string }) => l.code)).toContain('fr');
    const shop = await html('/shop');
    expect(shop.body).not.toContain('hreflang');
    expect((await html('/fr/shop')).status).toBe(404);
  });

  it.each([
    [{ languages: ['xx'] }, 'xx is not a language this site can add.'],
    [{ languages: ['en'] }, 'en is already the site language.'],
    [{ languages: ['fr', 'fr'] }, 'fr is listed twice.'],
    [{ languages: 'fr' }, undefined],
    [{ languages: ['fr'], extra: 1 }, undefined],
    [{ languages: ['fr\u0000'] }, undefined],
  ])('refuses %o with a 400', async (body, message) => {
    const res = await demo.owner.call('PUT', MULTILINGUAL_API.languages, body);
    expect(res.statusCode, res.body).toBe(400);
    if (message) expect(res.json().error.message).toBe(message);
    expect((await demo.owner.get(MULTILINGUAL_API.settings)).json().languages).toEqual([]);
  });

  it('adds French: /fr/… serves translated products and pages with the French strings, a switcher and hreflang', async () => {
    // Cached before French exists: the cache must not answer /fr/shop with the English page later.
    expect((await html('/shop')).body).toContain('Canvas Tote');
    const put = await demo.owner.call('PUT', MULTILINGUAL_API.languages, { languages: ['fr'] });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toMatchObject({ primaryLanguage: 'en', languages: ['fr'] });
    expect((await demo.owner.get(MULTILINGUAL_API.status)).json()).toEqual({
      connected: true,
      languageCount: 1,
    });

    const product = (await demo.owner.get(STORE_API.product('prod-canvas-tote'))).json();
    const saved = await demo.owner.call('PUT', STORE_API.product(product.id), {
      collectionId: product.collectionId,
      version: product.version,
      title: product.title,
      excerpt: product.excerpt,
      productType: product.productType,
      variantOptionOrdering: product.variantOptionOrdering,
      variants: product.variants,
      translations: { fr: { title: 'Sac en toile' } },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().translations).toEqual({ fr: { title: 'Sac en toile' } });
    const page = await demo.owner.call('PUT', MULTILINGUAL_API.pageTranslations('page-shop'), {
      translations: { fr: { title: 'Boutique' } },
    });
    expect(page.statusCode, page.body).toBe(200);

    const fr = await html('/fr/shop/p/canvas-tote');
    expect(fr.status).toBe(200);
    expect(fr.body).toContain('Sac en toile');
    expect(fr.body).toContain('<html lang="fr"');
    expect(fr.body).toContain(LOCALIZED_STOREFRONT_STRINGS.fr.productAddToCartText);
    expect(fr.body).toMatch(/<link rel="alternate" hreflang="fr" href="[^"]*\/fr\/shop\/p\/canvas-tote">/);
    expect(fr.body).toMatch(/<link rel="alternate" hreflang="en" href="[^"]*\/shop\/p\/canvas-tote">/);
    expect(fr.body).toContain('hreflang="x-default"');
    expect(fr.body).toContain('<nav class="site-languages"');
    expect(fr.body).toMatch(/href="\/fr\/shop"[^>]*>Boutique</);
    const list = await html('/fr/shop');
    expect(list.body).toContain('Sac en toile');
    expect(list.body).toContain('/fr/shop/p/canvas-tote');
    // The English pages stay English, with the switcher and alternates too.
    const en = await html('/shop/p/canvas-tote');
    expect(en.body).toContain('Canvas Tote');
    expect(en.body).not.toContain('Sac en toile');
    expect(en.body).toContain('hreflang="fr"');
    expect((await html('/fr')).status).toBe(200);
    expect((await html('/de/shop')).status).toBe(404);
  });

  it('refuses translations into a language the site has not added', async () => {
    const res = await demo.owner.call('PUT', MULTILINGUAL_API.pageTranslations('page-shop'), {
      translations: { de: { title: 'Laden' } },
    });
    expect(res.statusCode).toBe(400);
    expect(
      (await demo.owner.call('PUT', MULTILINGUAL_API.pageTranslations('nope'), { translations: {} }))
        .statusCode,
    ).toBe(404);
  });

  it('disconnecting stops serving /fr/… and keeps the translations', async () => {
    const res = await demo.owner.call('DELETE', MULTILINGUAL_API.connection);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ connected: false, languageCount: 0 });
    expect((await html('/fr/shop')).status).toBe(404);
    expect((await html('/shop')).body).not.toContain('hreflang');
    expect((await demo.owner.get(STORE_API.product('prod-canvas-tote'))).json().translations).toEqual({
      fr: { title: 'Sac en toile' },
    });
  });
});
