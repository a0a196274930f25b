import {
  blogMessages,
  COMMENT_STATUSES,
  COMMENTS_LIST_PAGE_SIZE,
  linkedPageIds,
  POSTS_LIST_PAGE_SIZE,
  resolvePageLinks,
  sanitizeRichText,
  type commentQuerySchema,
  type CommentList,
  type CommentStatus,
  type postListQuerySchema,
  type PostPage,
} from '@site/page-content';
import { and, count, desc, eq, ilike, inArray, lte, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../db/client';
import { blogCommentCounts, blogComments, blogPosts, pages } from '../db/schema';
import {
  afterInstantId,
  containsPattern,
  decodeCursor,
  encodeCursor,
  instantIdCursor,
  instantKey,
} from '../http/cursor';
import { ApiError } from '../http/errors';
import { promotedBlock } from './promoted-block';

export type PostRow = typeof blogPosts.$inferSelect;
/** Summary blocks show the newest posts of a blog as its first page would (the list itself reads its theme's page size). */
export const POSTS_PER_PAGE = 10;

const escapeHtml = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

/** Stored text as HTML paragraphs: everything escaped, so a post can never carry markup. */
export function paragraphs(text: string): string {
  return text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`)
    .join('\n');
}

/**
 * A post's body as HTML: posts written in the editor hold rich text (sanitised again here, so a
 * stored body can never carry more than the editor's markup); older ones hold plain text.
 */
export function postBodyHtml(body: string, pagePaths: ReadonlyMap<string, string> = new Map()): string {
  return body.trimStart().startsWith('<')
    ? resolvePageLinks(sanitizeRichText(body), pagePaths)
    : paragraphs(body);
}

/** Where the pages a post's body links to (`page:<id>`, from the link editor) live now. */
export async function linkedPagePaths(
  db: Database,
  websiteId: string,
  body: string,
): Promise<Map<string, string>> {
  const ids = linkedPageIds(body);
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: pages.id, path: pages.path })
    .from(pages)
    .where(and(eq(pages.websiteId, websiteId), inArray(pages.id, ids)));
  return new Map(rows.map((r) => [r.id, r.path]));
}

/** Visitors see published posts, and scheduled ones once their time has come. */
export const visiblePost = (now: Date) =>
  or(
    eq(blogPosts.status, 'published'),
    and(eq(blogPosts.status, 'scheduled'), lte(blogPosts.publishOn, now)),
  );

export interface PostFilter {
  tag?: string;
  category?: string;
}

/** One page of a blog's visible posts, newest first, with the number of pages. */
export async function loadPostPage(
  db: Database,
  collectionId: string,
  filter: PostFilter,
  page: number,
  now: Date,
  pageSize = POSTS_PER_PAGE,
) {
  const where = and(
    eq(blogPosts.collectionId, collectionId),
    visiblePost(now),
    filter.tag ? sql`${blogPosts.tags} ? ${filter.tag}` : undefined,
    filter.category ? sql`${blogPosts.categories} ? ${filter.category}` : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(blogPosts)
      .where(where)
      .orderBy(desc(blogPosts.publishOn), desc(blogPosts.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(blogPosts).where(where),
  ]);
  return { rows, pages: Math.max(1, Math.ceil((total?.n ?? 0) / pageSize)) };
}

export async function loadVisiblePost(
  db: Database,
  collectionId: string,
  urlId: string,
  now: Date,
): Promise<PostRow | undefined> {
  const [row] = await db
    .select()
    .from(blogPosts)
    .where(and(eq(blogPosts.collectionId, collectionId), eq(blogPosts.urlId, urlId), visiblePost(now)));
  return row;
}

export async function approvedCommentCounts(
  db: Database,
  postIds: readonly string[],
): Promise<Map<string, number>> {
  if (postIds.length === 0) return new Map();
  const rows = await db
    .select({ postId: blogComments.postId, n: count() })
    .from(blogComments)
    .where(and(inArray(blogComments.postId, [...postIds]), eq(blogComments.status, 'approved')))
    .groupBy(blogComments.postId);
  return new Map(rows.map((r) => [r.postId, r.n]));
}

export async function approvedComments(db: Database, postId: string) {
  return db
    .select({
      id: blogComments.id,
      authorName: blogComments.authorName,
      body: blogComments.body,
      createdAt: blogComments.createdAt,
    })
    .from(blogComments)
    .where(and(eq(blogComments.postId, postId), eq(blogComments.status, 'approved')))
    .orderBy(blogComments.createdAt);
}

/** A post as templates read content items (platform.md §3). */
export function toPostItem(
  post: PostRow,
  blogPath: string,
  publicCommentCount: number,
  pagePaths?: ReadonlyMap<string, string>,
) {
  const body = postBodyHtml(post.body, pagePaths);
  const promoted = promotedBlock(body);
  return {
    id: post.id,
    recordType: 1,
    title: post.title,
    urlId: post.urlId,
    fullUrl: `${blogPath}/${post.urlId}`,
    excerpt: post.excerpt ? `<p>${escapeHtml(post.excerpt)}</p>` : '',
    body,
    ...(promoted && { promotedBlockType: promoted.type, promotedBlock: promoted }),
    ...(post.featuredImage && {
      assetUrl: post.featuredImage.src,
      mainImage: { assetUrl: post.featuredImage.src, altText: post.featuredImage.alt },
    }),
    author: { displayName: post.author },
    tags: post.tags.map((name) => ({ name, url: `${blogPath}?tag=${encodeURIComponent(name)}` })),
    categories: post.categories.map((name) => ({
      name,
      url: `${blogPath}?category=${encodeURIComponent(name)}`,
    })),
    publishOn: post.publishOn?.getTime(),
    commentState: post.commentState,
    publicCommentCount,
    likeCount: post.likeCount,
  };
}

/**
 * The editor's list of one blog's posts, last edited first, a page at a time: what the list shows
 * (no body), read along `blog_posts_editor_list` from the cursor; a title search (`q`, any part)
 * is answered from `blog_posts_title_trgm`.
 */
export async function listPostSummaries(
  db: Database,
  websiteId: string,
  query: z.output<typeof postListQuerySchema>,
): Promise<PostPage> {
  const after = decodeCursor(instantIdCursor, query.cursor);
  const q = query.q?.trim();
  // The blog is the site's, checked once: the list's statement then names the blog alone, so a
  // title search weighs the blog's index against the trigram index, not the site's every post.
  const [blog] = await db
    .select({ id: pages.id })
    .from(pages)
    .where(
      and(eq(pages.id, query.collectionId), eq(pages.websiteId, websiteId), eq(pages.collectionType, 'blog')),
    );
  if (!blog) throw new ApiError(400, 'NOT_A_BLOG', blogMessages.notABlog);
  const rows = await db
    .select({
      id: blogPosts.id,
      collectionId: blogPosts.collectionId,
      urlId: blogPosts.urlId,
      title: blogPosts.title,
      status: blogPosts.status,
      publishOn: blogPosts.publishOn,
      updatedAt: blogPosts.updatedAt,
      key: instantKey(blogPosts.updatedAt),
    })
    .from(blogPosts)
    .where(
      and(
        eq(blogPosts.collectionId, blog.id),
        q ? ilike(blogPosts.title, containsPattern(q)) : undefined,
        after ? afterInstantId(blogPosts.updatedAt, blogPosts.id, after) : undefined,
      ),
    )
    .orderBy(desc(blogPosts.updatedAt), desc(blogPosts.id))
    .limit(POSTS_LIST_PAGE_SIZE + 1);
  const page = rows.slice(0, POSTS_LIST_PAGE_SIZE);
  const last = page.at(-1);
  return {
    posts: page.map(({ key: _key, publishOn, updatedAt, ...post }) => ({
      ...post,
      publishOn: publishOn?.toISOString() ?? null,
      updatedAt: updatedAt.toISOString(),
    })),
    nextPageCursor: rows.length > POSTS_LIST_PAGE_SIZE && last ? encodeCursor([last.key, last.id]) : null,
  };
}

/**
 * The editor's moderation list: one status's comments of the site, newest first, a page at a time,
 * read along `blog_comments_site_status_created` from the cursor (the last row's instant to the
 * microsecond, then its id, so comments of one instant are neither repeated nor skipped). The
 * first page also brings each status's count for the tabs, counted on the same index.
 */
export async function listComments(
  db: Database,
  websiteId: string,
  query: z.output<typeof commentQuerySchema>,
): Promise<CommentList> {
  const after = decodeCursor(instantIdCursor, query.cursor);
  const [rows, tally] = await Promise.all([
    db
      .select({
        id: blogComments.id,
        postId: blogComments.postId,
        postTitle: blogPosts.title,
        authorName: blogComments.authorName,
        body: blogComments.body,
        status: blogComments.status,
        createdAt: blogComments.createdAt,
        key: instantKey(blogComments.createdAt),
      })
      .from(blogComments)
      .innerJoin(blogPosts, eq(blogPosts.id, blogComments.postId))
      .where(
        and(
          eq(blogComments.websiteId, websiteId),
          eq(blogComments.status, query.status),
          after ? afterInstantId(blogComments.createdAt, blogComments.id, after) : undefined,
        ),
      )
      .orderBy(desc(blogComments.createdAt), desc(blogComments.id))
      .limit(COMMENTS_LIST_PAGE_SIZE + 1),
    // The tabs' counts, kept by a trigger (migration 0076): with the first page.
    after
      ? null
      : db
          .select({ status: blogCommentCounts.status, n: blogCommentCounts.comments })
          .from(blogCommentCounts)
          .where(eq(blogCommentCounts.websiteId, websiteId)),
  ]);
  let counts: Record<CommentStatus, number> | null = null;
  if (tally) {
    counts = Object.fromEntries(COMMENT_STATUSES.map((s) => [s, 0])) as Record<CommentStatus, number>;
    for (const row of tally) if (row.status in counts) counts[row.status] = row.n;
  }
  const page = rows.slice(0, COMMENTS_LIST_PAGE_SIZE);
  const last = page.at(-1);
  return {
    comments: page.map(({ key: _key, createdAt, ...comment }) => ({
      ...comment,
      createdAt: createdAt.toISOString(),
    })),
    counts,
    nextCursor: rows.length > COMMENTS_LIST_PAGE_SIZE && last ? encodeCursor([last.key, last.id]) : null,
  };
}
