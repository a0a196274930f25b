import {
  approvedCommentCounts,
  approvedComments,
  linkedPagePaths,
  loadPostPage,
  loadVisiblePost,
  toPostItem,
} from '../blog/blog-store';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { blogPosts } from '../db/schema';
import { searchSite, RESULTS_PER_PAGE } from './search';
import { visibleTo, type Viewer } from './site-chrome';
import type { PageRow, WebsiteRow } from '../site/site-data';
import { PAGE_TYPE } from '../site/page-type';
import { collectionPageSize, pageCount, pagination, requestedPage } from '../site/pagination';
import { knownTheme } from '../site/theme';
import type { SiteThemeId } from '@site/page-content';
import { pagesAt } from './page-index';

const notFoundContent = (): ContentResolved => ({
  status: 404,
  pageType: PAGE_TYPE.notFound,
  templateName: 'not-found',
  extra: {},
  personal: true,
});

/** Page type codes of storefront.md §2 for the pages this module answers. */

export interface ContentResolved {
  status: number;
  pageType: number;
  templateName: string;
  page?: PageRow;
  extra: Record<string, unknown>;
  /**
   * Not kept by the page cache (a page past the last). Search results are kept by their query, and
   * blog lists by their tag, category and page number; both follow the `posts` counter until a
   * scheduled post goes live.
   */
  personal?: true;
  /**
   * Shows blog posts, their likes or their approved comments: kept under the site's `posts` counter,
   * which every post write, like and approved comment's change bumps (migrations 0051 and 0063).
   * Nothing in these pages is the visitor's own: the like button's state is the browser's (local
   * storage), the comment form is the same for everyone, and members have entries of their own.
   */
  showsPosts?: true;
  cacheUntil?: number;
  /** Kept under its query and page number. */
  filtered?: boolean;
  itemKind?: 'article';
  /** The post's own search settings as stored. */
  itemSeo?: unknown;
}

/** When the site's next scheduled post goes live (ms): cached search results miss it until then. */
export async function nextPostGoingLive(
  db: Database,
  websiteId: string,
  now: Date,
): Promise<number | undefined> {
  const [row] = await db
    .select({ at: sql<number | null>`(extract(epoch from min(${blogPosts.publishOn})) * 1000)::float8` })
    .from(blogPosts)
    .where(
      and(
        eq(blogPosts.websiteId, websiteId),
        eq(blogPosts.status, 'scheduled'),
        gt(blogPosts.publishOn, now),
      ),
    );
  return row?.at == null ? undefined : Math.ceil(Number(row.at));
}

async function searchPage(
  db: Database,
  website: WebsiteRow,
  query: Readonly<Record<string, string>>,
  viewer: Viewer,
): Promise<ContentResolved> {
  const now = viewer.now;
  const q = (query.q ?? '').trim();
  const page = requestedPage(query);
  const [{ results, total }, until] = await Promise.all([
    searchSite(db, website.id, q, page, now, [
      ...(viewer.closedPageIds ?? []),
      ...(viewer.lockedPageIds ?? []),
    ]),
    nextPostGoingLive(db, website.id, now),
  ]);
  const pages = pageCount(total, RESULTS_PER_PAGE);
  // Like the lists: a page past the last has no address.
  if (page > pages) return notFoundContent();
  // Page 1 is `/search?q=…` itself; each page is its own canonical, with rel=prev/next in the head.
  const pager = pagination('/search', q ? { q } : {}, page, pages, RESULTS_PER_PAGE);
  return {
    status: 200,
    pageType: PAGE_TYPE.search,
    templateName: 'search',
    filtered: true,
    cacheUntil: until,
    extra: {
      collection: { title: 'Search', fullUrl: '/search' },
      search: {
        query: q,
        results,
        total,
        page,
        pages,
        multiplePages: pager.multiplePages,
        prevUrl: pager.prevUrl,
        nextUrl: pager.nextUrl,
      },
      pagination: pager,
    },
  };
}

async function blogList(
  db: Database,
  blog: PageRow,
  query: Readonly<Record<string, string>>,
  now: Date,
  theme: SiteThemeId,
): Promise<ContentResolved> {
  const filter = { tag: query.tag || undefined, category: query.category || undefined };
  const page = requestedPage(query);
  const pageSize = collectionPageSize(theme, 'blog');
  const [{ rows, pages }, until] = await Promise.all([
    loadPostPage(db, blog.id, filter, page, now, pageSize),
    nextPostGoingLive(db, blog.websiteId, now),
  ]);
  // A page past the last has no address.
  if (page > pages) return notFoundContent();
  const counts = await approvedCommentCounts(
    db,
    rows.map((r) => r.id),
  );
  const kept = Object.fromEntries(Object.entries(filter).filter(([, v]) => v)) as Record<string, string>;
  return {
    status: 200,
    pageType: PAGE_TYPE.collection,
    templateName: blog.templateName,
    page: blog,
    showsPosts: true,
    filtered: true,
    // A scheduled post joins the list when its time comes, with no write to tell the cache.
    cacheUntil: until,
    extra: {
      items: rows.map((r) => toPostItem(r, blog.path, counts.get(r.id) ?? 0)),
      filter,
      pagination: pagination(blog.path, kept, page, pages, pageSize),
    },
  };
}

async function blogItem(
  db: Database,
  blog: PageRow,
  urlId: string,
  now: Date,
): Promise<ContentResolved | undefined> {
  const post = await loadVisiblePost(db, blog.id, urlId, now);
  if (!post) return undefined;
  const [comments, pagePaths] = await Promise.all([
    approvedComments(db, post.id),
    linkedPagePaths(db, post.websiteId, post.body),
  ]);
  return {
    status: 200,
    pageType: PAGE_TYPE.item,
    templateName: blog.itemTemplateName ?? 'blog-item',
    page: blog,
    showsPosts: true,
    itemKind: 'article',
    itemSeo: post.seo,
    extra: {
      item: {
        ...toPostItem(post, blog.path, comments.length, pagePaths),
        comments: comments.map((c) => ({ ...c, createdAt: c.createdAt.getTime() })),
      },
    },
  };
}

/** Search at /search, blog lists and blog posts; undefined for any other path. */
export async function resolveContentPath(
  db: Database,
  website: WebsiteRow,
  allPages: readonly PageRow[],
  path: string,
  query: Readonly<Record<string, string>>,
  viewer: Viewer,
): Promise<ContentResolved | undefined> {
  // Looked up by path: a big store has hundreds of collection pages and few blogs.
  const blogAt = (at: string) =>
    pagesAt(allPages, at).find((p) => p.collectionType === 'blog' && visibleTo(p, viewer));
  const blog = blogAt(path);
  if (blog) return blogList(db, blog, query, viewer.now, viewer.themePreview ?? knownTheme(website.theme));
  const slash = path.lastIndexOf('/');
  const parent = blogAt(path.slice(0, slash));
  if (parent) return blogItem(db, parent, path.slice(slash + 1), viewer.now);
  if (path === '/search' && pagesAt(allPages, '/search').length === 0)
    return searchPage(db, website, query, viewer);
  return undefined;
}
