import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { openDatabase, type DatabaseHandle } from '../db/client';
import { seedDemoSite } from '../seed/demo-site';
import { Shopper } from '../../test/client';

describe('rate limit on state-changing calls', () => {
  let database: DatabaseHandle;
  let app: FastifyInstance;

  beforeAll(async () => {
    database = await openDatabase({});
    await seedDemoSite(database.db);
    app = await buildApp({ database, writesPerMinute: 3 });
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('answers 429 with the spec message once a client exceeds its writes, and never limits reads', async () => {
    const shopper = new Shopper(app);
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await shopper.addToCart('prod-field-notebook', 'NOTE-3', 1)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429]);
    const limited = await shopper.addToCart('prod-field-notebook', 'NOTE-3', 1);
    expect(limited.json().error).toMatchObject({ code: 'RATE_LIMITED', message: 'Please try again in a few seconds.' });
    expect(limited.headers['retry-after']).toBeDefined();
    for (let i = 0; i < 5; i++) expect((await shopper.get('/api/commerce/shopping-cart')).statusCode).toBe(200);
    expect((await shopper.get('/shop')).statusCode).toBe(200);
  });
});
