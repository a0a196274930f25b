import { randomUUID } from 'node:crypto';
import { tagsApi } from '@site/page-content';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { databaseTargets } from '../../test/databases';
import { demoSiteSuite } from '../../test/demo-site-suite';
import { blogPosts } from '../db/schema';
import { DEMO_WEBSITE_ID } from '../seed/demo-site';
import { mergeTags } from '../tags/tag-store';

const targets = await databaseTargets();
const TAGS_API = tagsApi('blog');

describe.each(targets)('the tag and category manager on $name', (target) => {
  const demo = demoSiteSuite(target);

  const tags = async (type = 'tag', filter = '') =>
    (
      await demo.owner.call(
        'GET',
        `${TAGS_API.tags}?type=${type}${filter ? `&filter=${encodeURIComponent(filter)}` : ''}`,
      )
    ).json().tags as { name: string; count: number }[];
  const postTags = async (urlId: string) =>
    (await demo.database.db.select().from(blogPosts).where(eq(blogPosts.urlId, urlId)))[0]!;

  it('lists the tags posts carry, with counts, and filters them', async () => {
    expect(await tags()).toEqual(
      expect.arrayContaining([
        { name: 'notebooks', count: 2 },
        { name: 'canvas', count: 1 },
      ]),
    );
    expect((await tags('tag', 'NOTE')).map((t) => t.name)).toEqual(['notebooks']);
    expect((await tags('category')).map((t) => t.name)).toEqual(['Care guides', 'Materials', 'Studio']);
  });

  it.each([
    ['tag', 'x'.repeat(50), 201],
    ['tag', 'y'.repeat(51), 400],
    ['category', 'z'.repeat(25), 201],
    ['category', 'w'.repeat(26), 400],
    ['tag', '   ', 400],
    ['tag', 'a\u0000b', 400],
  ])('creates a %s of %j characters with %i (tag ≤ 50, category ≤ 25)', async (type, name, status) => {
    const res = await demo.owner.call('POST', TAGS_API.tags, { type, name });
    expect(res.statusCode).toBe(status);
  });

  it("answers 'This tag already exists' whatever the case, also for a tag only posts carry", async () => {
    for (const name of ['Notebooks', 'x'.repeat(50).toUpperCase()]) {
      const res = await demo.owner.call('POST', TAGS_API.tags, { type: 'tag', name });
      expect(res.statusCode).toBe(409);
      expect(res.json().error.message).toBe('This tag already exists');
    }
    const category = await demo.owner.call('POST', TAGS_API.tags, { type: 'category', name: 'studio' });
    expect(category.json().error.message).toBe('This category already exists');
  });

  it("edits one at a time ('You may only edit one category at a time') and renames on every post", async () => {
    const two = await demo.owner.call('POST', TAGS_API.rename, {
      type: 'category',
      from: ['Studio', 'Materials'],
      to: 'Shop',
    });
    expect(two.statusCode).toBe(400);
    expect(two.json().error.message).toBe('You may only edit one category at a time');
    const taken = await demo.owner.call('POST', TAGS_API.rename, {
      type: 'tag',
      from: ['paper'],
      to: 'Canvas',
    });
    expect(taken.json().error.message).toBe('This tag already exists');
    const res = await demo.owner.call('POST', TAGS_API.rename, {
      type: 'tag',
      from: ['paper'],
      to: 'Paper goods',
    });
    expect(res.json()).toEqual({ moved: 1 });
    expect((await postTags('paper-that-takes-ink')).tags).toEqual(['Paper goods', 'notebooks']);
  });

  it('merges tags into another on every post at once, and the blog list filters by it', async () => {
    const res = await demo.owner.call('POST', TAGS_API.merge, {
      type: 'tag',
      from: ['notebooks', 'workshop'],
      into: 'Studio notes',
    });
    expect(res.json()).toEqual({ moved: 2 });
    expect((await tags()).map((t) => t.name)).not.toContain('notebooks');
    expect(await tags('tag', 'studio')).toEqual([{ name: 'Studio notes', count: 2 }]);
    const list = await demo.app.inject('/journal?tag=' + encodeURIComponent('Studio notes'));
    expect(list.body).toContain('Paper that takes ink');
    expect(list.body).not.toContain('Caring for waxed canvas');
    expect((await demo.app.inject('/journal?tag=notebooks')).body).not.toContain('Paper that takes ink');
    const self = await demo.owner.call('POST', TAGS_API.merge, { type: 'tag', from: ['care'], into: 'Care' });
    expect(self.statusCode).toBe(400);
  });

  it('removes a category from every post', async () => {
    const res = await demo.owner.call('POST', TAGS_API.remove, { type: 'category', names: ['Care guides'] });
    expect(res.json()).toEqual({ moved: 1 });
    expect((await postTags('caring-for-waxed-canvas')).categories).toEqual([]);
  });

  it('lets a viewer look but not change', async () => {
    expect((await demo.viewer.call('GET', TAGS_API.tags)).statusCode).toBe(200);
    expect((await demo.viewer.call('POST', TAGS_API.tags, { type: 'tag', name: 'nope' })).statusCode).toBe(
      403,
    );
  });

  it('merges under concurrency without losing or keeping a merged tag', async () => {
    const [post] = await demo.database.db.select().from(blogPosts).limit(1);
    const names = Array.from({ length: 8 }, (_, i) => `src-${i}`);
    await demo.database.db.insert(blogPosts).values(
      Array.from({ length: 40 }, (_, i) => ({
        id: randomUUID(),
        websiteId: DEMO_WEBSITE_ID,
        collectionId: post!.collectionId,
        urlId: `load-${i}`,
        title: `Load ${i}`,
        tags: [names[i % 8]!, names[(i + 3) % 8]!, 'keep'],
      })),
    );
    // Eight merges at once, each of one source into the same target, plus a chained one.
    await Promise.all([
      ...names.map((n) => mergeTags(demo.database.db, DEMO_WEBSITE_ID, 'blog', 'tag', [n], 'merged')),
      mergeTags(demo.database.db, DEMO_WEBSITE_ID, 'blog', 'tag', ['merged'], 'final'),
    ]);
    await mergeTags(demo.database.db, DEMO_WEBSITE_ID, 'blog', 'tag', ['merged'], 'final');
    const rows = (await demo.database.db.select().from(blogPosts)).filter((p) => p.urlId.startsWith('load-'));
    for (const row of rows) expect(row.tags).toEqual(['final', 'keep']);
  });
});
