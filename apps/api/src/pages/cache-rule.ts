import { documentReferences, type PageDocument } from '@site/page-content';
import type { PageRow } from '../site/site-data';
import type { Resolved } from './resolve-path';

/** How long a rendered page may be reused for other visitors of the same kind: until the site changes or `until`. */
export interface PageCache {
  /** The page shows the catalog, so a product change drops it too. */
  catalog: boolean;
  until?: number;
}

/**
 * Unknown paths are not kept: anyone can ask for endless ones. A page shows the catalog when it
 * lists, features or details products, or its blocks name any (one disabled now may come back).
 */
export function cacheRule(
  resolved: Resolved,
  allPages: readonly PageRow[],
  documents: readonly PageDocument[],
  now: Date,
): PageCache | undefined {
  if (resolved.personal || resolved.status === 404) return undefined;
  const catalog =
    'items' in resolved.extra ||
    'featuredProducts' in resolved.extra ||
    'item' in resolved.extra ||
    documents.some((document) => {
      const refs = documentReferences(document);
      return refs.products.length > 0 || refs.collections.length > 0;
    });
  const goingLive = allPages.flatMap((p) =>
    p.status === 'scheduled' && p.publishAt && p.publishAt > now ? [p.publishAt.getTime()] : [],
  );
  if (resolved.cacheUntil !== undefined) goingLive.push(resolved.cacheUntil);
  return { catalog, until: goingLive.length ? Math.min(...goingLive) : undefined };
}
