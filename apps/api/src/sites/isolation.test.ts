import { randomUUID } from 'node:crypto';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADDRESS, Shopper, TEST_CARD } from '../../test/client';
import { databaseTargets } from '../../test/databases';
import { EditorClient } from '../../test/editor';
import { rows, siteRows } from '../../test/site-rows';
import { buildApp } from '../app';
import type { DatabaseHandle } from '../db/client';
import { files, siteDomains } from '../db/schema';
import type { CatalogRoute } from '../security/route-catalog';
import { DEMO_OWNER, DEMO_WEBSITE_ID, seedDemoSite } from '../seed/demo-site';
import { createMember } from '../security/members';
import { hashSessionToken, SESSION_COOKIE } from '../security/sessions';

/**
 * Tenant isolation over every route of the app (read from app.routeCatalog, so a route added later
 * is covered without touching this file). Site B is the demo site, full of rows of every kind,
 * reached at beta.sites.test; site A is created through sign-up. Owner A, signed in on A's host,
 * sends every route requests built from B's ids (in the path, the query, the body and the cart
 * cookie). Each request naming B's ids in its path must be refused or not found, no answer may show
 * B's data, and a snapshot of B's rows (a hash of every row, per table) must be unchanged. Then A's
 * session is sent to B's host: every guarded route must refuse it.
 */
const targets = await databaseTargets();
const BASE = 'sites.test';
const A_HOST = `alpha.${BASE}`;
const B_HOST = `beta.${BASE}`;
const B = DEMO_WEBSITE_ID;
const A_OWNER = { email: 'owner-a@example.com', password: 'alpha owner pass 2026' };

/** Text only site B's rows hold and no request sends: finding one in an answer to A is a leak. */
const B_MARKERS = [
  'Waxed Canvas Tote',
  'Fieldnotes Supply',
  'Caring for waxed canvas',
  'reviewer@demo.test',
  'beta-buyer@example.com',
  'beta-customer@example.com',
  'beta-restock@example.com',
  'Beta secret list',
  'beta-secret-hook',
  'beta-secret-file',
  'Beta secret comment',
];

const cookieHeader = (cookies: Map<string, string>, extra: Record<string, string> = {}) =>
  [...cookies, ...Object.entries(extra)].map(([k, v]) => `${k}=${v}`).join('; ');

describe.each(targets)('tenant isolation over every route on $name', (target) => {
  let database: DatabaseHandle;
  let app: FastifyInstance;
  let routes: CatalogRoute[];
  /** B's ids by kind, read from the database after B was filled. */
  const ids: Record<string, string> = {};
  let bPaths: string[] = [];
  let before: Record<string, string[]>;

  beforeAll(async () => {
    database = await target.open();
    await seedDemoSite(database.db);
    await database.db.insert(siteDomains).values({ host: B_HOST, websiteId: B, kind: 'custom' });
    app = await buildApp({
      database,
      writesPerMinute: 0,
      baseDomain: BASE,
      // The hook it registers points at this machine.
      webhookPolicy: { allowPrivate: true },
      logger: process.env.ISOLATION_LOG ? { level: 'error' } : false,
    });
    await app.ready();
    routes = [...app.routeCatalog].filter(
      (r) => r.method !== 'HEAD' || !app.routeCatalog.some((o) => o.url === r.url && o.method === 'GET'),
    );

    const created = await new Shopper(app).post('/api/sites', { ...A_OWNER, title: 'Alpha', slug: 'alpha' });
    expect(created.statusCode).toBe(201);

    // Site B gets rows of every kind through its own host: a cart, an order, a restock sign-up, a
    // comment, a mailing list with a subscriber, a webhook, a customer, a file.
    const buyer = new Shopper(app, B_HOST);
    expect((await buyer.addToCart('prod-field-notebook', 'NOTE-3', 1)).statusCode).toBe(200);
    const order = await buyer.post('/api/commerce/checkout', {
      email: 'beta-buyer@example.com',
      shippingAddress: ADDRESS,
      shippingOptionId: 'standard',
      payment: TEST_CARD,
    });
    expect(order.statusCode).toBe(200);
    const browsing = new Shopper(app, B_HOST);
    expect((await browsing.addToCart('prod-field-notebook', 'NOTE-3', 2)).statusCode).toBe(200);
    const restock = await browsing.post('/api/commerce/restock-notifications', {
      productId: 'prod-enamel-mug',
      variantId: 'prod-enamel-mug-mug-1',
      siteVisitorEmail: 'beta-restock@example.com',
      isJoinMailingList: false,
      recaptchaEnterpriseV3Token: 't',
    });
    expect(restock.statusCode, restock.body).toBeLessThan(300);
    const comment = await browsing.post('/api/blog/posts/post-waxing-canvas/comments', {
      authorName: 'Bea',
      body: 'Beta secret comment',
    });
    expect(comment.statusCode).toBe(201);
    const ownerB = await new EditorClient(app, B_HOST).signIn(DEMO_OWNER);
    const list = await ownerB.call('POST', '/api/editor/mailing-lists', { name: 'Beta secret list' });
    expect(list.statusCode).toBe(201);
    const hook = await ownerB.call('POST', '/api/editor/webhooks', {
      url: 'http://127.0.0.1:9/beta-secret-hook',
      events: ['order.placed'],
    });
    expect(hook.statusCode).toBeLessThan(300);
    await createMember(database.db, {
      websiteId: B,
      email: 'beta-customer@example.com',
      password: 'beta customer 2026',
      roles: ['customer'],
    });
    await database.db.insert(files).values({
      id: randomUUID(),
      websiteId: B,
      name: 'beta-secret-file.png',
      contentType: 'image/png',
      size: 10,
      status: 'complete',
    });

    const one = async (query: string) => (await rows<{ v: string }>(database, query))[0]?.v ?? '';
    const kinds: Record<string, string> = {
      page: `select id as v from pages where website_id = '${B}' and path = '/about'`,
      collection: `select id as v from pages where website_id = '${B}' and path = '/shop'`,
      product: `select id as v from products where website_id = '${B}' order by id limit 1`,
      variant: `select id as v from variants where product_id in (select id from products where website_id = '${B}') order by id limit 1`,
      order: `select id as v from orders where website_id = '${B}' limit 1`,
      orderToken: `select access_token as v from orders where website_id = '${B}' limit 1`,
      cart: `select token as v from carts where website_id = '${B}' and id not in (select cart_id from orders where cart_id is not null) limit 1`,
      cartEntry: `select id as v from cart_entries where cart_id in (select id from carts where website_id = '${B}') limit 1`,
      file: `select id as v from files where website_id = '${B}' limit 1`,
      form: `select id as v from forms where website_id = '${B}' limit 1`,
      member: `select id as v from site_members where website_id = '${B}' limit 1`,
      list: `select id as v from mailing_lists where website_id = '${B}' limit 1`,
      subscriber: `select id as v from mailing_list_subscribers where list_id in (select id from mailing_lists where website_id = '${B}') limit 1`,
      webhook: `select id as v from webhooks where website_id = '${B}' limit 1`,
      post: `select id as v from blog_posts where website_id = '${B}' limit 1`,
      comment: `select id as v from blog_comments where website_id = '${B}' limit 1`,
      revision: `select id as v from page_revisions where website_id = '${B}' limit 1`,
      category: `select id as v from categories where website_id = '${B}' limit 1`,
    };
    for (const [kind, query] of Object.entries(kinds)) {
      const value = await one(query).catch(() => '');
      if (value) ids[kind] = String(value);
    }
    ids.website = B;
    // The domain calls take a host: B's own.
    ids.host = B_HOST;
    expect(Object.keys(ids)).toEqual(
      expect.arrayContaining([
        'page',
        'product',
        'variant',
        'order',
        'orderToken',
        'cart',
        'cartEntry',
        'file',
        'form',
        'member',
        'list',
        'webhook',
        'post',
        'comment',
      ]),
    );
    bPaths = [
      'about',
      'shop/p/canvas-tote',
      'journal/caring-for-waxed-canvas',
      'contact',
      `order/${ids.orderToken}`,
      `files/${ids.file}/beta-secret-file.png`,
    ];
    before = await siteRows(database, B);
  }, 240_000);

  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  /** A body naming B's rows in every field the API reads ids from. */
  const bBody = (id: string) => ({
    id,
    itemId: ids.product,
    productId: ids.product,
    variantId: ids.variant,
    sku: 'NOTE-3',
    quantity: 1,
    qty: 1,
    formId: ids.form,
    collectionId: ids.collection,
    pageId: ids.page,
    listId: ids.list,
    orderId: ids.order,
    cartToken: ids.cart,
    token: ids.orderToken,
    websiteId: B,
    email: DEMO_OWNER.email,
    siteVisitorEmail: 'someone@example.com',
    version: 0,
    enabled: false,
    name: 'renamed by A',
    title: 'renamed by A',
    status: 'approved',
    sendRequests: [{ productId: ids.product, variantId: ids.variant }],
    data: { websiteId: B },
  });
  const bQuery = () =>
    new URLSearchParams({
      cartToken: ids.cart!,
      token: ids.orderToken!,
      orderId: ids.order!,
      productId: ids.product!,
      variantId: ids.variant!,
    }).toString();

  /** The requests one route gets: every B id in every parameter, or B's paths for a wildcard. */
  const requestsFor = (route: CatalogRoute): { url: string; namesB: boolean; id: string }[] => {
    const params = route.url.match(/:[A-Za-z0-9_]+/g) ?? [];
    const wildcard = route.url.endsWith('*');
    if (params.length === 0 && !wildcard) return [{ url: route.url, namesB: false, id: ids.page! }];
    const values = wildcard ? bPaths : [...new Set(Object.values(ids))];
    return values.map((value) => {
      let url = route.url;
      for (const p of params) url = url.replace(p, encodeURIComponent(value));
      if (wildcard) url = url.replace(/\*$/, value);
      return { url, namesB: true, id: value };
    });
  };

  const signInA = async (host: string) =>
    new EditorClient(app, A_HOST).signIn(A_OWNER).then((c) => ({ client: c, host }));

  const sessionStands = async (client: EditorClient) => {
    const token = client.cookies.get(SESSION_COOKIE);
    if (!token || !/^[\w-]+$/.test(client.xsrf)) return false;
    const found = await rows(
      database,
      `select 1 from site_sessions where id = '${hashSessionToken(token)}' and xsrf_token = '${client.xsrf}' and expires_at > now()`,
    );
    return found.length === 1;
  };

  const send = (
    route: CatalogRoute,
    url: string,
    id: string,
    host: string,
    client: EditorClient,
  ): Promise<LightMyRequestResponse> => {
    const crumb = client.cookies.get('crumb')!;
    const hasBody = route.method !== 'GET' && route.method !== 'HEAD' && route.method !== 'DELETE';
    const options: InjectOptions = {
      method: route.method as InjectOptions['method'],
      url: `${url}${url.includes('?') ? '&' : '?'}${bQuery()}`,
      headers: {
        host,
        cookie: cookieHeader(client.cookies, { SiteCart: ids.cart!, hasCart: 'true' }),
        'x-csrf-token': crumb,
        'x-siteuser-xsrf-token': client.xsrf,
        ...(hasBody ? { 'content-type': 'application/json' } : {}),
      },
      ...(hasBody ? { payload: JSON.stringify(bBody(id)) } : {}),
    };
    return app.inject(options);
  };

  it("refuses owner A every call built from site B's ids on A's host, shows none of B's data and changes none of B's rows", async () => {
    const problems: string[] = [];
    let checked = 0;
    let client: EditorClient | undefined;
    for (const route of routes) {
      // A fresh session per route: a call may sign A out or change A's own account. Signing in
      // anew (a password hash each) was two thirds of this test's time, and gives what A's
      // session still standing gives: the member row is the same either way, so only when the
      // session is gone, expired or has another XSRF token is a new one needed.
      if (!client || !(await sessionStands(client))) client = (await signInA(A_HOST)).client;
      for (const { url, namesB, id } of requestsFor(route)) {
        const res = await send(route, url, id, A_HOST, client);
        checked++;
        const where = `${route.method} ${url} → ${res.statusCode}`;
        if (res.statusCode >= 500) problems.push(`${where}: server error ${res.body.slice(0, 200)}`);
        // Wildcards other than the pages (the editor's app shell, static files) serve no site's rows: they must only not leak.
        const refusable = !route.url.endsWith('*') || route.url === '/*';
        if (namesB && refusable && res.statusCode < 400 && !(res.statusCode >= 300 && route.url === '/*'))
          problems.push(`${where}: accepted a call naming site B's ${id}`);
        // A 404 may repeat the URL it was sent; only text the request did not carry counts.
        const leaked = B_MARKERS.filter((m) => res.body.includes(m) && !decodeURIComponent(url).includes(m));
        if (leaked.length) problems.push(`${where}: answer shows site B's ${leaked.join(', ')}`);
      }
    }
    expect(problems).toEqual([]);
    expect(checked).toBeGreaterThan(routes.length);
    expect(await siteRows(database, B)).toEqual(before);
  }, 600_000);

  it("refuses owner A's session on site B's host for every guarded call, and changes none of B's rows", async () => {
    const { client } = await signInA(A_HOST);
    const problems: string[] = [];
    // A call is guarded when B's host refuses it without a session (401) — A's session must not help.
    // The anonymous probes may add B's own visitor rows (a form key), so B's snapshot is taken after them.
    const guardedRoutes: CatalogRoute[] = [];
    for (const route of routes) {
      const [first] = requestsFor(route);
      if (!first) continue;
      const anonymous = await app.inject({
        method: route.method as InjectOptions['method'],
        url: first.url,
        headers: {
          host: B_HOST,
          cookie: `crumb=${client.cookies.get('crumb')}`,
          'x-csrf-token': client.cookies.get('crumb')!,
        },
      });
      if (anonymous.statusCode === 401) guardedRoutes.push(route);
    }
    const beforeB = await siteRows(database, B);
    let guarded = 0;
    for (const route of guardedRoutes) {
      const [first] = requestsFor(route);
      if (!first) continue;
      guarded++;
      const res = await send(route, first.url, first.id, B_HOST, client);
      if (res.statusCode !== 401 && res.statusCode !== 403)
        problems.push(`${route.method} ${first.url} on B's host with A's session → ${res.statusCode}`);
      const leaked = B_MARKERS.filter((m) => res.body.includes(m));
      if (leaked.length)
        problems.push(`${route.method} ${first.url} on B's host: shows ${leaked.join(', ')}`);
    }
    expect(problems).toEqual([]);
    expect(guarded).toBeGreaterThan(20);
    expect(await siteRows(database, B)).toEqual(beforeB);
  }, 300_000);

  it("keeps sessions per site: A's session cookie is host-only and names no one on B's host", async () => {
    const signIn = await new Shopper(app, A_HOST).post('/api/site-users/account/session', {
      ...A_OWNER,
      rememberMe: true,
    });
    expect(signIn.statusCode).toBe(200);
    const session = signIn.cookies.find((c) => c.name === 'siteUserSession')!;
    expect(session.domain).toBeUndefined();
    const onB = await app.inject({
      method: 'GET',
      url: '/api/editor/me',
      headers: { host: B_HOST, cookie: `siteUserSession=${session.value}` },
    });
    expect(onB.statusCode).toBe(401);
    const onA = await app.inject({
      method: 'GET',
      url: '/api/editor/me',
      headers: { host: A_HOST, cookie: `siteUserSession=${session.value}` },
    });
    expect(onA.statusCode).toBe(200);
  });
});
