import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp, type AppOptions } from '../src/app';
import type { DatabaseHandle } from '../src/db/client';
import { DEMO_OWNER, DEMO_VIEWER, seedDemoSite } from '../src/seed/demo-site';
import type { DatabaseTarget } from './databases';
import { EditorClient } from './editor';

export interface DemoSite {
  database: DatabaseHandle;
  app: FastifyInstance;
  /** Signed in to the editor as the demo site's owner, and as its viewer (read-only role). */
  owner: EditorClient;
  viewer: EditorClient;
}

/**
 * The demo site for one suite of editor tests: a throw-away database on `target` seeded with it,
 * the app on that database without the write limit, and the owner and viewer signed in. Set up
 * before the suite's tests and closed after them; read its fields inside tests and hooks only.
 */
export function demoSiteSuite(
  target: DatabaseTarget,
  options: Partial<Omit<AppOptions, 'database'>> = {},
): DemoSite {
  const site = {} as DemoSite;
  beforeAll(async () => {
    site.database = await target.open();
    await seedDemoSite(site.database.db);
    site.app = await buildApp({ database: site.database, writesPerMinute: 0, ...options });
    [site.owner, site.viewer] = await Promise.all([
      new EditorClient(site.app).signIn(DEMO_OWNER),
      new EditorClient(site.app).signIn(DEMO_VIEWER),
    ]);
  });
  afterAll(async () => {
    await site.app?.close();
    await site.database?.close();
  });
  return site;
}
