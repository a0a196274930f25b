import { describe, expect, it } from 'vitest';
import {
  COLLECTIONS_API,
  EVENTS_LIST_PAGE_SIZE,
  MAX_ALBUM_TRACKS,
  MAX_COLLECTION_ITEMS,
  type CollectionItemView,
  type ItemListPage,
} from '@site/page-content';
import { eq } from 'drizzle-orm';
import { collectionItems } from '../db/schema';
import { databaseTargets } from '../../test/databases';
import { demoSiteSuite } from '../../test/demo-site-suite';

const targets = await databaseTargets();

describe.each(targets)('events, galleries, albums and videos on $name', (target) => {
  const demo = demoSiteSuite(target);

  const page = async (path: string) => {
    const res = await demo.app.inject(path);
    return { status: res.statusCode, body: res.body };
  };
  const json = async (path: string) => (await demo.app.inject(`${path}?format=json`)).json();

  it('lists upcoming events soonest first, then past ones latest first (showPastOrUpcomingEvents both)', async () => {
    const { status, body } = await page('/studio/events');
    expect(status).toBe(200);
    const titles = [...body.matchAll(/<h3><a href="[^"]+">([^<]+)<\/a><\/h3>/g)].map((m) => m[1]);
    expect(titles).toEqual([
      'Saturday bookbinding class',
      'Re-wax your canvas night',
      'Winter makers’ market',
      'Spring open day',
      'Fountain pen ink tasting',
    ]);
    expect(body.indexOf('Upcoming')).toBeLessThan(body.indexOf('Past events'));
  });

  it('an event shows its address with a map link and both calendar links (UTC basic dates, comma-joined address)', async () => {
    const { body } = await page('/studio/events/winter-makers-market');
    expect(body).toContain('<body class="page-type-50">');
    expect(body).toContain('209 Elizabeth Street');
    expect(body).toContain(
      'href="https://www.openstreetmap.org/search?query=Elizabeth%20Street%20Garden%2C%20209%20Elizabeth%20Street',
    );
    const google = /href="(http:\/\/www\.google\.com\/calendar\/event\?[^"]+)"/
      .exec(body)![1]!
      .replace(/&amp;/g, '&');
    const url = new URL(google);
    expect(url.searchParams.get('text')).toBe('Winter makers’ market');
    expect(url.searchParams.get('dates')).toMatch(/^\d{8}T150000Z\/\d{8}T210000Z$/);
    // The engine's google-calendar-url joins the address lines and the country (platform.md §7).
    expect(url.searchParams.get('location')).toBe('209 Elizabeth Street, New York, NY 10013, United States');
    expect(body).toContain('href="/api/calendar/event-market.ics"');
  });

  it('hands out an event as an iCalendar file, and refuses unknown or malformed names', async () => {
    const res = await demo.app.inject('/api/calendar/event-market.ics');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="winter-makers-market.ics"');
    expect(res.body).toMatch(/DTSTART:\d{8}T150000Z\r\n/);
    expect(res.body).toContain('SUMMARY:Winter makers’ market\r\n');
    expect(res.body).toContain('LOCATION:Elizabeth Street Garden\\, 209 Elizabeth Street');
    for (const name of ['nope.ics', 'event-market', '..%2Fx.ics', 'gallery-tote.ics']) {
      expect((await demo.app.inject(`/api/calendar/${name}`)).statusCode).toBe(404);
    }
  });

  it('a gallery page renders its pictures with the page’s options: a slideshow with thumbnails', async () => {
    const { body } = await page('/studio/gallery');
    expect(body).toContain('data-gallery="slideshow"');
    expect((body.match(/data-gallery-thumb/g) ?? []).length).toBe(6);
    expect(body).toContain('alt="A stack of dot-grid field notebooks"');
  });

  it('an album plays each track with an audio player and its length', async () => {
    const { body } = await page('/studio/album');
    expect((body.match(/<audio src="\/assets\/demo\/tone-[a-z]+\.wav" controls/g) ?? []).length).toBe(3);
    expect(body).toContain('0:03');
    expect((await demo.app.inject('/assets/demo/tone-morning.wav')).statusCode).toBe(200);
  });

  it('a video item embeds the player of its host; the list links to each video', async () => {
    expect((await page('/studio/videos')).body).toContain('href="/studio/videos/pamphlet-stitch"');
    const { body } = await page('/studio/videos/how-to-rewax-a-bag');
    expect(body).toContain('src="https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ"');
  });

  it('the Studio folder (folder behaviour index) lists its pages; galleries and albums have no item pages', async () => {
    const { body } = await page('/studio');
    for (const path of ['/studio/events', '/studio/gallery', '/studio/album', '/studio/videos'])
      expect(body).toContain(`href="${path}"`);
    expect((await page('/studio/gallery/tote')).status).toBe(404);
    expect((await page('/studio/events/nothing-here')).status).toBe(404);
  });

  it('a summary block shows the next events (About page)', async () => {
    const { body } = await page('/about');
    expect(body).toContain('summary-list--events');
    expect(body).toContain('Saturday bookbinding class');
    expect(body).not.toContain('Spring open day');
  });

  it('an owner adds, edits and deletes an event; the page follows without anyone clearing a cache', async () => {
    await page('/studio/events');
    const created = await demo.owner.call('POST', COLLECTIONS_API.items, {
      collectionId: 'page-events',
      title: 'Leatherwork evening',
      urlId: 'leatherwork-evening',
      body: 'Stitch a card wallet.',
      data: {
        startDate: '2030-01-10T18:00:00Z',
        endDate: '2030-01-10T20:00:00Z',
        location: { addressTitle: 'The workshop' },
      },
    });
    expect(created.statusCode).toBe(201);
    const item = created.json();
    expect((await page('/studio/events')).body).toContain('Leatherwork evening');
    const edited = await demo.owner.call('PATCH', COLLECTIONS_API.item(item.id), {
      version: item.version,
      title: 'Leather evening',
    });
    expect(edited.statusCode).toBe(200);
    expect(
      (
        await demo.owner.call('PATCH', COLLECTIONS_API.item(item.id), {
          version: item.version,
          title: 'Stale',
        })
      ).statusCode,
    ).toBe(409);
    expect((await page('/studio/events/leatherwork-evening')).body).toContain('Leather evening');
    expect((await demo.owner.call('DELETE', COLLECTIONS_API.item(item.id))).statusCode).toBe(204);
    expect((await page('/studio/events/leatherwork-evening')).status).toBe(404);
  });

  it.each([
    [
      'an end before the start',
      {
        collectionId: 'page-events',
        title: 'x',
        data: { startDate: '2030-01-10T18:00:00Z', endDate: '2030-01-10T17:00:00Z' },
      },
      'The event must end after it starts',
    ],
    ['an event without dates', { collectionId: 'page-events', title: 'x', data: {} }, undefined],
    [
      'a picture with a javascript: address',
      { collectionId: 'page-gallery', title: 'x', data: { src: 'javascript:alert(1)' } },
      undefined,
    ],
    [
      'a page that is not a collection',
      { collectionId: 'page-about', title: 'x', data: {} },
      'Items belong to an events, gallery, album or video page',
    ],
    ['a blank title', { collectionId: 'page-album', title: ' ', data: { src: '/a.wav' } }, 'Enter a title'],
  ])('refuses %s with a 400', async (_name, payload, message) => {
    const res = await demo.owner.call('POST', COLLECTIONS_API.items, payload);
    expect(res.statusCode).toBe(400);
    if (message) expect(res.json().error.message).toBe(message);
  });

  it(`an album holds at most ${MAX_ALBUM_TRACKS} tracks`, async () => {
    for (let i = 3; i < MAX_ALBUM_TRACKS; i++) {
      const res = await demo.owner.call('POST', COLLECTIONS_API.items, {
        collectionId: 'page-album',
        title: `Track ${i + 1}`,
        data: { src: '/assets/demo/tone-morning.wav', durationMs: 3000 },
      });
      expect(res.statusCode).toBe(201);
    }
    const over = await demo.owner.call('POST', COLLECTIONS_API.items, {
      collectionId: 'page-album',
      title: 'One too many',
      data: { src: '/assets/demo/tone-morning.wav' },
    });
    expect(over.statusCode).toBe(400);
    expect(over.json().error.message).toBe('An album holds at most 60 tracks');
    const listed = await json('/studio/album');
    expect(listed.items).toHaveLength(MAX_ALBUM_TRACKS);
  });

  it('Max items in a user-orderable collection: a gallery holds 250 pictures, keeps their order, and refuses the next', async () => {
    const held = await demo.database.db
      .select({ websiteId: collectionItems.websiteId })
      .from(collectionItems)
      .where(eq(collectionItems.collectionId, 'page-gallery'));
    const websiteId = held[0]!.websiteId;
    // Straight into the table up to one short of the cap: 250 requests would only test the loop.
    await demo.database.db.insert(collectionItems).values(
      Array.from({ length: MAX_COLLECTION_ITEMS - 1 - held.length }, (_, i) => ({
        id: `gallery-filler-${i}`,
        websiteId,
        collectionId: 'page-gallery',
        urlId: `filler-${i}`,
        title: `Filler ${i}`,
        position: 100 + i,
        data: { src: '/assets/demo/tote.svg', alt: '' },
      })),
    );
    const add = (title: string) =>
      demo.owner.call('POST', COLLECTIONS_API.items, {
        collectionId: 'page-gallery',
        title,
        data: { src: '/assets/demo/tote.svg', alt: '' },
      });
    expect((await add('The 250th')).statusCode).toBe(201);
    const over = await add('The 251st');
    expect(over.statusCode).toBe(400);
    expect(over.json().error.message).toBe(
      'This collection holds at most 250 items. Delete one to add another.',
    );
    const listed = await demo.owner.call('GET', `${COLLECTIONS_API.items}?collectionId=page-gallery`);
    const ids = (listed.json().items as { id: string }[]).map((item) => item.id);
    expect(ids).toHaveLength(MAX_COLLECTION_ITEMS);
    // All 250 can be put in a new order in one call.
    const reordered = await demo.owner.call('POST', COLLECTIONS_API.reorder, {
      collectionId: 'page-gallery',
      ids: [...ids].reverse(),
    });
    expect(reordered.statusCode).toBeLessThan(300);
    const after = await demo.owner.call('GET', `${COLLECTIONS_API.items}?collectionId=page-gallery`);
    expect((after.json().items as { id: string }[]).map((item) => item.id)).toEqual([...ids].reverse());
  });

  it('collection types: a plain page is a page, a blog and the events generic, the shop products (platform.md §3)', async () => {
    const types = await Promise.all(
      ['/about', '/journal', '/studio/events', '/shop'].map(
        async (path) => (await json(path)).collection?.type,
      ),
    );
    expect(types).toEqual([10, 1, 1, 13]);
  });

  it('visitors and viewers may not write items', async () => {
    expect(
      (
        await demo.viewer.call('POST', COLLECTIONS_API.items, {
          collectionId: 'page-events',
          title: 'x',
          data: {},
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await demo.app.inject({ method: 'POST', url: COLLECTIONS_API.items, payload: {} })).statusCode,
    ).toBeGreaterThanOrEqual(400);
    expect(
      (await demo.viewer.call('GET', `${COLLECTIONS_API.items}?collectionId=page-events`)).json().items
        .length,
    ).toBeGreaterThan(0);
  });

  it("pages an events page's events latest start first, searches their titles, and opens one", async () => {
    const db = demo.database.db;
    const base = Date.parse('2027-03-01T09:00:00Z');
    // More than the cap (a store seeded by import can hold them); pairs starting at the same instant.
    await db.insert(collectionItems).values(
      Array.from({ length: MAX_COLLECTION_ITEMS + 10 }, (_, i) => ({
        id: `ev-${String(i).padStart(3, '0')}`,
        websiteId: 'demo',
        collectionId: 'page-events',
        urlId: `paged-event-${i}`,
        title: i % 25 === 7 ? `Clay workshop ${i}` : `Paged event ${i}`,
        status: 'published' as const,
        startsAt: new Date(base - Math.floor(i / 2) * 3_600_000),
        endsAt: new Date(base - Math.floor(i / 2) * 3_600_000 + 3_600_000),
      })),
    );
    const all = await db
      .select({ id: collectionItems.id, startsAt: collectionItems.startsAt })
      .from(collectionItems)
      .where(eq(collectionItems.collectionId, 'page-events'));
    const expected = all
      .sort((a, b) => b.startsAt!.getTime() - a.startsAt!.getTime() || (a.id < b.id ? 1 : -1))
      .map((e) => e.id);
    const walk = async (extra: string) => {
      const seen: string[] = [];
      const pages: ItemListPage[] = [];
      let cursor: string | null = '';
      while (cursor !== null) {
        const res = await demo.owner.call(
          'GET',
          `${COLLECTIONS_API.items}?collectionId=page-events${extra}${cursor ? `&cursor=${cursor}` : ''}`,
        );
        expect(res.statusCode).toBe(200);
        const page = res.json() as ItemListPage;
        expect(page.items.length).toBeLessThanOrEqual(EVENTS_LIST_PAGE_SIZE);
        pages.push(page);
        seen.push(...page.items.map((e) => e.id));
        cursor = page.nextPageCursor;
      }
      return { seen, pages };
    };
    const { seen, pages } = await walk('');
    expect(seen).toEqual(expected);
    expect(pages.length).toBeGreaterThan(5);
    expect(pages[0]!.full).toBe(true);
    const clay = await walk('&q=clay%20WORK');
    expect(clay.seen).toEqual(
      expected.filter((id) => id.startsWith('ev-') && Number(id.slice(3)) % 25 === 7),
    );
    // One event read whole, to edit it; another site's or a missing one is not found.
    const one = await demo.owner.call('GET', COLLECTIONS_API.item('ev-007'));
    expect(one.statusCode).toBe(200);
    expect((one.json() as CollectionItemView).title).toBe('Clay workshop 7');
    expect((await demo.owner.call('GET', COLLECTIONS_API.item('no-such-item'))).statusCode).toBe(404);
    for (const query of [
      '?collectionId=page-events&cursor=bad',
      '?collectionId=page-events&page=2',
      `?collectionId=page-events&q=${'x'.repeat(201)}`,
    ])
      expect((await demo.owner.call('GET', `${COLLECTIONS_API.items}${query}`)).statusCode, query).toBe(400);
    // Galleries still come whole, in their order.
    const gallery = (
      await demo.owner.call('GET', `${COLLECTIONS_API.items}?collectionId=page-gallery`)
    ).json();
    expect(gallery.nextPageCursor).toBeNull();
  });
});
