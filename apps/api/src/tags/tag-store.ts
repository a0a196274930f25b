import {
  mergeNames,
  sameTag,
  tagMessages,
  type TagCollection,
  type TagType,
  type TagView,
} from '@site/page-content';
import { EDITOR_LIMITS, fillMessage } from '@site/commerce-core';
import { adminMessages } from '@site/commerce-core/admin';
import { and, eq, sql } from 'drizzle-orm';
import type { Database, Tx } from '../db/client';
import { blogPosts, blogTags, products, productTags, tagCounts } from '../db/schema';
import { rowsOf } from '../db/rows';
import { isUniqueViolation } from '../db/unique-violation';
import { ApiError } from '../http';

// One collator for the sort: `localeCompare` with options builds one on each comparison.
const byNameOrder = new Intl.Collator('en', { sensitivity: 'base' }).compare;

/**
 * Where a collection keeps its names: the items carrying them (`tags` / `categories` columns) and
 * the known names the manager creates before any item carries them. Posts bump their version on a
 * rewrite (the post form saves their tags); products do not, because the product form never saves
 * tags and a bump would refuse a product form left open across a merge.
 */
const TARGETS = {
  blog: { items: blogPosts, known: blogTags, bumpsVersion: true },
  products: { items: products, known: productTags, bumpsVersion: false },
} as const;

const exists = (type: TagType) =>
  new ApiError(409, 'TAG_EXISTS', tagMessages.exists(type), [
    { path: ['name'], message: tagMessages.exists(type) },
  ]);
/** platform.md §9: nested categories limit, the store's categories counted as the manager lists them. */
const categoriesFull = () =>
  new ApiError(
    409,
    'CATEGORY_LIMIT',
    fillMessage(adminMessages.categoriesLimit, {
      max: EDITOR_LIMITS.nestedCategoriesLimit.toLocaleString('en-US'),
    }),
  );
const missing = (type: TagType) => new ApiError(404, 'TAG_NOT_FOUND', tagMessages.notFound(type));
const lower = (name: string) => name.trim().toLocaleLowerCase('en');
const lowerIn = (names: readonly string[]) =>
  sql.join(
    names.map((n) => sql`${lower(n)}`),
    sql`, `,
  );

function target(collection: TagCollection, type: TagType) {
  const t = TARGETS[collection];
  return {
    ...t,
    column: type === 'tag' ? t.items.tags : t.items.categories,
    field: type === 'tag' ? 'tags' : 'categories',
  };
}

/** The names items of a collection carry, with how many carry each (kept by triggers, migration 0065). */
const carried = (websiteId: string, collection: TagCollection, type: TagType) =>
  and(
    eq(tagCounts.websiteId, websiteId),
    eq(tagCounts.collection, collection),
    eq(tagCounts.type, type),
    sql`${tagCounts.items} > 0`,
  )!;

/**
 * The manager's tags (or categories): those it knows and those items carry, with item counts. The
 * counts are read from `tag_counts`, one row per name, not from the items.
 */
export async function listTags(
  db: Database,
  websiteId: string,
  collection: TagCollection,
  type: TagType,
): Promise<TagView[]> {
  const { known } = target(collection, type);
  const [used, names] = await Promise.all([
    db
      .select({ name: tagCounts.name, count: tagCounts.items })
      .from(tagCounts)
      .where(carried(websiteId, collection, type))
      // Byte order, so the spelling shown for names differing only in case is the same everywhere.
      .orderBy(sql`${tagCounts.name} collate "C"`),
    db
      .select({ name: known.name })
      .from(known)
      .where(and(eq(known.websiteId, websiteId), eq(known.type, type))),
  ]);
  const views: TagView[] = names.map((k) => ({ name: k.name, count: 0 }));
  const byName = new Map(views.map((v) => [lower(v.name), v]));
  for (const row of used) {
    const key = lower(row.name);
    const view = byName.get(key);
    if (view) view.count += Number(row.count);
    else {
      const added = { name: row.name, count: Number(row.count) };
      views.push(added);
      byName.set(key, added);
    }
  }
  return views.sort((a, b) => byNameOrder(a.name, b.name));
}

async function knownOrUsed(
  tx: Tx,
  websiteId: string,
  collection: TagCollection,
  type: TagType,
  name: string,
): Promise<boolean> {
  const { known } = target(collection, type);
  const [found] = await tx
    .select({ name: known.name })
    .from(known)
    .where(
      and(eq(known.websiteId, websiteId), eq(known.type, type), sql`lower(${known.name}) = ${lower(name)}`),
    );
  if (found) return true;
  const [used] = await tx
    .select({ name: tagCounts.name })
    .from(tagCounts)
    .where(and(carried(websiteId, collection, type), sql`lower(${tagCounts.name}) = ${lower(name)}`))
    .limit(1);
  return used !== undefined;
}

/** The distinct names (whatever their case) the manager lists for a collection's `type`. */
async function countNames(tx: Tx, websiteId: string, collection: TagCollection, type: TagType) {
  const { known } = target(collection, type);
  const [row] = rowsOf<{ n: number }>(
    await tx.execute(
      sql`select count(*)::int as n from (select lower(${known.name}) from ${known} where ${known.websiteId} = ${websiteId} and ${known.type} = ${type} union select lower(${tagCounts.name}) from ${tagCounts} where ${carried(websiteId, collection, type)}) as names`,
    ),
  );
  return Number(row?.n ?? 0);
}

/**
 * Refuses new category names for a store past its limit. `names` are the ones about to be added;
 * those the store already has never count against it. Additions of one site queue on an advisory
 * lock, so two at once cannot both take the last place.
 */
export async function checkCategoryRoom(tx: Tx, websiteId: string, names: readonly string[]) {
  if (names.length === 0) return;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`product-categories:${websiteId}`}))`);
  const fresh: string[] = [];
  for (const name of names)
    if (!(await knownOrUsed(tx, websiteId, 'products', 'category', name))) fresh.push(lower(name));
  const adding = new Set(fresh).size;
  if (adding === 0) return;
  if (
    (await countNames(tx, websiteId, 'products', 'category')) + adding >
    EDITOR_LIMITS.nestedCategoriesLimit
  )
    throw categoriesFull();
}

export async function createTag(
  db: Database,
  websiteId: string,
  collection: TagCollection,
  type: TagType,
  name: string,
): Promise<TagView> {
  const trimmed = name.trim();
  const { known } = TARGETS[collection];
  try {
    await db.transaction(async (tx) => {
      if (await knownOrUsed(tx, websiteId, collection, type, trimmed)) throw exists(type);
      if (collection === 'products' && type === 'category') await checkCategoryRoom(tx, websiteId, [trimmed]);
      await tx.insert(known).values({ websiteId, type, name: trimmed });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw exists(type);
    throw error;
  }
  return { name: trimmed, count: 0 };
}

/**
 * Rewrites every item carrying one of `from` so it carries `into` instead (once), and the known
 * names with it, in one transaction. The items are locked as they are read (FOR UPDATE, id order),
 * so a concurrent merge or rename waits and then works on what this one wrote: no item keeps a
 * merged name and none is lost.
 */
async function rewrite(
  tx: Tx,
  websiteId: string,
  collection: TagCollection,
  type: TagType,
  from: readonly string[],
  into: string | undefined,
): Promise<number> {
  const { items, known, column, field, bumpsVersion } = target(collection, type);
  // Names no item carries (only known ones) need no read of the items.
  const [anyCarried] = await tx
    .select({ name: tagCounts.name })
    .from(tagCounts)
    .where(and(carried(websiteId, collection, type), sql`lower(${tagCounts.name}) in (${lowerIn(from)})`))
    .limit(1);
  const locked = !anyCarried
    ? []
    : rowsOf<{ id: string; names: string[] }>(
        await tx.execute(
          sql`select ${items.id} as id, ${column} as names from ${items} where ${items.websiteId} = ${websiteId} and exists (select 1 from jsonb_array_elements_text(${column}) as e(value) where lower(e.value) in (${lowerIn(from)})) order by ${items.id} for update`,
        ),
      );
  for (const item of locked) {
    const names =
      into === undefined
        ? item.names.filter((n) => !from.some((f) => sameTag(f, n)))
        : mergeNames(item.names, from, into);
    const version = bumpsVersion ? sql`, version = version + 1, updated_at = now()` : sql``;
    await tx.execute(
      sql`update ${items} set ${sql.identifier(field)} = ${JSON.stringify(names)}::jsonb${version} where ${items.id} = ${item.id}`,
    );
  }
  await tx
    .delete(known)
    .where(
      and(
        eq(known.websiteId, websiteId),
        eq(known.type, type),
        sql`lower(${known.name}) in (${lowerIn(from)})`,
      ),
    );
  return locked.length;
}

async function ensureKnown(
  tx: Tx,
  websiteId: string,
  collection: TagCollection,
  type: TagType,
  name: string,
) {
  await tx.insert(TARGETS[collection].known).values({ websiteId, type, name }).onConflictDoNothing();
}

export async function renameTag(
  db: Database,
  websiteId: string,
  collection: TagCollection,
  type: TagType,
  from: string,
  to: string,
): Promise<{ moved: number }> {
  const name = to.trim();
  return db.transaction(async (tx) => {
    if (!(await knownOrUsed(tx, websiteId, collection, type, from))) throw missing(type);
    // Renaming to itself with another case is allowed; to another existing name is a merge, not a rename.
    if (!sameTag(from, name) && (await knownOrUsed(tx, websiteId, collection, type, name)))
      throw exists(type);
    const moved = await rewrite(tx, websiteId, collection, type, [from], name);
    await ensureKnown(tx, websiteId, collection, type, name);
    return { moved };
  });
}

export async function mergeTags(
  db: Database,
  websiteId: string,
  collection: TagCollection,
  type: TagType,
  from: readonly string[],
  into: string,
): Promise<{ moved: number }> {
  const name = into.trim();
  return db.transaction(async (tx) => {
    const moved = await rewrite(tx, websiteId, collection, type, from, name);
    await ensureKnown(tx, websiteId, collection, type, name);
    return { moved };
  });
}

export async function removeTags(
  db: Database,
  websiteId: string,
  collection: TagCollection,
  type: TagType,
  names: readonly string[],
): Promise<{ moved: number }> {
  return db.transaction(async (tx) => ({
    moved: await rewrite(tx, websiteId, collection, type, names, undefined),
  }));
}
