import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error: the benchmark's plain-JavaScript seed, shared so both measure the same store.
import { seedBigStore } from '../../bench/big-store-seed.mjs';
import { databaseTargets } from '../../test/databases';
import { capturingDatabase, rowsRead } from '../../test/explain-plans';
import { listComments } from '../blog/blog-store';
import type { Database, DatabaseHandle } from '../db/client';
import { listSubscribers } from '../mailing-lists/list-store';
import { listAreaMembers } from '../member-areas/area-store';
import { listDonations } from '../donations/donation-store';
import { listDiscounts } from './discounts';
import { loadStoreDiscounts } from '../commerce/discounts';

/*
 * The editor lists beside the store's (big-store-plans.test.ts): an area's members, the discounts,
 * a mailing list's subscribers and the blog comments to moderate, each page read by index at a size where a whole read shows.
 * bench/big-store.mjs times them at 100 000 products; this checks the plans at a test's size.
 */
const SITE = 'big';
const MEMBERS = 6000;
const DISCOUNTS = 300;
const REDEMPTIONS_EACH = 10;
const SUBSCRIBERS = 20_000;
const DONATIONS = 10_000;
const COMMENTS = 8000;

const TABLES = new Set([
  'member_area_members',
  'site_members',
  'discounts',
  'discount_redemptions',
  'orders',
  'mailing_list_subscribers',
  'donations',
  'blog_comments',
  'blog_posts',
]);
const WHOLE_READ =
  /Seq Scan on (member_area_members|site_members|discounts|discount_redemptions|orders|mailing_list_subscribers|donations|blog_comments|blog_posts)\b|\(read \d+ rows\)/;

const targets = await databaseTargets();

describe.each(targets)('the editor lists of a big site on $name', (target) => {
  let handle: DatabaseHandle;
  let conn: ReturnType<typeof capturingDatabase>;
  beforeAll(async () => {
    handle = await target.open();
    conn = capturingDatabase(handle);
    await seedBigStore(conn.exec, { websiteId: 'small', products: 50, orders: 500, catalogueOnly: true });
    await seedBigStore(conn.exec, {
      websiteId: SITE,
      products: 100,
      orders: DISCOUNTS * REDEMPTIONS_EACH,
      catalogueOnly: true,
    });
    // Members joined in a few instants (many share one, so the cursor must carry the member too),
    // discounts each used by ten orders, subscribers whose search matches sit far from the newest.
    await conn.exec(`
      insert into site_members (id, website_id, email, password_hash)
        select 'm-' || i, '${SITE}', 'member' || i || '@example.com', 'x' from generate_series(1, ${MEMBERS}) i;
      insert into member_areas (id, website_id, name) values ('area', '${SITE}', 'Members'), ('other', '${SITE}', 'Other');
      insert into member_area_members (area_id, member_id, joined_at)
        select 'area', 'm-' || i, timestamptz '2026-01-01' + (i / 7) * interval '1 minute' from generate_series(1, ${MEMBERS}) i;
      insert into member_area_members (area_id, member_id)
        select 'other', 'm-' || i from generate_series(1, ${MEMBERS}, 3) i;
      insert into discounts (id, website_id, name, code, effect, scope, minimum, created_at, archived_at)
        select 'd-' || i, '${SITE}', 'Offer ' || i, 'SAVE' || i, '{"type":"percentage","basisPoints":1000}', '{"type":"all"}',
               '{"type":"none"}', timestamptz '2026-01-01' + (i / 4) * interval '1 hour', case when i % 5 = 0 then now() end
        from generate_series(1, ${DISCOUNTS}) i;
      insert into discount_redemptions (discount_id, order_id, email, amount_cents)
        select 'd-' || (1 + g % ${DISCOUNTS}), '${SITE}-o-' || g, 'shopper@example.com', 250
        from generate_series(0, ${DISCOUNTS * REDEMPTIONS_EACH - 1}) g;
      update orders set refunded_cents = 500 where id = '${SITE}-o-0';
      insert into mailing_lists (id, website_id, name) values ('big-list', '${SITE}', 'Big');
      insert into mailing_list_subscribers (id, list_id, email, status, source, consented_at, unsubscribe_token_hash)
        select 'sub-' || i, 'big-list', 'reader' || i || '@example.com', 'confirmed', 'popup',
               timestamptz '2026-01-01' + i * interval '1 minute', 'tok-' || i
        from generate_series(1, ${SUBSCRIBERS}) i;
      -- Donations five to an instant, a tenth of them pending, and as many on the small site.
      insert into donations (id, website_id, block_id, donor_name, email, amount_cents, currency,
                             payment_provider, payment_reference, status, access_token, created_at)
        select 'don-' || s || '-' || i, s, 'give', 'Donor ' || i, 'd' || i || '@example.com', 500, 'USD',
               'test', 'ref-' || s || i, case when i % 10 = 0 then 'pending' else 'paid' end, 'tok-' || i,
               timestamptz '2026-01-01' + (i / 5) * interval '1 minute'
        from generate_series(1, ${DONATIONS}) i, (values ('${SITE}'), ('small')) v(s);
      insert into pages (id, website_id, path, title, page_type, collection_type, template_name, item_template_name, kind)
        values ('big-blog', '${SITE}', '/notes', 'Notes', 1, 'blog', 'blog-list', 'blog-item', 'collection');
      insert into blog_posts (id, website_id, collection_id, url_id, title)
        select 'post-' || g, '${SITE}', 'big-blog', 'post-' || g, 'Post ' || g from generate_series(0, 199) g;
      insert into blog_posts (id, website_id, collection_id, url_id, title)
        values ('small-post', 'small', 'big-blog', 'small-post', 'Small');
      -- A quarter held, the rest approved, five to an instant; the small site's newer still.
      insert into blog_comments (id, website_id, post_id, author_name, body, status, created_at)
        select 'bc-' || g, '${SITE}', 'post-' || (g % 200), 'Reader ' || g, 'Lovely, thank you.',
               case when g % 4 = 0 then 'pending' else 'approved' end, timestamptz '2026-01-01' + (g / 5) * interval '1 minute'
        from generate_series(1, ${COMMENTS}) g;
      insert into blog_comments (id, website_id, post_id, author_name, body, status, created_at)
        select 'sc-' || g, 'small', 'small-post', 'Reader ' || g, 'Hi', 'pending', timestamptz '2027-01-01' + g * interval '1 second'
        from generate_series(1, 2000) g;
      analyze;
    `);
    await conn.exec('set enable_seqscan = off');
    // Migrating and seeding PGlite takes minutes on a loaded 2-core machine.
  }, 400_000);
  afterAll(async () => {
    await conn?.close();
    await handle?.close();
  });

  /** Runs the call, then EXPLAINs each statement it sent: none may read a big table whole. */
  async function plansOf(call: (db: Database) => Promise<unknown>, maxRowsRead: number) {
    conn.captured.length = 0;
    await call(conn.db);
    const sent = [...conn.captured];
    expect(sent.length).toBeGreaterThan(0);
    const plans: string[] = [];
    for (const statement of sent) {
      const plan = (await conn.explain(statement)).join('\n');
      const read = rowsRead(await conn.analyze(statement), TABLES);
      plans.push(read > maxRowsRead ? `${plan}\n(read ${read} rows)` : plan);
    }
    return plans;
  }

  it("an area's members: each page of 50 from the (area, joined at, member) index, never sorted", async () => {
    const first = await listAreaMembers(handle.db, SITE, 'area', undefined);
    for (const after of [undefined, first.next])
      for (const plan of await plansOf((db) => listAreaMembers(db, SITE, 'area', after), 300)) {
        expect(plan).not.toMatch(WHOLE_READ);
        expect(plan).not.toMatch(/\bSort\b/);
      }
    // Every member once, newest first, across pages that cut through a shared instant.
    const seen: string[] = [];
    let after: string | undefined;
    do {
      const page = await listAreaMembers(handle.db, SITE, 'area', after);
      seen.push(...page.members.map((m) => m.memberId));
      after = page.next;
    } while (after && seen.length < 400);
    expect(seen.slice(0, 400)).toEqual(Array.from({ length: 400 }, (_, i) => `m-${MEMBERS - i}`));
  }, 60_000);

  it('the discounts: a page at a time in the list order, revenue only for the discounts shown', async () => {
    const first = await listDiscounts(handle.db, SITE);
    expect(first.discounts).toHaveLength(50);
    // 10 orders of 25.00 each, one of them refunded 5.00.
    expect(first.discounts[0]).toMatchObject({ id: 'd-1', revenueCents: 25_000 - 500 });
    // The first page in the index's order; a later one may sort what is left after its cursor
    // when the planner finds that cheaper, but reads only that.
    for (const cursor of [undefined, first.nextCursor!]) {
      const [list, ...revenue] = await plansOf((db) => listDiscounts(db, SITE, { cursor }), 1200);
      expect(list).not.toMatch(WHOLE_READ);
      if (!cursor) expect(list).not.toMatch(/\bSort\b/);
      for (const plan of revenue) expect(plan).not.toMatch(WHOLE_READ);
    }
    const all: { id: string; archived: boolean }[] = [];
    let cursor: string | undefined;
    do {
      const page = await listDiscounts(handle.db, SITE, { cursor });
      all.push(...page.discounts);
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    // Live ones first, then archived, each oldest first (four share each hour, then by id); every
    // discount once.
    const key = (i: number) => [i % 5 === 0 ? 1 : 0, Math.floor(i / 4), `d-${i}`] as const;
    const expected = Array.from({ length: DISCOUNTS }, (_, i) => key(i + 1))
      .sort((a, b) => a[0] - b[0] || a[1] - b[1] || (a[2] < b[2] ? -1 : 1))
      .map((k) => k[2]);
    expect(all.map((d) => d.id)).toEqual(expected);
    expect(all.filter((d) => d.archived)).toHaveLength(DISCOUNTS / 5);
  }, 60_000);

  it('a cart is priced with the live automatic discounts and its own codes only, each read by index', async () => {
    // Two automatic discounts (one archived) beside the 300 codes, the small site's automatic one apart.
    await conn.exec(`
      insert into discounts (id, website_id, name, code, effect, scope, minimum, created_at, archived_at) values
        ('auto-live', '${SITE}', 'Summer', null, '{"type":"percentage","basisPoints":500}', '{"type":"all"}', '{"type":"none"}', '2026-02-01', null),
        ('auto-gone', '${SITE}', 'Spring', null, '{"type":"percentage","basisPoints":500}', '{"type":"all"}', '{"type":"none"}', '2026-01-01', now()),
        ('auto-small', 'small', 'Small', null, '{"type":"percentage","basisPoints":500}', '{"type":"all"}', '{"type":"none"}', '2026-01-01', null)`);
    const byCodes = await loadStoreDiscounts(handle.db, SITE, ['save7', 'SAVE10', 'nope']);
    // SAVE10 is archived (every fifth): still read, so the shopper hears it has ended.
    expect(byCodes.discounts.map((d) => d.id).sort()).toEqual(['auto-live', 'd-10', 'd-7']);
    // Two statements: the automatic ones by their partial index, the codes by theirs.
    const plans = await plansOf((db) => loadStoreDiscounts(db, SITE, ['save7', 'SAVE10']), 20);
    for (const plan of plans) expect(plan).not.toMatch(WHOLE_READ);
    expect(plans.join('\n')).toMatch(/discounts_site_automatic/);
    expect(plans.join('\n')).toMatch(/discounts_site_code/);
    // A cart without codes reads the automatic ones only.
    expect((await loadStoreDiscounts(handle.db, SITE, [])).discounts.map((d) => d.id)).toEqual(['auto-live']);
  }, 60_000);

  it('the donations: each page of 50 paid ones from the (site, status, created at, id) index, never sorted', async () => {
    const first = await listDonations(handle.db, SITE);
    expect(first.donations).toHaveLength(50);
    const second = await listDonations(handle.db, SITE, { cursor: first.nextCursor! });
    for (const cursor of [undefined, first.nextCursor!, second.nextCursor!])
      for (const plan of await plansOf((db) => listDonations(db, SITE, { cursor }), 200)) {
        expect(plan).not.toMatch(WHOLE_READ);
        expect(plan).not.toMatch(/\bSort\b/);
        expect(plan).toMatch(/donations_site_list/);
      }
    // Newest first, paid only, cutting through instants shared by five.
    const paid = Array.from({ length: DONATIONS }, (_, i) => DONATIONS - i).filter((i) => i % 10 !== 0);
    const byKey = paid.sort(
      (a, b) => Math.floor(b / 5) - Math.floor(a / 5) || (`don-${SITE}-${b}` > `don-${SITE}-${a}` ? 1 : -1),
    );
    expect([...first.donations, ...second.donations].map((d) => d.id)).toEqual(
      byKey.slice(0, 100).map((i) => `don-${SITE}-${i}`),
    );
  }, 60_000);

  it("a subscriber search whose matches are far from the newest reads the matches, not the list's rows", async () => {
    // 'reader177' matches 111 of 20 000 (177, 1770–1779, 17700–17799): walking the list's order
    // from the newest would read some 18 000 rows to find a page of them.
    const search = 'reader177';
    const found = await listSubscribers(handle.db, SITE, 'big-list', { search });
    expect(found.total).toBe(111);
    expect(found.subscribers.map((s) => s.email)).toEqual(
      Array.from({ length: 50 }, (_, i) => `reader${17799 - i}@example.com`),
    );
    const next = await listSubscribers(handle.db, SITE, 'big-list', {
      search,
      cursor: found.nextPageCursor!,
    });
    expect(next.subscribers[0]!.email).toBe('reader17749@example.com');
    for (const cursor of [undefined, found.nextPageCursor!]) {
      const plans = await plansOf((db) => listSubscribers(db, SITE, 'big-list', { search, cursor }), 600);
      for (const plan of plans) expect(plan).not.toMatch(WHOLE_READ);
      // One read of the matches gives the first page and its count (it was two).
      expect(plans.filter((p) => /mailing_list_subscribers/.test(p))).toHaveLength(1);
    }
    // A broad search (11 111 matches: reader1, 10–19, … 10000–19999) is still counted exactly and
    // walks the list's order.
    const broad = await listSubscribers(handle.db, SITE, 'big-list', { search: 'reader1' });
    expect(broad.total).toBe(11_111);
    expect(broad.subscribers).toHaveLength(50);
    expect(broad.subscribers.every((s) => s.email.includes('reader1'))).toBe(true);
  }, 60_000);

  it('the comments to moderate: each page of 50 of a status along the (site, status, created, id) index', async () => {
    const first = await listComments(handle.db, SITE, { status: 'pending' });
    expect(first.counts).toEqual({ pending: COMMENTS / 4, approved: (COMMENTS * 3) / 4, spam: 0 });
    const held = Array.from({ length: COMMENTS / 4 }, (_, i) => COMMENTS - 4 * i).sort(
      (a, b) => Math.floor(b / 5) - Math.floor(a / 5) || (`bc-${a}` < `bc-${b}` ? 1 : -1),
    );
    expect(first.comments.map((c) => c.id)).toEqual(held.slice(0, 50).map((g) => `bc-${g}`));
    const second = await listComments(handle.db, SITE, { status: 'pending', cursor: first.nextCursor! });
    expect(second.counts).toBeNull();
    expect(second.comments.map((c) => c.id)).toEqual(held.slice(50, 100).map((g) => `bc-${g}`));
    for (const cursor of [undefined, first.nextCursor!]) {
      const plans = await plansOf((db) => listComments(db, SITE, { status: 'pending', cursor }), 300);
      const [list, ...tally] = plans
        .filter((p) => !/blog_comment_counts/.test(p))
        .concat(plans.filter((p) => /blog_comment_counts/.test(p)));
      // The page: 51 index entries and their posts by key, in the index's order, never sorted.
      expect(list).not.toMatch(WHOLE_READ);
      expect(list).not.toMatch(/\bSort\b/);
      expect(list).toMatch(/blog_comments_site_status_created/);
      // The tabs' counts, with the first page only: the site's kept count rows (migration 0076), no comment read.
      expect(tally).toHaveLength(cursor ? 0 : 1);
      for (const plan of tally) {
        expect(plan).not.toMatch(/Seq Scan|\bSort\b|blog_comments_site_status_created|Aggregate/);
        expect(plan).toMatch(/blog_comment_counts_website_id_status_pk/);
      }
    }
  }, 60_000);
});
