import { z } from 'zod';
import { LIMITS } from '../limits';
import { messages } from '../messages';
import { href, text } from '../text';
import { itemSeoSchema, type ItemSeo } from './seo-api';
import { TAG_MAX_LENGTH } from './tags-api';

/** Blog posts and their comments, for the site's owners (the editor) and the API alike. */
export const BLOG_API = {
  posts: '/api/editor/blog/posts',
  post: (id: string) => `/api/editor/blog/posts/${encodeURIComponent(id)}`,
  publish: (id: string) => `/api/editor/blog/posts/${encodeURIComponent(id)}/publish`,
  comments: '/api/editor/blog/comments',
  comment: (id: string) => `/api/editor/blog/comments/${encodeURIComponent(id)}`,
  approve: (id: string) => `/api/editor/blog/comments/${encodeURIComponent(id)}/approve`,
  spam: (id: string) => `/api/editor/blog/comments/${encodeURIComponent(id)}/spam`,
  /** The site's switch for comments on every post (each post also has its own). */
  commentSettings: '/api/editor/blog/comment-settings',
} as const;

/** GET/PUT BLOG_API.commentSettings: visitors may comment on this site's posts (platform.md §3 commentsEnabled). */
export const commentSettingsSchema = /* @__PURE__ */ (() =>
  z.strictObject({ commentsEnabled: z.boolean() }))();
export type CommentSettings = z.infer<typeof commentSettingsSchema>;

export const POST_STATUSES = ['draft', 'published', 'scheduled'] as const;
export type PostStatus = (typeof POST_STATUSES)[number];
export const POST_STATUS_LABELS: Record<PostStatus, string> = {
  draft: 'Draft',
  published: 'Published',
  scheduled: 'Scheduled',
};

export const COMMENT_STATUSES = ['pending', 'approved', 'spam'] as const;
export type CommentStatus = (typeof COMMENT_STATUSES)[number];
export const COMMENT_STATUS_LABELS: Record<CommentStatus, string> = {
  pending: 'Held for moderation',
  approved: 'Approved',
  spam: 'Spam',
};

export const blogMessages = {
  postNotFound: 'That post does not exist',
  notABlog: 'Posts belong to a blog page',
  slugTaken: 'Another post of this blog has that URL',
  stalePost: 'The post changed since you opened it, or it is gone',
  commentNotFound: 'That comment does not exist',
  /** A visitor's comment while the site or the post takes none. */
  commentsClosed: 'Comments are closed on this post',
  titleRequired: 'Enter a title',
} as const;

/** platform.md §8 "{val} is not a valid page URL": lowercase letters, digits and single dashes. */
export const SLUG_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;
export const SLUG_MAX_LENGTH = 120;
export const slugSchema = z.string().superRefine((value, ctx) => {
  if (value.length > SLUG_MAX_LENGTH || !SLUG_PATTERN.test(value)) {
    ctx.addIssue({ code: 'custom', message: messages.notValidPageUrl(value.slice(0, SLUG_MAX_LENGTH)) });
  }
});

/** A URL slug from a title: accents folded, anything else a single dash; '' when nothing is left. */
export function slugFromTitle(title: string): string {
  return title
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, SLUG_MAX_LENGTH)
    .replace(/-+$/, '');
}

/**
 * Whether an item's address still follows its title: it is the title's slug, or that slug made
 * unique by `nextFreeSlug`. An address the owner typed by hand no longer follows the title.
 */
export function slugFollowsTitle(slug: string, title: string): boolean {
  const base = slugFromTitle(title);
  if (base === '' || !slug.startsWith(base)) return false;
  return slug === base || /^-[2-9]\d*$|^-[1-9]\d+$/.test(slug.slice(base.length));
}

/** The address after a title change: the new title's slug while it follows, else unchanged. */
export function slugAfterTitleChange(slug: string, follows: boolean, title: string): string {
  return follows ? slugFromTitle(title) || slug : slug;
}

/** The store rule of platform.md §8, for posts too: a taken slug gets -N with the next free number. */
export function nextFreeSlug(base: string, taken: ReadonlySet<string>): string {
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) {
    const candidate = `${base.slice(0, SLUG_MAX_LENGTH - String(n).length - 1)}-${n}`;
    if (!taken.has(candidate)) return candidate;
  }
}

export const featuredImageSchema = z.object({
  src: href(LIMITS.maxUrlLength, messages.invalidLink).refine((v) => v !== '', messages.invalidLink),
  alt: text(250).default(''),
});
export type FeaturedImage = z.infer<typeof featuredImageSchema>;

const tagList = (max: number) => z.array(text(max).pipe(z.string().trim().min(1))).max(30);

const postFields = {
  title: text(LIMITS.maxTitleLength).pipe(z.string().trim().min(1, blogMessages.titleRequired)),
  urlId: slugSchema,
  /** Rich text from the editor's rich-text editor; the server sanitises it again. */
  body: text(LIMITS.maxRichText),
  excerpt: text(1000),
  author: text(120),
  tags: tagList(TAG_MAX_LENGTH.tag),
  categories: tagList(TAG_MAX_LENGTH.category),
  commentState: z.union([z.literal(0), z.literal(1)]),
  publishOn: z.iso.datetime({ offset: true }).nullable(),
  /** draft hides the post; published with a future publishOn is stored as scheduled. */
  status: z.enum(['draft', 'published']),
  featuredImage: featuredImageSchema.nullable(),
  /** Search result and social card settings; absent in a save: kept as they are. */
  seo: itemSeoSchema,
};

export const createPostSchema = z
  .object(postFields)
  .partial()
  .extend({ title: postFields.title, collectionId: z.string().min(1).max(100) });
export type CreatePost = z.infer<typeof createPostSchema>;

export const updatePostSchema = z
  .object(postFields)
  .partial()
  .extend({ version: z.number().int().min(0) });
export type UpdatePost = z.infer<typeof updatePostSchema>;

/** The editor's list of a blog's posts comes a page at a time (keyset, last edited first). */
export const POSTS_LIST_PAGE_SIZE = 50;

/** GET BLOG_API.posts: one blog's posts, optionally those with `q` in their title, after `cursor`. */
export const postListQuerySchema = z.strictObject({
  collectionId: z.string().min(1).max(100),
  q: text(LIMITS.maxTitleLength).optional(),
  cursor: text(200).optional(),
});
export type PostListQuery = z.input<typeof postListQuerySchema>;

/** A post as the list shows it: no body, excerpt or settings (the editor reads those when it opens one). */
export const postSummarySchema = z.object({
  id: z.string(),
  collectionId: z.string(),
  urlId: z.string(),
  title: z.string(),
  status: z.enum(POST_STATUSES),
  /** ISO 8601 instants. */
  publishOn: z.string().nullable(),
  updatedAt: z.string(),
});
export type PostSummary = z.infer<typeof postSummarySchema>;

export const postPageSchema = z.object({
  posts: z.array(postSummarySchema),
  /** The next page's cursor, null on the last page. */
  nextPageCursor: z.string().nullable(),
});
export type PostPage = z.infer<typeof postPageSchema>;

/** The editor's moderation list of comments comes a page at a time (keyset, newest first). */
export const COMMENTS_LIST_PAGE_SIZE = 50;

/** GET BLOG_API.comments: one status's comments, newest first, after `cursor` (the previous page's `nextCursor`). */
export const commentQuerySchema = z.object({
  status: z.enum(COMMENT_STATUSES).default('pending'),
  cursor: text(200).optional(),
});
export type CommentQuery = z.input<typeof commentQuerySchema>;

export interface BlogPostView {
  id: string;
  collectionId: string;
  urlId: string;
  title: string;
  body: string;
  excerpt: string;
  author: string;
  tags: string[];
  categories: string[];
  status: PostStatus;
  publishOn: string | null;
  commentState: number;
  featuredImage: FeaturedImage | null;
  seo: ItemSeo;
  likeCount: number;
  version: number;
  updatedAt: string;
}

export interface CommentView {
  id: string;
  postId: string;
  postTitle: string;
  authorName: string;
  body: string;
  status: CommentStatus;
  createdAt: string;
}

export interface CommentList {
  comments: CommentView[];
  /** How many comments each status holds, for the screen's tabs; on the first page only (null after). */
  counts: Record<CommentStatus, number> | null;
  /** The next page's cursor, null on the last page. */
  nextCursor: string | null;
}
