import {
  createCensus,
  createErrorReporter,
  createEvents,
  createMemoryCookieJar,
  createSiteVisitorEvents,
  COMMERCE_VISITOR_METRICS_FLAG,
  silentLogger,
  type PageContext,
  type PageEnvironment,
  type Transport,
} from '@site/tracking';
import { and, eq } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { Shopper } from '../../test/client';
import { databaseTargets } from '../../test/databases';
import { buildApp } from '../app';
import type { DatabaseHandle } from '../db/client';
import { carts, orders, trackingEvents } from '../db/schema';
import { DEMO_WEBSITE_ID, seedDemoSite } from '../seed/demo-site';
import { createTrackingRecorder, type TrackingRow } from './recorder';
import { PERFORMANCE_BATCH_MAX, registerTrackingRoutes } from './routes';
import { registerSiteResolution } from '../sites/request-site';

const targets = await databaseTargets();

const VISITOR = 'v1abc|1700000000000|1700000000000|1700000000000|1';
const context: PageContext = {
  websiteId: DEMO_WEBSITE_ID,
  templateId: 'page-contact',
  pageType: 2,
  collectionId: 'page-contact',
};
const environment: PageEnvironment = {
  url: 'https://shop.test/contact?utm_source=mail',
  title: 'Contact — Fieldnotes',
  referrer: 'https://search.test/',
  userAgent: 'Vitest/1.0',
  language: 'en-US',
  viewport: { width: 1280, height: 800 },
  screen: { width: 1920, height: 1080 },
  localStorageSupported: true,
};
const hitData = (over: Record<string, unknown> = {}) => ({
  userAgent: 'Vitest/1.0',
  clientDate: 1_700_000_000_000,
  viewport: { width: 1280, height: 800 },
  screen: { width: 1920, height: 1080 },
  websiteId: DEMO_WEBSITE_ID,
  templateId: 't1',
  locale: 'en-US',
  url: 'https://shop.test/',
  title: 'Home',
  localStorageSupported: true,
  queryString: '',
  referrer: '',
  ...over,
});
const pageFields = {
  visitorCookie: VISITOR,
  websiteId: DEMO_WEBSITE_ID,
  templateId: 't1',
  url: 'https://shop.test/',
};
const clankerContent = {
  browserLanguage: 'en-US',
  windowSize: { width: 1280, height: 800 },
  pageHost: 'shop.test',
  path: '/',
  queryParams: {},
  referrer: '',
  userAgent: 'Vitest/1.0',
  timestamp: 1_700_000_000_000,
  sourceEnvironment: 'prod',
  sourceKind: 'WEB',
  analyticsId: 'aid-1',
};
const webVital = (i = 0) => ({
  app: 'storefront',
  pageLoadId: `load-${i}`,
  ts: 1_700_000_000_000,
  event: 'web_vital',
  data: { name: 'LCP', value: 1200, rating: 'good', metricId: `m-${i}` },
});
const jsError = (event = 'interface_error_uncaught') => ({
  event,
  data: {
    websiteId: DEMO_WEBSITE_ID,
    templateId: 't1',
    url: 'https://shop.test/',
    userAgent: 'Vitest/1.0',
    message: 'boom',
  },
  timestamp: 1_700_000_000_000,
});

const silentFastifyLog = () => {
  const noop = () => {};
  const log = {
    info: noop,
    warn: noop,
    error: noop,
    debug: noop,
    trace: noop,
    fatal: noop,
    silent: noop,
    level: 'silent',
  };
  return { ...log, child: () => log } as unknown as import('fastify').FastifyBaseLogger;
};
const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const TEXT = { 'content-type': 'text/plain;charset=UTF-8' };
const JSON_TYPE = { 'content-type': 'application/json' };

describe.each(targets)('tracking API on $name', (target) => {
  let database: DatabaseHandle;
  let app: FastifyInstance;
  let visitor: Shopper;

  beforeAll(async () => {
    database = await target.open();
    await seedDemoSite(database.db);
    app = await buildApp({ database });
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });
  beforeEach(async () => {
    visitor = new Shopper(app);
    visitor.cookies.set('ss_cvr', VISITOR);
    await database.db.delete(trackingEvents);
  });

  const post = (url: string, body: string, headers: Record<string, string>) =>
    visitor.request('POST', url, body, headers);
  /** Rows arrive after the answer (batched writes), so wait for them. */
  const rowsOf = async (kind: string, count = 1) =>
    vi.waitFor(
      async () => {
        const rows = await database.db
          .select()
          .from(trackingEvents)
          .where(and(eq(trackingEvents.kind, kind)));
        if (rows.length < count) throw new Error(`waiting for ${count} ${kind} rows, have ${rows.length}`);
        return rows;
      },
      { timeout: 5000, interval: 50 },
    );
  const expectNothingStored = async () => {
    await new Promise((r) => setTimeout(r, 400));
    expect(await database.db.select().from(trackingEvents)).toEqual([]);
  };
  const expectRefused = (
    res: { statusCode: number; json(): unknown },
    status: number,
    code: string,
    message?: RegExp,
  ) => {
    expect(res.statusCode).toBe(status);
    expect(res.json()).toMatchObject({
      error: { code, ...(message ? { message: expect.stringMatching(message) } : {}) },
    });
  };

  /** The browser library's own request builders, sent through the app. */
  const transport: Transport = {
    post: async (request) => {
      const res = await visitor.request('POST', request.url, request.body, {
        'content-type': request.contentType,
        ...request.headers,
      });
      return { status: res.statusCode };
    },
  };

  describe('POST /api/census/RecordHit', () => {
    it('stores the page view the browser census sends', async () => {
      const census = createCensus({
        transport,
        context,
        environment,
        visitorCookie: () => VISITOR,
        now: () => 1_700_000_000_000,
        isEnabled: () => true,
      });
      await census.recordHit();
      const [row] = await rowsOf('census-hit');
      expect(row).toMatchObject({
        websiteId: DEMO_WEBSITE_ID,
        name: 'view',
        visitorId: 'v1abc',
        pagePath: '/contact',
      });
      expect(row!.payload).toMatchObject({
        url: environment.url,
        queryString: 'utm_source=mail',
        collectionId: 'page-contact',
      });
    });

    it('answers 204 and keeps a hit without visitor cookie anonymous', async () => {
      const res = await post(
        '/api/census/RecordHit',
        form({ event: 'view', data: JSON.stringify(hitData()), ss_cvr: '' }),
        FORM,
      );
      expect(res.statusCode).toBe(204);
      expect((await rowsOf('census-hit'))[0]!.visitorId).toBeNull();
    });

    it.each([
      ['data that is not JSON', { event: 'view', data: '{nope', ss_cvr: '' }, /data is not JSON/],
      ['an unknown event', { event: 'click', data: JSON.stringify(hitData()), ss_cvr: '' }, /^event: /],
      [
        'a malformed visitor cookie',
        { event: 'view', data: JSON.stringify(hitData()), ss_cvr: 'x|1' },
        /malformed visitor record/,
      ],
      [
        'data missing the url',
        { event: 'view', data: JSON.stringify(hitData({ url: undefined })), ss_cvr: '' },
        /^data\.url: /,
      ],
    ])('answers 400 with the reason for %s', async (_label, fields, message) => {
      expectRefused(
        await post('/api/census/RecordHit', form(fields as Record<string, string>), FORM),
        400,
        'INVALID_REQUEST',
        message,
      );
      await expectNothingStored();
    });

    it('refuses a hit for another website', async () => {
      const res = await post(
        '/api/census/RecordHit',
        form({ event: 'view', data: JSON.stringify(hitData({ websiteId: 'elsewhere' })), ss_cvr: '' }),
        FORM,
      );
      expectRefused(res, 400, 'WRONG_WEBSITE');
    });
  });

  describe('census side calls', () => {
    it('stores button clicks, button renders, form renders and overlays from the browser census', async () => {
      const census = createCensus({
        transport,
        context,
        environment,
        visitorCookie: () => VISITOR,
        now: () => 0,
        isEnabled: () => true,
      });
      await census.buttonClick({ buttonId: 'hero-cta', buttonText: 'Shop now' });
      await census.buttonRender({ buttonId: 'hero-cta' });
      await census.formRender('form-contact');
      await census.overlay({ overlayId: 'promo', action: 'close' });
      expect((await rowsOf('button-click'))[0]).toMatchObject({
        name: 'hero-cta',
        visitorId: 'v1abc',
        payload: { buttonText: 'Shop now', url: environment.url },
      });
      expect((await rowsOf('button-render'))[0]).toMatchObject({ name: 'hero-cta' });
      expect((await rowsOf('form-render'))[0]).toMatchObject({ name: 'form-contact' });
      expect((await rowsOf('overlay'))[0]).toMatchObject({ name: 'promo:close' });
      // The raw cookie is reduced to the visitor id; it is not kept in the payload.
      expect((await rowsOf('overlay'))[0]!.payload).not.toHaveProperty('visitorCookie');
    });

    it.each([
      ['/api/census/button-click', { ...pageFields }, /^buttonId: /],
      ['/api/census/button-render', { ...pageFields, buttonId: '' }, /^buttonId: /],
      ['/api/census/form-render', { ...pageFields }, /^formId: /],
      ['/api/census/overlay', { ...pageFields, overlayId: 'o', action: 'explode' }, /^action: /],
      [
        '/api/census/overlay',
        { ...pageFields, overlayId: 'o', action: 'close', visitorCookie: 'bad' },
        /^visitorCookie: /,
      ],
    ])('%s answers 400 with the reason for a bad body', async (url, body, message) => {
      expectRefused(await post(url, JSON.stringify(body), JSON_TYPE), 400, 'INVALID_REQUEST', message);
    });

    it('refuses another website and text/plain bodies on non-beacon calls', async () => {
      expectRefused(
        await post(
          '/api/census/form-render',
          JSON.stringify({ ...pageFields, websiteId: 'x', formId: 'f' }),
          JSON_TYPE,
        ),
        400,
        'WRONG_WEBSITE',
      );
      // Fastify reads text/plain as a plain string here; only the beacon calls parse it as JSON.
      const res = await post('/api/census/form-render', JSON.stringify({ ...pageFields, formId: 'f' }), TEXT);
      expectRefused(res, 400, 'INVALID_REQUEST', /expected object/);
    });
  });

  describe('POST /api/census/RecordQuickView/{id}', () => {
    it('counts a quick view of a real product for the visitor in the cookie', async () => {
      const res = await post('/api/census/RecordQuickView/prod-canvas-tote', '', FORM);
      expect(res.statusCode).toBe(204);
      expect((await rowsOf('quick-view'))[0]).toMatchObject({ name: 'prod-canvas-tote', visitorId: 'v1abc' });
    });

    it('answers 404 for an unknown item and 414 for an absurd id', async () => {
      expectRefused(await post('/api/census/RecordQuickView/no-such-item', '', FORM), 404, 'ITEM_NOT_FOUND');
      // Fastify refuses path parameters over 100 characters before the route runs.
      expect((await post(`/api/census/RecordQuickView/${'x'.repeat(200)}`, '', FORM)).statusCode).toBe(414);
    });
  });

  describe('POST /api/events/RecordEvent', () => {
    it('stores the legacy event the browser sends with the crumb field (202)', async () => {
      await visitor.get('/api/crumb');
      const jar = createMemoryCookieJar({ crumb: visitor.cookies.get('crumb')! });
      const events = createEvents({
        transport,
        jar,
        logger: silentLogger,
        context,
        environment,
        now: () => 0,
        identity: () => undefined,
        sourceEnvironment: 'prod',
        sourceKind: 'WEB',
        isEnabled: () => true,
      });
      expect(await events.recordEvent('newsletter_sign_up', { formId: 'form-contact' })).toBe(true);
      expect((await rowsOf('event'))[0]).toMatchObject({
        name: 'newsletter_sign_up',
        visitorId: 'v1abc',
        payload: { formId: 'form-contact', pagePath: '/contact' },
      });
    });

    it('answers 403 crumbFail when the crumb field does not match the cookie', async () => {
      await visitor.get('/api/crumb');
      const data = JSON.stringify({
        websiteId: DEMO_WEBSITE_ID,
        templateId: 't',
        pagePath: '/',
        pageHash: '',
      });
      const res = await post(
        '/api/events/RecordEvent',
        form({ crumb: 'not-the-crumb', event: 'x', data }),
        FORM,
      );
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ crumbFail: true, error: { code: 'CRUMB_FAIL' } });
    });

    it('answers 400 for data that is not the legacy payload', async () => {
      await visitor.get('/api/crumb');
      const res = await post(
        '/api/events/RecordEvent',
        form({ crumb: visitor.cookies.get('crumb')!, event: 'x', data: '{"websiteId":"demo"}' }),
        FORM,
      );
      expectRefused(res, 400, 'INVALID_REQUEST', /^data\.templateId: /);
    });
  });

  describe('POST /api/events/RecordJavascriptErrors', () => {
    it('stores one row per reported error from the browser reporter', async () => {
      await visitor.get('/api/crumb');
      const jar = createMemoryCookieJar({ crumb: visitor.cookies.get('crumb')! });
      const clock = { now: () => 1_700_000_000_000, setTimeout: () => 0, clearTimeout: () => undefined };
      const reporter = createErrorReporter({
        transport,
        jar,
        clock,
        logger: silentLogger,
        context,
        environment,
      });
      reporter.report('uncaught', new TypeError('x is undefined'));
      reporter.report('unhandled rejection', 'nope');
      await reporter.flush();
      const rows = await rowsOf('javascript-error', 2);
      expect(rows.map((r) => r.name).sort()).toEqual([
        'interface_error_uncaught',
        'interface_error_unhandled_rejection',
      ]);
    });

    it('requires the crumb header', async () => {
      await visitor.get('/api/crumb');
      const res = await post('/api/events/RecordJavascriptErrors', JSON.stringify([jsError()]), {
        ...JSON_TYPE,
        'x-csrf-token': 'wrong',
      });
      expect(res.statusCode).toBe(403);
    });

    it.each([
      ['an empty batch', []],
      ['a batch over the browser queue size', Array.from({ length: 11 }, () => jsError())],
      ['an event outside the interface_error_ family', [jsError('boom')]],
    ])('answers 400 for %s', async (_label, batch) => {
      expectRefused(
        await post('/api/events/RecordJavascriptErrors', JSON.stringify(batch), JSON_TYPE),
        400,
        'INVALID_REQUEST',
      );
    });
  });

  describe('POST /api/1/performance/records', () => {
    it('accepts a batch sent as text/plain by a beacon and as JSON by XHR', async () => {
      expect(
        (await post('/api/1/performance/records', JSON.stringify([webVital(1), webVital(2)]), TEXT))
          .statusCode,
      ).toBe(204);
      expect(
        (await post('/api/1/performance/records', JSON.stringify([webVital(3)]), JSON_TYPE)).statusCode,
      ).toBe(204);
      const rows = await rowsOf('performance', 3);
      expect(rows.map((r) => r.name)).toEqual(['web_vital', 'web_vital', 'web_vital']);
      expect(rows[0]!.visitorId).toBe('v1abc');
    });

    it('answers 400 for text that is not JSON, an empty batch and one over the cap', async () => {
      expectRefused(await post('/api/1/performance/records', '[{', TEXT), 400, 'INVALID_JSON');
      expectRefused(await post('/api/1/performance/records', '[]', TEXT), 400, 'INVALID_REQUEST');
      const tooMany = Array.from({ length: PERFORMANCE_BATCH_MAX + 1 }, (_, i) => webVital(i));
      expectRefused(
        await post('/api/1/performance/records', JSON.stringify(tooMany), TEXT),
        400,
        'INVALID_REQUEST',
      );
      expectRefused(
        await post('/api/1/performance/records', JSON.stringify([{ ...webVital(), event: 'mystery' }]), TEXT),
        400,
        'INVALID_REQUEST',
      );
    });

    it('answers 413 for a body over 64 KB', async () => {
      const res = await post(
        '/api/1/performance/records',
        JSON.stringify([{ ...webVital(), app: 'x'.repeat(70 * 1024) }]),
        TEXT,
      );
      expect(res.statusCode).toBe(413);
    });
  });

  describe('POST /api/v1/clanker/events', () => {
    const body = (over: Record<string, unknown> = {}, name = 'page_view') =>
      JSON.stringify({ eventSchemaName: name, eventContent: JSON.stringify({ ...clankerContent, ...over }) });

    it('stores the events the browser library sends, as JSON and as a text/plain beacon (202)', async () => {
      const events = createEvents({
        transport: { ...transport, beacon: () => false },
        jar: createMemoryCookieJar(),
        logger: silentLogger,
        context,
        environment,
        now: () => 1_700_000_000_000,
        identity: () => ({ analyticsId: 'aid-9', sessionId: 'sid-9' }),
        sourceEnvironment: 'prod',
        sourceKind: 'WEB',
        isEnabled: () => true,
      });
      expect(await events.sendClanker('page_view', { section: 'contact' })).toBe(true);
      expect((await post('/api/v1/clanker/events', body(), TEXT)).statusCode).toBe(202);
      const rows = await rowsOf('clanker-event', 2);
      expect(rows.map((r) => r.visitorId).sort()).toEqual(['aid-1', 'aid-9']);
      expect(rows.find((r) => r.visitorId === 'aid-9')!.payload).toMatchObject({
        section: 'contact',
        path: '/contact',
        queryParams: { utm_source: 'mail' },
      });
    });

    it('checks site-visitor events in depth, including the website', async () => {
      const event = {
        event_name: 'product_listing_page_visit',
        website_id: DEMO_WEBSITE_ID,
        page_id: 'page-shop',
        logged_in: false,
        collection_id: 'page-shop',
      };
      expect(
        (await post('/api/v1/clanker/events', body(event, 'commerce_site_visitor'), JSON_TYPE)).statusCode,
      ).toBe(202);
      expect((await rowsOf('clanker-event'))[0]).toMatchObject({
        name: 'commerce_site_visitor',
        payload: { event_name: 'product_listing_page_visit' },
      });
      expectRefused(
        await post(
          '/api/v1/clanker/events',
          body({ ...event, website_id: 'x' }, 'commerce_site_visitor'),
          JSON_TYPE,
        ),
        400,
        'WRONG_WEBSITE',
      );
      expectRefused(
        await post(
          '/api/v1/clanker/events',
          body({ ...event, page_id: undefined }, 'commerce_site_visitor'),
          JSON_TYPE,
        ),
        400,
        'INVALID_REQUEST',
        /^page_id: /,
      );
    });

    it('stores the storefront commerce events (add to cart, checkout, purchase of a real order) and refuses invented orders', async () => {
      const [cart] = await database.db
        .insert(carts)
        .values({ id: 'cart-events', websiteId: DEMO_WEBSITE_ID, token: 'tok-events' })
        .returning();
      await database.db.insert(orders).values({
        id: 'order-events',
        websiteId: DEMO_WEBSITE_ID,
        cartId: cart!.id,
        email: 'buyer@example.com',
        currency: 'USD',
        subtotalCents: 2400,
        taxCents: 198,
        shippingCents: 600,
        discountCents: 0,
        grandTotalCents: 3198,
        paymentProvider: 'test',
        paymentReference: 'ref-events',
        accessToken: 'access-events',
      });
      const flagged: PageContext = {
        ...context,
        collectionId: undefined,
        templateId: 'checkout',
        betaFeatureFlags: [COMMERCE_VISITOR_METRICS_FLAG],
      };
      const eventsFor = (ctx: PageContext) =>
        createSiteVisitorEvents({
          context: ctx,
          isEnabled: () => true,
          events: createEvents({
            transport,
            jar: createMemoryCookieJar(),
            logger: silentLogger,
            context: ctx,
            environment,
            now: () => 1_700_000_000_000,
            identity: () => ({ analyticsId: 'aid-5', sessionId: 'sid-5' }),
            sourceEnvironment: 'prod',
            sourceKind: 'WEB',
            isEnabled: () => true,
          }),
        });
      const checkout = eventsFor(flagged);
      const product = {
        itemId: 'prod-tote',
        productType: 1,
        title: 'Tote',
        collectionId: 'page-shop',
        collectionName: 'Shop',
      };
      expect(
        await eventsFor({ ...flagged, collectionId: 'page-shop' }).addToCart({
          cartId: cart!.id,
          productPage: 'pdp',
          product,
        }),
      ).toBe(true);
      expect(await checkout.checkoutStarted(cart!.id)).toBe(true);
      const purchase = {
        orderId: 'order-events',
        currency: 'USD',
        value: 31.98,
        shipping: 6,
        tax: 1.98,
        items: [{ itemId: 'prod-tote', title: 'Tote', sku: 'SQ-TOTE', quantity: 2, price: 12 }],
      };
      expect(await eventsFor({ ...flagged, templateId: 'order-confirmed' }).purchase(purchase)).toBe(true);
      const rows = await rowsOf('clanker-event', 3);
      expect(
        rows.map((r) => [r.name, r.visitorId, (r.payload as { event_name: string }).event_name]),
      ).toEqual([
        ['commerce_site_visitor', 'aid-5', 'add_to_cart'],
        ['commerce_site_visitor', 'aid-5', 'checkout_started'],
        ['commerce_site_visitor', 'aid-5', 'purchase'],
      ]);
      expect(rows[2]!.payload).toMatchObject({
        transaction_id: 'order-events',
        value: 31.98,
        shipping: 6,
        tax: 1.98,
        currency: 'USD',
        page_id: 'order-confirmed',
        sessionId: 'sid-5',
        items: [{ item_id: 'prod-tote', item_title: 'Tote', sku: 'SQ-TOTE', quantity: 2, price: 12 }],
      });
      const invented = {
        event_name: 'purchase',
        website_id: DEMO_WEBSITE_ID,
        page_id: 'order-confirmed',
        logged_in: false,
        transaction_id: 'order-nobody',
        currency: 'USD',
        value: 1,
        shipping: 0,
        tax: 0,
        items: [{ item_id: 'p', item_title: 'P', sku: 's', quantity: 1, price: 1 }],
      };
      expectRefused(
        await post('/api/v1/clanker/events', body(invented, 'commerce_site_visitor'), JSON_TYPE),
        404,
        'ORDER_NOT_FOUND',
        /^transaction_id: /,
      );
      expectRefused(
        await post(
          '/api/v1/clanker/events',
          body({ ...invented, transaction_id: 'order-events', items: [] }, 'commerce_site_visitor'),
          JSON_TYPE,
        ),
        400,
        'INVALID_REQUEST',
        /^items: /,
      );
      expectRefused(
        await post(
          '/api/v1/clanker/events',
          body({ ...invented, transaction_id: 'order-events', value: -5 }, 'commerce_site_visitor'),
          JSON_TYPE,
        ),
        400,
        'INVALID_REQUEST',
        /^value: /,
      );
      expectRefused(
        await post(
          '/api/v1/clanker/events',
          body(
            { ...invented, transaction_id: 'order-events', currency: 'U\u0000D' },
            'commerce_site_visitor',
          ),
          JSON_TYPE,
        ),
        400,
        'INVALID_TEXT',
      );
      await new Promise((r) => setTimeout(r, 300));
      expect(await database.db.select().from(trackingEvents)).toHaveLength(3);
    });

    it('answers 400 for content that is not JSON, a bad schema name or a missing context field', async () => {
      expectRefused(
        await post(
          '/api/v1/clanker/events',
          JSON.stringify({ eventSchemaName: 'x', eventContent: '{' }),
          JSON_TYPE,
        ),
        400,
        'INVALID_REQUEST',
        /not JSON/,
      );
      expectRefused(
        await post('/api/v1/clanker/events', body({}, 'bad name!'), JSON_TYPE),
        400,
        'INVALID_REQUEST',
        /^eventSchemaName: /,
      );
      expectRefused(
        await post('/api/v1/clanker/events', body({ sourceKind: 'FAX' }), JSON_TYPE),
        400,
        'INVALID_REQUEST',
        /^eventContent\.sourceKind: /,
      );
      expectRefused(await post('/api/v1/clanker/events', 'not json', TEXT), 400, 'INVALID_JSON');
    });
  });

  describe('POST /api/v1/clanker/validate-event-content/{schemaName}', () => {
    const body = (content: Record<string, unknown>, name = 'page_view') =>
      JSON.stringify({
        eventSchemaName: name,
        eventContent: JSON.stringify({ ...clankerContent, ...content }),
      });

    it('answers { valid: true } without storing anything', async () => {
      const res = await post('/api/v1/clanker/validate-event-content/page_view', body({}), JSON_TYPE);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ valid: true, eventSchemaName: 'page_view' });
      await expectNothingStored();
    });

    it('answers 400 with the reason for a mismatched name, bad content or an invalid path', async () => {
      expectRefused(
        await post('/api/v1/clanker/validate-event-content/other', body({}), JSON_TYPE),
        400,
        'INVALID_REQUEST',
        /does not match/,
      );
      expectRefused(
        await post(
          '/api/v1/clanker/validate-event-content/commerce_site_visitor',
          body({ event_name: 'add_to_cart' }, 'commerce_site_visitor'),
          JSON_TYPE,
        ),
        400,
        'INVALID_REQUEST',
      );
      expectRefused(
        await post('/api/v1/clanker/validate-event-content/bad%20name', body({}), JSON_TYPE),
        400,
        'INVALID_REQUEST',
        /invalid schema name/,
      );
    });
  });

  describe('one bad event never costs the others', () => {
    const warnings: unknown[] = [];
    const errors: unknown[] = [];
    const log = {
      ...silentFastifyLog(),
      warn: (o: unknown) => warnings.push(o),
      error: (o: unknown) => errors.push(o),
    };
    const row = (i: number, over: Partial<TrackingRow> = {}): TrackingRow => ({
      kind: 'performance',
      name: `m${i}`,
      visitorId: `v${i % 7}`,
      payload: { i },
      ...over,
    });

    it('stores the 199 good rows of a 200-row batch the database refuses one row of', async () => {
      const recorder = createTrackingRecorder({ db: database.db, log, flushDelayMs: 60_000 });
      const rows = Array.from({ length: 200 }, (_, i) => row(i));
      // A row that passes the recorder's checks but that the database refuses (payload is NOT NULL).
      rows[137] = row(137, { payload: null });
      expect(recorder.record(DEMO_WEBSITE_ID, rows)).toBe(true);
      await recorder.flush();
      const stored = await database.db.select().from(trackingEvents);
      expect(stored).toHaveLength(199);
      expect(stored.map((r) => r.name).sort()).toEqual(
        rows
          .filter((_, i) => i !== 137)
          .map((r) => r.name)
          .sort(),
      );
      expect(errors).toHaveLength(1);
    });

    it('drops a row with text the database cannot store before it reaches a batch', async () => {
      const recorder = createTrackingRecorder({ db: database.db, log, flushDelayMs: 60_000 });
      expect(
        recorder.record(DEMO_WEBSITE_ID, [
          row(1),
          row(2, { payload: { message: 'nul\u0000here' } }),
          row(3, { name: 'x\uD800' }),
          row(4),
        ]),
      ).toBe(true);
      await recorder.flush();
      expect((await database.db.select().from(trackingEvents)).map((r) => r.name).sort()).toEqual([
        'm1',
        'm4',
      ]);
      expect(warnings.length).toBeGreaterThanOrEqual(2);
    });

    it("keeps other visitors' accepted events when one visitor sends a bad one in the same flush", async () => {
      const other = new Shopper(app);
      other.cookies.set('ss_cvr', 'v2other|1700000000000|1700000000000|1700000000000|1');
      const good = await post('/api/1/performance/records', JSON.stringify([webVital(1), webVital(2)]), TEXT);
      expect(good.statusCode).toBe(204);
      const bad = await other.request(
        'POST',
        '/api/1/performance/records',
        JSON.stringify([webVital(3), { ...webVital(4), pageLoadId: 'nul\u0000' }]),
        TEXT,
      );
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({
        error: { code: 'INVALID_TEXT', message: expect.stringMatching(/^body 1\.pageLoadId: /) },
      });
      const hit = await post(
        '/api/census/RecordHit',
        form({ event: 'view', data: JSON.stringify(hitData({ title: 'bad\uDC00' })), ss_cvr: '' }),
        FORM,
      );
      expect(hit.statusCode).toBe(400);
      const later = await post('/api/1/performance/records', JSON.stringify([webVital(5)]), TEXT);
      expect(later.statusCode).toBe(204);
      const rows = await rowsOf('performance', 3);
      expect(rows.map((r) => (r.payload as { pageLoadId: string }).pageLoadId).sort()).toEqual([
        'load-1',
        'load-2',
        'load-5',
      ]);
      await new Promise((r) => setTimeout(r, 300));
      expect(await database.db.select().from(trackingEvents)).toHaveLength(3);
    });
  });

  it('answers 503 when the write buffer is full instead of growing without bound', async () => {
    const small = Fastify();
    await small.register(fastifyCookie);
    registerSiteResolution(small, { db: database.db, defaultWebsiteId: DEMO_WEBSITE_ID });
    const recorder = registerTrackingRoutes(small, { db: database.db, flushDelayMs: 60_000, maxBuffered: 2 });
    try {
      const send = () =>
        small.inject({
          method: 'POST',
          url: '/api/1/performance/records',
          payload: JSON.stringify([webVital()]),
          headers: TEXT,
        });
      expect((await send()).statusCode).toBe(204);
      expect((await send()).statusCode).toBe(204);
      const refused = await send();
      expect(refused.statusCode).toBe(503);
      expect(refused.json()).toMatchObject({ error: { code: 'TRACKING_BUSY' } });
      await recorder.flush();
      expect(await database.db.select().from(trackingEvents)).toHaveLength(2);
      expect((await send()).statusCode).toBe(204);
    } finally {
      // Closing flushes what is still queued.
      await small.close();
    }
    expect(await database.db.select().from(trackingEvents)).toHaveLength(3);
  });
});
