import { randomBytes } from 'node:crypto';
import {
  COMPONENT_LIMITS,
  componentIdsIn,
  isInUse,
  messages,
  nestingMessage,
  nestingProblem,
  type Block,
  type ComponentUsage,
  type createComponentSchema,
  type PageDocument,
  type updateComponentSchema,
  type WebsiteComponent,
} from '@site/page-content';
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../db/client';
import { pages, siteComponents } from '../db/schema';
import { ApiError } from '../http';

type Row = typeof siteComponents.$inferSelect;
type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

const newComponentId = () => `cmp-${randomBytes(9).toString('base64url')}`;
const missing = () => new ApiError(404, 'COMPONENT_NOT_FOUND', messages.components.notFound);
const staleComponent = () => new ApiError(409, 'STALE_VERSION', messages.components.stale);

const placedIn = (document: PageDocument | null): string[] =>
  document ? document.sections.flatMap((s) => componentIdsIn(s.blocks)) : [];

/** Where each component is placed: pages by their draft or published document, and other components. */
async function usageOf(db: Database | Tx, websiteId: string, rows: readonly Row[]) {
  const pageRows = await db
    .select({
      id: pages.id,
      title: pages.title,
      draft: pages.draftDocument,
      published: pages.publishedDocument,
    })
    .from(pages)
    .where(eq(pages.websiteId, websiteId));
  const usage = new Map<string, ComponentUsage>(rows.map((r) => [r.id, { pages: [], components: [] }]));
  for (const page of pageRows) {
    for (const id of new Set([...placedIn(page.draft), ...placedIn(page.published)]))
      usage.get(id)?.pages.push({ id: page.id, title: page.title });
  }
  for (const row of rows) {
    for (const id of componentIdsIn(row.blocks))
      usage.get(id)?.components.push({ id: row.id, name: row.name });
  }
  return usage;
}

const toComponent = (row: Row, usage: ComponentUsage): WebsiteComponent => ({
  id: row.id,
  name: row.name,
  blocks: row.blocks,
  version: row.version,
  updatedAt: row.updatedAt.toISOString(),
  usage,
});

async function siteRows(db: Database | Tx, websiteId: string): Promise<Row[]> {
  return db
    .select()
    .from(siteComponents)
    .where(eq(siteComponents.websiteId, websiteId))
    .orderBy(siteComponents.name, siteComponents.id);
}

/** The site's components by name, each with where it is used. */
export async function listComponents(db: Database, websiteId: string): Promise<WebsiteComponent[]> {
  const rows = await siteRows(db, websiteId);
  const usage = await usageOf(db, websiteId, rows);
  return rows.map((row) => toComponent(row, usage.get(row.id)!));
}

/** The site's components by id, for rendering pages: name and blocks. */
export async function componentsById(
  db: Database,
  websiteId: string,
): Promise<Map<string, { name: string; blocks: Block[] }>> {
  const rows = await db
    .select({ id: siteComponents.id, name: siteComponents.name, blocks: siteComponents.blocks })
    .from(siteComponents)
    .where(eq(siteComponents.websiteId, websiteId));
  return new Map(rows.map((r) => [r.id, { name: r.name, blocks: r.blocks }]));
}

/**
 * Refuses blocks that would place a component of another site or none (they would show nothing), a
 * loop or a chain deeper than the limit, judged against the site's components with this one changed.
 */
function checkNesting(rows: readonly Row[], id: string, name: string, blocks: readonly Block[]): void {
  const known = new Set([...rows.map((r) => r.id), id]);
  const unknown = componentIdsIn(blocks).find((other) => !known.has(other));
  if (unknown !== undefined)
    throw new ApiError(400, 'COMPONENT_NOT_FOUND', messages.components.notFound, [
      { path: ['blocks'], message: messages.components.notFound },
    ]);
  // The changed component first, so a loop is named starting from the one the owner is saving.
  const graph = new Map([[id, componentIdsIn(blocks)]]);
  for (const r of rows) if (r.id !== id) graph.set(r.id, componentIdsIn(r.blocks));
  const problem = nestingProblem(graph);
  if (problem) {
    const names = new Map(rows.map((r) => [r.id, r.name]));
    names.set(id, name);
    throw new ApiError(
      400,
      problem.kind === 'cycle' ? 'COMPONENT_CYCLE' : 'COMPONENT_TOO_DEEP',
      nestingMessage(problem, names),
    );
  }
}

/** Serialises a site's component writes, so two saves cannot each build half of a loop unseen. */
async function lockSite(tx: Tx, websiteId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`site_components:${websiteId}`}))`);
}

export async function createComponent(
  db: Database,
  websiteId: string,
  input: z.output<typeof createComponentSchema>,
): Promise<WebsiteComponent> {
  return db.transaction(async (tx) => {
    await lockSite(tx, websiteId);
    const rows = await siteRows(tx, websiteId);
    if (rows.length >= COMPONENT_LIMITS.maxPerSite)
      throw new ApiError(
        409,
        'TOO_MANY_COMPONENTS',
        messages.components.tooMany(COMPONENT_LIMITS.maxPerSite),
      );
    const id = newComponentId();
    checkNesting(rows, id, input.name, input.blocks);
    const [row] = await tx
      .insert(siteComponents)
      .values({ id, websiteId, name: input.name, blocks: input.blocks })
      .returning();
    return toComponent(row!, { pages: [], components: [] });
  });
}

/** Rename or edit: live at once on every page that places it; 409 when someone saved after `version`. */
export async function updateComponent(
  db: Database,
  websiteId: string,
  id: string,
  input: z.output<typeof updateComponentSchema>,
): Promise<WebsiteComponent> {
  return db.transaction(async (tx) => {
    await lockSite(tx, websiteId);
    const rows = await siteRows(tx, websiteId);
    const current = rows.find((r) => r.id === id);
    if (!current) throw missing();
    if (current.version !== input.version) throw staleComponent();
    const name = input.name ?? current.name;
    const blocks = input.blocks ?? current.blocks;
    checkNesting(rows, id, name, blocks);
    const [row] = await tx
      .update(siteComponents)
      .set({ name, blocks, version: sql`${siteComponents.version} + 1`, updatedAt: new Date() })
      .where(and(eq(siteComponents.id, id), eq(siteComponents.version, input.version)))
      .returning();
    if (!row) throw staleComponent();
    const usage = await usageOf(
      tx,
      websiteId,
      rows.map((r) => (r.id === id ? row : r)),
    );
    return toComponent(row, usage.get(id)!);
  });
}

/**
 * Deletes a component no page or component places; one in use is refused with where it is used,
 * since deleting it would blank a part of those pages without the owner seeing which.
 */
export async function deleteComponent(
  db: Database,
  websiteId: string,
  id: string,
  version: number,
): Promise<void> {
  await db.transaction(async (tx) => {
    await lockSite(tx, websiteId);
    const rows = await siteRows(tx, websiteId);
    const current = rows.find((r) => r.id === id);
    if (!current) throw missing();
    if (current.version !== version) throw staleComponent();
    const usage = (await usageOf(tx, websiteId, rows)).get(id)!;
    if (isInUse(usage)) {
      const where = [...usage.pages.map((p) => p.title), ...usage.components.map((c) => c.name)];
      throw new ApiError(409, 'COMPONENT_IN_USE', messages.components.inUse(where), { usage });
    }
    await tx
      .delete(siteComponents)
      .where(and(eq(siteComponents.websiteId, websiteId), eq(siteComponents.id, id)));
  });
}
