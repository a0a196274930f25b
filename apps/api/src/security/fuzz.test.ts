import { isSafeText } from '@site/commerce-core';
import fc from 'fast-check';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADDRESS, TEST_CARD } from '../../test/client';
import { databaseTargets } from '../../test/databases';
import { buildApp } from '../app';
import type { DatabaseHandle } from '../db/client';
import { DEMO_CONTACT_FORM_ID } from '../seed/demo-forms';
import { DEMO_OWNER, DEMO_WEBSITE_ID, seedDemoSite } from '../seed/demo-site';
import type { CatalogRoute } from './route-catalog';

/**
 * A hostile client against every route the app registers (read from app.routeCatalog, so a new
 * route is fuzzed without touching this file): malformed JSON, wrong types, huge and NUL-laden
 * strings, unpaired surrogates, odd content types, bad cookies and bad path and query text. No
 * answer may be a 5xx. Each route first gets a fixed list of nasty requests, then random ones.
 */
const targets = await databaseTargets();
const RUNS_PER_ROUTE = Number(process.env.FUZZ_RUNS ?? 100);

const CRUMB = 'fuzzfuzzfuzzfuzzfuzzfuzz';
/** Field names the API reads, so random bodies reach past the first "missing field" check. */
const FIELDS = [
  'itemId',
  'sku',
  'quantity',
  'qty',
  'additionalFields',
  'code',
  'optionId',
  'email',
  'password',
  'rememberMe',
  'form',
  'key',
  'formId',
  'data',
  'event',
  'ss_cvr',
  'crumb',
  'websiteId',
  'visitorCookie',
  'templateId',
  'url',
  'productId',
  'variantId',
  'siteVisitorEmail',
  'isJoinMailingList',
  'cartToken',
  'payment',
  'provider',
  'shippingAddress',
  'billingAddress',
  'sendRequests',
  'eventSchemaName',
  'eventContent',
  'buttonId',
  'pageId',
  'name',
  'type',
  'cursor',
  'format',
  'token',
  'orderId',
  'id',
  'app',
  'pageLoadId',
  'ts',
];
/** A route @fastify/static registered for one file (its config names the file). */
const sentFile = (r: CatalogRoute) =>
  (r.options.config as { file?: unknown } | undefined)?.file !== undefined;
const COOKIES = ['SiteCart', 'SiteCartVersion', 'hasCart', 'crumb', 'ss_cvr', 'siteUserSession', 'siteUser'];

const huge = 'x'.repeat(200_000);
const nasty = fc.constantFrom(
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\uD800',
  '\uDFFF',
  'x\uDBFF',
  '😀',
  '\uFFFF',
  '%00',
  '%',
  '%zz',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  "' or 1=1 --",
  '{"a":"\\u0000"}',
  '{"a":"\\ud800"}',
  '[]',
  '{}',
  'null',
  'true',
  '-1',
  '1e309',
  'x'.repeat(5000),
  'prod-field-notebook',
  'NOTE-3',
  'form-contact',
  DEMO_OWNER.email,
);
const text = fc.oneof(fc.string({ unit: 'binary', maxLength: 40 }), nasty);
const leaf = fc.oneof(
  text,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constantFrom(1e308, -0, Number.MAX_SAFE_INTEGER + 2),
);
const value: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    leaf,
    fc.array(tie('value'), { maxLength: 4 }),
    tie('object'),
  ),
  object: fc.dictionary(fc.oneof(fc.constantFrom(...FIELDS), text), tie('value'), { maxKeys: 6 }),
})).value;
const bodyObject = fc.dictionary(fc.constantFrom(...FIELDS), value, { maxKeys: 8 });

/** Percent-encodes what encodeURIComponent can, and sends raw bad escapes for the rest. */
const urlPart = fc.oneof(
  text.map((t) => (isSafeText(t.replaceAll('\u0000', '')) ? encodeURIComponent(t) : '%ED%A0%80')),
  fc.constantFrom('%00', '%', '%zz', '%ED%A0%80', '%FF', '%C0%AF', '..', '%2e%2e', 'a%2Fb', ''),
);

interface Shot {
  payload?: string | Buffer;
  contentType?: string;
  cookie?: string;
  query?: string;
  param?: string;
  authed?: boolean;
}

const RAW_BODIES: { payload: string | Buffer; contentType?: string }[] = [
  { payload: '{', contentType: 'application/json' },
  { payload: '{"itemId":', contentType: 'application/json' },
  { payload: 'null', contentType: 'application/json' },
  { payload: '[]', contentType: 'application/json' },
  { payload: '"text"', contentType: 'application/json' },
  { payload: '1', contentType: 'application/json' },
  { payload: '{"__proto__":{"admin":true},"constructor":{"prototype":{}}}', contentType: 'application/json' },
  {
    payload: JSON.stringify({ itemId: huge, sku: huge, email: huge, form: { a: huge } }),
    contentType: 'application/json',
  },
  { payload: 'x'.repeat(2_000_000), contentType: 'application/json' },
  { payload: '{"a":"\\u0000","itemId":"\\ud800"}', contentType: 'application/json' },
  {
    payload:
      '[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]',
    contentType: 'application/json',
  },
  { payload: '{"a":1}', contentType: 'text/plain' },
  { payload: 'not json at all', contentType: 'text/plain;charset=UTF-8' },
  { payload: 'event=view&data=%00&ss_cvr=%ED%A0%80', contentType: 'application/x-www-form-urlencoded' },
  { payload: 'itemId=prod&quantity=1&quantity=2&a[b]=c', contentType: 'application/x-www-form-urlencoded' },
  { payload: Buffer.from([0xff, 0xfe, 0x00, 0x01, 0xc0, 0xaf]), contentType: 'application/json' },
  {
    payload: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n--x--',
    contentType: 'multipart/form-data; boundary=x',
  },
  { payload: '<xml/>', contentType: 'application/xml' },
  { payload: '{"a":1}', contentType: 'application/json; charset=utf-16' },
  { payload: '{"a":1}' },
];
const RAW_COOKIES = [
  'SiteCart=%00',
  'SiteCart=%; crumb=%zz',
  `SiteCart=${'a'.repeat(4000)}`,
  'siteUserSession=%00; siteUser=authenticated=true&siteUserId=%00',
  'ss_cvr=%ED%A0%80; SiteCartVersion=%00',
  'crumb',
  '=; ;; =x',
];
const RAW_QUERIES = [
  'a=%00',
  'itemId=%00&token=%00',
  'cartToken=%ED%A0%80',
  'format=json&format=json-pretty',
  'a[b][c]=1',
  `q=${'x'.repeat(8000)}`,
  '%=%',
  'itemId&token&cursor=%FF',
];
const RAW_PARAMS = ['%00', '%', '%zz', '%ED%A0%80', 'x'.repeat(3000), '%2e%2e%2f', 'a%00b'];

const fixedShots = (): Shot[] => [
  ...RAW_BODIES.map((b) => ({ ...b, authed: true })),
  ...RAW_BODIES.map((b) => ({ ...b })),
  ...RAW_COOKIES.map((cookie) => ({ cookie, payload: '{}', contentType: 'application/json' })),
  ...RAW_QUERIES.map((query) => ({ query, authed: true })),
  ...RAW_PARAMS.map((param) => ({ param, authed: true })),
];

const shot: fc.Arbitrary<Shot> = fc.record(
  {
    payload: fc.oneof(
      bodyObject.map((o) => JSON.stringify(o)),
      value.map((v) => JSON.stringify(v) ?? 'null'),
      fc.string({ unit: 'binary', maxLength: 200 }),
      fc
        .dictionary(fc.constantFrom(...FIELDS), fc.oneof(text, fc.constant('')), { maxKeys: 6 })
        .map((o) => new URLSearchParams(o as Record<string, string>).toString()),
    ),
    contentType: fc.constantFrom(
      'application/json',
      'text/plain;charset=UTF-8',
      'application/x-www-form-urlencoded',
      'application/json; charset=utf-8',
      'image/png',
    ),
    cookie: fc
      .array(fc.tuple(fc.constantFrom(...COOKIES), urlPart), { maxLength: 4 })
      .map((pairs) => pairs.map(([k, v]) => `${k}=${v}`).join('; ')),
    query: fc
      .array(fc.tuple(fc.oneof(fc.constantFrom(...FIELDS), urlPart), urlPart), { maxLength: 4 })
      .map((pairs) => pairs.map(([k, v]) => `${k}=${v}`).join('&')),
    param: urlPart,
    authed: fc.boolean(),
  },
  { requiredKeys: ['authed', 'param'] },
);

/** A request the API accepts; the mutation fuzz breaks one part of it at a time. */
interface Seed {
  method: 'POST' | 'PUT' | 'DELETE';
  url: string;
  body: unknown;
  contentType?: string;
}

/** Every path into a JSON value (the value itself included). */
function paths(value: unknown, at: (string | number)[] = []): (string | number)[][] {
  const inner =
    value !== null && typeof value === 'object'
      ? Object.entries(value).flatMap(([k, v]) => paths(v, [...at, Array.isArray(value) ? Number(k) : k]))
      : [];
  return [at, ...inner];
}

function mutate(body: unknown, path: (string | number)[], replacement: unknown, remove: boolean): unknown {
  if (path.length === 0) return replacement;
  const copy = structuredClone(body) as Record<string | number, unknown>;
  let node = copy;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  const last = path.at(-1)!;
  if (remove) delete node[last];
  else node[last] = replacement;
  return copy;
}

describe.each(targets)('fuzzing every route on $name', (target) => {
  let database: DatabaseHandle;
  let app: FastifyInstance;
  let routes: CatalogRoute[];
  /** The routes the requests go to: all of them, but one per registration for the static files. */
  let fuzzed: CatalogRoute[];
  let session = '';
  let xsrf = '';

  beforeAll(async () => {
    database = await target.open();
    await seedDemoSite(database.db);
    app = await buildApp({ database, writesPerMinute: 0 });
    await app.ready();
    routes = [...app.routeCatalog].filter(
      (r) => r.method !== 'HEAD' || !app.routeCatalog.some((o) => o.url === r.url && o.method === 'GET'),
    );
    // @fastify/static without a wildcard registers one route per file (the editor's ~120 built
    // chunks), each with its registration's one handler sending the file its config names. One
    // file per registration stands for the rest: they were a quarter of the requests and most of
    // this file's time, as every answer reads its whole file.
    fuzzed = routes.filter(
      (r, i) =>
        !sentFile(r) ||
        routes.findIndex(
          (o) => sentFile(o) && o.method === r.method && o.options.handler === r.options.handler,
        ) === i,
    );
    const login = await app.inject({
      method: 'POST',
      url: '/api/site-users/account/session',
      payload: { email: DEMO_OWNER.email, password: DEMO_OWNER.password },
      headers: { cookie: `crumb=${CRUMB}`, 'x-csrf-token': CRUMB },
    });
    expect(login.statusCode).toBe(200);
    session = login.cookies.find((c) => c.name === 'siteUserSession')!.value;
    xsrf = login.json().xsrfToken as string;
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  const request = (route: CatalogRoute, s: Shot): InjectOptions => {
    const path = route.url.replace(/:[A-Za-z0-9_]+/g, s.param ?? 'x').replace(/\*$/, s.param ?? '');
    const cookies = [s.authed ? `crumb=${CRUMB}; siteUserSession=${session}` : '', s.cookie ?? '']
      .filter(Boolean)
      .join('; ');
    const headers: Record<string, string> = {};
    if (cookies) headers.cookie = cookies;
    if (s.authed) Object.assign(headers, { 'x-csrf-token': CRUMB, 'x-siteuser-xsrf-token': xsrf });
    if (s.contentType) headers['content-type'] = s.contentType;
    const hasBody = route.method !== 'GET' && route.method !== 'HEAD' && s.payload !== undefined;
    return {
      method: route.method as InjectOptions['method'],
      url: `${path.startsWith('/') ? '' : '/'}${path}${s.query ? `?${s.query}` : ''}`,
      headers,
      ...(hasBody ? { payload: s.payload } : {}),
    };
  };

  const check = async (route: CatalogRoute, s: Shot) => {
    const options = request(route, s);
    const res = await app.inject(options);
    if (res.statusCode >= 500) {
      throw new Error(
        `${options.method} ${String(options.url).slice(0, 200)} → ${res.statusCode} ${res.body.slice(0, 300)}\n${JSON.stringify(s).slice(0, 500)}`,
      );
    }
    return res.statusCode;
  };

  it('finds every route, the new ones included', () => {
    const urls = new Set(routes.map((r) => `${r.method} ${r.url}`));
    for (const expected of [
      'GET /api/commerce/shopping-cart',
      'POST /api/commerce/checkout',
      'POST /api/form/SaveFormSubmission',
      'POST /api/1/performance/records',
      'GET /*',
    ]) {
      expect(urls).toContain(expected);
    }
    expect(routes.length).toBeGreaterThan(25);
    // Only static files stand in for one another, and one of each registration is fuzzed.
    for (const r of routes) {
      const standIn = fuzzed.find((f) =>
        sentFile(r)
          ? sentFile(f) && f.method === r.method && f.options.handler === r.options.handler
          : f === r,
      );
      expect(standIn, `${r.method} ${r.url}`).toBeDefined();
    }
  });

  it('answers no 5xx to a fixed list of malformed requests on any route', async () => {
    const statuses = new Map<number, number>();
    for (const route of fuzzed) {
      for (const s of fixedShots()) {
        const status = await check(route, s);
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
      }
    }
    // The fuzz did reach the handlers: most of these are refused with a 4xx, not all with one code.
    expect([...statuses.keys()].every((s) => s < 500)).toBe(true);
    expect(statuses.size).toBeGreaterThan(3);
    // The list runs against every route, and each feature adds routes.
  }, 300_000);

  it('answers no 5xx when one part of an accepted request is broken (wrong type, huge, NUL, surrogate, missing)', async () => {
    // A cart with one entry, for the calls that need one.
    const cookie = `crumb=${CRUMB}`;
    const added = await app.inject({
      method: 'POST',
      url: '/api/commerce/shopping-cart/entries',
      payload: { itemId: 'prod-field-notebook', sku: 'NOTE-3', quantity: 1 },
      headers: { cookie, 'x-csrf-token': CRUMB },
    });
    expect(added.statusCode).toBe(200);
    const cart = added.cookies.find((c) => c.name === 'SiteCart')!.value;
    const entryId = added.json().newlyAdded.id as string;
    const wallet = { itemId: 'prod-wallet', sku: 'WALLET-1' };
    const answers = JSON.stringify({ initials: 'AL', thread: 'Natural' });
    const visitor = {
      visitorCookie: '',
      websiteId: DEMO_WEBSITE_ID,
      templateId: 't1',
      url: 'https://shop.test/',
    };
    const seeds: Seed[] = [
      {
        method: 'POST',
        url: '/api/commerce/shopping-cart/entries',
        body: { ...wallet, quantity: 1, additionalFields: answers },
      },
      {
        method: 'PUT',
        url: `/api/commerce/shopping-cart/entries/${entryId}/additionalFields`,
        body: { itemId: 'prod-field-notebook', sku: 'NOTE-3', additionalFields: '{}' },
      },
      { method: 'PUT', url: `/api/commerce/shopping-cart/entries/${entryId}`, body: { quantity: 2 } },
      { method: 'PUT', url: '/api/commerce/shopping-cart/shipping-option', body: { optionId: 'standard' } },
      { method: 'POST', url: '/api/commerce/shopping-cart/coupons', body: { code: 'WELCOME10' } },
      {
        method: 'POST',
        url: '/api/commerce/checkout',
        body: {
          email: 'ada@example.com',
          shippingAddress: ADDRESS,
          shippingOptionId: 'standard',
          payment: TEST_CARD,
        },
      },
      {
        method: 'POST',
        url: '/api/3/commerce/cart/subscription',
        body: { itemId: 'prod-coffee', sku: 'COFFEE-250', qty: 1 },
      },
      {
        method: 'POST',
        url: '/api/commerce/restock-notifications',
        body: {
          productId: 'prod-enamel-mug',
          variantId: 'prod-enamel-mug-mug-1',
          siteVisitorEmail: 'a@b.co',
          isJoinMailingList: false,
        },
      },
      {
        method: 'POST',
        url: '/api/site-users/account/session',
        body: { email: 'nobody@demo.test', password: 'x', rememberMe: true },
      },
      {
        method: 'POST',
        url: '/api/site-users/account/notifications/restock/send',
        body: { productId: 'prod-enamel-mug', variantId: 'prod-enamel-mug-mug-1' },
      },
      {
        method: 'POST',
        url: '/api/site-users/account/notifications/restock/send/all',
        body: { sendRequests: [{ productId: 'prod-enamel-mug', variantId: 'prod-enamel-mug-mug-1' }] },
      },
      {
        method: 'POST',
        url: `/api/rest/forms/validate/${DEMO_CONTACT_FORM_ID}`,
        body: { name: ['Ada', 'L'], email: 'a@b.co', message: 'hi', subject: 'Wholesale', interests: [] },
      },
      {
        method: 'POST',
        url: '/api/form/SaveFormSubmission',
        body: {
          formId: DEMO_CONTACT_FORM_ID,
          key: 'k',
          form: { name: ['Ada', 'L'], email: 'a@b.co', message: 'hi' },
          pageTitle: 'C',
          pageId: 'p',
          contentSource: 'c',
          pagePath: '/contact',
          pagePermissionTypeValue: 0,
        },
      },
      {
        method: 'POST',
        url: '/api/census/button-click',
        body: { ...visitor, buttonId: 'b', buttonText: 'Buy' },
      },
      { method: 'POST', url: '/api/census/overlay', body: { ...visitor, overlayId: 'o', action: 'show' } },
      {
        method: 'POST',
        url: '/api/1/performance/records',
        contentType: 'text/plain',
        body: [
          {
            app: 'storefront',
            pageLoadId: 'l',
            ts: 1,
            event: 'web_vital',
            data: { name: 'LCP', value: 1, rating: 'good', metricId: 'm' },
          },
        ],
      },
      {
        method: 'POST',
        url: '/api/events/RecordJavascriptErrors',
        body: [
          {
            event: 'interface_error_uncaught',
            data: {
              websiteId: DEMO_WEBSITE_ID,
              templateId: 't',
              url: 'https://x/',
              userAgent: 'u',
              message: 'm',
            },
            timestamp: 1,
          },
        ],
      },
      {
        method: 'POST',
        url: '/api/v1/clanker/events',
        body: {
          eventSchemaName: 'site_visitor',
          eventContent: {
            browserLanguage: 'en',
            windowSize: { width: 1, height: 1 },
            pageHost: 'h',
            path: '/',
            queryParams: {},
            referrer: '',
            userAgent: 'u',
            timestamp: 1,
            sourceEnvironment: 'prod',
            sourceKind: 'WEB',
          },
        },
      },
    ];
    const replacement = fc.oneof(
      value,
      nasty,
      fc.constantFrom(huge, 2 ** 31, -(2 ** 31) - 1, 2 ** 53, 1.5, -1, 0, [], {}, null, true, '1'),
    );
    const statuses = new Map<number, number>();
    for (const seed of seeds) {
      const where = paths(seed.body);
      await fc.assert(
        fc.asyncProperty(fc.nat(), replacement, fc.boolean(), async (n, replace, remove) => {
          const path = where[n % where.length]!;
          const body = mutate(seed.body, path, replace, remove && path.length > 0);
          const res = await app.inject({
            method: seed.method,
            url: seed.url,
            payload: JSON.stringify(body) ?? 'null',
            headers: {
              'content-type': seed.contentType ?? 'application/json',
              cookie: `${cookie}; SiteCart=${cart}; siteUserSession=${session}`,
              'x-csrf-token': CRUMB,
              'x-siteuser-xsrf-token': xsrf,
            },
          });
          statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
          if (res.statusCode >= 500) {
            throw new Error(
              `${seed.method} ${seed.url} with ${JSON.stringify(path)} = ${JSON.stringify(replace)?.slice(0, 120)} → ${res.statusCode} ${res.body.slice(0, 300)}`,
            );
          }
        }),
        { numRuns: RUNS_PER_ROUTE, seed: Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31) },
      );
    }
    // Some mutations still pass (2xx) and most are refused (4xx): the fuzz reached the handlers.
    expect([...statuses.keys()].some((s) => s < 300)).toBe(true);
    expect([...statuses.keys()].some((s) => s >= 400)).toBe(true);
  }, 300_000);

  // Random requests mostly stop at parsing and validation, and those reaching the database look up
  // made-up ids, alike on both: they run on one database (the server when there is one), while the
  // fixed list and the broken accepted requests, which carry NUL bytes and surrogates into queries,
  // run on both.
  it.runIf(target === targets.at(-1))(
    `answers no 5xx to ${RUNS_PER_ROUTE} random requests per route`,
    async () => {
      for (const route of fuzzed) {
        await fc.assert(
          fc.asyncProperty(shot, async (s) => {
            await check(route, s);
          }),
          { numRuns: RUNS_PER_ROUTE, seed: Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31) },
        );
      }
    },
    300_000,
  );
});
