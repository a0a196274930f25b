import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADDRESS, Shopper, TEST_CARD } from '../../test/client';
import { databaseTargets } from '../../test/databases';
import { buildApp } from '../app';
import type { DatabaseHandle } from '../db/client';
import { DEMO_CONTACT_FORM_ID } from '../seed/demo-forms';
import { DEMO_WEBSITE_ID, seedDemoSite } from '../seed/demo-site';

const targets = await databaseTargets();

const NUL = '\u0000';
const HIGH = '\uD800';
const LOW = '\uDC00';

/**
 * One request per place a visitor's text reaches the database; `t` is the text under test. In a
 * URL it is percent-encoded (a lone surrogate cannot be, so those probes only run with NUL).
 */
interface Probe {
  name: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: (t: string) => string;
  body?: (t: string) => unknown;
  cookies?: (t: string) => Record<string, string>;
  /** The text sits in the URL or a cookie: only NUL can be sent there (percent-encoded). */
  nulOnly?: boolean;
}

const enc = encodeURIComponent;
const hit = (t: string) => ({
  userAgent: 'Vitest',
  clientDate: 1,
  viewport: { width: 1, height: 1 },
  screen: { width: 1, height: 1 },
  websiteId: DEMO_WEBSITE_ID,
  templateId: 't1',
  locale: 'en',
  url: `https://shop.test/${t}`,
  title: t,
  localStorageSupported: true,
  queryString: '',
  referrer: '',
});

const probes: Probe[] = [
  {
    name: 'add to cart itemId',
    method: 'POST',
    url: () => '/api/commerce/shopping-cart/entries',
    body: (t) => ({ itemId: `prod${t}`, sku: 'NOTE-3', quantity: 1 }),
  },
  {
    name: 'add to cart sku',
    method: 'POST',
    url: () => '/api/commerce/shopping-cart/entries',
    body: (t) => ({ itemId: 'prod-field-notebook', sku: `NOTE${t}`, quantity: 1 }),
  },
  {
    name: 'add to cart additional-fields JSON',
    method: 'POST',
    url: () => '/api/commerce/shopping-cart/entries',
    body: (t) => ({
      itemId: 'prod-wallet',
      sku: 'WALLET-1',
      quantity: 1,
      additionalFields: JSON.stringify({ monogram: `A${t}` }),
    }),
  },
  {
    name: 'cart read cookie',
    method: 'GET',
    url: () => '/api/commerce/shopping-cart',
    cookies: (t) => ({ SiteCart: enc(`tok${t}`) }),
    nulOnly: true,
  },
  {
    name: 'cart read query',
    method: 'GET',
    url: (t) => `/api/commerce/shopping-cart?cartToken=${enc(`tok${t}`)}`,
    nulOnly: true,
  },
  {
    name: 'update quantity entry id',
    method: 'PUT',
    url: (t) => `/api/commerce/shopping-cart/entries/${enc(`e${t}`)}`,
    body: () => ({ quantity: 1 }),
    nulOnly: true,
  },
  {
    name: 'update fields',
    method: 'PUT',
    url: () => '/api/commerce/shopping-cart/entries/e1/additionalFields',
    body: (t) => ({
      itemId: 'prod-wallet',
      sku: 'WALLET-1',
      additionalFields: JSON.stringify({ monogram: t }),
    }),
  },
  {
    name: 'remove entry',
    method: 'DELETE',
    url: (t) => `/api/commerce/shopping-cart/entries/${enc(`e${t}`)}`,
    nulOnly: true,
  },
  {
    name: 'shipping option',
    method: 'PUT',
    url: () => '/api/commerce/shopping-cart/shipping-option',
    body: (t) => ({ optionId: `std${t}` }),
  },
  {
    name: 'coupon',
    method: 'POST',
    url: () => '/api/commerce/shopping-cart/coupons',
    body: (t) => ({ code: `SAVE${t}` }),
  },
  {
    name: 'remove coupon',
    method: 'DELETE',
    url: (t) => `/api/commerce/shopping-cart/coupons/${enc(`SAVE${t}`)}`,
    nulOnly: true,
  },
  {
    name: 'checkout email',
    method: 'POST',
    url: () => '/api/commerce/checkout',
    body: (t) => ({
      email: `ada${t}@example.com`,
      shippingAddress: ADDRESS,
      billingAddress: ADDRESS,
      payment: TEST_CARD,
    }),
  },
  {
    name: 'checkout address',
    method: 'POST',
    url: () => '/api/commerce/checkout',
    body: (t) => ({
      email: 'ada@example.com',
      shippingAddress: { ...ADDRESS, city: `Lon${t}don` },
      payment: TEST_CARD,
    }),
  },
  {
    name: 'order lookup',
    method: 'GET',
    url: (t) => `/api/commerce/orders/${enc(`o${t}`)}?token=x`,
    nulOnly: true,
  },
  {
    name: 'order lookup token',
    method: 'GET',
    url: (t) => `/api/commerce/orders/o1?token=${enc(`x${t}`)}`,
    nulOnly: true,
  },
  {
    name: 'inventory',
    method: 'GET',
    url: (t) => `/api/commerce/inventory/stock/?itemId=${enc(`prod${t}`)}`,
    nulOnly: true,
  },
  {
    name: 'subscription cart',
    method: 'POST',
    url: () => '/api/3/commerce/cart/subscription',
    body: (t) => ({
      itemId: 'prod-coffee',
      sku: 'COFFEE-250',
      qty: 1,
      additionalFields: JSON.stringify({ note: t }),
    }),
  },
  {
    name: 'restock sign-up',
    method: 'POST',
    url: () => '/api/commerce/restock-notifications',
    body: (t) => ({
      productId: `prod-enamel-mug${t}`,
      variantId: 'v',
      siteVisitorEmail: 'a@b.co',
      isJoinMailingList: false,
    }),
  },
  {
    name: 'login',
    method: 'POST',
    url: () => '/api/site-users/account/session',
    body: (t) => ({ email: `ada${t}@example.com`, password: 'x' }),
  },
  {
    name: 'form validate',
    method: 'POST',
    url: () => `/api/rest/forms/validate/${DEMO_CONTACT_FORM_ID}`,
    body: (t) => ({ name: { fname: t, lname: 'L' } }),
  },
  {
    name: 'form validate id',
    method: 'POST',
    url: (t) => `/api/rest/forms/validate/${enc(`form${t}`)}`,
    body: () => ({}),
    nulOnly: true,
  },
  {
    name: 'form save',
    method: 'POST',
    url: () => '/api/form/SaveFormSubmission',
    body: (t) => ({ formId: DEMO_CONTACT_FORM_ID, key: 'k', form: { message: `hi${t}` } }),
  },
  {
    name: 'census hit data JSON',
    method: 'POST',
    url: () => '/api/census/RecordHit',
    body: (t) => ({ event: 'view', data: JSON.stringify(hit(t)), ss_cvr: '' }),
  },
  {
    name: 'quick view',
    method: 'POST',
    url: (t) => `/api/census/RecordQuickView/${enc(`prod${t}`)}`,
    nulOnly: true,
  },
  { name: 'product page', method: 'GET', url: (t) => `/shop/p/${enc(`linen${t}`)}`, nulOnly: true },
  {
    name: 'page query',
    method: 'GET',
    url: (t) => `/checkout/order-confirmed?orderId=${enc(`o${t}`)}&token=x`,
    nulOnly: true,
  },
  {
    name: 'page cookie',
    method: 'GET',
    url: () => '/cart',
    cookies: (t) => ({ SiteCart: enc(`tok${t}`) }),
    nulOnly: true,
  },
  {
    name: 'visitor cookie',
    method: 'POST',
    url: () => '/api/census/RecordQuickView/prod-wallet',
    cookies: (t) => ({ ss_cvr: enc(`v1${t}|1|1|1|1`) }),
    nulOnly: true,
  },
];

describe.each(targets)('input hygiene on $name', (target) => {
  let database: DatabaseHandle;
  let app: FastifyInstance;

  beforeAll(async () => {
    database = await target.open();
    await seedDemoSite(database.db);
    app = await buildApp({ database, writesPerMinute: 0 });
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  const send = async (probe: Probe, text: string) => {
    const shopper = new Shopper(app);
    for (const [k, v] of Object.entries(probe.cookies?.(text) ?? {})) shopper.cookies.set(k, v);
    const body = probe.body?.(text);
    return shopper.request(
      probe.method,
      probe.url(text),
      body === undefined ? undefined : JSON.stringify(body),
      body === undefined ? {} : { 'content-type': 'application/json' },
    );
  };

  const bad = probes.flatMap((p) =>
    p.nulOnly
      ? [[p.name, 'NUL', p, NUL] as const]
      : [
          [p.name, 'NUL', p, NUL] as const,
          [p.name, 'a lone high surrogate', p, HIGH] as const,
          [p.name, 'a lone low surrogate', p, LOW] as const,
        ],
  );

  it.each(bad)('%s with %s answers 400 INVALID_TEXT', async (_name, _what, probe, text) => {
    const res = await send(probe, text);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({
      error: {
        code: 'INVALID_TEXT',
        message: expect.stringContaining('must not contain NUL characters or unpaired UTF-16 surrogates'),
      },
    });
  });

  it.each(probes.map((p) => [p.name, p] as const))(
    '%s with clean text is not refused as invalid text',
    async (_name, probe) => {
      const res = await send(probe, 'x');
      expect(res.statusCode, res.body).toBeLessThan(500);
      expect(res.body).not.toContain('INVALID_TEXT');
    },
  );

  it('names where the bad text is', async () => {
    const res = await send(probes[2]!, NUL);
    expect(res.json().error.message).toBe(
      'body additionalFields.monogram: text must not contain NUL characters or unpaired UTF-16 surrogates',
    );
    const cookie = await send(probes[3]!, NUL);
    expect(cookie.json().error.message).toMatch(/^cookie SiteCart: /);
  });

  it('keeps well-formed astral characters and emoji', async () => {
    const shopper = new Shopper(app);
    const res = await shopper.addToCart('prod-wallet', 'WALLET-1', 1, {
      initials: '😀',
      thread: 'Natural',
      note: 'For 𝒜da 🎁',
    });
    expect(res.statusCode, res.body).toBe(200);
  });
});
