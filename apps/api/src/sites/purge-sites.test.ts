import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SITES_API } from '@site/page-content';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADDRESS, Shopper, TEST_CARD } from '../../test/client';
import { databaseTargets } from '../../test/databases';
import { EditorClient } from '../../test/editor';
import { eventually } from '../../test/eventually';
import { siteRows } from '../../test/site-rows';
import { buildApp } from '../app';
import type { DatabaseHandle } from '../db/client';
import { files, siteDomains, siteExports, websites } from '../db/schema';
import { originalKey, widthKey } from '../files/file-store';
import { createDiskStorage, type FileStorage } from '../files/storage';
import { createJobQueue } from '../jobs';
import { DEMO_OWNER, DEMO_WEBSITE_ID, seedDemoSite } from '../seed/demo-site';
import { createMember } from '../security/members';
import { purgeRemovedSites, startSitePurge } from './purge-sites';

const BASE = 'sites.test';
const DAY_MS = 24 * 3600 * 1000;
/** The purge's clock: a fixed instant, so "31 days ago" is exact. */
const NOW = new Date('2026-11-20T12:00:00Z');
const daysAgo = (days: number) => new Date(NOW.getTime() - days * DAY_MS);

describe.each(await databaseTargets())('purging removed sites on $name', (target) => {
  let database: DatabaseHandle;
  let app: FastifyInstance;
  let storage: FileStorage;
  let storageDir: string;
  const logged: Record<string, unknown>[] = [];
  const log = { info: (details: Record<string, unknown>) => void logged.push(details) };

  beforeAll(async () => {
    database = await target.open();
    await seedDemoSite(database.db);
    storageDir = await mkdtemp(join(tmpdir(), 'purge-files-'));
    storage = createDiskStorage(storageDir);
    app = await buildApp({
      database,
      writesPerMinute: 0,
      baseDomain: BASE,
      files: { storage },
      // The hook it registers points at this machine.
      webhookPolicy: { allowPrivate: true },
    });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
    await rm(storageDir, { recursive: true, force: true });
  });

  async function newSite(slug: string): Promise<string> {
    const created = await new Shopper(app).post(SITES_API.sites, {
      email: `${slug}@example.com`,
      password: 'correct horse battery',
      title: slug,
      slug,
    });
    expect(created.statusCode, created.body).toBe(201);
    return created.json().websiteId;
  }

  /** A stored image (original and one width) with its row. */
  async function storedFile(websiteId: string): Promise<string[]> {
    const file = { id: randomUUID(), websiteId };
    await database.db.insert(files).values({
      ...file,
      name: 'photo.png',
      contentType: 'image/png',
      size: 3,
      status: 'complete',
      widths: [300],
    });
    const keys = [originalKey(file), widthKey(file, 300)];
    for (const key of keys) await storage.put(key, Buffer.from('png'));
    return keys;
  }

  const removedAt = (websiteId: string, at: Date) =>
    database.db.update(websites).set({ deletedAt: at }).where(eq(websites.id, websiteId));
  const stored = async (keys: string[]) =>
    (await Promise.all(keys.map((k) => storage.stream(k)))).map((s) => (s?.body.destroy(), s !== undefined));
  const gone = (snapshot: Record<string, string[]>) =>
    Object.entries(snapshot)
      .filter(([, hashes]) => hashes.length > 0)
      .map(([table]) => table);

  it('deletes a site removed 31 days ago with every row and file it owns, and nothing of the others', async () => {
    // The demo site has rows in the most tables; an order, a cart, a comment, a list, a webhook,
    // a customer and a file are added through its own host, as a visitor and its owner would.
    const old = DEMO_WEBSITE_ID;
    await database.db.insert(siteDomains).values({ host: `demo.${BASE}`, websiteId: old, kind: 'custom' });
    const buyer = new Shopper(app, `demo.${BASE}`);
    expect((await buyer.addToCart('prod-field-notebook', 'NOTE-3', 1)).statusCode).toBe(200);
    const order = await buyer.post('/api/commerce/checkout', {
      email: 'buyer@example.com',
      shippingAddress: ADDRESS,
      shippingOptionId: 'standard',
      payment: TEST_CARD,
    });
    expect(order.statusCode, order.body).toBe(200);
    expect(
      (await new Shopper(app, `demo.${BASE}`).addToCart('prod-field-notebook', 'NOTE-3', 2)).statusCode,
    ).toBe(200);
    expect(
      (await buyer.post('/api/blog/posts/post-waxing-canvas/comments', { authorName: 'Bea', body: 'Lovely' }))
        .statusCode,
    ).toBe(201);
    const owner = await new EditorClient(app, `demo.${BASE}`).signIn(DEMO_OWNER);
    expect((await owner.call('POST', '/api/editor/mailing-lists', { name: 'News' })).statusCode).toBe(201);
    expect(
      (
        await owner.call('POST', '/api/editor/webhooks', {
          url: 'http://127.0.0.1:9/hook',
          events: ['order.placed'],
        })
      ).statusCode,
    ).toBeLessThan(300);
    await createMember(database.db, {
      websiteId: old,
      email: 'customer@example.com',
      password: 'customer pass 2026',
      roles: ['customer'],
    });
    const oldFiles = await storedFile(old);
    // An export the owner made: its archive holds the whole site.
    const archive = `${old}/exports/e1.json.gz`;
    await storage.put(archive, Buffer.from('gz'));
    await database.db
      .insert(siteExports)
      .values({ id: randomUUID(), websiteId: old, status: 'ready', progress: 100, storageKey: archive });

    const recent = await newSite('recent-removal');
    const live = await newSite('still-live');
    const recentFiles = await storedFile(recent);
    const liveFiles = await storedFile(live);
    await removedAt(old, daysAgo(31));
    await removedAt(recent, daysAgo(29));
    const before = { recent: await siteRows(database, recent), live: await siteRows(database, live) };
    const oldBefore = await siteRows(database, old);
    expect(gone(oldBefore)).toEqual(
      expect.arrayContaining([
        'orders',
        'order_items',
        'cart_entries',
        'blog_comments',
        'mailing_lists',
        'webhooks',
        'files',
        'pages',
        'products',
        'variants',
        'site_members',
        'site_sessions',
      ]),
    );

    expect(await purgeRemovedSites(database.db, storage, { now: NOW, batchSize: 1, log })).toEqual([old]);
    // Every table of the public schema, scoped to the site: nothing is left.
    expect(gone(await siteRows(database, old))).toEqual([]);
    expect(await stored([...oldFiles, archive])).toEqual([false, false, false]);
    expect(logged).toEqual([expect.objectContaining({ websiteId: old, files: 1 })]);
    // 29 days: still restorable. Live: untouched.
    expect(await siteRows(database, recent)).toEqual(before.recent);
    expect(await siteRows(database, live)).toEqual(before.live);
    expect(await stored([...recentFiles, ...liveFiles])).toEqual([true, true, true, true]);
    // Idempotent: a second run finds nothing to do; a day later the 29-day-old one is due too.
    expect(await purgeRemovedSites(database.db, storage, { now: NOW })).toEqual([]);
    expect(
      await purgeRemovedSites(database.db, storage, { now: new Date(NOW.getTime() + 2 * DAY_MS) }),
    ).toEqual([recent]);
    expect(await stored(recentFiles)).toEqual([false, false]);
    expect(await siteRows(database, live)).toEqual(before.live);
  });

  it('purges each site once when two runs race', async () => {
    const due = await Promise.all(['race-one', 'race-two', 'race-three'].map(newSite));
    for (const id of due) await removedAt(id, daysAgo(45));
    const keys = (await Promise.all(due.map(storedFile))).flat();
    const [a, b] = await Promise.all([
      purgeRemovedSites(database.db, storage, { now: NOW, batchSize: 1 }),
      purgeRemovedSites(database.db, storage, { now: NOW, batchSize: 2 }),
    ]);
    expect([...a, ...b].sort()).toEqual([...due].sort());
    for (const id of due) expect(gone(await siteRows(database, id))).toEqual([]);
    expect((await stored(keys)).every((s) => !s)).toBe(true);
  });

  it('runs as a job on the queue', async () => {
    const id = await newSite('queued-purge');
    await removedAt(id, daysAgo(31));
    const jobs = await createJobQueue(database, { pollSeconds: 0.5, retryDelaySeconds: 1 });
    try {
      await startSitePurge({ db: database.db, jobs, storage, now: () => NOW });
      await eventually(async () => {
        expect(await database.db.select().from(websites).where(eq(websites.id, id))).toEqual([]);
      }, 15_000);
    } finally {
      await jobs.stop();
    }
  });
});
