import { mergeNames, sameTag, tagMessages, type TagType, type TagView } from '@site/page-content';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { blogPosts, blogTags } from '../db/schema';
import { EditorError, isUniqueViolation } from '../editor/http';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

const exists = (type: TagType) => new EditorError(409, 'TAG_EXISTS', tagMessages.exists(type), [{ path: ['name'], message: tagMessages.exists(type) }]);
const missing = (type: TagType) => new EditorError(404, 'TAG_NOT_FOUND', tagMessages.notFound(type));
const column = (type: TagType) => (type === 'tag' ? blogPosts.tags : blogPosts.categories);
const lowerList = (names: readonly string[]) => names.map((n) => n.trim().toLocaleLowerCase('en'));

/** The manager's tags (or categories): those it knows and those posts carry, with post counts. */
export async function listTags(db: Database, websiteId: string, type: TagType): Promise<TagView[]> {
  const col = column(type);
  const used = await db.execute<{ name: string; count: number }>(
    sql`select e.value as name, count(*)::int as count from ${blogPosts}, jsonb_array_elements_text(${col}) as e(value) where ${blogPosts.websiteId} = ${websiteId} group by e.value`,
  );
  const known = await db.select({ name: blogTags.name }).from(blogTags).where(and(eq(blogTags.websiteId, websiteId), eq(blogTags.type, type)));
  const views: TagView[] = known.map((k) => ({ name: k.name, count: 0 }));
  for (const row of rowsOf<{ name: string; count: number }>(used)) {
    const view = views.find((v) => sameTag(v.name, row.name));
    if (view) view.count += Number(row.count);
    else views.push({ name: row.name, count: Number(row.count) });
  }
  return views.sort((a, b) => a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }));
}

/** drizzle's execute answers rows directly (PGlite) or as `{ rows }` (postgres driver). */
function rowsOf<T>(result: unknown): T[] {
  return Array.isArray(result) ? (result as T[]) : ((result as { rows: T[] }).rows ?? []);
}

async function knownOrUsed(tx: Tx, websiteId: string, type: TagType, name: string): Promise<boolean> {
  const [known] = await tx
    .select({ name: blogTags.name })
    .from(blogTags)
    .where(and(eq(blogTags.websiteId, websiteId), eq(blogTags.type, type), sql`lower(${blogTags.name}) = ${name.trim().toLocaleLowerCase('en')}`));
  if (known) return true;
  const col = column(type);
  const used = await tx.execute(
    sql`select 1 from ${blogPosts}, jsonb_array_elements_text(${col}) as e(value) where ${blogPosts.websiteId} = ${websiteId} and lower(e.value) = ${name.trim().toLocaleLowerCase('en')} limit 1`,
  );
  return rowsOf(used).length > 0;
}

export async function createTag(db: Database, websiteId: string, type: TagType, name: string): Promise<TagView> {
  const trimmed = name.trim();
  try {
    await db.transaction(async (tx) => {
      if (await knownOrUsed(tx, websiteId, type, trimmed)) throw exists(type);
      await tx.insert(blogTags).values({ websiteId, type, name: trimmed });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw exists(type);
    throw error;
  }
  return { name: trimmed, count: 0 };
}

/**
 * Rewrites every post carrying one of `from` so it carries `into` instead (once), and the known
 * names with it, in one transaction. The posts are locked as they are read (FOR UPDATE), so a
 * concurrent merge or rename waits and then works on what this one wrote: no post keeps a merged
 * name and none is lost.
 */
async function rewrite(tx: Tx, websiteId: string, type: TagType, from: readonly string[], into: string | undefined): Promise<number> {
  const col = column(type);
  const lowered = lowerList(from);
  const posts = await tx
    .select({ id: blogPosts.id, names: col })
    .from(blogPosts)
    .where(
      and(
        eq(blogPosts.websiteId, websiteId),
        sql`exists (select 1 from jsonb_array_elements_text(${col}) as e(value) where lower(e.value) in (${sql.join(lowered.map((l) => sql`${l}`), sql`, `)}))`,
      ),
    )
    .orderBy(blogPosts.id)
    .for('update');
  for (const post of posts) {
    const names = into === undefined ? post.names.filter((n) => !from.some((f) => sameTag(f, n))) : mergeNames(post.names, from, into);
    await tx
      .update(blogPosts)
      .set({ [type === 'tag' ? 'tags' : 'categories']: names, version: sql`${blogPosts.version} + 1`, updatedAt: new Date() })
      .where(eq(blogPosts.id, post.id));
  }
  await tx
    .delete(blogTags)
    .where(and(eq(blogTags.websiteId, websiteId), eq(blogTags.type, type), sql`lower(${blogTags.name}) in (${sql.join(lowered.map((l) => sql`${l}`), sql`, `)})`));
  return posts.length;
}

async function ensureKnown(tx: Tx, websiteId: string, type: TagType, name: string) {
  await tx
    .insert(blogTags)
    .values({ websiteId, type, name })
    .onConflictDoNothing();
}

export async function renameTag(db: Database, websiteId: string, type: TagType, from: string, to: string): Promise<{ moved: number }> {
  const target = to.trim();
  return db.transaction(async (tx) => {
    if (!(await knownOrUsed(tx, websiteId, type, from))) throw missing(type);
    // Renaming to itself with another case is allowed; to another existing name is a merge, not a rename.
    if (!sameTag(from, target) && (await knownOrUsed(tx, websiteId, type, target))) throw exists(type);
    const moved = await rewrite(tx, websiteId, type, [from], target);
    await ensureKnown(tx, websiteId, type, target);
    return { moved };
  });
}

export async function mergeTags(db: Database, websiteId: string, type: TagType, from: readonly string[], into: string): Promise<{ moved: number }> {
  const target = into.trim();
  return db.transaction(async (tx) => {
    const moved = await rewrite(tx, websiteId, type, from, target);
    await ensureKnown(tx, websiteId, type, target);
    return { moved };
  });
}

export async function removeTags(db: Database, websiteId: string, type: TagType, names: readonly string[]): Promise<{ moved: number }> {
  return db.transaction(async (tx) => ({ moved: await rewrite(tx, websiteId, type, names, undefined) }));
}
