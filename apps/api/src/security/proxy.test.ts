import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Shopper } from '../../test/client';
import { databaseTargets } from '../../test/databases';
import { buildApp } from '../app';
import { readConfig } from '../config';
import type { DatabaseHandle } from '../db/client';
import { DEFAULT_KEY_LIMIT } from '../forms/routes';
import { DEMO_OWNER, seedDemoSite } from '../seed/demo-site';

const targets = await databaseTargets();

let n = 0;
/** A fresh, plausible client address for every call: what a client rotating the header sends. */
const rotating = () => ({ 'x-forwarded-for': `203.0.113.${++n % 250}` });
const cookieOf = (res: LightMyRequestResponse, name: string) => res.cookies.find((c) => c.name === name);

describe('TRUST_PROXY configuration', () => {
  it('trusts nobody by default and reads addresses and ranges', () => {
    expect(readConfig({}).TRUST_PROXY).toBe(false);
    expect(readConfig({ TRUST_PROXY: '' }).TRUST_PROXY).toBe(false);
    expect(readConfig({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8' }).TRUST_PROXY).toBe('127.0.0.1, 10.0.0.0/8');
    expect(readConfig({ TRUST_PROXY: 'loopback' }).TRUST_PROXY).toBe('loopback');
    expect(() => readConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY: trusting every proxy/);
    // Fastify trusts nobody for a bare hop count; refusing it is clearer than silently ignoring it.
    expect(() => readConfig({ TRUST_PROXY: '2' })).toThrow(
      /TRUST_PROXY: a hop count cannot tell a proxy from a client/,
    );
  });
});

describe.each(targets)('client address, Secure cookies and cross-site beacons on $name', (target) => {
  let database: DatabaseHandle;
  /** Default options: no proxy trusted. */
  let direct: FastifyInstance;
  /** Behind a proxy on this machine (inject connects from 127.0.0.1). */
  let proxied: FastifyInstance;
  /** No write limit, for the beacon checks. */
  let open: FastifyInstance;

  beforeAll(async () => {
    database = await target.open();
    await seedDemoSite(database.db);
    direct = await buildApp({ database, writesPerMinute: 3 });
    proxied = await buildApp({ database, writesPerMinute: 3, trustProxy: '127.0.0.1' });
    open = await buildApp({ database, writesPerMinute: 0 });
  });
  afterAll(async () => {
    await direct?.close();
    await proxied?.close();
    await open?.close();
    await database?.close();
  });

  describe('rotating X-Forwarded-For does not bypass the limits by default', () => {
    it('write limit', async () => {
      const shopper = new Shopper(direct);
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) {
        const res = await shopper.request(
          'POST',
          '/api/commerce/shopping-cart/entries',
          { itemId: 'prod-field-notebook', sku: 'NOTE-3', quantity: 1 },
          rotating(),
        );
        statuses.push(res.statusCode);
      }
      expect(statuses).toEqual([200, 200, 200, 429, 429]);
    });

    it('sign-in lock', async () => {
      const app = await buildApp({ database, writesPerMinute: 0 });
      try {
        const statuses: number[] = [];
        for (let i = 0; i < 7; i++) {
          const member = new Shopper(app);
          const res = await member.request(
            'POST',
            '/api/site-users/account/session',
            { email: DEMO_OWNER.email, password: `guess-${i}` },
            rotating(),
          );
          statuses.push(res.statusCode);
        }
        expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429]);
        // Locked even for the right password, whatever address the header claims.
        const right = await new Shopper(app).request(
          'POST',
          '/api/site-users/account/session',
          DEMO_OWNER,
          rotating(),
        );
        expect(right.statusCode).toBe(429);
      } finally {
        await app.close();
      }
    });

    it('form key limit', async () => {
      const app = await buildApp({ database, writesPerMinute: 0 });
      try {
        const visitor = new Shopper(app);
        const statuses: number[] = [];
        for (let i = 0; i <= DEFAULT_KEY_LIMIT.max; i++) {
          statuses.push(
            (await visitor.request('POST', '/api/form/FormSubmissionKey', {}, rotating())).statusCode,
          );
        }
        expect(statuses.slice(0, DEFAULT_KEY_LIMIT.max).every((s) => s === 200)).toBe(true);
        expect(statuses.at(-1)).toBe(429);
      } finally {
        await app.close();
      }
    });
  });

  it.each([
    ['an address', '127.0.0.1'],
    ['a range list', '10.0.0.0/8, 127.0.0.0/8'],
    ['a name', 'loopback'],
  ] as const)('believes X-Forwarded-For from a proxy configured by %s', async (_how, trustProxy) => {
    const app = await buildApp({ database, writesPerMinute: 3, trustProxy });
    try {
      const shopper = new Shopper(app);
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) {
        const res = await shopper.request(
          'POST',
          '/api/commerce/shopping-cart/entries',
          { itemId: 'prod-field-notebook', sku: 'NOTE-3', quantity: 1 },
          rotating(),
        );
        statuses.push(res.statusCode);
      }
      // Each call names another client, so none of them reaches its limit of 3.
      expect(statuses).toEqual([200, 200, 200, 200, 200]);
    } finally {
      await app.close();
    }
  });

  describe('Secure cookies', () => {
    const add = (app: FastifyInstance, headers: Record<string, string>) =>
      app.inject({
        method: 'POST',
        url: '/api/commerce/shopping-cart/entries',
        payload: { itemId: 'prod-field-notebook', sku: 'NOTE-3', quantity: 1 },
        headers: {
          cookie: 'crumb=abcdefghijklmnopqrstuv',
          'x-csrf-token': 'abcdefghijklmnopqrstuv',
          ...rotating(),
          ...headers,
        },
      });

    it('marks the cart cookies Secure when a trusted proxy says the visitor came over https', async () => {
      const res = await add(proxied, { 'x-forwarded-proto': 'https' });
      expect(res.statusCode).toBe(200);
      for (const name of ['SiteCart', 'hasCart', 'SiteCartVersion'])
        expect(cookieOf(res, name)?.secure, name).toBe(true);
      const page = await proxied.inject({ url: '/shop', headers: { 'x-forwarded-proto': 'https' } });
      expect(cookieOf(page, 'crumb')?.secure).toBe(true);
    });

    it('leaves them plain over http, and ignores X-Forwarded-Proto from a client that is no proxy', async () => {
      const plain = await add(proxied, {});
      expect(cookieOf(plain, 'SiteCart')?.secure).toBeFalsy();
      const untrusted = await direct.inject({ url: '/shop', headers: { 'x-forwarded-proto': 'https' } });
      expect(cookieOf(untrusted, 'crumb')?.secure).toBeFalsy();
    });
  });

  describe('beacons refuse what a browser marks cross-site', () => {
    const beacon = (headers: Record<string, string>) =>
      open.inject({
        method: 'POST',
        url: '/api/1/performance/records',
        payload: JSON.stringify([
          {
            app: 'storefront',
            pageLoadId: 'l',
            ts: 1,
            event: 'web_vital',
            data: { name: 'LCP', value: 1, rating: 'good', metricId: 'm' },
          },
        ]),
        headers: { 'content-type': 'text/plain;charset=UTF-8', host: 'shop.test', ...headers },
      });

    it.each([
      ['Sec-Fetch-Site: cross-site', { 'sec-fetch-site': 'cross-site' }],
      ['an Origin of another host', { origin: 'https://evil.test' }],
      ['an Origin on another port', { origin: 'http://shop.test:8080' }],
      ['an opaque Origin', { origin: 'null' }],
      ['a malformed Origin', { origin: 'not a url' }],
    ])('403 for %s', async (_what, headers) => {
      const res = await beacon(headers);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ error: { code: 'CROSS_SITE' } });
    });

    it.each([
      ['no browser markers', {}],
      [
        'Sec-Fetch-Site: same-origin and its own Origin',
        { 'sec-fetch-site': 'same-origin', origin: 'http://shop.test' },
      ],
      ['its own Origin with the default port spelled out', { origin: 'http://SHOP.test:80' }],
      ['Sec-Fetch-Site: none (typed into the address bar)', { 'sec-fetch-site': 'none' }],
    ])('accepts a beacon with %s', async (_what, headers) => {
      expect((await beacon(headers)).statusCode).toBe(204);
    });

    it('covers the census and event calls too', async () => {
      const res = await open.inject({
        method: 'POST',
        url: '/api/census/button-click',
        payload: {},
        headers: { 'sec-fetch-site': 'cross-site' },
      });
      expect(res.statusCode).toBe(403);
    });
  });
});
