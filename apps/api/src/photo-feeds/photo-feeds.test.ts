import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  EDITOR_API,
  messages,
  PHOTO_FEED_API,
  PHOTO_FEED_LIMITS,
  type PageDetail,
  type PhotoFeedStatus,
} from '@site/page-content';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseTargets } from '../../test/databases';
import { EditorClient } from '../../test/editor';
import { buildApp } from '../app';
import type { DatabaseHandle } from '../db/client';
import { photoFeeds, siteVersions } from '../db/schema';
import { createJobQueue } from '../jobs';
import { DEMO_OWNER, DEMO_WEBSITE_ID, seedDemoSite } from '../seed/demo-site';
import { fetchPhotoFeed } from './fetch-feed';
import { refreshDuePhotoFeeds } from './photo-feed-store';
import { startPhotoFeedRefresh } from './refresh-job';

const targets = await databaseTargets();

const rss = (pictures: string[]) =>
  `<?xml version="1.0"?><rss version="2.0" xmlns:media="http://search.yahoo.com/mrss/"><channel><title>Photos</title>${pictures
    .map(
      (name) =>
        `<item><title>${name}</title><link>https://photos.example/${name}</link><media:content url="https://cdn.photos.example/${name}.jpg" type="image/jpeg" width="800" height="600"/><media:credit>Jane Doe</media:credit></item>`,
    )
    .join('')}</channel></rss>`;

/** A local feed server: /feed changes when told, /broken is malformed, /huge is over the cap, /slow never answers. */
async function feedServer() {
  let pictures = ['harbour', 'pier'];
  const server: Server = createServer((req, res) => {
    if (req.url === '/feed') {
      res.writeHead(200, { 'content-type': 'application/rss+xml' });
      return res.end(rss(pictures));
    }
    if (req.url === '/broken') {
      res.writeHead(200, { 'content-type': 'application/rss+xml' });
      return res.end('<rss><channel><item><title>oops</item></channel>');
    }
    if (req.url === '/huge') {
      // Streamed without a length: the cap must stop reading it.
      res.writeHead(200, { 'content-type': 'application/rss+xml' });
      const chunk = `<item><title>${'x'.repeat(1000)}</title></item>`;
      let sent = 0;
      const write = () => {
        while (sent < 2_000 && res.write(chunk)) sent++;
        if (sent < 2_000) res.once('drain', write);
        else res.end();
      };
      res.write('<rss><channel>');
      return write();
    }
    if (req.url === '/slow') return; // never answers
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    base,
    setPictures: (next: string[]) => (pictures = next),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const allowLocal = { allowPrivate: true };
const limits = { maxBytes: 256 * 1024, timeoutMs: 1500 };

describe('fetchPhotoFeed', () => {
  let feeds: Awaited<ReturnType<typeof feedServer>>;
  beforeAll(async () => {
    feeds = await feedServer();
  });
  afterAll(() => feeds?.close());

  it('reads a feed’s pictures', async () => {
    const result = await fetchPhotoFeed(`${feeds.base}/feed`, allowLocal, limits);
    expect(result.ok && result.items.map((i) => i.title)).toEqual(['harbour', 'pier']);
  });

  it.each([
    ['a private address (the public policy)', '/feed', { allowPrivate: false }, messages.photoFeedPrivate],
    ['malformed XML', '/broken', allowLocal, messages.photoFeedMalformed],
    ['a feed over the size cap', '/huge', allowLocal, messages.photoFeedTooBig(1)],
    ['a missing feed', '/gone', allowLocal, messages.photoFeedStatus(404)],
    ['a feed that does not answer in time', '/slow', allowLocal, messages.photoFeedTimeout(2)],
  ] as const)('refuses %s in the owner’s words', async (_name, path, policy, error) => {
    expect(await fetchPhotoFeed(`${feeds.base}${path}`, policy, limits)).toEqual({ ok: false, error });
  });

  it('refuses a name that resolves to a private address, checked on the address connected to', async () => {
    const policy = { allowPrivate: false, resolve: async () => ['10.0.0.7'] };
    expect(await fetchPhotoFeed('http://photos.test/feed', policy, limits)).toEqual({
      ok: false,
      error: messages.photoFeedPrivate,
    });
  });

  it('says a server that is down cannot be reached', async () => {
    const down = await feedServer();
    const url = `${down.base}/feed`;
    await down.close();
    expect(await fetchPhotoFeed(url, allowLocal, limits)).toEqual({
      ok: false,
      error: messages.photoFeedUnreachable,
    });
  });
});

describe.each(targets)('photo-service galleries on $name', (target) => {
  let database: DatabaseHandle;
  let app: FastifyInstance;
  let owner: EditorClient;
  let page: PageDetail;
  let pagePath = '';
  let feeds: Awaited<ReturnType<typeof feedServer>>;

  beforeAll(async () => {
    feeds = await feedServer();
    database = await target.open();
    await seedDemoSite(database.db);
    app = await buildApp({
      database,
      writesPerMinute: 0,
      webhookPolicy: allowLocal,
      photoFeedLimits: limits,
    });
    owner = await new EditorClient(app).signIn(DEMO_OWNER);
    page = (await owner.call('POST', EDITOR_API.pages, { title: 'Harbour photos' })).json() as PageDetail;
  }, 180_000);
  afterAll(async () => {
    await app?.close();
    await database?.close();
    await feeds?.close();
  });

  const gallery = (urls: string[]) => ({
    sections: [
      {
        id: 's',
        blocks: urls.map((url, i) => ({
          id: `g${i}`,
          type: 'gallery',
          settings: { design: 'grid', photoFeed: { url } },
        })),
      },
    ],
  });
  const save = async (urls: string[]) => {
    const res = await owner.call('PUT', EDITOR_API.draft(page.id), {
      version: page.version,
      document: gallery(urls),
    });
    if (res.statusCode === 200) page = { ...page, version: (res.json() as { version: number }).version };
    return res;
  };
  const status = async (url: string) =>
    (
      await owner.call('GET', `${PHOTO_FEED_API.feed}?url=${encodeURIComponent(url)}`)
    ).json() as PhotoFeedStatus;
  const fetchNow = async (url: string) => owner.call('POST', PHOTO_FEED_API.feed, { url });
  const publishAndView = async () => {
    const published = await owner.call('POST', EDITOR_API.publish(page.id), { version: page.version });
    expect(published.statusCode, published.body).toBe(200);
    const { version, path } = published.json() as PageDetail;
    page = { ...page, version };
    pagePath = path;
    const res = await new EditorClient(app).get(path);
    expect(res.statusCode).toBe(200);
    return res.body;
  };
  const eventually = async (check: () => Promise<void>, ms = 10_000) => {
    const until = Date.now() + ms;
    for (;;) {
      try {
        return await check();
      } catch (err) {
        if (Date.now() > until) throw err;
        await new Promise((r) => setTimeout(r, 100));
      }
    }
  };

  it('fetches a feed on the save that names it; visitors see its pictures; a changed feed changes the page', async () => {
    const url = `${feeds.base}/feed`;
    expect((await save([url])).statusCode).toBe(200);
    await eventually(async () => expect((await status(url)).items).toHaveLength(2));
    const first = await status(url);
    expect(first.fetchedAt).not.toBeNull();
    expect(first.lastError).toBeNull();
    let html = await publishAndView();
    expect(html).toContain('src="https://cdn.photos.example/harbour.jpg"');
    expect(html).toContain('alt="harbour" loading="lazy"');
    expect(html).toContain(
      'Photo: Jane Doe / <a href="https://photos.example/harbour" rel="noopener">photos.example</a>',
    );
    // A fetch that changes nothing leaves the page cache alone; a changed feed renders the page again.
    const version = async () =>
      (await database.db.select().from(siteVersions).where(eq(siteVersions.websiteId, DEMO_WEBSITE_ID)))[0]
        ?.content;
    const before = await version();
    expect((await fetchNow(url)).statusCode).toBe(200);
    expect(await version()).toBe(before);
    feeds.setPictures(['lighthouse']);
    const fetched = (await fetchNow(url)).json() as PhotoFeedStatus;
    expect(fetched.items.map((i) => i.title)).toEqual(['lighthouse']);
    expect(await version()).not.toBe(before);
    html = (await new EditorClient(app).get(pagePath)).body;
    expect(html).toContain('cdn.photos.example/lighthouse.jpg');
    expect(html).not.toContain('harbour.jpg');
  });

  it('keeps the last good pictures when the feed breaks, and says why', async () => {
    const url = `${feeds.base}/feed`;
    const good = await status(url);
    expect(good.items.length).toBeGreaterThan(0);
    // The same address now answers malformed XML: the row keeps its items, records the failure.
    await database.db
      .update(photoFeeds)
      .set({ url: `${feeds.base}/broken` })
      .where(and(eq(photoFeeds.websiteId, DEMO_WEBSITE_ID), eq(photoFeeds.url, url)));
    const broken = (await fetchNow(`${feeds.base}/broken`)).json() as PhotoFeedStatus;
    expect(broken.lastError).toBe(messages.photoFeedMalformed);
    expect(broken.items).toEqual(good.items);
    expect(broken.fetchedAt).toBe(good.fetchedAt);
    await database.db
      .update(photoFeeds)
      .set({ url })
      .where(and(eq(photoFeeds.websiteId, DEMO_WEBSITE_ID), eq(photoFeeds.url, `${feeds.base}/broken`)));
  });

  it('refuses hostile input with a 400, never a 5xx', async () => {
    for (const url of ['javascript:alert(1)', '/feed.xml', 'x'.repeat(3000), '']) {
      const res = await fetchNow(url);
      expect(res.statusCode, res.body).toBe(400);
    }
    const res = await save(['javascript:alert(1)']);
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain(messages.photoFeedUrlInvalid);
  });

  it('refuses a private address under the public policy, in the owner’s words', async () => {
    const strict = await buildApp({ database, writesPerMinute: 0, photoFeedLimits: limits });
    try {
      const client = await new EditorClient(strict).signIn(DEMO_OWNER);
      const res = await client.call('POST', PHOTO_FEED_API.feed, { url: `${feeds.base}/feed` });
      expect(res.statusCode).toBe(200);
      expect((res.json() as PhotoFeedStatus).lastError).toBe(messages.photoFeedPrivate);
    } finally {
      await strict.close();
    }
  });

  it('refuses the 21st distinct feed of the site at save; a feed no longer used does not count', async () => {
    const max = PHOTO_FEED_LIMITS.maxFeedsPerSite;
    // The published page still shows /feed: it counts, with 19 more.
    const urls = [
      `${feeds.base}/feed`,
      ...Array.from({ length: max - 1 }, (_, i) => `${feeds.base}/feed?n=${i + 1}`),
    ];
    expect((await save(urls)).statusCode).toBe(200);
    const before = page.version;
    const res = await save([...urls, `${feeds.base}/feed?n=21`]);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.body).toContain(messages.photoFeedsFull(max));
    expect(page.version).toBe(before);
    expect((await fetchNow(`${feeds.base}/feed?n=22`)).statusCode).toBe(400);
    // Swapping one feed for another is fine: the one removed is let go.
    expect(
      (await save([...urls.filter((u) => !u.endsWith('n=1')), `${feeds.base}/feed?n=21`])).statusCode,
    ).toBe(200);
    // The feed the published page shows still counts while it is published.
    expect((await save([...urls.slice(1), `${feeds.base}/feed?n=22`])).statusCode).toBe(400);
    expect((await save([`${feeds.base}/feed`])).statusCode).toBe(200);
  }, 60_000);

  it('the periodic job fetches feeds not tried for an hour', async () => {
    const url = `${feeds.base}/feed`;
    feeds.setPictures(['dock', 'buoy']);
    const hourAgo = new Date(Date.now() - 61 * 60_000);
    await database.db
      .update(photoFeeds)
      .set({ triedAt: hourAgo })
      .where(eq(photoFeeds.websiteId, DEMO_WEBSITE_ID));
    const tried = await refreshDuePhotoFeeds(database.db, { policy: allowLocal, limits });
    expect(tried).toBeGreaterThanOrEqual(1);
    expect((await status(url)).items.map((i) => i.title)).toEqual(['dock', 'buoy']);
    // Not due again until an hour has passed.
    expect(await refreshDuePhotoFeeds(database.db, { policy: allowLocal, limits })).toBe(0);
    feeds.setPictures(['crane']);
    await database.db
      .update(photoFeeds)
      .set({ triedAt: hourAgo })
      .where(eq(photoFeeds.websiteId, DEMO_WEBSITE_ID));
    const jobs = await createJobQueue(database, { pollSeconds: 0.5, retryDelaySeconds: 1 });
    try {
      await startPhotoFeedRefresh({ db: database.db, jobs, policy: allowLocal, limits });
      await eventually(
        async () => expect((await status(url)).items.map((i) => i.title)).toEqual(['crane']),
        20_000,
      );
    } finally {
      await jobs.stop();
    }
  }, 60_000);
});
