import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import { openDatabase, type DatabaseHandle } from '../db/client';
import { buildApp } from '../app';

describe('the error handler', () => {
  let database: DatabaseHandle;
  let app: FastifyInstance;
  beforeAll(async () => {
    database = await openDatabase({});
    app = await buildApp({ database, writesPerMinute: 0 });
    app.get('/api/test/strict', async (request) => z.object({ token: z.string() }).parse(request.query));
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
});
