import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseTargets } from '../../test/databases';
import { buildApp } from '../app';
import type { DatabaseHandle } from '../db/client';
import { seedDemoSite } from '../seed/demo-site';
import { apiRouteDocs } from './route-docs';

const targets = await databaseTargets();

describe.each(targets)('API documentation on $name', (target) => {
  let database: DatabaseHandle;
  let app: FastifyInstance;

  beforeAll(async () => {
    database = await target.open();
    await seedDemoSite(database.db);
    app = await buildApp({ database });
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  const doc = async () => {
    const res = await app.inject('/api/docs/openapi.json');
    expect(res.statusCode).toBe(200);
    return res.json() as { openapi: string; paths: Record<string, Record<string, Record<string, unknown>>> };
  };
  const openApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}').replace(/\*$/, '{path}');

  it('holds every route the app registered (read from the route catalog)', async () => {
    const { openapi, paths } = await doc();
    expect(openapi).toBe('3.1.0');
    const missing = app.routeCatalog
      .filter((r) => r.method !== 'HEAD')
      .filter((r) => !paths[openApiPath(r.url)]?.[r.method.toLowerCase()])
      .map((r) => `${r.method} ${r.url}`);
    expect(missing).toEqual([]);
  });

  it('documents every /api route it has docs for with the schemas the handler parses', async () => {
    const { paths } = await doc();
    const routes = new Set(app.routeCatalog.map((r) => `${r.method} ${r.url}`));
    // No stale entry: each documented route exists.
    expect(Object.keys(apiRouteDocs()).filter((k) => !routes.has(k))).toEqual([]);
    const add = paths['/api/commerce/shopping-cart/entries']!.post as {
      requestBody: {
        content: Record<string, { schema: { properties: Record<string, unknown>; required: string[] } }>;
      };
      description: string;
    };
    const body = add.requestBody.content['application/json']!.schema;
    expect(Object.keys(body.properties)).toEqual(
      expect.arrayContaining(['itemId', 'sku', 'quantity', 'additionalFields']),
    );
    expect(body.required).toEqual(expect.arrayContaining(['itemId', 'sku', 'quantity']));
    expect(body.properties.quantity).toMatchObject({ type: 'integer', minimum: 1 });
    expect(add.description).toMatch(/X-CSRF-Token/);
    const stock = paths['/api/commerce/inventory/stock/']!.get as {
      parameters: { name: string; in: string; required: boolean }[];
    };
    expect(stock.parameters).toContainEqual(
      expect.objectContaining({ name: 'itemId', in: 'query', required: true }),
    );
    const order = paths['/api/commerce/orders/{orderId}']!.get as {
      parameters: { name: string; in: string }[];
    };
    expect(order.parameters).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: 'orderId', in: 'path' }),
        expect.objectContaining({ name: 'token', in: 'query' }),
      ]),
    );
    const beacon = paths['/api/1/performance/records']!.post as {
      requestBody: { content: Record<string, unknown> };
    };
    expect(Object.keys(beacon.requestBody.content)).toEqual(['application/json', 'text/plain']);
    // The calls that read a body document it.
    for (const [path, method] of [
      ['/api/commerce/checkout', 'post'],
      ['/api/site-users/account/session', 'post'],
      ['/api/form/SaveFormSubmission', 'post'],
      ['/api/commerce/restock-notifications', 'post'],
      ['/api/commerce/shopping-cart/entries/{entryId}', 'put'],
      ['/api/census/RecordHit', 'post'],
    ] as const) {
      expect(paths[path]![method]!.requestBody, `${method} ${path}`).toBeDefined();
    }
  });

  it('serves a readable page at /api/docs under the security policy', async () => {
    const res = await app.inject('/api/docs');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('POST /api/commerce/shopping-cart/entries');
    expect(res.body).toContain('href="/api/docs/openapi.json"');
    expect(res.body).not.toMatch(/<script/);
  });
});
