import { STORE_API } from '@site/commerce-core/admin';
import {
  ACTIVITY_API,
  ACTIVITY_PAGE_SIZE,
  activityMessages,
  BLOG_API,
  describeActivity,
  EDITOR_API,
  SITE_PROFILE_API,
  TEAM_API,
  type ActivityEntry,
  type ActivityPage,
} from '@site/page-content';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ADDRESS, Shopper, TEST_CARD } from '../../test/client';
import { databaseTargets } from '../../test/databases';
import { demoSiteSuite } from '../../test/demo-site-suite';
import { EditorClient } from '../../test/editor';
import { outgoingEmails, siteActivity, siteMembers } from '../db/schema';
import { DEMO_OWNER } from '../seed/demo-site';
import { recordActivity } from './activity-log';

const PROFILE = {
  title: 'Demo Goods',
  timeZone: 'America/New_York',
  locale: 'en-US',
  contactEmail: '',
  businessAddress: { street: '', city: '', region: '', postalCode: '', country: '' },
  socialProfiles: [],
};
const PASSWORD = 'river-lantern-42';

describe.each(await databaseTargets())('the site activity log on $name', (target) => {
  const site = demoSiteSuite(target);

  const log = async (client: EditorClient, query = '') => {
    const res = await client.get(`${ACTIVITY_API.log}${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as ActivityPage;
  };
  /** The newest entry after doing `act`: it must be new, by `who`, stamped between before and after. */
  const recorded = async (act: () => Promise<unknown>, who: string = DEMO_OWNER.email) => {
    const before = Date.now();
    const previous = (await log(site.owner)).entries[0]?.id;
    await act();
    const [entry] = (await log(site.owner)).entries;
    expect(entry?.id).not.toBe(previous);
    expect(entry!.actor.email).toBe(who);
    const at = Date.parse(entry!.at);
    expect(at).toBeGreaterThanOrEqual(before - 1000);
    expect(at).toBeLessThanOrEqual(Date.now() + 1000);
    return entry!;
  };
  const ok = async (res: Promise<{ statusCode: number; body: string }>) => {
    const answer = await res;
    expect(answer.statusCode, answer.body).toBeLessThan(300);
    return JSON.parse(answer.body || 'null');
  };
  const join = async (email: string, role: string) => {
    await ok(site.owner.call('POST', TEAM_API.invitations, { email, role }));
    const [mail] = await site.database.db
      .select()
      .from(outgoingEmails)
      .where(and(eq(outgoingEmails.to, email), eq(outgoingEmails.kind, 'team-invitation')));
    const token = decodeURIComponent(/\/config\/join\?token=([^\s"&<]+)/.exec(mail!.body)![1]!);
    const client = new EditorClient(site.app);
    client.xsrf = (
      await ok(client.request('POST', TEAM_API.accept, { token, password: PASSWORD }))
    ).xsrfToken;
    return client;
  };

  it('starts empty', async () => {
    expect(await log(site.owner)).toEqual({ entries: [], people: [], nextPageCursor: null });
  });

  it('records each action with who did it and when', async () => {
    const published = await recorded(async () => {
      const page = await ok(site.owner.get(EDITOR_API.page('page-about')));
      await ok(site.owner.call('POST', EDITOR_API.publish('page-about'), { version: page.version }));
    });
    expect(published).toMatchObject({ kind: 'page-published', subject: 'About' });
    expect(describeActivity(published)).toBe('Published the page “About”');

    // A blog post: logged when a write makes it public, once; a draft, an edit of a published post
    // and a post scheduled for later are not.
    const blog = { id: 'page-journal' };
    const postEntries = async () =>
      (await log(site.owner, '?kind=post-published')).entries.map((e) => e.subject);
    const draft = await ok(
      site.owner.call('POST', BLOG_API.posts, { collectionId: blog.id, title: 'Field repairs' }),
    );
    expect(draft.status).toBe('draft');
    const later = await ok(
      site.owner.call('POST', BLOG_API.posts, {
        collectionId: blog.id,
        title: 'Winter list',
        status: 'published',
        publishOn: new Date(Date.now() + 86_400_000).toISOString(),
      }),
    );
    expect(later.status).toBe('scheduled');
    expect(await postEntries()).toEqual([]);
    const postPublished = await recorded(() => ok(site.owner.call('POST', BLOG_API.publish(draft.id))));
    expect(postPublished).toMatchObject({ kind: 'post-published', subject: 'Field repairs' });
    expect(describeActivity(postPublished)).toBe('Published the blog post “Field repairs”');
    const live = await ok(site.owner.get(BLOG_API.post(draft.id)));
    await ok(
      site.owner.call('PATCH', BLOG_API.post(draft.id), {
        version: live.version,
        title: 'Field repairs, again',
      }),
    );
    await ok(site.owner.call('POST', BLOG_API.publish(draft.id)));
    expect(await postEntries()).toEqual(['Field repairs']);
    // Published as it is made, and by saving a draft as published.
    await recorded(() =>
      ok(
        site.owner.call('POST', BLOG_API.posts, {
          collectionId: blog.id,
          title: 'Straps',
          status: 'published',
        }),
      ),
    );
    const second = await ok(
      site.owner.call('POST', BLOG_API.posts, { collectionId: blog.id, title: 'Waxing' }),
    );
    await recorded(() =>
      ok(
        site.owner.call('PATCH', BLOG_API.post(second.id), { version: second.version, status: 'published' }),
      ),
    );
    expect(await postEntries()).toEqual(['Waxing', 'Straps', 'Field repairs']);

    const product = await ok(site.owner.get(STORE_API.product('prod-canvas-tote')));
    // A save that keeps every price is not a price change.
    const kept = await ok(site.owner.call('PUT', STORE_API.product(product.id), product));
    expect((await log(site.owner)).entries.filter((e) => e.kind === 'price-changed')).toEqual([]);
    const priced = await recorded(() =>
      ok(
        site.owner.call('PUT', STORE_API.product(product.id), {
          ...kept,
          variants: kept.variants.map((v: { price: object }) => ({
            ...v,
            price: { value: '2600', currency: 'USD' },
          })),
        }),
      ),
    );
    expect(priced).toMatchObject({ kind: 'price-changed', subject: product.title });
    expect(describeActivity(priced)).toMatch(
      /^Changed the price of “.+” from \$\d+\.\d\d(–\$\d+\.\d\d)? to \$26\.00$/,
    );

    const shopper = new Shopper(site.app);
    expect((await shopper.addToCart('prod-canvas-tote', 'TOTE-OLIVE', 1)).statusCode).toBe(200);
    const order = (
      await shopper.post('/api/commerce/checkout', {
        email: 'buyer@example.com',
        shippingAddress: ADDRESS,
        payment: TEST_CARD,
      })
    ).json().order;
    const refunded = await recorded(() =>
      ok(site.owner.call('POST', `${STORE_API.refundLine(order.id)}-amount`, { amount: '4.25' })),
    );
    expect(describeActivity(refunded)).toBe(`Refunded $4.25 on order #${order.orderNumber}`);
    const cancelled = await recorded(() => ok(site.owner.call('POST', STORE_API.cancelOrder(order.id))));
    expect(describeActivity(cancelled)).toMatch(
      new RegExp(`^Cancelled order #${order.orderNumber} and refunded \\$\\d+\\.\\d\\d$`),
    );

    const settings = await recorded(() =>
      ok(
        site.owner.call('PUT', SITE_PROFILE_API.profile, {
          ...PROFILE,
          title: 'Demo Goods & Co',
          timeZone: 'Europe/Paris',
        }),
      ),
    );
    expect(describeActivity(settings)).toBe('Changed the site settings: site name, time zone');

    const invited = await recorded(() =>
      ok(site.owner.call('POST', TEAM_API.invitations, { email: 'ivy@example.com', role: 'editor' })),
    );
    expect(describeActivity(invited)).toBe('Invited ivy@example.com as Editor');

    await join('rob@example.com', 'viewer');
    const rob = (await ok(site.owner.get(TEAM_API.team))).members.find(
      (m: { email: string }) => m.email === 'rob@example.com',
    );
    const promoted = await recorded(() =>
      ok(site.owner.call('PUT', TEAM_API.memberRole.replace(':id', rob.id), { role: 'store-manager' })),
    );
    expect(describeActivity(promoted)).toBe('Made rob@example.com Store manager');
    const removed = await recorded(() =>
      ok(site.owner.call('DELETE', TEAM_API.member.replace(':id', rob.id))),
    );
    expect(describeActivity(removed)).toBe('Removed rob@example.com from the team');
  });

  it('lets the owner and admins read it, and no one else', async () => {
    const admin = await join('ada@example.com', 'admin');
    const editor = await join('ed@example.com', 'editor');
    const manager = await join('sam@example.com', 'store-manager');
    expect((await log(admin)).entries.length).toBeGreaterThan(0);
    for (const client of [site.viewer, editor, manager]) {
      const res = await client.get(ACTIVITY_API.log);
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toEqual({ code: 'FORBIDDEN', message: activityMessages.forbidden });
    }
    expect((await new EditorClient(site.app).get(ACTIVITY_API.log)).statusCode).toBe(401);

    // What an admin does is recorded as theirs, and the person filter finds it.
    const settings = await recorded(
      () => ok(admin.call('PUT', SITE_PROFILE_API.profile, { ...PROFILE, contactEmail: 'hi@example.com' })),
      'ada@example.com',
    );
    expect(settings.subject).toContain('contact email');
    const people = (await log(site.owner)).people;
    const ada = people.find((p) => p.email === 'ada@example.com')!;
    expect(people.map((p) => p.email)).toContain(DEMO_OWNER.email);
    expect((await log(site.owner, `?person=${ada.id}`)).entries.map((e) => e.id)).toEqual([settings.id]);
  });

  it('filters by kind and by days, and refuses filters it cannot read', async () => {
    const prices = (await log(site.owner, '?kind=price-changed')).entries;
    expect(prices.length).toBe(1);
    expect(prices.every((e) => e.kind === 'price-changed')).toBe(true);
    // Days are counted in the site's time zone, whichever a test above left it on.
    const { timeZone } = (await site.owner.get(SITE_PROFILE_API.profile)).json() as { timeZone: string };
    const today = new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date());
    const all = (await log(site.owner)).entries.length;
    expect((await log(site.owner, `?from=${today}&to=${today}`)).entries.length).toBe(all);
    expect((await log(site.owner, '?to=2000-01-01')).entries).toEqual([]);
    expect((await log(site.owner, '?from=2999-01-01')).entries).toEqual([]);
    for (const query of [
      '?kind=everything',
      '?from=yesterday',
      '?from=2026-02-01&to=2026-01-01',
      '?cursor=garbage',
      '?person=a%00b',
      '?extra=1',
    ]) {
      const res = await site.owner.get(`${ACTIVITY_API.log}${query}`);
      expect(res.statusCode, query).toBe(400);
    }
  });

  it('pages newest first with keyset cursors, no entry repeated or missed while more arrive', async () => {
    const [owner] = await site.database.db
      .select({ id: siteMembers.id, email: siteMembers.email })
      .from(siteMembers)
      .where(eq(siteMembers.email, DEMO_OWNER.email));
    // Entries of one instant (one transaction's now()) still page apart by id.
    await site.database.db.transaction(async (tx) => {
      for (let i = 0; i < ACTIVITY_PAGE_SIZE + 5; i++)
        await recordActivity(tx, 'demo', owner!, { kind: 'page-published', subject: `Page ${i}` });
    });
    const total = await site.database.db.$count(siteActivity);
    const seen: ActivityEntry[] = [];
    let cursor: string | null = '';
    let pages = 0;
    while (cursor !== null) {
      const page = await log(site.owner, cursor ? `?cursor=${cursor}` : '');
      seen.push(...page.entries);
      expect(page.entries.length).toBeLessThanOrEqual(ACTIVITY_PAGE_SIZE);
      cursor = page.nextPageCursor;
      // A new entry between two page loads lands on the first page, not in the middle.
      if (pages++ === 0)
        await recordActivity(site.database.db, 'demo', owner!, { kind: 'page-published', subject: 'Late' });
    }
    expect(new Set(seen.map((e) => e.id)).size).toBe(seen.length);
    expect(seen.length).toBe(total);
    const times = seen.map((e) => Date.parse(e.at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });
});
