import {
  COVER_PAGE_TYPE,
  coverPageSchema,
  layoutDocument,
  readPageSeo,
  type PageDetail,
  type PageSummary,
} from '@site/page-content';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
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
interface SummaryRow {
  id: string;
  title: string;
  path: string;
  page_type: number;
  kind: PageSummary['kind'];
  collection_type: string;
  status: PageSummary['status'];
  publish_at: Date | string | null;
  enabled: boolean;
  folder_behavior: PageSummary['folderBehavior'];
  version: number;
  has_unpublished_changes: boolean;
  updated_at: Date | string;
  published_at: Date | string | null;
}

/** As the drivers hand over a timestamp (PostgreSQL's text or a Date), as the API answers it. */
const isoOf = (at: Date | string) => new Date(at).toISOString();

/**
 * Every page of the site as the editor's page tree lists it, in menu order. Read as plain rows:
 * a big store has hundreds of pages (one per store collection), and the ORM's mapping of each
 * column was a fifth of the call.
 */
export async function listPageSummaries(db: Database, websiteId: string): Promise<PageSummary[]> {
  const rows = rowsOf<SummaryRow>(
    await db.execute(sql`
      select id, title, path, page_type, kind, collection_type, status, publish_at, enabled,
        folder_behavior, version, updated_at, published_at,
        (draft_document is not null and draft_document is distinct from published_document)
          as has_unpublished_changes
      from ${pages} where website_id = ${websiteId} order by navigation_index`),
  );
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    path: r.path,
    pageType: r.page_type,
    kind: r.kind,
    collectionType: r.collection_type,
    status: r.status,
    publishAt: r.publish_at === null ? null : isoOf(r.publish_at),
    enabled: r.enabled,
    folderBehavior: r.folder_behavior,
    version: r.version,
    hasUnpublishedChanges: r.has_unpublished_changes,
    updatedAt: isoOf(r.updated_at),
    publishedAt: r.published_at === null ? null : isoOf(r.published_at),
  }));
}
