import { randomBytes } from 'node:crypto';
import {
  COVER_PAGE_TEMPLATE,
  coverPageSchema,
  emptyDocument,
  isNewCollectionKind,
  NEW_COLLECTION_PAGES,
  isValidPagePath,
  LIMITS,
  messages,
  nextFreePath,
  pricingPlanAreaRefs,
  type createPageSchema,
  type PageDocument,
  type saveDraftSchema,
  type updatePageSchema,
} from '@site/page-content';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { memberAreas, pages, redirects } from '../../db/schema';
import { loadPages, type PageRow } from '../../site/site-data';
import { isUniqueViolation } from '../../db/unique-violation';
import { recordActivity, type Actor } from '../../activity/activity-log';
import { ApiError, notFound, stale } from '../../http';
import {
  lockNavigation,
  STORED_NAVIGATIONS,
  writeChangedNavigation,
  type NavigationTrees,
} from '../../site/navigation-store';
import { appendToFolder, insertAfter, withoutPage } from '../../site/navigation-tree';
import { freePathFor, requestedPath, slugTaken } from './page-paths';
import { findRevision, recordRevision } from './revisions';
import { PAGE_TYPE } from '../../site/page-type';
import { documentPhotoFeeds, registerPhotoFeeds } from '../../photo-feeds/photo-feed-store';

const newPageId = () => `page-${randomBytes(9).toString('base64url')}`;

/** Pages the site cannot do without: they are never deleted, duplicated or moved. */
const isFixed = (page: PageRow) => page.kind === 'system' || page.path === '/';

function where(websiteId: string, id: string, version: number) {
  return and(eq(pages.id, id), eq(pages.websiteId, websiteId), eq(pages.version, version));
}

/** A versioned write that matched no row: the page is gone, or someone else wrote first. */
async function missOrStale(db: Database, websiteId: string, id: string): Promise<never> {
  const [row] = await db
    .select({ id: pages.id })
    .from(pages)
    .where(and(eq(pages.id, id), eq(pages.websiteId, websiteId)));
  throw row ? stale() : notFound();
}

function found(all: readonly PageRow[], id: string): PageRow {
  const page = all.find((p) => p.id === id);
  if (!page) throw notFound();
  return page;
}

/** The path constraint also settles a race two creates or renames run at the same moment. */
async function pathUnique<T>(path: () => string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw slugTaken(path());
    throw error;
  }
}

function placeNewPage(
  trees: NavigationTrees,
  pageId: string,
  folderId: string | undefined,
  navigation: 'mainNav' | 'notLinked',
): NavigationTrees {
  if (folderId) {
    for (const field of STORED_NAVIGATIONS) {
      const next = appendToFolder(trees[field], folderId, pageId);
      if (next) return { ...trees, [field]: next };
    }
    // The folder is not linked, so neither is its new page.
    return trees;
  }
  return navigation === 'mainNav'
    ? { ...trees, mainNav: [...trees.mainNav, { collectionId: pageId }] }
    : trees;
}

export async function getPage(db: Database, websiteId: string, id: string): Promise<PageRow> {
  const [row] = await db
    .select()
    .from(pages)
    .where(and(eq(pages.id, id), eq(pages.websiteId, websiteId)));
  if (!row) throw notFound();
  return row;
}

export async function createPage(
  db: Database,
  websiteId: string,
  input: z.output<typeof createPageSchema>,
): Promise<PageRow> {
  let path = input.path ?? '';
  return pathUnique(
    () => path,
    () =>
      db.transaction(async (tx) => {
        const all = await loadPages(tx, websiteId);
        const folder = input.parentId ? all.find((p) => p.id === input.parentId) : undefined;
        if (input.parentId && folder?.kind !== 'folder') {
          throw new ApiError(400, 'INVALID', messages.parentMustBeFolder, [
            { path: ['parentId'], message: messages.parentMustBeFolder },
          ]);
        }
        if (folder && input.kind === 'folder') {
          throw new ApiError(400, 'INVALID', messages.folderCannotHoldFolder, [
            { path: ['parentId'], message: messages.folderCannotHoldFolder },
          ]);
        }
        const taken = new Set(all.map((p) => p.path));
        path =
          input.path === undefined
            ? freePathFor(input.title, folder, taken)
            : requestedPath(folder, input.path, input.kind);
        if (taken.has(path)) throw slugTaken(path);
        const isFolder = input.kind === 'folder';
        const isCover = input.kind === 'cover';
        const collection = isNewCollectionKind(input.kind) ? NEW_COLLECTION_PAGES[input.kind] : undefined;
        const [row] = await tx
          .insert(pages)
          .values(
            collection
              ? {
                  id: newPageId(),
                  websiteId,
                  path,
                  title: input.title,
                  pageType: PAGE_TYPE.collection,
                  kind: 'collection',
                  ...collection,
                  parentId: folder?.id ?? null,
                }
              : {
                  id: newPageId(),
                  websiteId,
                  path,
                  title: input.title,
                  pageType: isFolder ? PAGE_TYPE.collection : isCover ? PAGE_TYPE.cover : PAGE_TYPE.page,
                  // A cover page is an ordinary page to navigation, paths and locks; its type and template set it apart.
                  kind: isFolder ? 'folder' : 'page',
                  templateName: isCover ? COVER_PAGE_TEMPLATE : 'page',
                  context: isCover ? { cover: coverPageSchema.parse({}) } : {},
                  parentId: folder?.id ?? null,
                  // A folder has no content of its own to hold back.
                  status: isFolder ? 'published' : 'draft',
                  folderBehavior: isFolder ? (input.folderBehavior ?? 'index') : null,
                  // A cover page is drawn from its cover settings, never from blocks.
                  draftDocument: isFolder || isCover ? null : emptyDocument(input.title),
                },
          )
          .returning();
        // A page now lives at this path, so an old redirect from it would never be reached.
        await tx
          .delete(redirects)
          .where(and(eq(redirects.websiteId, websiteId), eq(redirects.fromPath, path)));
        const trees = await lockNavigation(tx, websiteId, all);
        await writeChangedNavigation(
          tx,
          websiteId,
          trees,
          placeNewPage(trees, row!.id, folder?.id, input.navigation),
        );
        return row!;
      }),
  );
}

/** The page and, for a folder, its pages move; old URLs redirect and existing redirects follow. */
async function movePaths(
  tx: Database,
  websiteId: string,
  page: PageRow,
  to: string,
  all: readonly PageRow[],
): Promise<void> {
  const moves = [{ from: page.path, to }];
  if (page.kind === 'folder') {
    for (const child of all.filter((p) => p.parentId === page.id && p.path.startsWith(`${page.path}/`))) {
      const childTo = to + child.path.slice(page.path.length);
      moves.push({ from: child.path, to: childTo });
      await tx.update(pages).set({ path: childTo, updatedAt: new Date() }).where(eq(pages.id, child.id));
    }
  }
  for (const move of moves) {
    const site = eq(redirects.websiteId, websiteId);
    // Links already redirected to the old URL go straight to the new one (no chains).
    await tx
      .update(redirects)
      .set({ toPath: move.to })
      .where(and(site, eq(redirects.toPath, move.from)));
    await tx.delete(redirects).where(and(site, eq(redirects.fromPath, move.to)));
    await tx
      .insert(redirects)
      .values({ websiteId, fromPath: move.from, toPath: move.to })
      .onConflictDoUpdate({
        target: [redirects.websiteId, redirects.fromPath],
        set: { toPath: move.to, createdAt: new Date() },
      });
  }
}

export async function updatePage(
  db: Database,
  websiteId: string,
  id: string,
  input: z.output<typeof updatePageSchema>,
): Promise<PageRow> {
  let path = '';
  return pathUnique(
    () => path,
    () =>
      db.transaction(async (tx) => {
        const all = await loadPages(tx, websiteId);
        const page = found(all, id);
        if (page.version !== input.version) throw stale();
        const status = input.status ?? page.status;
        const publishAt =
          input.publishAt === undefined ? page.publishAt : input.publishAt ? new Date(input.publishAt) : null;
        if (status === 'scheduled' && !publishAt) {
          throw new ApiError(400, 'INVALID', messages.scheduleNeedsTime, [
            { path: ['publishAt'], message: messages.scheduleNeedsTime },
          ]);
        }
        path = page.path;
        if (input.path !== undefined && input.path !== page.path) {
          if (isFixed(page))
            throw new ApiError(400, 'INVALID', messages.pathIsFixed, [
              { path: ['path'], message: messages.pathIsFixed },
            ]);
          const folder = page.parentId ? all.find((p) => p.id === page.parentId) : undefined;
          path = requestedPath(folder, input.path, page.kind);
          if (all.some((p) => p.id !== id && p.path === path)) throw slugTaken(path);
        }
        if (input.cover && page.pageType !== PAGE_TYPE.cover) {
          throw new ApiError(400, 'INVALID', messages.notACoverPage, [
            { path: ['cover'], message: messages.notACoverPage },
          ]);
        }
        const [row] = await tx
          .update(pages)
          .set({
            title: input.title,
            path,
            enabled: input.enabled,
            status: input.status,
            publishAt: input.publishAt === undefined ? undefined : publishAt,
            folderBehavior: page.kind === 'folder' ? input.folderBehavior : undefined,
            description: input.description,
            seo: input.seo,
            context: input.cover ? { ...page.context, cover: input.cover } : undefined,
            version: sql`${pages.version} + 1`,
            updatedAt: new Date(),
          })
          // The version check sits in the UPDATE itself: of two writes that read the same version, one wins.
          .where(where(websiteId, id, input.version))
          .returning();
        if (!row) throw stale();
        if (path !== page.path) await movePaths(tx, websiteId, page, path, all);
        return row;
      }),
  );
}

/**
 * Every member area a Pricing plan sells is one of this site's: another site's id, or one never
 * made, is refused at the plan's field. An area the page already pointed at and since removed is
 * kept (the editor warns and the storefront shows the plan without its button), so removing an
 * area never stops its pages from saving.
 */
async function checkPlanAreas(
  tx: Pick<Database, 'select'>,
  websiteId: string,
  pageId: string,
  document: PageDocument,
): Promise<void> {
  const refs = pricingPlanAreaRefs(document);
  if (refs.length === 0) return;
  const [areas, [saved]] = await Promise.all([
    tx
      .select({ id: memberAreas.id })
      .from(memberAreas)
      .where(
        and(
          eq(memberAreas.websiteId, websiteId),
          inArray(memberAreas.id, [...new Set(refs.map((r) => r.areaId))]),
        ),
      ),
    tx
      .select({ draft: pages.draftDocument, published: pages.publishedDocument })
      .from(pages)
      .where(and(eq(pages.id, pageId), eq(pages.websiteId, websiteId))),
  ]);
  const known = new Set(areas.map((a) => a.id));
  for (const doc of [saved?.draft, saved?.published])
    if (doc) for (const r of pricingPlanAreaRefs(doc)) known.add(r.areaId);
  const unknown = refs.filter((r) => !known.has(r.areaId));
  if (unknown.length)
    throw new ApiError(
      400,
      'INVALID',
      messages.blocks.pricingUnknownArea,
      unknown.map((r) => ({ path: ['document', ...r.path], message: messages.blocks.pricingUnknownArea })),
    );
}

export async function saveDraft(
  db: Database,
  websiteId: string,
  id: string,
  input: z.output<typeof saveDraftSchema>,
  authorId: string,
): Promise<{ version: number; savedAt: string; addedPhotoFeeds: string[] }> {
  return db.transaction(async (tx) => {
    await checkPlanAreas(tx, websiteId, id, input.document);
    const at = new Date();
    const [row] = await tx
      .update(pages)
      .set({ draftDocument: input.document, version: sql`${pages.version} + 1`, updatedAt: at })
      .where(where(websiteId, id, input.version))
      .returning({ version: pages.version });
    if (!row) return missOrStale(tx, websiteId, id);
    // After the draft is written, so a feed it no longer names is let go before counting; the
    // 21st feed of the site throws and the whole save rolls back.
    const addedPhotoFeeds = await registerPhotoFeeds(tx, websiteId, documentPhotoFeeds(input.document));
    await recordRevision(tx, {
      websiteId,
      pageId: id,
      kind: 'draft',
      version: row.version,
      document: input.document,
      authorId,
      at,
    });
    return { version: row.version, savedAt: at.toISOString(), addedPhotoFeeds };
  });
}

export async function publishPage(
  db: Database,
  websiteId: string,
  id: string,
  version: number,
  author: Actor,
): Promise<PageRow> {
  return db.transaction(async (tx) => {
    const at = new Date();
    const [row] = await tx
      .update(pages)
      .set({
        publishedDocument: sql`coalesce(${pages.draftDocument}, ${pages.publishedDocument})`,
        publishedAt: at,
        // Publishing is what makes a draft public; a private or scheduled page keeps its rule.
        status: sql`case when ${pages.status} in ('draft', 'needs-review') then 'published' else ${pages.status} end`,
        version: sql`${pages.version} + 1`,
        updatedAt: at,
      })
      .where(where(websiteId, id, version))
      .returning();
    if (!row) return missOrStale(tx, websiteId, id);
    if (row.publishedDocument) {
      await recordRevision(tx, {
        websiteId,
        pageId: id,
        kind: 'published',
        version: row.version,
        document: row.publishedDocument,
        authorId: author.id,
        at,
      });
    }
    await recordActivity(tx, websiteId, author, { kind: 'page-published', subject: row.title });
    return row;
  });
}

export async function duplicatePage(db: Database, websiteId: string, id: string): Promise<PageRow> {
  let path = '';
  return pathUnique(
    () => path,
    () =>
      db.transaction(async (tx) => {
        const all = await loadPages(tx, websiteId);
        const source = found(all, id);
        if (source.kind === 'system' || source.kind === 'collection')
          throw new ApiError(409, 'CANNOT_DUPLICATE', messages.cannotDuplicateSystemPage);
        const title = `${source.title} (copy)`.slice(0, LIMITS.maxTitleLength);
        const folder = source.parentId ? all.find((p) => p.id === source.parentId) : undefined;
        const taken = new Set(all.map((p) => p.path));
        const next = source.path === '/' ? '' : nextFreePath(source.path, taken);
        path = isValidPagePath(next) ? next : freePathFor(title, folder, taken);
        const [row] = await tx
          .insert(pages)
          .values({
            ...source,
            id: newPageId(),
            title,
            path,
            navigationIndex: null,
            status: source.kind === 'folder' ? 'published' : 'draft',
            publishAt: null,
            draftDocument: source.draftDocument ?? source.publishedDocument,
            publishedDocument: null,
            publishedAt: null,
            version: 0,
            updatedAt: new Date(),
          })
          .returning();
        const trees = await lockNavigation(tx, websiteId, all);
        const after = { ...trees };
        for (const field of STORED_NAVIGATIONS) {
          const placed = insertAfter(trees[field], source.id, row!.id);
          if (placed) {
            after[field] = placed;
            break;
          }
        }
        await writeChangedNavigation(tx, websiteId, trees, after);
        return row!;
      }),
  );
}

export async function deletePage(
  db: Database,
  websiteId: string,
  id: string,
  version: number,
): Promise<void> {
  await db.transaction(async (tx) => {
    const all = await loadPages(tx, websiteId);
    const page = found(all, id);
    // The shop too: its products belong to it and would go with it.
    if (isFixed(page) || page.kind === 'collection')
      throw new ApiError(409, 'SYSTEM_PAGE', messages.cannotDeleteSystemPage);
    const [deleted] = await tx
      .delete(pages)
      .where(where(websiteId, id, version))
      .returning({ id: pages.id });
    if (!deleted) throw stale();
    // A folder's item takes its pages out of navigation with it: they become not linked.
    const trees = await lockNavigation(tx, websiteId, all);
    const after = {
      mainNav: withoutPage(trees.mainNav, id),
      secondaryNav: withoutPage(trees.secondaryNav, id),
    };
    await writeChangedNavigation(tx, websiteId, trees, after);
    await tx
      .delete(redirects)
      .where(and(eq(redirects.websiteId, websiteId), eq(redirects.toPath, page.path)));
  });
}

export async function restoreRevision(
  db: Database,
  websiteId: string,
  id: string,
  revisionId: string,
  version: number,
  authorId: string,
): Promise<PageRow> {
  return db.transaction(async (tx) => {
    const revision = await findRevision(tx, websiteId, id, revisionId);
    if (!revision) throw new ApiError(404, 'REVISION_NOT_FOUND', messages.unableToLocateContent);
    const at = new Date();
    const [row] = await tx
      .update(pages)
      .set({ draftDocument: revision.document, version: sql`${pages.version} + 1`, updatedAt: at })
      .where(where(websiteId, id, version))
      .returning();
    if (!row) return missOrStale(tx, websiteId, id);
    await recordRevision(tx, {
      websiteId,
      pageId: id,
      kind: 'restored',
      version: row.version,
      document: revision.document,
      authorId,
      at,
    });
    return row;
  });
}
