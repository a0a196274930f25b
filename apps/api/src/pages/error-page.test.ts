import { messages } from '@site/page-content';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import type { DatabaseHandle } from '../db/client';
import { templates } from '../db/schema';
import { DEMO_WEBSITE_ID, seedDemoSite } from '../seed/demo-site';
import { databaseTargets } from '../../test/databases';

const targets = await databaseTargets();

describe.each(targets)('the error page (type 101) on $name', (target) => {
  let database: DatabaseHandle;
  let app: FastifyInstance;
  const logs: string[] = [];

  beforeAll(async () => {
    database = await target.open();
    await seedDemoSite(database.db);
    app = await buildApp({
      database,
      logger: { level: 'error', stream: { write: (line: string) => void logs.push(line) } },
    });
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  const expectFriendly = (res: Awaited<ReturnType<FastifyInstance['inject']>>) => {
    expect(res.statusCode).toBe(500);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toContain('Sorry, something went wrong');
    expect(res.body).toContain(messages.errorPage);
    expect(res.body).toContain('<meta name="robots" content="noindex">');
    expect(res.body).toContain('Fieldnotes Supply Co.');
    expect(res.body).not.toMatch(/at .*\.(ts|js):\d+|Error:|SYNTAX_ERROR|relation/);
  };

  it('shows the friendly page, not half a page, when a site template does not parse, and logs why', async () => {
    const where = and(eq(templates.websiteId, DEMO_WEBSITE_ID), eq(templates.name, 'home'));
    const [{ source }] = (await database.db
      .select({ source: templates.source })
      .from(templates)
      .where(where)) as [{ source: string }];
    await database.db
      .update(templates)
      .set({ source: '<h1>{.section website}unclosed', updatedAt: new Date() })
      .where(where);
    try {
      logs.length = 0;
      const res = await app.inject('/');
      expectFriendly(res);
      expect(logs.join('\n')).toContain('BrokenTemplateError');
      expect(logs.join('\n')).toContain('page failed');
      // Other pages still render.
      expect((await app.inject('/shop')).statusCode).toBe(200);
      expect((await app.inject('/?format=json')).json().error.code).toBe('INTERNAL');
    } finally {
      await database.db.update(templates).set({ source, updatedAt: new Date() }).where(where);
    }
    // Fixed by direct SQL: on PostgreSQL the process learns of it from the commit's notice.
    await expect.poll(async () => (await app.inject('/')).statusCode, { timeout: 10_000 }).toBe(200);
  });

  it('shows the friendly page when rendering throws (the database failing under it)', async () => {
    // Warm: the site's snapshot (locks included) is read once per content counter.
    expect((await app.inject('/about')).statusCode).toBe(200);
    await database.db.execute(sql`alter table access_locks rename to access_locks_away`);
    try {
      // Under the same counter the snapshot still serves; a change of content reads it again.
      const warm = await app.inject('/cart');
      expect([warm.statusCode, warm.headers['x-page-cache']]).toEqual([200, 'miss']);
      await database.db.execute(sql`select bump_site_version(${DEMO_WEBSITE_ID}, 'content')`);
      logs.length = 0;
      await expect.poll(async () => (await app.inject('/about')).statusCode, { timeout: 10_000 }).toBe(500);
      expectFriendly(await app.inject('/about'));
      expect(logs.join('\n')).toContain('access_locks');
      const json = await app.inject('/about?format=json');
      expect(json.statusCode).toBe(500);
      expect(json.json()).toEqual({ error: { code: 'INTERNAL', message: messages.errorPage } });
    } finally {
      await database.db.execute(sql`alter table access_locks_away rename to access_locks`);
    }
    expect((await app.inject('/about')).statusCode).toBe(200);
  });
});
