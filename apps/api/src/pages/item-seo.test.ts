import { STORE_API } from '@site/commerce-core/admin';
import { BLOG_API, EDITOR_API, productSeoPath, seoMessages } from '@site/page-content';
import { describe, expect, it } from 'vitest';
import { Shopper } from '../../test/client';
import { databaseTargets } from '../../test/databases';
import { demoSiteSuite } from '../../test/demo-site-suite';

const locs = (sitemap: string) =>
  [...sitemap.matchAll(/<loc>https?:\/\/[^/]+([^<]*)<\/loc>/g)].map((m) => m[1]);
const lastmodOf = (sitemap: string, path: string) =>
  new RegExp(`<loc>[^<]*${path}</loc><lastmod>([^<]+)</lastmod>`).exec(sitemap)?.[1];
const meta = (html: string, key: string) =>
  new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)">`).exec(html)?.[1];

const TOTE = '/shop/p/canvas-tote';
const POST = '/journal/caring-for-waxed-canvas';

/**
 * Search engine settings of products, blog posts and collections (issue 28): each field flipped
 * shows in the page head, the sitemap and the blog's RSS feed, and flipped back leaves no trace.
 */
describe.each(await databaseTargets())('product, post and collection SEO on $name', (target) => {
  const demo = demoSiteSuite(target);
  const get = (url: string) => new Shopper(demo.app).get(url);
  const sitemapXml = async () => (await get('/sitemap.xml')).body;
  const putProductSeo = (seo: unknown) => demo.owner.call('PUT', productSeoPath('prod-canvas-tote'), seo);
  const patchPost = async (change: Record<string, unknown>) => {
    const { version } = (await demo.owner.get(BLOG_API.post('post-waxing-canvas'))).json();
    return demo.owner.call('PATCH', BLOG_API.post('post-waxing-canvas'), { version, ...change });
  };

  it('a product starts with empty settings; its page uses its title and summary and is indexed', async () => {
    const product = (await demo.owner.get(STORE_API.product('prod-canvas-tote'))).json();
    expect(product.seo).toEqual({ title: '', description: '', socialImage: '', noindex: false });
    const page = (await get(TOTE)).body;
    expect(page).toMatch(/<title>Waxed Canvas Tote — [^<]+<\/title>/);
    expect(meta(page, 'description')).toBe('Hard-wearing waxed canvas with leather handles.');
    expect(meta(page, 'twitter:description')).toBe('Hard-wearing waxed canvas with leather handles.');
    expect(meta(page, 'twitter:card')).toBe('summary_large_image');
    expect(page).not.toContain('name="robots"');
  });

  it('a product’s SEO title, description and social image replace its own in the head, og: and twitter: tags', async () => {
    const res = await putProductSeo({
      title: ' Waxed tote bag | handmade ',
      description: 'A tote for every day, waxed by hand in Portland.',
      socialImage: '/s/tote-card.jpg',
      noindex: false,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().seo).toEqual({
      title: 'Waxed tote bag | handmade',
      description: 'A tote for every day, waxed by hand in Portland.',
      socialImage: '/s/tote-card.jpg',
      noindex: false,
    });
    // The product form's save sends the view back whole: the settings are kept, not refused.
    const view = (await demo.owner.get(STORE_API.product('prod-canvas-tote'))).json();
    const saved = await demo.owner.call('PUT', STORE_API.product('prod-canvas-tote'), {
      ...view,
      seo: { title: 'ignored here' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().seo.title).toBe('Waxed tote bag | handmade');

    const page = (await get(TOTE)).body;
    expect(page).toContain('<title>Waxed tote bag | handmade</title>');
    for (const key of ['og:title', 'twitter:title'])
      expect(meta(page, key)).toBe('Waxed tote bag | handmade');
    for (const key of ['description', 'og:description', 'twitter:description'])
      expect(meta(page, key)).toBe('A tote for every day, waxed by hand in Portland.');
    for (const key of ['og:image', 'twitter:image'])
      expect(meta(page, key)).toMatch(/^http:\/\/[^/]+\/s\/tote-card\.jpg$/);

    await putProductSeo({});
    const plain = (await get(TOTE)).body;
    expect(plain).toMatch(/<title>Waxed Canvas Tote — [^<]+<\/title>/);
    expect(plain).not.toContain('tote-card.jpg');
  });

  it('hiding a product adds robots noindex and takes it out of the sitemap; its lastmod follows its saves', async () => {
    const before = lastmodOf(await sitemapXml(), TOTE);
    expect(before).toMatch(/^\d{4}-\d\d-\d\dT/);

    await putProductSeo({ noindex: true });
    expect((await get(TOTE)).body).toContain('<meta name="robots" content="noindex">');
    expect(locs(await sitemapXml())).not.toContain(TOTE);
    // Other products stay.
    expect(locs(await sitemapXml())).toContain('/shop/p/field-notebook');

    await putProductSeo({ noindex: false });
    expect((await get(TOTE)).body).not.toContain('name="robots"');
    const after = lastmodOf(await sitemapXml(), TOTE);
    expect(after).toBeDefined();
    expect(Date.parse(after!)).toBeGreaterThan(Date.parse(before!));

    const view = (await demo.owner.get(STORE_API.product('prod-canvas-tote'))).json();
    await demo.owner.call('PUT', STORE_API.product('prod-canvas-tote'), {
      ...view,
      title: 'Waxed Canvas Tote',
    });
    expect(Date.parse(lastmodOf(await sitemapXml(), TOTE)!)).toBeGreaterThan(Date.parse(after!));
  });

  it('a post’s settings show in its head; hidden, it leaves the sitemap and the RSS feed', async () => {
    const initial = (await demo.owner.get(BLOG_API.post('post-waxing-canvas'))).json();
    expect(initial.seo).toEqual({ title: '', description: '', socialImage: '', noindex: false });

    const res = await patchPost({
      seo: { title: 'Waxed canvas care guide', description: 'Rewax twice a year.', socialImage: '' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().seo).toEqual({
      title: 'Waxed canvas care guide',
      description: 'Rewax twice a year.',
      socialImage: '',
      noindex: false,
    });
    let page = (await get(POST)).body;
    expect(page).toContain('<title>Waxed canvas care guide</title>');
    expect(meta(page, 'og:type')).toBe('article');
    expect(meta(page, 'description')).toBe('Rewax twice a year.');
    expect(meta(page, 'twitter:card')).toBe('summary');
    expect(meta(page, 'twitter:image')).toBeUndefined();

    await patchPost({ seo: { noindex: true } });
    page = (await get(POST)).body;
    expect(page).toContain('<meta name="robots" content="noindex">');
    expect(page).toMatch(/<title>Caring for waxed canvas — [^<]+<\/title>/);
    expect(locs(await sitemapXml())).not.toContain(POST);
    expect(locs(await sitemapXml())).toContain('/journal/paper-that-takes-ink');
    const feed = (await get('/journal?format=rss')).body;
    expect(feed).not.toContain('Caring for waxed canvas');
    expect(feed).toContain('Paper that takes ink');

    await patchPost({ seo: { noindex: false } });
    expect(locs(await sitemapXml())).toContain(POST);
    expect((await get('/journal?format=rss')).body).toContain('Caring for waxed canvas');
    expect((await get(POST)).body).not.toContain('name="robots"');
  });

  it('a collection’s settings are its page’s: its own head, and hidden it takes its items along', async () => {
    const patchJournal = async (seo: unknown) => {
      const { version } = (await demo.owner.get(EDITOR_API.page('page-journal'))).json();
      const res = await demo.owner.call('PATCH', EDITOR_API.page('page-journal'), { version, seo });
      expect(res.statusCode, res.body).toBe(200);
    };
    await patchJournal({ title: 'Journal of the workshop', socialImage: 'https://cdn.example/j.png' });
    const list = (await get('/journal')).body;
    expect(list).toContain('<title>Journal of the workshop</title>');
    expect(meta(list, 'twitter:image')).toBe('https://cdn.example/j.png');
    // A post keeps its own title and picture, not the collection's.
    expect((await get(POST)).body).not.toContain('Journal of the workshop');

    await patchJournal({ noindex: true });
    expect((await get('/journal')).body).toContain('<meta name="robots" content="noindex">');
    expect((await get(POST)).body).toContain('<meta name="robots" content="noindex">');
    const urls = locs(await sitemapXml());
    expect(urls).not.toContain('/journal');
    expect(urls).not.toContain(POST);
    await patchJournal({});
    expect(locs(await sitemapXml())).toEqual(expect.arrayContaining(['/journal', POST]));
  });

  it.each<[string, unknown]>([
    ['a javascript: social image', { socialImage: 'javascript:alert(1)' }],
    ['a protocol-relative image', { socialImage: '//evil.example/x.png' }],
    ['noindex as a string', { noindex: 'yes' }],
    ['a NUL byte in the description', { description: 'a\u0000b' }],
    ['a lone surrogate in the title', { title: 'a\ud800b' }],
    ['a 501-character description', { description: 'x'.repeat(501) }],
    ['an array', [1, 2]],
    ['a number', 5],
  ])('refuses %s with 400 for a product and a post, changing neither', async (_label, seo) => {
    const product = (await demo.owner.get(STORE_API.product('prod-canvas-tote'))).json();
    const post = (await demo.owner.get(BLOG_API.post('post-waxing-canvas'))).json();
    const res = await putProductSeo(seo);
    expect(res.statusCode, res.body).toBe(400);
    if (typeof (seo as { socialImage?: unknown }).socialImage === 'string')
      expect(res.body).toContain(seoMessages.socialImageInvalid);
    if (seo !== null && typeof seo === 'object' && !Array.isArray(seo))
      expect((await patchPost({ seo })).statusCode).toBe(400);
    expect((await demo.owner.get(STORE_API.product('prod-canvas-tote'))).json()).toEqual(product);
    expect((await demo.owner.get(BLOG_API.post('post-waxing-canvas'))).json()).toEqual(post);
  });

  it('a viewer may not change a product’s settings; an unknown product is 404', async () => {
    expect(
      (await demo.viewer.call('PUT', productSeoPath('prod-canvas-tote'), { noindex: true })).statusCode,
    ).toBe(403);
    expect((await demo.owner.call('PUT', productSeoPath('nope'), { noindex: true })).statusCode).toBe(404);
    expect(locs(await sitemapXml())).toContain(TOTE);
  });
});
