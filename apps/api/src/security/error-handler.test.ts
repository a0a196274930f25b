import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from '../db/client';
import { openMigratedPglite } from '../../test/migrated-templates';
import { buildApp } from '../app';

describe('the error handler', () => {
  let database: DatabaseHandle;
  let app: FastifyInstance;
  beforeAll(async () => {
    database = await openMigratedPglite();
    app = await buildApp({ database, writesPerMinute: 0 });
    app.get('/api/test/strict', async (request) => z.object({ token: z.string() }).parse(request.query));
    // As drizzle reports a query PostgreSQL refused while starting up: the driver's error in `cause`.
    app.get('/api/test/starting-up', async () => {
      throw new Error('Failed query: select 1', {
        cause: Object.assign(new Error('the database system is starting up'), { code: '57P03' }),
      });
    });
    app.get('/api/test/broken', async () => {
      throw new Error('Failed query: select 1', {
        cause: Object.assign(new Error('relation "x" does not exist'), { code: '42P01' }),
      });
    });
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('answers a schema failure a route left uncaught with 400 and the issue, never 500', async () => {
    const res = await app.inject('/api/test/strict?token=a&token=b');
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'INVALID', issues: [{ path: ['token'] }] });
    expect(res.json().error.message).toMatch(/^token: /);
  });

  it('answers 503 with Retry-After while the database is away, and 500 for a query that is wrong', async () => {
    const away = await app.inject('/api/test/starting-up');
    expect(away.statusCode).toBe(503);
    expect(away.headers['retry-after']).toBe('1');
    expect(away.json().error).toEqual({
      code: 'UNAVAILABLE',
      message: 'Unable to connect. Please try again',
    });
    const broken = await app.inject('/api/test/broken');
    expect(broken.statusCode).toBe(500);
    expect(broken.json().error.code).toBe('INTERNAL');
  });
});
