import {
  COVER_PAGE_TYPE,
  coverPageSchema,
  layoutDocument,
  readPageSeo,
  type PageDetail,
  type PageSummary,
} from '@site/page-content';
import { asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { pages } from '../../db/schema';
import type { PageRow } from '../../site/site-data';

// Both documents come back from jsonb, which stores keys in one canonical order, so equal
// documents serialise equally.
function hasUnpublishedChanges(page: PageRow): boolean {
  return (
    page.draftDocument !== null &&
    JSON.stringify(page.draftDocument) !== JSON.stringify(page.publishedDocument)
  );
}

function toSummary(page: PageRow): PageSummary {
  return {
    id: page.id,
    title: page.title,
    path: page.path,
    pageType: page.pageType,
    kind: page.kind,
    collectionType: page.collectionType,
    status: page.status,
    publishAt: page.publishAt?.toISOString() ?? null,
    enabled: page.enabled,
    folderBehavior: page.folderBehavior,
    version: page.version,
    hasUnpublishedChanges: hasUnpublishedChanges(page),
    updatedAt: page.updatedAt.toISOString(),
    publishedAt: page.publishedAt?.toISOString() ?? null,
  };
}

export function toDetail(page: PageRow): PageDetail {
  return {
    ...toSummary(page),
    description: page.description,
    seo: readPageSeo(page.seo),
    // A page built from its template alone (the home page, the shop) starts with an empty document.
    // Laid out on the way to the editor: a page saved before sections had a grid opens as full-width
    // rows, and is stored that way with the owner's next edit.
    draft: layoutDocument(page.draftDocument ?? page.publishedDocument ?? { sections: [] }),
    published: page.publishedDocument && layoutDocument(page.publishedDocument),
    ...(page.pageType === COVER_PAGE_TYPE ? { cover: storedCover(page) } : {}),
  };
}

/** Settings stored before a rule tightened still open in the editor, as the defaults. */
function storedCover(page: PageRow) {
  const parsed = coverPageSchema.safeParse(page.context.cover ?? {});
  return parsed.success ? parsed.data : coverPageSchema.parse({});
}

/**
 * Every page of the site as the pages list shows it, read without the documents: a site of 500
 * store collections read and compared 500 drafts and published documents for the list, most of
 * its time. Whether a page has unpublished changes is the same jsonb comparison, made in the query.
 */
export async function listPageSummaries(db: Database, websiteId: string): Promise<PageSummary[]> {
  const rows = await db
    .select({
      id: pages.id,
      title: pages.title,
      path: pages.path,
      pageType: pages.pageType,
      kind: pages.kind,
      collectionType: pages.collectionType,
      status: pages.status,
      publishAt: pages.publishAt,
      enabled: pages.enabled,
      folderBehavior: pages.folderBehavior,
      version: pages.version,
      hasUnpublishedChanges: sql<boolean>`(${pages.draftDocument} is not null and ${pages.draftDocument} is distinct from ${pages.publishedDocument})`,
      updatedAt: pages.updatedAt,
      publishedAt: pages.publishedAt,
    })
    .from(pages)
    .where(eq(pages.websiteId, websiteId))
    .orderBy(asc(pages.navigationIndex));
  return rows.map((r) => ({
    ...r,
    publishAt: r.publishAt?.toISOString() ?? null,
    updatedAt: r.updatedAt.toISOString(),
    publishedAt: r.publishedAt?.toISOString() ?? null,
  }));
}
