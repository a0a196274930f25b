import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Shopper } from '../../test/client';
import { databaseTargets } from '../../test/databases';
import { EditorClient } from '../../test/editor';
import { buildApp } from '../app';
import type { DatabaseHandle } from '../db/client';
import { pages, siteDomains, siteMembers, templates, websites } from '../db/schema';
import { DEMO_OWNER, seedDemoSite } from '../seed/demo-site';
import { memberMessages } from '../security/member-messages';
import { siteMessages } from './messages';

const targets = await databaseTargets();
const BASE = 'sites.test';
const PASSWORD = 'correct horse battery';

describe.each(targets)('owners create sites from the theme on $name', (target) => {
  let database: DatabaseHandle;
  let app: FastifyInstance;

  beforeAll(async () => {
    database = await target.open();
    await seedDemoSite(database.db);
    app = await buildApp({ database, writesPerMinute: 0, baseDomain: BASE });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  const signUp = (body: unknown) => new Shopper(app).post('/api/sites', body);

  it('starts a site in the theme its owner chose, and refuses a theme that is not offered', async () => {
    const res = await signUp({
      email: 'm@example.com',
      password: PASSWORD,
      title: 'Stall',
      slug: 'stall',
      theme: 'market',
    });
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await database.db.select().from(websites).where(eq(websites.id, res.json().websiteId));
    expect(row?.theme).toBe('market');
    const home = await app.inject({ url: '/', headers: { host: `stall.${BASE}` } });
    expect(home.body).toContain('<body class="theme-market');
    expect(home.body).toContain('<link rel="stylesheet" href="/assets/site-styles/market.');
    const refused = await signUp({
      email: 'n@example.com',
      password: PASSWORD,
      title: 'X',
      slug: 'xx-site',
      theme: 'gothic',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('Choose one of the themes shown');
  });

  it('seeds a small site that suits the theme chosen: posts, products, projects or dishes, with drawn pictures', async () => {
    const expected = {
      fieldnotes: {
        paths: ['/', '/404', '/blog', '/cart', '/checkout', '/shop'],
        see: ['/blog', 'Why I started writing here'],
      },
      market: { paths: ['/', '/404', '/cart', '/checkout', '/shop'], see: ['/shop', 'Woven Market Basket'] },
      studio: {
        paths: ['/', '/404', '/cart', '/checkout', '/shop', '/work'],
        see: ['/work', 'Harbour — identity'],
      },
      bistro: { paths: ['/', '/404', '/cart', '/checkout', '/shop'], see: ['/shop', 'Heirloom Tomato Tart'] },
    } as const;
    for (const [theme, { paths, see }] of Object.entries(expected)) {
      const res = await signUp({
        email: `${theme}@example.com`,
        password: PASSWORD,
        title: `${theme} starter`,
        slug: `${theme}-starter`,
        theme,
      });
      expect(res.statusCode, res.body).toBe(201);
      const sitePages = await database.db
        .select({ path: pages.path })
        .from(pages)
        .where(eq(pages.websiteId, res.json().websiteId));
      expect(sitePages.map((p) => p.path).sort(), theme).toEqual(paths);
      const visitor = new Shopper(app, res.json().host);
      const page = await visitor.get(see[0]);
      expect(page.statusCode, theme).toBe(200);
      expect(page.body, theme).toContain(see[1]);
      // The pictures are the theme's own drawings, served with the theme.
      const drawn = page.body.match(/\/assets\/themes\/[a-z]+\/assets\/starter\/[a-z0-9-]+\.svg/g) ?? [];
      expect(drawn.length > 0, theme).toBe(theme !== 'fieldnotes');
      for (const src of new Set(drawn)) expect((await visitor.get(src)).statusCode, src).toBe(200);
      const menu = await visitor.get('/');
      // No heading over an empty list: a site without products shows no featured products.
      if (theme === 'fieldnotes') expect(menu.body).not.toContain('Featured products');
      // Bistro starts with opening hours the owner changes in Settings › Site; the others have none.
      expect(
        menu.body.includes('<th scope="row">Tuesday – Thursday</th><td>5:30 PM – 10:00 PM</td>'),
        theme,
      ).toBe(theme === 'bistro');
      if (theme !== 'market')
        expect(menu.body, theme).toContain(
          `href="${paths.find((p) => p === '/blog' || p === '/work') ?? '/shop'}"`,
        );
    }
    // The starter items are the site's own: the demo site and other new sites do not get them.
    expect((await app.inject('/shop/p/market-basket')).statusCode).toBe(404);
  });

  it('starts the store in the currency its owner picked (USD when none), refusing one it cannot use', async () => {
    const currencyOf = async (websiteId: string) =>
      (await database.db.select().from(websites).where(eq(websites.id, websiteId)))[0]?.currency;
    const yen = await signUp({
      email: 'y@example.com',
      password: PASSWORD,
      title: 'Yen',
      slug: 'yen-shop',
      currency: 'JPY',
    });
    expect(yen.statusCode, yen.body).toBe(201);
    expect(await currencyOf(yen.json().websiteId)).toBe('JPY');
    const cart = await app.inject({ url: '/cart', headers: { host: `yen-shop.${BASE}` } });
    expect(cart.body).toContain('"storeCurrency":"JPY"');
    const plain = await signUp({
      email: 'u@example.com',
      password: PASSWORD,
      title: 'Plain',
      slug: 'plain-shop',
    });
    expect(await currencyOf(plain.json().websiteId)).toBe('USD');
    for (const [currency, message] of [
      ['jpy', 'Write the currency code in capitals: JPY.'],
      ['XYZ', 'XYZ is not a currency the store can use. Choose one from the list, like EUR or JPY.'],
    ]) {
      const refused = await signUp({
        email: 'z@example.com',
        password: PASSWORD,
        title: 'Z',
        slug: 'z-shop',
        currency,
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error.fieldErrors).toEqual({ currency: message });
    }
    const wrongType = await signUp({
      email: 'z@example.com',
      password: PASSWORD,
      title: 'Z',
      slug: 'z-shop',
      currency: 392,
    });
    expect(wrongType.statusCode).toBe(400);
  });

  it('creates the site, its owner and default domain, and serves it at <slug>.<base domain>', async () => {
    const res = await signUp({
      email: ' Maker@Example.COM ',
      password: PASSWORD,
      title: '  Clay   & Kiln ',
      slug: 'Clay-Kiln',
    });
    expect(res.statusCode).toBe(201);
    const site = res.json();
    expect(site).toMatchObject({
      slug: 'clay-kiln',
      host: `clay-kiln.${BASE}`,
      url: `http://clay-kiln.${BASE}/`,
      editorUrl: `http://clay-kiln.${BASE}/config`,
    });

    const [row] = await database.db.select().from(websites).where(eq(websites.id, site.websiteId));
    expect(row).toMatchObject({ title: 'Clay & Kiln', slug: 'clay-kiln' });
    expect(
      await database.db.select().from(siteDomains).where(eq(siteDomains.websiteId, site.websiteId)),
    ).toMatchObject([{ host: `clay-kiln.${BASE}`, kind: 'default' }]);
    const members = await database.db
      .select()
      .from(siteMembers)
      .where(eq(siteMembers.websiteId, site.websiteId));
    expect(members.map((m) => [m.email, m.roles])).toEqual([['maker@example.com', ['owner']]]);
    const themeTemplates = await database.db
      .select({ name: templates.name })
      .from(templates)
      .where(eq(templates.websiteId, site.websiteId));
    expect(themeTemplates.map((t) => t.name)).toEqual(
      expect.arrayContaining([
        'site',
        'home',
        'products-list',
        'product-item',
        'cart',
        'checkout',
        'not-found',
      ]),
    );
    const sitePages = await database.db
      .select({ path: pages.path })
      .from(pages)
      .where(eq(pages.websiteId, site.websiteId));
    expect(sitePages.map((p) => p.path).sort()).toEqual([
      '/',
      '/404',
      '/blog',
      '/cart',
      '/checkout',
      '/shop',
    ]);

    // Its pages on its own host: its title and menu, its theme's starter posts, none of the demo's.
    const visitor = new Shopper(app, site.host);
    const home = await visitor.get('/');
    expect(home.statusCode).toBe(200);
    expect(home.body).toContain('Clay &amp; Kiln');
    expect(home.body).not.toContain('Fieldnotes');
    const shop = await visitor.get('/shop?format=json');
    expect(shop.statusCode).toBe(200);
    expect(JSON.stringify(shop.json())).not.toContain('canvas-tote');
    expect((await visitor.get('/shop/p/canvas-tote')).statusCode).toBe(404);
    expect((await visitor.get('/api/commerce/shopping-cart')).statusCode).toBe(200);

    // The owner signs in on the site's address and edits it; the demo owner cannot sign in there.
    const owner = await new EditorClient(app, site.host).signIn({
      email: 'maker@example.com',
      password: PASSWORD,
    });
    const me = await owner.call('GET', '/api/editor/me');
    expect(me.json()).toMatchObject({ email: 'maker@example.com', roles: ['owner'], canEdit: true });
    expect(
      (await owner.call('GET', '/api/editor/pages'))
        .json()
        .pages.map((p: { path: string }) => p.path)
        .sort(),
    ).toEqual(['/', '/404', '/blog', '/cart', '/checkout', '/shop']);
    await expect(new EditorClient(app, site.host).signIn(DEMO_OWNER)).rejects.toThrow(/sign-in failed: 401/);
    // The owner's session is no session on the demo site.
    const onDemo = await app.inject({
      method: 'GET',
      url: '/api/editor/me',
      headers: { cookie: [...owner.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    expect(onDemo.statusCode).toBe(401);
  });

  it.each([
    [
      { email: 'not-an-email', password: PASSWORD, title: 'T', slug: 'valid-slug' },
      'email',
      siteMessages.emailInvalid,
    ],
    [
      { email: 'a@example.com', password: 'short', title: 'T', slug: 'valid-slug' },
      'password',
      memberMessages.passwordTooShort,
    ],
    [
      { email: 'a@example.com', password: 'aaaaaaaaaaaa', title: 'T', slug: 'valid-slug' },
      'password',
      memberMessages.passwordTooSimple,
    ],
    [
      { email: 'a@example.com', password: PASSWORD, title: '   ', slug: 'valid-slug' },
      'title',
      siteMessages.titleMissing,
    ],
    [
      { email: 'a@example.com', password: PASSWORD, title: 'x'.repeat(101), slug: 'valid-slug' },
      'title',
      siteMessages.titleTooLong,
    ],
    [{ email: 'a@example.com', password: PASSWORD, title: 'T', slug: 'ab' }, 'slug', siteMessages.slugLength],
    [
      { email: 'a@example.com', password: PASSWORD, title: 'T', slug: 'x'.repeat(41) },
      'slug',
      siteMessages.slugLength,
    ],
    [
      { email: 'a@example.com', password: PASSWORD, title: 'T', slug: 'has space' },
      'slug',
      siteMessages.slugCharacters,
    ],
    [
      { email: 'a@example.com', password: PASSWORD, title: 'T', slug: '-edge' },
      'slug',
      siteMessages.slugCharacters,
    ],
    [
      { email: 'a@example.com', password: PASSWORD, title: 'T', slug: 'dou--ble' },
      'slug',
      siteMessages.slugCharacters,
    ],
    [
      { email: 'a@example.com', password: PASSWORD, title: 'T', slug: 'café' },
      'slug',
      siteMessages.slugCharacters,
    ],
    [{ email: 'a@example.com', password: PASSWORD, title: 'T', slug: 'www' }, 'slug', siteMessages.slugTaken],
    [{ email: 'a@example.com', password: PASSWORD, title: 'T', slug: 'api' }, 'slug', siteMessages.slugTaken],
  ])('refuses %j: %s', async (body, field, message) => {
    const res = await signUp(body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      error: { code: 'INVALID_FIELDS', message, fieldErrors: { [field]: message } },
    });
  });

  it('refuses a taken slug with 400 on the slug, and leaves nothing behind', async () => {
    const first = await signUp({
      email: 'one@example.com',
      password: PASSWORD,
      title: 'One',
      slug: 'taken-name',
    });
    expect(first.statusCode).toBe(201);
    const before = await database.db.select().from(websites);
    const again = await signUp({
      email: 'two@example.com',
      password: PASSWORD,
      title: 'Two',
      slug: 'Taken-Name',
    });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ error: { fieldErrors: { slug: siteMessages.slugTaken } } });
    expect(await database.db.select().from(websites)).toHaveLength(before.length);
  });

  it('gives one of two racing sign-ups for the same slug the site, the other a clear 400', async () => {
    const results = await Promise.all(
      ['race-1@example.com', 'race-2@example.com'].map((email) =>
        signUp({ email, password: PASSWORD, title: 'Race', slug: 'the-race' }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 400]);
    expect(await database.db.select().from(websites).where(eq(websites.slug, 'the-race'))).toHaveLength(1);
  });

  it('refuses wrong types, missing fields and a missing crumb with a 4xx', async () => {
    expect((await signUp({ email: 1, password: PASSWORD, title: 'T', slug: 'types' })).statusCode).toBe(400);
    expect((await signUp({ email: 'a@example.com' })).statusCode).toBe(400);
    expect((await signUp(null)).statusCode).toBe(400);
    const noCrumb = await app.inject({
      method: 'POST',
      url: '/api/sites',
      payload: { email: 'a@example.com', password: PASSWORD, title: 'T', slug: 'no-crumb' },
    });
    expect(noCrumb.statusCode).toBe(403);
  });

  it('creates no site on a deployment without a base domain', async () => {
    const single = await buildApp({ database, writesPerMinute: 0 });
    try {
      const res = await new Shopper(single).post('/api/sites', {
        email: 'a@example.com',
        password: PASSWORD,
        title: 'T',
        slug: 'nowhere',
      });
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toMatchObject({ code: 'SIGN_UP_CLOSED', message: siteMessages.signUpClosed });
    } finally {
      await single.close();
    }
  });
});
