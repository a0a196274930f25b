import type { TagCollection, TagType } from '@site/page-content';
import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseTargets } from '../../test/databases';
import type { DatabaseHandle } from '../db/client';
import { rowsOf } from '../db/rows';
import { blogPosts, products, websites } from '../db/schema';
import { createTag, listTags, mergeTags, removeTags, renameTag } from './tag-store';

/**
 * Migration 0065: the tag manager and the name pickers read per-name counts that row triggers on
 * products and blog posts keep in the writing transaction. They must equal a fresh count of the
 * items after any mix of writes, and concurrent writers must neither lose a count nor deadlock.
 */
const targets = await databaseTargets();
const SITE = 'names';
const OTHER = 'names-other';
const NAMES = ['Oak', 'oak', 'linen', 'Clay', 'gift idea'] as const;
const CATEGORIES = ['Kitchen', 'Bags'] as const;

describe.each(targets)('kept tag and category counts on $name', (target) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await target.open();
    await handle.db.insert(websites).values([
      { id: SITE, title: 'Names' },
      { id: OTHER, title: 'Other' },
    ]);
    for (const site of [SITE, OTHER])
      await handle.db.execute(
        sql`insert into pages (id, website_id, path, title, page_type, collection_type, template_name, item_template_name, kind)
            values (${`${site}-store`}, ${site}, '/store', 'Store', 1, 'products', 'products-list', 'product-item', 'collection'),
                   (${`${site}-blog`}, ${site}, '/blog', 'Blog', 1, 'blog', 'blog-list', 'blog-item', 'collection')`,
      );
    // Migrating a fresh PGlite takes over a minute on a loaded 2-core machine.
  }, 180_000);
  afterAll(() => handle?.close());

  const reset = async () => {
    await handle.db.delete(products).where(eq(products.websiteId, SITE));
    await handle.db.delete(blogPosts).where(eq(blogPosts.websiteId, SITE));
  };
  const product = (id: string, tags: string[], categories: string[] = [], site = SITE) => ({
    id,
    websiteId: site,
    collectionId: `${site}-store`,
    urlId: id,
    title: id,
    productType: 1,
    tags,
    categories,
  });
  const post = (id: string, tags: string[], categories: string[] = []) => ({
    id,
    websiteId: SITE,
    collectionId: `${SITE}-blog`,
    urlId: id,
    title: id,
    tags,
    categories,
  });
  /** What the manager shows, names compared without case as it merges them. */
  const shown = async (collection: TagCollection, type: TagType) =>
    Object.fromEntries(
      (await listTags(handle.db, SITE, collection, type))
        .filter((t) => t.count > 0)
        .map((t) => [t.name.toLowerCase(), t.count]),
    );
  /** The count the manager made before 0065: every item's names unnested. */
  const recounted = async (collection: TagCollection, type: TagType) => {
    const table = collection === 'products' ? 'products' : 'blog_posts';
    const column = type === 'tag' ? 'tags' : 'categories';
    const rows = rowsOf<{ name: string; n: number }>(
      await handle.db.execute(
        sql`select lower(e) as name, count(*)::int as n from ${sql.identifier(table)}, jsonb_array_elements_text(${sql.identifier(column)}) e where website_id = ${SITE} group by lower(e)`,
      ),
    );
    return Object.fromEntries(rows.map((r) => [r.name, Number(r.n)]));
  };
  const allMatch = async () => {
    for (const collection of ['products', 'blog'] as const)
      for (const type of ['tag', 'category'] as const)
        expect(await shown(collection, type)).toEqual(await recounted(collection, type));
  };

  it('counts each name through adds, edits, case variants, merges, renames and deletes', async () => {
    await reset();
    const db = handle.db;
    await db
      .insert(products)
      .values([
        product('p1', ['Oak', 'linen'], ['Kitchen']),
        product('p2', ['oak'], ['Kitchen', 'Bags']),
        product('p3', [], []),
      ]);
    await db.insert(blogPosts).values(post('b1', ['oak'], ['Kitchen']));
    // Another site's items never count here.
    await db.insert(products).values(product('o1', ['Oak', 'linen'], ['Kitchen'], OTHER));
    expect(await listTags(db, SITE, 'products', 'tag')).toEqual([
      { name: 'linen', count: 1 },
      { name: 'Oak', count: 2 },
    ]);
    expect(await listTags(db, SITE, 'products', 'category')).toEqual([
      { name: 'Bags', count: 1 },
      { name: 'Kitchen', count: 2 },
    ]);
    expect(await listTags(db, SITE, 'blog', 'tag')).toEqual([{ name: 'oak', count: 1 }]);
    // A write that leaves the names alone changes no count; one that moves a name moves its count.
    await db.update(products).set({ title: 'Renamed' }).where(eq(products.id, 'p1'));
    await db
      .update(products)
      .set({ tags: ['linen'] })
      .where(eq(products.id, 'p2'));
    await allMatch();
    expect(await shown('products', 'tag')).toEqual({ oak: 1, linen: 2 });
    // A known name no item carries is listed with 0, and one made known keeps its count.
    await createTag(db, SITE, 'products', 'tag', 'Walnut');
    expect(await listTags(db, SITE, 'products', 'tag')).toContainEqual({ name: 'Walnut', count: 0 });
    await mergeTags(db, SITE, 'products', 'tag', ['oak', 'Walnut'], 'linen');
    expect(await listTags(db, SITE, 'products', 'tag')).toEqual([{ name: 'linen', count: 2 }]);
    await renameTag(db, SITE, 'products', 'tag', 'linen', 'Flax');
    expect(await listTags(db, SITE, 'products', 'tag')).toEqual([{ name: 'Flax', count: 2 }]);
    await removeTags(db, SITE, 'products', 'category', ['kitchen']);
    expect(await listTags(db, SITE, 'products', 'category')).toEqual([{ name: 'Bags', count: 1 }]);
    await db.delete(products).where(eq(products.id, 'p2'));
    await db.delete(blogPosts).where(eq(blogPosts.id, 'b1'));
    await allMatch();
    expect(await listTags(db, SITE, 'products', 'category')).toEqual([]);
    expect(await listTags(db, SITE, 'blog', 'tag')).toEqual([]);
    expect(await listTags(db, OTHER, 'products', 'tag')).toEqual([
      { name: 'linen', count: 1 },
      { name: 'Oak', count: 1 },
    ]);
  });

  it('equals a fresh count after any sequence of adds, edits, merges and deletes', async () => {
    const names = fc.uniqueArray(fc.constantFrom(...NAMES), { maxLength: 3 });
    const categories = fc.uniqueArray(fc.constantFrom(...CATEGORIES), { maxLength: 2 });
    const op = fc.oneof(
      fc.record({
        kind: fc.constant('add' as const),
        blog: fc.boolean(),
        tags: names,
        categories,
      }),
      fc.record({ kind: fc.constant('edit' as const), at: fc.nat(), tags: names, categories }),
      fc.record({
        kind: fc.constant('merge' as const),
        from: fc.constantFrom(...NAMES),
        into: fc.constantFrom(...NAMES),
      }),
      fc.record({ kind: fc.constant('delete' as const), at: fc.nat() }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(op, { maxLength: 10 }), async (ops) => {
        await reset();
        const ids: { id: string; blog: boolean }[] = [];
        for (const [n, o] of ops.entries()) {
          const item = ids['at' in o ? o.at % Math.max(ids.length, 1) : 0];
          if (o.kind === 'add') {
            const id = `i${n}`;
            ids.push({ id, blog: o.blog });
            if (o.blog) await handle.db.insert(blogPosts).values(post(id, o.tags, o.categories));
            else await handle.db.insert(products).values(product(id, o.tags, o.categories));
          } else if (o.kind === 'merge') {
            await mergeTags(handle.db, SITE, 'products', 'tag', [o.from], o.into);
            await mergeTags(handle.db, SITE, 'blog', 'tag', [o.from], o.into);
          } else if (item && o.kind === 'edit') {
            const table = item.blog ? blogPosts : products;
            await handle.db
              .update(table)
              .set({ tags: o.tags, categories: o.categories })
              .where(eq(table.id, item.id));
          } else if (item && o.kind === 'delete') {
            const table = item.blog ? blogPosts : products;
            await handle.db.delete(table).where(eq(table.id, item.id));
            ids.splice(ids.indexOf(item), 1);
          }
        }
        await allMatch();
      }),
      { numRuns: 15 },
    );
  }, 120_000);

  it('loses no count and deadlocks no writer when many writes of the same names commit at once', async () => {
    await reset();
    const writers = 60;
    await handle.db
      .insert(products)
      .values(Array.from({ length: writers }, (_, i) => product(`c${i}`, ['Oak'], ['Bags'])));
    // Each writer moves its product's names, half of them listing the same names in the other order.
    await Promise.all(
      Array.from({ length: writers }, (_, i) =>
        handle.db.transaction(async (tx) => {
          await tx
            .update(products)
            .set({
              tags: i % 2 ? ['linen', 'Clay', 'gift idea'] : ['gift idea', 'Clay', 'linen'],
              categories: i % 2 ? ['Kitchen', 'Bags'] : ['Bags', 'Kitchen'],
            })
            .where(eq(products.id, `c${i}`));
          await tx.insert(products).values(product(`n${i}`, ['Clay', 'linen'], ['Kitchen']));
        }),
      ),
    );
    expect(await shown('products', 'tag')).toEqual({
      clay: 2 * writers,
      linen: 2 * writers,
      'gift idea': writers,
    });
    expect(await shown('products', 'category')).toEqual({ kitchen: 2 * writers, bags: writers });
    // A rolled-back write counts for nothing.
    await expect(
      handle.db.transaction(async (tx) => {
        await tx.insert(products).values(product('gone', ['Oak']));
        await tx.delete(products).where(eq(products.id, 'c0'));
        throw new Error('abandoned');
      }),
    ).rejects.toThrow('abandoned');
    await allMatch();
  }, 120_000);
});
