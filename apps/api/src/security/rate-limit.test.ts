import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { buildApp } from '../app';
import type { DatabaseHandle } from '../db/client';
import { openMigratedPglite } from '../../test/migrated-templates';
import { seedDemoSite } from '../seed/demo-site';
import { Shopper } from '../../test/client';

describe('rate limit on state-changing calls', () => {
  let database: DatabaseHandle;
  let app: FastifyInstance;

  beforeAll(async () => {
    database = await openMigratedPglite();
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
    for (let i = 0; i < 4; i++)
      statuses.push((await shopper.addToCart('prod-field-notebook', 'NOTE-3', 1)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429]);
    const limited = await shopper.addToCart('prod-field-notebook', 'NOTE-3', 1);
    expect(limited.json().error).toMatchObject({
      code: 'RATE_LIMITED',
      message: 'Please try again in a few seconds.',
    });
    expect(limited.headers['retry-after']).toBeDefined();
    for (let i = 0; i < 5; i++)
      expect((await shopper.get('/api/commerce/shopping-cart')).statusCode).toBe(200);
    expect((await shopper.get('/shop')).statusCode).toBe(200);
  });
});

const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
const probe = new Redis(REDIS_URL, { lazyConnect: true, retryStrategy: () => null, maxRetriesPerRequest: 0 });
const redisUp = await probe.connect().then(
  () => true,
  () => false,
);
probe.disconnect();
if (!redisUp) console.warn(`Redis write-limit test skipped: nothing answers at ${REDIS_URL}`);

describe('rate limit while Redis is away', () => {
  let database: DatabaseHandle;
  let app: FastifyInstance;
  let away: Redis;

  beforeAll(async () => {
    database = await openMigratedPglite();
    await seedDemoSite(database.db);
    // A port nothing listens on, with the shared client's fail-at-once options (src/redis.ts).
    away = new Redis('redis://127.0.0.1:1', {
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      retryStrategy: () => 1000,
    });
    away.on('error', () => {});
    app = await buildApp({ database, writesPerMinute: 3, redis: away });
  });
  afterAll(async () => {
    await app?.close();
    away?.disconnect();
    await database?.close();
  });

  it('still takes writes and still limits them, counting in this process', async () => {
    const shopper = new Shopper(app);
    const statuses = [];
    for (let i = 0; i < 4; i++)
      statuses.push((await shopper.addToCart('prod-field-notebook', 'NOTE-3', 1)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429]);
  });
});

describe.runIf(redisUp)('rate limit shared through Redis', () => {
  let database: DatabaseHandle;
  const apps: FastifyInstance[] = [];
  const clients: Redis[] = [];

  beforeAll(async () => {
    database = await openMigratedPglite();
    await seedDemoSite(database.db);
    // Two processes' clients, with keys of this run only.
    const keyPrefix = `test-${randomUUID()}:`;
    for (let i = 0; i < 2; i++) {
      clients.push(new Redis(REDIS_URL, { keyPrefix }));
      apps.push(await buildApp({ database, writesPerMinute: 3, redis: clients[i] }));
    }
  });
  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
    clients.forEach((client) => client.disconnect());
    await database?.close();
  });

  it('counts one client’s writes across processes', async () => {
    const [a, b] = apps.map((app) => new Shopper(app));
    const statuses = [];
    for (const shopper of [a, b, a, b])
      statuses.push((await shopper!.addToCart('prod-field-notebook', 'NOTE-3', 1)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429]);
  });
});
