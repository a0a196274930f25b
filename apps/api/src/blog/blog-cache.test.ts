import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../db/rows';
import { createMember } from '../security/members';
import { DEMO_WEBSITE_ID } from '../seed/demo-site';
import { Shopper } from '../../test/client';
import { databaseTargets } from '../../test/databases';
import { demoSiteSuite } from '../../test/demo-site-suite';
import { Member } from '../../test/member';

const targets = await databaseTargets();
const POST = '/journal/caring-for-waxed-canvas';
const LIST = '/journal';
const PASSWORD = 'quince harbour 19';

const likeCount = (html: string) => Number(/data-like-count="(\d+)"/.exec(html)?.[1]);
const commentCount = (html: string) => /(\d+) Comments?/.exec(html)?.[1];

describe.each(targets)('blog pages in the page cache on $name', (target) => {
  const site = demoSiteSuite(target);

  /** Asked twice by a visitor: the second answer comes from the cache, the same bytes. */
  const cachedTwice = async (visitor: Shopper, path: string) => {
    const first = await visitor.get(path);
    expect(first.statusCode).toBe(200);
    const second = await visitor.get(path);
    expect(second.headers['x-page-cache'], path).toBe('hit');
    expect(second.body).toBe(first.body);
    return second.body;
  };

  it('serves the blog list, a tag of it and a post from the cache after the first visit', async () => {
    const visitor = new Shopper(site.app);
    expect(await cachedTwice(visitor, LIST)).toContain('Caring for waxed canvas');
    expect(await cachedTwice(visitor, `${LIST}?tag=notebooks`)).not.toContain('Caring for waxed canvas');
    expect(await cachedTwice(visitor, POST)).toContain('Re-waxed mine last weekend.');
    expect(await cachedTwice(visitor, `${POST}?format=json`)).toContain('"likeCount"');
    // Another visitor gets the same cached answer.
    expect((await new Shopper(site.app).get(POST)).headers['x-page-cache']).toBe('hit');
  });

  it('shows a like by anyone on the next request of the post and the list, then caches again', async () => {
    const visitor = new Shopper(site.app);
    const before = likeCount(await cachedTwice(visitor, POST));
    await cachedTwice(visitor, LIST);
    const liked = await new Shopper(site.app).post('/api/blog/posts/post-waxing-canvas/like');
    expect(liked.json()).toEqual({ likeCount: before + 1 });
    const after = await visitor.get(POST);
    expect([after.headers['x-page-cache'], likeCount(after.body)]).toEqual(['miss', before + 1]);
    expect((await visitor.get(POST)).headers['x-page-cache']).toBe('hit');
    expect((await visitor.get(LIST)).headers['x-page-cache']).toBe('miss');
  });

  it('keeps the pages through comments held for moderation, and drops them when one is approved', async () => {
    const visitor = new Shopper(site.app);
    const shown = await cachedTwice(visitor, POST);
    expect(commentCount(shown)).toBe('2');
    const sent = await new Shopper(site.app).post('/api/blog/posts/post-waxing-canvas/comments', {
      authorName: 'Wren',
      body: 'Held until the owner approves it.',
    });
    expect(sent.statusCode).toBe(201);
    // The sender's own process drops the counters after any write; they read the same again.
    const held = await visitor.get(POST);
    expect(held.body).not.toContain('Held until the owner approves it.');
    expect((await visitor.get(POST)).headers['x-page-cache']).toBe('hit');

    const pending = (await site.owner.call('GET', '/api/editor/blog/comments?status=pending')).json()
      .comments as { id: string; authorName: string }[];
    const wren = pending.find((c) => c.authorName === 'Wren')!;
    expect((await site.owner.call('POST', `/api/editor/blog/comments/${wren.id}/approve`)).statusCode).toBe(
      200,
    );
    const approved = await visitor.get(POST);
    expect(approved.headers['x-page-cache']).toBe('miss');
    expect(approved.body).toContain('Held until the owner approves it.');
    expect(commentCount(approved.body)).toBe('3');
    expect((await visitor.get(POST)).headers['x-page-cache']).toBe('hit');
  });

  it('follows a comment approved or removed outside any request (SQL, another process) once told', async () => {
    const visitor = new Shopper(site.app);
    await cachedTwice(visitor, POST);
    const list = await cachedTwice(visitor, LIST);
    await site.database.db.execute(sql`
      insert into blog_comments (id, website_id, post_id, author_name, body, status)
      values ('comment-by-sql', ${DEMO_WEBSITE_ID}, 'post-waxing-canvas', 'Sol', 'Approved by hand.', 'approved')`);
    // The trigger's notice reaches the listening connection on commit (in-process on PGlite).
    await expect
      .poll(async () => (await visitor.get(POST)).body, { timeout: 5_000 })
      .toContain('Approved by hand.');
    await expect.poll(async () => (await visitor.get(LIST)).body, { timeout: 5_000 }).not.toBe(list);
    await site.database.db.execute(sql`delete from blog_comments where id = 'comment-by-sql'`);
    await expect
      .poll(async () => (await visitor.get(POST)).body, { timeout: 5_000 })
      .not.toContain('Approved by hand.');
    // A comment held for moderation, or marked spam unseen, bumps nothing: the cached pages stay.
    const readPosts = async () =>
      Number(
        rowsOf<{ posts: string | number }>(
          await site.database.db.execute(
            sql`select posts from site_versions where website_id = ${DEMO_WEBSITE_ID}`,
          ),
        )[0]!.posts,
      );
    const counter = await readPosts();
    await site.database.db.execute(sql`
      insert into blog_comments (id, website_id, post_id, author_name, body)
      values ('comment-held', ${DEMO_WEBSITE_ID}, 'post-waxing-canvas', 'Tam', 'Waiting.')`);
    expect(await readPosts()).toBe(counter);
    await site.database.db.execute(sql`update blog_comments set status = 'spam' where id = 'comment-held'`);
    expect(await readPosts()).toBe(counter);
    await site.database.db.execute(
      sql`update blog_comments set status = 'approved' where id = 'comment-held'`,
    );
    expect(await readPosts()).toBe(counter + 1);
    await site.database.db.execute(sql`update blog_comments set status = 'spam' where id = 'comment-held'`);
    expect(await readPosts()).toBe(counter + 2);
  });

  it('gives a signed-in member an entry of their own, with the same post and the site’s menus for them', async () => {
    await createMember(site.database.db, {
      websiteId: DEMO_WEBSITE_ID,
      email: 'reader@example.test',
      password: PASSWORD,
      roles: ['customer'],
    });
    const reader = new Member(site.app);
    expect((await reader.signIn({ email: 'reader@example.test', password: PASSWORD })).statusCode).toBe(200);
    const visitorPage = await cachedTwice(new Shopper(site.app), POST);
    const first = await reader.get(POST);
    // Not the visitors' entry: the member's page context names their account.
    expect(first.headers['x-page-cache']).toBe('miss');
    expect(first.body).not.toBe(visitorPage);
    expect((await reader.get(POST)).headers['x-page-cache']).toBe('hit');
    // Their like shows on their next request too.
    const before = likeCount(first.body);
    expect((await reader.post('/api/blog/posts/post-waxing-canvas/like')).statusCode).toBe(200);
    const after = await reader.get(POST);
    expect([after.headers['x-page-cache'], likeCount(after.body)]).toEqual(['miss', before + 1]);
  });

  it('shows a scheduled post in the list once its time comes, with no write', async () => {
    const visitor = new Shopper(site.app);
    await site.database.db.execute(sql`
      insert into blog_posts (id, website_id, collection_id, url_id, title, body, status, publish_on)
      values ('post-soon', ${DEMO_WEBSITE_ID}, 'page-journal', 'soon', 'Arriving shortly', 'Soon.', 'scheduled',
              now() + interval '1500 milliseconds')`);
    await expect
      .poll(async () => (await visitor.get(LIST)).headers['x-page-cache'], { timeout: 5_000 })
      .toBe('hit');
    expect((await visitor.get(LIST)).body).not.toContain('Arriving shortly');
    await expect
      .poll(async () => (await visitor.get(LIST)).body, { timeout: 5_000, interval: 200 })
      .toContain('Arriving shortly');
  });
});
