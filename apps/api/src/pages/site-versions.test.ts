import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseTargets } from '../../test/databases';
import type { DatabaseHandle } from '../db/client';
import { siteVersions, variants } from '../db/schema';
import { DEMO_WEBSITE_ID, seedDemoSite } from '../seed/demo-site';
import postgres from 'postgres';
import {
  changeFeedFor,
  LISTEN_APPLICATION_NAME,
  postgresChangeFeed,
  SiteVersionStore,
  type ChangeFeed,
  type ChangeFeedHandlers,
} from './site-versions';

/** A feed the test drives by hand: what the store does when notices come, stop, or resume. */
function handFeed(): ChangeFeed & { handlers: ChangeFeedHandlers } {
  const feed = {
    handlers: undefined as unknown as ChangeFeedHandlers,
    start(h: ChangeFeedHandlers) {
      feed.handlers = h;
    },
    stop: async () => {},
  };
  return feed;
}

const site = DEMO_WEBSITE_ID;

describe.each(await databaseTargets())('site versions on $name', (target) => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await target.open();
    await seedDemoSite(database.db);
  });
  afterAll(() => database?.close());

  // Changes the counters without any notice reaching the store under test.
  const bumpUntold = () =>
    database.db
      .update(siteVersions)
      .set({ catalog: sql`${siteVersions.catalog} + 1` })
      .where(eq(siteVersions.websiteId, site));
  const stored = async () =>
    (await database.db.select().from(siteVersions).where(eq(siteVersions.websiteId, site)))[0]!;

  it('reads the database on every request until the feed listens, and again once it is lost', async () => {
    const feed = handFeed();
    const store = new SiteVersionStore(database.db, feed);
    expect(store.trusted).toBe(false);
    await bumpUntold();
    const { content, catalog, posts } = await stored();
    expect(await store.get(site)).toEqual({ content, catalog, posts });

    feed.handlers.ready();
    const remembered = await store.get(site);
    await bumpUntold();
    // Listening: memory answers, with no round trip (so an untold change is not seen)...
    expect(store.get(site)).toEqual(remembered);
    // ...until the connection drops: from then on every request reads again.
    feed.handlers.lost();
    expect(store.trusted).toBe(false);
    expect((await store.get(site)).catalog).toBe(remembered.catalog + 1);
    await bumpUntold();
    expect((await store.get(site)).catalog).toBe(remembered.catalog + 2);
  });

  it('reads a site again after a notice for it, and after its own write', async () => {
    const feed = handFeed();
    const store = new SiteVersionStore(database.db, feed);
    feed.handlers.ready();
    const first = await store.get(site);
    await bumpUntold();
    feed.handlers.changed(site);
    expect((await store.get(site)).catalog).toBe(first.catalog + 1);
    await bumpUntold();
    store.invalidate(site);
    expect((await store.get(site)).catalog).toBe(first.catalog + 2);
    feed.handlers.changed('another-site');
    expect(store.get(site)).toEqual({ ...first, catalog: first.catalog + 2 });
  });

  it('does not keep a read a notice overtook: the commit it announced may be newer than the read', async () => {
    const feed = handFeed();
    const store = new SiteVersionStore(database.db, feed);
    feed.handlers.ready();
    const inFlight = store.get(site);
    // The query goes out on the next turn of the event loop; the notice comes after it.
    await new Promise((r) => setImmediate(r));
    feed.handlers.changed(site);
    await inFlight;
    await bumpUntold();
    // Had the overtaken read been kept, memory would answer here without the bump.
    expect((await store.get(site)).catalog).toBe((await stored()).catalog);
  });

  it('forgets everything when listening resumes: changes while it was away were never told', async () => {
    const feed = handFeed();
    const store = new SiteVersionStore(database.db, feed);
    feed.handlers.ready();
    await store.get(site);
    feed.handlers.lost();
    await bumpUntold();
    feed.handlers.ready();
    expect((await store.get(site)).catalog).toBe((await stored()).catalog);
  });

  it('hears a commit from PostgreSQL itself: one notice per changed product per transaction, none for a rollback', async () => {
    const told: string[] = [];
    const feed = changeFeedFor(database);
    const ready = new Promise<void>((resolve) =>
      feed.start({ changed: (s, p) => told.push(p ? `${s} ${p}` : s), ready: resolve, lost: () => {} }),
    );
    await ready;
    await database.db
      .transaction(async (tx) => {
        await tx
          .update(variants)
          .set({ qtyInStock: sql`${variants.qtyInStock} + 1` })
          .where(eq(variants.sku, 'TOTE-SAND'));
        throw new Error('roll back');
      })
      .catch(() => {});
    await database.db.transaction(async (tx) => {
      await tx.update(variants).set({ qtyInStock: sql`${variants.qtyInStock} + 1` });
    });
    const start = performance.now();
    while (told.length === 0 && performance.now() - start < 1000) await new Promise((r) => setTimeout(r, 5));
    await new Promise((r) => setTimeout(r, 50));
    // Stock is each product's own: no notice for the whole site.
    const stocked = await database.db.selectDistinct({ id: variants.productId }).from(variants);
    expect(told.sort()).toEqual(stocked.map((p) => `${site} ${p.id}`).sort());
    await feed.stop();
  });

  it.runIf(target.name === 'postgres')(
    'reads per request while its listening connection is gone, and listens again on its own',
    async () => {
      const url = (database.connection as { url: string }).url;
      const events: string[] = [];
      const feed = postgresChangeFeed(url);
      const store = new SiteVersionStore(database.db, {
        start: (h) =>
          feed.start({
            changed: (s) => h.changed(s),
            ready: () => (events.push('ready'), h.ready()),
            lost: () => (events.push('lost'), h.lost()),
          }),
        stop: () => feed.stop(),
      });
      const waitFor = async (what: () => boolean) => {
        const start = performance.now();
        while (!what()) {
          if (performance.now() - start > 5000) throw new Error(`waited 5 s; events: ${events.join(', ')}`);
          await new Promise((r) => setTimeout(r, 10));
        }
      };
      await waitFor(() => store.trusted);
      await store.get(site);

      // The server ends the listening session (a restart, a failover, an idle-session killer).
      const admin = postgres(url, { max: 1, onnotice: () => {} });
      await admin`select pg_terminate_backend(pid) from pg_stat_activity where application_name = ${LISTEN_APPLICATION_NAME} and datname = current_database()`;
      await waitFor(() => events.includes('lost'));
      expect(store.trusted).toBe(false);
      await bumpUntold();
      expect((await store.get(site)).catalog).toBe((await stored()).catalog);

      await waitFor(() => store.trusted);
      expect(events.filter((e) => e === 'ready')).toHaveLength(2);
      // Listening again: a commit is told once more.
      await store.get(site);
      await database.db
        .update(variants)
        .set({ qtyInStock: sql`${variants.qtyInStock} + 1` })
        .where(eq(variants.sku, 'TOTE-SAND'));
      await waitFor(() => store.get(site) instanceof Promise);
      expect((await store.get(site)).catalog).toBe((await stored()).catalog);
      await admin.end({ timeout: 1 });
      await store.stop();
    },
  );
});
