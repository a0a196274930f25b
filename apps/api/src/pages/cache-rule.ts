import { documentReferences, type PageDocument } from '@site/page-content';
import { versionReadWith, type PageRow } from '../site/site-data';
import type { Resolved } from './resolve-path';
import { pageIndex } from './page-index';

/** How long a rendered page may be reused for other visitors of the same kind: until the site changes or `until`. */
export interface PageCache {
  /** The page lists products: what the catalog holds decides which (a product added, hidden, moved, renamed). */
  catalog: boolean;
  /**
   * The page shows blog posts (search results, a blog's list, a post): a post written, changed,
   * liked or removed, or an approved comment's change, drops it.
   */
  posts: boolean;
  /** Every product the page shows: a change to one of them (stock, price, review) drops it. */
  products: string[];
  /** The counters read with the products shown, in the snapshot their items came from. */
  productVersions: ReadonlyMap<string, number>;
  until?: number;
}

const listOf = (list: unknown): unknown[] => (Array.isArray(list) ? list : []);
const ids = (list: readonly unknown[]): string[] =>
  list.flatMap((i) => {
    const id = (i as { id?: unknown } | null)?.id;
    return typeof id === 'string' ? [id] : [];
  });

/**
 * Unknown paths are not kept: anyone can ask for endless ones. A page follows the catalog when it
 * lists or features products or its blocks show a collection; it follows each product it shows
 * (listed, featured, detailed, or named by a block: one disabled now may come back).
 */
export function cacheRule(
  resolved: Resolved,
  allPages: readonly PageRow[],
  documents: readonly PageDocument[],
  now: Date,
): PageCache | undefined {
  if (resolved.personal || resolved.status === 404) return undefined;
  const refs = documents.map((document) => documentReferences(document));
  // A blog's list and posts follow the `posts` counter; their items are posts, not products.
  const posts = resolved.showsPosts === true;
  const catalog =
    (!posts && 'items' in resolved.extra) ||
    'featuredProducts' in resolved.extra ||
    'search' in resolved.extra ||
    refs.some((r) => r.collections.length > 0);
  const items = [
    ...(posts ? [] : listOf(resolved.extra.items)),
    ...listOf(resolved.extra.featuredProducts),
    ...(posts || !resolved.extra.item ? [] : [resolved.extra.item]),
  ];
  const products = [...new Set([...ids(items), ...refs.flatMap((r) => r.products)])];
  const productVersions = new Map<string, number>();
  for (const item of items) {
    const version = versionReadWith(item);
    if (version !== undefined) productVersions.set((item as { id: string }).id, version);
  }
  // The soonest of the scheduled pages still to go live and the page's own end, if any.
  let until = resolved.cacheUntil;
  const next = pageIndex(allPages).scheduled.find((p) => p.publishAt > now);
  if (next) until = Math.min(until ?? Infinity, next.publishAt.getTime());
  return { catalog, posts: posts || 'search' in resolved.extra, products, productVersions, until };
}
