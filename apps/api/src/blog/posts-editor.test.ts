import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BLOG_API,
  COLLECTIONS_API,
  COMMENTS_LIST_PAGE_SIZE,
  POSTS_LIST_PAGE_SIZE,
  type BlogPostView,
  type CommentList,
  type PostPage,
} from '@site/page-content';
import { and, eq, sql } from 'drizzle-orm';
import { blogComments, blogPosts, websites } from '../db/schema';
import { databaseTargets } from '../../test/databases';
import { demoSiteSuite } from '../../test/demo-site-suite';
import { Shopper } from '../../test/client';

const targets = await databaseTargets();

describe.each(targets)('owners write posts and moderate comments on $name', (target) => {
  const demo = demoSiteSuite(target);

  const create = (body: Record<string, unknown>) =>
    demo.owner.call('POST', BLOG_API.posts, { collectionId: 'page-journal', ...body });

  it('publishes a rich-text post with a tag and a featured image; the list and the post show it', async () => {
    const res = await create({
      title: 'Mending a strap',
      body: '<p>Use <strong>waxed</strong> thread.</p><script>alert(1)</script><p onclick="x()">Then burnish.</p>',
      excerpt: 'A quick fix',
      tags: ['repairs'],
      featuredImage: { src: '/files/f1/strap.jpg', alt: 'A mended strap' },
      status: 'published',
    });
    expect(res.statusCode).toBe(201);
    const post = res.json() as BlogPostView;
    expect(post.urlId).toBe('mending-a-strap');
    expect(post.status).toBe('published');
    expect(post.body).not.toContain('script');
    expect(post.body).not.toContain('onclick');
    const list = await demo.app.inject('/journal?tag=repairs');
    expect(list.body).toContain('href="/journal/mending-a-strap"');
    // No author given: the date line names none, rather than an empty one between two dots.
    expect(list.body).not.toMatch(/·\s*·/);
    expect((await demo.app.inject('/journal')).body).toContain(' · Mara Ellis');
    expect(list.body).toMatch(
      /<a class="blog-entry__image" href="\/journal\/mending-a-strap"[^>]*><img src="\/files\/f1\/strap\.jpg\?format=500w" srcset="[^"]*\?format=750w 750w"/,
    );
    const page = await demo.app.inject('/journal/mending-a-strap');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<p>Use <strong>waxed</strong> thread.</p>');
    expect(page.body).not.toContain('alert(1)');
    expect(page.body).toMatch(/<meta property="og:image" content="[^"]*\/files\/f1\/strap\.jpg">/);
    expect(page.body).toMatch(
      /<img class="blog-post__image" src="\/files\/f1\/strap\.jpg\?format=1000w" srcset="[^"]*\?format=1500w 1500w"[^>]*alt="A mended strap"/,
    );
    const item = (await demo.app.inject('/journal/mending-a-strap?format=json')).json().item;
    expect(item.assetUrl).toBe('/files/f1/strap.jpg');
    expect(item.mainImage).toEqual({ assetUrl: '/files/f1/strap.jpg', altText: 'A mended strap' });
  });

  it('links a post to a page by id: the live post shows the page’s current address, an unknown page goes nowhere', async () => {
    const res = await create({
      title: 'See the shop',
      status: 'published',
      body: '<p><a href="page:page-shop">our shop</a> and <a href="page:gone">old page</a></p>',
    });
    expect(res.statusCode).toBe(201);
    const page = (await demo.app.inject('/journal/see-the-shop')).body;
    expect(page).toContain('<a href="/shop">our shop</a>');
    expect(page).toContain('<a href="#">old page</a>');
    expect(page).not.toContain('page:');
  });

  it('derives the URL from the title and appends -N when another post has it', async () => {
    const first = (await create({ title: 'Ünïcode & Co!' })).json() as BlogPostView;
    const second = (await create({ title: 'Unicode co' })).json() as BlogPostView;
    const third = (await create({ title: 'Unicode   co' })).json() as BlogPostView;
    expect([first.urlId, second.urlId, third.urlId]).toEqual(['unicode-co', 'unicode-co-2', 'unicode-co-3']);
    expect(first.status).toBe('draft');
    expect((await demo.app.inject('/journal/unicode-co')).statusCode).toBe(404);
  });

  it.each([
    ['Bad Slug', 'Bad Slug is not a valid page URL'],
    ['double--dash', 'double--dash is not a valid page URL'],
    ['-lead', '-lead is not a valid page URL'],
    ['x'.repeat(121), `${'x'.repeat(120)} is not a valid page URL`],
  ])('refuses the URL slug %j with the spec message', async (urlId, message) => {
    const res = await create({ title: 'Slug test', urlId });
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain(message);
  });

  it('refuses a slug another post already has with a 409', async () => {
    const res = await create({ title: 'Dup', urlId: 'paper-that-takes-ink' });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe('Another post of this blog has that URL');
  });

  it('keeps a post with a future publish time scheduled until then, and hidden from visitors', async () => {
    const res = await create({
      title: 'Next spring',
      status: 'published',
      publishOn: '2099-03-01T09:00:00Z',
    });
    const post = res.json() as BlogPostView;
    expect(post.status).toBe('scheduled');
    expect((await demo.app.inject('/journal/next-spring')).statusCode).toBe(404);
    const back = await demo.owner.call('PATCH', BLOG_API.post(post.id), {
      version: post.version,
      publishOn: null,
      status: 'published',
    });
    expect(back.json().status).toBe('published');
    expect((await demo.app.inject('/journal/next-spring')).statusCode).toBe(200);
    const draft = await demo.owner.call('PATCH', BLOG_API.post(post.id), {
      version: back.json().version,
      status: 'draft',
    });
    expect(draft.json().status).toBe('draft');
    expect((await demo.app.inject('/journal/next-spring')).statusCode).toBe(404);
  });

  it('refuses a save based on an old version with a 409 and keeps the newer text', async () => {
    const post = (await create({ title: 'Two tabs', body: '<p>one</p>' })).json() as BlogPostView;
    expect(
      (await demo.owner.call('PATCH', BLOG_API.post(post.id), { version: post.version, body: '<p>two</p>' }))
        .statusCode,
    ).toBe(200);
    const stale = await demo.owner.call('PATCH', BLOG_API.post(post.id), {
      version: post.version,
      body: '<p>three</p>',
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.message).toBe('The post changed since you opened it, or it is gone');
    expect((await demo.owner.call('GET', BLOG_API.post(post.id))).json().body).toBe('<p>two</p>');
  });

  it('lists the posts of one blog for the editor, without their bodies', async () => {
    const res = await demo.owner.call('GET', `${BLOG_API.posts}?collectionId=page-journal`);
    const { posts, nextPageCursor } = res.json() as PostPage;
    expect(posts.map((p) => p.urlId)).toContain('paper-that-takes-ink');
    expect(posts.every((p) => p.collectionId === 'page-journal')).toBe(true);
    expect(Object.keys(posts[0]!).sort()).toEqual(
      ['collectionId', 'id', 'publishOn', 'status', 'title', 'updatedAt', 'urlId'].sort(),
    );
    expect(nextPageCursor).toBeNull();
  });

  it.each([
    ['a NUL byte in the title', { title: 'a\u0000b' }],
    ['a lone surrogate in the body', { title: 'ok', body: 'x\uD800y' }],
    ['a javascript: featured image', { title: 'ok', featuredImage: { src: 'javascript:alert(1)', alt: '' } }],
    ['a blank title', { title: '   ' }],
    ['tags of the wrong type', { title: 'ok', tags: 'repairs' }],
    ['a comment state of 2', { title: 'ok', commentState: 2 }],
    ['a page that is not a blog', { title: 'ok', collectionId: 'page-about' }],
  ])('refuses %s with a 400', async (_name, body) => {
    const res = await create(body);
    expect(res.statusCode).toBe(400);
  });

  it('never answers a 5xx to arbitrary post payloads', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.dictionary(
          fc.constantFrom('title', 'urlId', 'body', 'tags', 'publishOn', 'featuredImage', 'status'),
          fc.anything(),
        ),
        async (body) => {
          const res = await create(body);
          expect(res.statusCode).toBeLessThan(500);
        },
      ),
      { numRuns: 40 },
    );
  });

  it('refuses writes without a session (401), without the XSRF header (403) and from a viewer (403)', async () => {
    expect(
      (await new Shopper(demo.app).post(BLOG_API.posts, { title: 'x', collectionId: 'page-journal' }))
        .statusCode,
    ).toBe(401);
    expect(
      (
        await demo.owner.call(
          'POST',
          BLOG_API.posts,
          { title: 'x', collectionId: 'page-journal' },
          { 'x-siteuser-xsrf-token': '' },
        )
      ).statusCode,
    ).toBe(403);
    expect(
      (await demo.owner.call('POST', BLOG_API.spam('c1'), undefined, { 'x-siteuser-xsrf-token': 'forged' }))
        .statusCode,
    ).toBe(403);
    expect(
      (await demo.viewer.call('POST', BLOG_API.posts, { title: 'x', collectionId: 'page-journal' }))
        .statusCode,
    ).toBe(403);
    expect((await new Shopper(demo.app).post(BLOG_API.approve('c1'), {})).statusCode).toBe(401);
  });

  it('moderates: approve shows a comment and counts it, spam hides it, delete removes it; counts follow', async () => {
    const visitor = new Shopper(demo.app);
    const counts = async () =>
      ((await demo.owner.call('GET', BLOG_API.comments)).json() as CommentList).counts!;
    const before = await counts();
    for (const authorName of ['Ann', 'Bob', 'Cy']) {
      expect(
        (
          await visitor.post('/api/blog/posts/post-paper-ink/comments', {
            authorName,
            body: `Hello from ${authorName}`,
          })
        ).statusCode,
      ).toBe(201);
    }
    const pending = (await demo.owner.call('GET', BLOG_API.comments)).json() as CommentList;
    expect(pending.counts!.pending).toBe(before.pending + 3);
    const byName = (name: string) => pending.comments.find((c) => c.authorName === name)!;
    expect(byName('Ann').postTitle).toBe('Paper that takes ink');

    const publicCount = async () =>
      (await demo.app.inject('/journal/paper-that-takes-ink?format=json')).json().item
        .publicCommentCount as number;
    const shown = await publicCount();
    expect((await demo.owner.call('POST', BLOG_API.approve(byName('Ann').id))).statusCode).toBe(200);
    expect((await demo.owner.call('POST', BLOG_API.spam(byName('Bob').id))).statusCode).toBe(200);
    expect((await demo.owner.call('DELETE', BLOG_API.comment(byName('Cy').id))).statusCode).toBe(204);
    expect(await publicCount()).toBe(shown + 1);
    const post = (await demo.app.inject('/journal/paper-that-takes-ink')).body;
    expect(post).toContain('Hello from Ann');
    expect(post).not.toContain('Hello from Bob');

    const after = await counts();
    expect(after).toEqual({ pending: before.pending, approved: before.approved + 1, spam: before.spam + 1 });
    const spam = (await demo.owner.call('GET', `${BLOG_API.comments}?status=spam`)).json() as CommentList;
    expect(spam.comments.map((c) => c.authorName)).toEqual(['Bob']);
    expect((await demo.owner.call('GET', `${BLOG_API.comments}?status=bogus`)).statusCode).toBe(400);
    expect((await demo.owner.call('POST', BLOG_API.approve('nope'))).statusCode).toBe(404);
  });
});

describe.each(targets)('gallery order and event images on $name', (target) => {
  const demo = demoSiteSuite(target);

  const galleryIds = async () =>
    (
      (await demo.owner.call('GET', `${COLLECTIONS_API.items}?collectionId=page-gallery`)).json().items as {
        id: string;
      }[]
    ).map((i) => i.id);

  it('puts the gallery in the owner’s order; the page follows', async () => {
    const ids = await galleryIds();
    const reversed = [...ids].reverse();
    const res = await demo.owner.call('POST', COLLECTIONS_API.reorder, {
      collectionId: 'page-gallery',
      ids: reversed,
    });
    expect(res.statusCode).toBe(200);
    expect(await galleryIds()).toEqual(reversed);
    const items = (await demo.app.inject('/studio/gallery?format=json')).json().items as { id: string }[];
    expect(items.map((i) => i.id)).toEqual(reversed);
  });

  it.each([
    ['an id left out', (ids: string[]) => ids.slice(1), 409],
    ['an unknown id', (ids: string[]) => [...ids.slice(1), 'nope'], 409],
    ['an id twice', (ids: string[]) => [...ids.slice(1), ids[1]!], 400],
  ])('refuses an order with %s', async (_name, change, status) => {
    const ids = await galleryIds();
    const res = await demo.owner.call('POST', COLLECTIONS_API.reorder, {
      collectionId: 'page-gallery',
      ids: change(ids),
    });
    expect(res.statusCode).toBe(status);
    expect(res.json().error.message).toBe(
      'The order must list every item of the collection once; reload and try again',
    );
    expect(await galleryIds()).toEqual(ids);
  });

  it('refuses a reorder without the XSRF header', async () => {
    const ids = await galleryIds();
    expect(
      (
        await demo.owner.call(
          'POST',
          COLLECTIONS_API.reorder,
          { collectionId: 'page-gallery', ids },
          { 'x-siteuser-xsrf-token': '' },
        )
      ).statusCode,
    ).toBe(403);
  });

  it('an event carries its featured image as assetUrl', async () => {
    const res = await demo.owner.call('POST', COLLECTIONS_API.items, {
      collectionId: 'page-events',
      title: 'Dye workshop',
      urlId: 'dye-workshop',
      data: {
        startDate: '2031-05-01T10:00:00+02:00',
        endDate: '2031-05-01T12:00:00+02:00',
        image: { src: '/files/f2/dye.jpg', alt: 'Indigo vats' },
      },
    });
    expect(res.statusCode).toBe(201);
    const item = (await demo.app.inject('/studio/events/dye-workshop?format=json')).json().item;
    expect(item.assetUrl).toBe('/files/f2/dye.jpg');
    expect(item.startDate).toBe(Date.parse('2031-05-01T08:00:00Z'));
  });

  it('pages a long blog last edited first, every post once, and searches titles on the server', async () => {
    const db = demo.database.db;
    const base = Date.parse('2026-06-01T00:00:00Z');
    // Pairs edited in the same microsecond: the id decides between them, as the cursor does.
    await db.insert(blogPosts).values(
      Array.from({ length: 130 }, (_, i) => ({
        id: `paged-${String(i).padStart(3, '0')}`,
        websiteId: 'demo',
        collectionId: 'page-journal',
        urlId: `paged-${i}`,
        title: i % 10 === 3 ? `Linen notes ${i}` : `Paged post ${i}`,
        body: '<p>A long body the list never sends.</p>',
        updatedAt: new Date(base + Math.floor(i / 2) * 1000),
      })),
    );
    const all = await db
      .select({ id: blogPosts.id, updatedAt: blogPosts.updatedAt })
      .from(blogPosts)
      .where(eq(blogPosts.collectionId, 'page-journal'));
    const expected = all
      .sort((a, b) => b.updatedAt.getTime() - a.updatedAt.getTime() || (a.id < b.id ? 1 : -1))
      .map((p) => p.id);
    const walk = async (extra: string) => {
      const seen: string[] = [];
      let cursor: string | null = '';
      while (cursor !== null) {
        const res = await demo.owner.call(
          'GET',
          `${BLOG_API.posts}?collectionId=page-journal${extra}${cursor ? `&cursor=${cursor}` : ''}`,
        );
        expect(res.statusCode).toBe(200);
        const page = res.json() as PostPage;
        expect(page.posts.length).toBeLessThanOrEqual(POSTS_LIST_PAGE_SIZE);
        expect(page.posts.some((p) => 'body' in p)).toBe(false);
        seen.push(...page.posts.map((p) => p.id));
        cursor = page.nextPageCursor;
      }
      return seen;
    };
    expect(await walk('')).toEqual(expected);
    const linen = await walk('&q=LINEN%20notes');
    expect(linen).toEqual(
      expected.filter((id) => /^paged-\d\d3$/.test(id) && Number(id.slice(6)) % 10 === 3),
    );
    expect(linen).toHaveLength(13);
    // Wildcards are taken literally.
    expect(await walk('&q=%25')).toEqual([]);
    for (const query of [
      '?collectionId=page-journal&cursor=not-a-cursor',
      `?collectionId=page-journal&cursor=${Buffer.from('["yesterday","x"]').toString('base64url')}`,
      '?collectionId=page-journal&sort=title',
      '',
      `?collectionId=page-journal&q=${'x'.repeat(201)}`,
    ]) {
      const res = await demo.owner.call('GET', `${BLOG_API.posts}${query}`);
      expect(res.statusCode, query).toBe(400);
    }
  });
});

describe.each(targets)('the comment moderation list pages on $name', (target) => {
  const demo = demoSiteSuite(target);

  it('pages 120 held comments 50/50/20 newest first, each once, one status and one site only', async () => {
    const db = demo.database.db;
    await db.delete(blogComments).where(eq(blogComments.websiteId, 'demo'));
    // Three comments to each instant, the instants a microsecond apart (one JS millisecond holds
    // them all): only the cursor's exact instant and the id tell them apart.
    await db.execute(sql`
      insert into blog_comments (id, website_id, post_id, author_name, body, status, created_at)
      select 'held-' || lpad(g::text, 3, '0'), 'demo', 'post-paper-ink', 'Reader ' || g, 'Comment ' || g,
        'pending', timestamptz '2026-06-01 00:00:00Z' + (g / 3) * interval '1 microsecond'
      from generate_series(0, 119) g`);
    // Approved ones among them, and another site's held comments, newer still: never listed here.
    await db.execute(sql`
      insert into blog_comments (id, website_id, post_id, author_name, body, status, created_at)
      select 'ok-' || g, 'demo', 'post-paper-ink', 'Fan ' || g, 'Nice', 'approved',
        timestamptz '2026-06-01 00:00:00Z' + (g * 7) * interval '1 microsecond'
      from generate_series(0, 9) g`);
    await db.insert(websites).values({ id: 'elsewhere', title: 'Elsewhere' });
    await db.insert(blogPosts).values({
      id: 'elsewhere-post',
      websiteId: 'elsewhere',
      collectionId: 'page-journal',
      urlId: 'elsewhere-post',
      title: 'Elsewhere',
    });
    await db.insert(blogComments).values(
      Array.from({ length: 5 }, (_, i) => ({
        id: `held-${900 + i}`,
        websiteId: 'elsewhere',
        postId: 'elsewhere-post',
        authorName: 'Stranger',
        body: 'Not yours',
        createdAt: new Date('2026-06-01T00:00:00.000Z'),
      })),
    );
    const expected = Array.from({ length: 120 }, (_, g) => g)
      .sort((a, b) => Math.floor(b / 3) - Math.floor(a / 3) || b - a)
      .map((g) => `held-${String(g).padStart(3, '0')}`);

    const walk = async (status: string) => {
      const pages: CommentList[] = [];
      let cursor: string | null = '';
      while (cursor !== null) {
        const res = await demo.owner.call(
          'GET',
          `${BLOG_API.comments}?status=${status}${cursor ? `&cursor=${cursor}` : ''}`,
        );
        expect(res.statusCode).toBe(200);
        const page = res.json() as CommentList;
        pages.push(page);
        cursor = page.nextCursor;
      }
      return pages;
    };
    const held = await walk('pending');
    expect(held.map((p) => p.comments.length)).toEqual([COMMENTS_LIST_PAGE_SIZE, 50, 20]);
    expect(held.flatMap((p) => p.comments.map((c) => c.id))).toEqual(expected);
    expect(held.flatMap((p) => p.comments).every((c) => c.status === 'pending')).toBe(true);
    expect(held[0]!.comments[0]).toMatchObject({
      postTitle: 'Paper that takes ink',
      authorName: 'Reader 119',
    });
    // The first page counts every tab, the other site's comments left out; later pages do not count.
    expect(held.map((p) => p.counts)).toEqual([{ pending: 120, approved: 10, spam: 0 }, null, null]);
    const approved = await walk('approved');
    expect(approved).toHaveLength(1);
    expect(approved[0]!.comments.map((c) => c.id)).toEqual(
      Array.from({ length: 10 }, (_, g) => `ok-${9 - g}`),
    );
    expect((await walk('spam'))[0]!.comments).toEqual([]);

    // A cursor ahead of a moderation still pages on: approving a shown comment moves nothing after it.
    const second = held[0]!.nextCursor!;
    expect((await demo.owner.call('POST', BLOG_API.approve(expected[10]!))).statusCode).toBe(200);
    const again = (
      await demo.owner.call('GET', `${BLOG_API.comments}?cursor=${second}`)
    ).json() as CommentList;
    expect(again.comments.map((c) => c.id)).toEqual(expected.slice(50, 100));
    const first = (await demo.owner.call('GET', BLOG_API.comments)).json() as CommentList;
    expect(first.counts).toEqual({ pending: 119, approved: 11, spam: 0 });

    const forged = (key: unknown) => Buffer.from(JSON.stringify(key)).toString('base64url');
    for (const cursor of [
      'not-a-cursor',
      '%%%',
      forged(['yesterday', 'held-001']),
      forged(['2026-06-01T00:00:00.000001Z']),
      forged(['2026-06-01T00:00:00.000001Z', '']),
      forged(['2026-06-01T00:00:00.000001Z', 'x'.repeat(101)]),
      forged({ at: '2026-06-01T00:00:00Z', id: 'held-001' }),
      forged(['2026-06-01T00:00:00.000001Z', 'held-001']) + 'x'.repeat(200),
    ]) {
      const res = await demo.owner.call(
        'GET',
        `${BLOG_API.comments}?status=pending&cursor=${encodeURIComponent(cursor)}`,
      );
      expect(res.statusCode, cursor).toBe(400);
      expect(res.body).not.toMatch(/stack|postgres/i);
    }
    // The other site's comments were left alone, and none of them is this site's to moderate.
    expect((await demo.owner.call('POST', BLOG_API.approve('held-900'))).statusCode).toBe(404);
    const theirs = await db
      .select({ id: blogComments.id })
      .from(blogComments)
      .where(and(eq(blogComments.websiteId, 'elsewhere'), eq(blogComments.status, 'pending')));
    expect(theirs).toHaveLength(5);
  });
});
