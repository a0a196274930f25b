import {
  COVER_PAGE_TYPE,
  coverPageSchema,
  layoutDocument,
  readPageSeo,
  type PageDetail,
  type PageSummary,
} from '@site/page-content';
import type { PageRow } from '../../site/site-data';

// Both documents come back from jsonb, which stores keys in one canonical order, so equal
// documents serialise equally.
function hasUnpublishedChanges(page: PageRow): boolean {
  return (
    page.draftDocument !== null &&
    JSON.stringify(page.draftDocument) !== JSON.stringify(page.publishedDocument)
  );
}

export function toSummary(page: PageRow): PageSummary {
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
