import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import type { DatabaseHandle } from '../db/client';
import { DEMO_OWNER, seedDemoSite } from '../seed/demo-site';
import { databaseTargets } from '../../test/databases';
import { Shopper } from '../../test/client';
import { EditorClient } from '../../test/editor';

const targets = await databaseTargets();

describe.each(targets)('search and blog on $name', (target) => {
  let database: DatabaseHandle;
  let app: FastifyInstance;

  beforeAll(async () => {
    database = await target.open();
    await seedDemoSite(database.db);
    app = await buildApp({ database });
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('finds a product by a word of its title, ranked, with escaped highlighted excerpts', async () => {
    const res = await app.inject('/search?q=canvas');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<body class="page-type-102">');
    const links = [...res.body.matchAll(/class="search-result[^"]*"><a href="([^"]+)"/g)].map((m) => m[1]);
    expect(links).toContain('/shop/p/canvas-tote');
    expect(links).toContain('/journal/caring-for-waxed-canvas');
    expect(res.body).toContain('<mark>canvas</mark>');
    // One page of results: no pager saying "Page 1 of 1".
    expect(res.body).not.toContain('aria-label="Search result pages"');
  });

  it('finds by the start of a title word and through a typo when no whole word matches', async () => {
    const links = async (q: string) =>
      [
        ...(await app.inject('/search?q=' + encodeURIComponent(q))).body.matchAll(
          /class="search-result[^"]*"><a href="([^"]+)"/g,
        ),
      ].map((m) => m[1]);
    expect(await links('Tot')).toContain('/shop/p/canvas-tote');
    expect(await links('notebok')).toContain('/shop/p/field-notebook');
    // LIKE's wildcards in the text are plain characters.
    expect(await links('%_')).toEqual([]);
  });

  it('keeps a product searchable by its new words after a save, and not by its old ones', async () => {
    await database.db.execute(
      sql`update products set title = 'Waxed Canvas Satchel' where website_id = 'demo' and url_id = 'canvas-tote'`,
    );
    const body = async (q: string) => (await app.inject('/search?q=' + q)).body;
    expect(await body('satchel')).toContain('/shop/p/canvas-tote');
    expect(await body('tote')).not.toContain('Waxed Canvas Tote');
    await database.db.execute(
      sql`update products set title = 'Waxed Canvas Tote' where website_id = 'demo' and url_id = 'canvas-tote'`,
    );
  });

  it('pages the results: each page its own canonical with rel prev/next keeping the query, past the last not found', async () => {
    // Twelve products matching one word: two pages of ten.
    await database.db.execute(sql`
      insert into products (id, website_id, collection_id, url_id, title, product_type)
      select 'prod-zephyr-' || n, 'demo', (select id from pages where website_id = 'demo' and path = '/shop'),
        'zephyr-' || n, 'Zephyr scarf ' || n, 1
      from generate_series(1, 12) n`);
    const head = (html: string, rel: string) =>
      new RegExp(`<link rel="${rel}" href="([^"]+)">`).exec(html)?.[1]?.replaceAll('&amp;', '&');
    const first = await app.inject('/search?q=zephyr');
    expect(first.statusCode).toBe(200);
    expect(head(first.body, 'canonical')).toBe('http://localhost:80/search?q=zephyr');
    expect(head(first.body, 'next')).toBe('http://localhost:80/search?q=zephyr&page=2');
    expect(head(first.body, 'prev')).toBeUndefined();
    expect(first.body).toMatch(/aria-label="Search result pages">.*Page 1 of 2/);
    const second = await app.inject('/search?q=zephyr&page=2');
    expect(second.statusCode).toBe(200);
    expect(head(second.body, 'canonical')).toBe('http://localhost:80/search?q=zephyr&page=2');
    expect(head(second.body, 'prev')).toBe('http://localhost:80/search?q=zephyr');
    expect(head(second.body, 'next')).toBeUndefined();
    expect([...second.body.matchAll(/class="search-result[^"]*"><a href="/g)]).toHaveLength(2);
    expect((await app.inject('/search?q=zephyr&page=3')).statusCode).toBe(404);
    // A page number that is not one is the first page.
    expect(head((await app.inject('/search?q=zephyr&page=abc')).body, 'canonical')).toBe(
      'http://localhost:80/search?q=zephyr',
    );
    await database.db.execute(sql`delete from products where id like 'prod-zephyr-%'`);
  });

  it('echoes the query escaped and shows the empty state', async () => {
    const res = await app.inject('/search?q=' + encodeURIComponent('<script>x</script> zzqx'));
    expect(res.body).not.toContain('<script>x');
    expect(res.body).toContain('&lt;script&gt;x&lt;/script&gt; zzqx');
    expect(res.body).toContain('Nothing matches');
  });

  it('lists posts, filters by tag and shows approved comments only', async () => {
    const list = await app.inject('/journal?tag=notebooks');
    expect(list.body).toContain('Paper that takes ink');
    expect(list.body).not.toContain('Caring for waxed canvas');
    const post = await app.inject('/journal/caring-for-waxed-canvas');
    expect(post.statusCode).toBe(200);
    expect(post.body).toContain('2 Comments');
    expect(post.body).toContain('Re-waxed mine last weekend.');
    expect(post.body).toContain('data-comment-form');
    expect(post.body).toContain('<meta property="og:type" content="article">');
  });

  it('names the canonical and Open Graph address absolutely, from the host the visitor asked', async () => {
    const post = await app.inject({
      url: '/journal/caring-for-waxed-canvas',
      headers: { host: 'localhost:4710' },
    });
    expect(post.body).toContain(
      '<link rel="canonical" href="http://localhost:4710/journal/caring-for-waxed-canvas">',
    );
    expect(post.body).toContain(
      '<meta property="og:url" content="http://localhost:4710/journal/caring-for-waxed-canvas">',
    );
  });

  it('holds a visitor comment for moderation until the owner approves it', async () => {
    const visitor = new Shopper(app);
    const sent = await visitor.post('/api/blog/posts/post-paper-ink/comments', {
      authorName: 'Eve',
      body: 'Great <b>tips</b>',
    });
    expect(sent.statusCode).toBe(201);
    expect((await app.inject('/journal/paper-that-takes-ink')).body).not.toContain('Great');
    const owner = await new EditorClient(app).signIn(DEMO_OWNER);
    const pending = (await owner.call('GET', '/api/editor/blog/comments')).json().comments as {
      id: string;
      authorName: string;
    }[];
    const eve = pending.find((c) => c.authorName === 'Eve')!;
    expect((await owner.call('POST', `/api/editor/blog/comments/${eve.id}/approve`)).statusCode).toBe(200);
    expect((await app.inject('/journal/paper-that-takes-ink')).body).toContain(
      'Great &lt;b&gt;tips&lt;/b&gt;',
    );
  });

  it('lets only the owner write posts', async () => {
    expect(
      (await new Shopper(app).post('/api/editor/blog/posts', { title: 'x', collectionId: 'page-journal' }))
        .statusCode,
    ).toBe(401);
    const owner = await new EditorClient(app).signIn(DEMO_OWNER);
    const created = await owner.call('POST', '/api/editor/blog/posts', {
      title: 'Linen in summer',
      collectionId: 'page-journal',
      body: 'Linen breathes.',
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().id as string;
    expect((await app.inject('/journal/linen-in-summer')).statusCode).toBe(404);
    expect((await owner.call('POST', `/api/editor/blog/posts/${id}/publish`)).statusCode).toBe(200);
    expect((await app.inject('/journal/linen-in-summer')).body).toContain('Linen breathes.');
    expect((await app.inject('/search?q=linen')).body).toContain('/journal/linen-in-summer');
    expect((await owner.call('DELETE', `/api/editor/blog/posts/${id}`)).statusCode).toBe(204);
  });
  it('shows a post’s opening quote or video above its excerpt in the blog list, with promotedBlockType in its item', async () => {
    const owner = await new EditorClient(app).signIn(DEMO_OWNER);
    const publish = async (title: string, body: string) => {
      const created = await owner.call('POST', '/api/editor/blog/posts', {
        title,
        collectionId: 'page-journal',
        body,
      });
      expect(created.statusCode, created.body).toBe(201);
      expect(
        (await owner.call('POST', `/api/editor/blog/posts/${created.json().id}/publish`)).statusCode,
      ).toBe(200);
    };
    await publish('Quoted', '<blockquote><p>Buy less, choose well.</p></blockquote><p>Why we repair.</p>');
    await publish(
      'Filmed',
      '<p><a href="https://www.youtube.com/watch?v=dQw4w9WgXcQ">Watch the film</a></p><p>Behind the bench.</p>',
    );
    await publish('Plain', '<p>Only words here.</p>');
    const res = await app.inject('/journal');
    const entry = (title: string) =>
      res.body.split('<article class="blog-entry">').find((a) => a.includes(`>${title}</a></h2>`)) ?? '';
    expect(entry('Quoted')).toContain(
      '<blockquote class="blog-entry__quote"><p>Buy less, choose well.</p></blockquote>',
    );
    expect(entry('Filmed')).toContain(
      '<iframe src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ" title="Video: Filmed"',
    );
    expect(entry('Plain')).not.toMatch(/blog-entry__(quote|video)/);
    const json = (await app.inject('/journal?format=json')).json() as {
      items: { title: string; promotedBlockType?: string }[];
    };
    const types = Object.fromEntries(json.items.map((i) => [i.title, i.promotedBlockType ?? 'none']));
    expect(types).toMatchObject({ Quoted: 'quote', Filmed: 'video', Plain: 'none' });
  });
});
