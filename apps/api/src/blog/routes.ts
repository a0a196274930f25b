import { randomUUID } from 'node:crypto';
import { and, eq, like, or, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { recordActivity } from '../activity/activity-log';
import type { Database, Tx } from '../db/client';
import { blogComments, blogPosts, pages, websites } from '../db/schema';
import { isUniqueViolation } from '../db/unique-violation';
import {
  ApiError,
  createRoleGuard,
  guardedMember,
  handle,
  MAX_BODY_BYTES,
  parse,
  registerApiErrors,
} from '../http';
import { requireCrumb } from '../security/crumb';
import {
  BLOG_API,
  blogMessages,
  commentQuerySchema,
  commentSettingsSchema,
  createPostSchema,
  postListQuerySchema,
  nextFreeSlug,
  readItemSeo,
  sanitizeRichText,
  slugFromTitle,
  updatePostSchema,
  type CommentStatus,
  type PostStatus,
  type UpdatePost,
} from '@site/page-content';
import { listComments, listPostSummaries, visiblePost } from './blog-store';

const CommentInput = z.object({
  authorName: z.string().trim().min(1, 'Enter your name').max(80),
  body: z.string().trim().min(1, 'Write a comment').max(2000),
});

const postNotFound = () => new ApiError(404, 'POST_NOT_FOUND', blogMessages.postNotFound);

/**
 * A post's fields as stored: the body sanitised, a publish time as a date, and "published" with
 * a time still to come kept as scheduled, so visitors see it only then.
 */
function stored(input: Omit<UpdatePost, 'version'>) {
  const { publishOn, status, body, ...fields } = input;
  const when = publishOn === undefined || publishOn === null ? publishOn : new Date(publishOn);
  return {
    ...fields,
    ...(body !== undefined && { body: sanitizeRichText(body) }),
    ...(when !== undefined && { publishOn: when }),
    ...(status === 'draft' && { status: 'draft' as const }),
    ...(status === 'published' &&
      (when === undefined
        ? // The stored publish time decides (a change of status alone keeps the schedule).
          {
            status: sql<PostStatus>`case when ${blogPosts.publishOn} > now() then 'scheduled' else 'published' end`,
            publishOn: sql<Date>`coalesce(${blogPosts.publishOn}, now())`,
          }
        : {
            status: when && when.getTime() > Date.now() ? ('scheduled' as const) : ('published' as const),
            publishOn: when ?? new Date(),
          })),
  };
}

/** A post as the editor reads it: search settings never stored show as their defaults. */
const postView = <T extends { seo: unknown }>(post: T) => ({ ...post, seo: readItemSeo(post.seo) });

export interface BlogRouteOptions {
  db: Database;
  /** Called after every write visitors can see, so cached pages are rendered again. */
  onContentChange?: () => Promise<void>;
}

/**
 * Visitors comment (held for moderation) and like; owners write posts and moderate comments
 * behind the editor's guard (session, editing role, XSRF header on writes).
 */
export function registerBlogRoutes(app: FastifyInstance, options: BlogRouteOptions): void {
  const { db } = options;
  const changed = () => options.onContentChange?.() ?? Promise.resolve();

  // platform.md §8's URL id rule: a title's slug, with -N when another post of the blog has it.
  const freeSlug = async (collectionId: string, base: string) => {
    const rows = await db
      .select({ urlId: blogPosts.urlId })
      .from(blogPosts)
      .where(
        and(
          eq(blogPosts.collectionId, collectionId),
          or(eq(blogPosts.urlId, base), like(blogPosts.urlId, `${base}-%`)),
        ),
      );
    return nextFreeSlug(base, new Set(rows.map((r) => r.urlId)));
  };

  const commentsEnabled = async (websiteId: string) => {
    const [site] = await db
      .select({ on: sql<boolean>`coalesce((${websites.settings}->>'commentsEnabled')::boolean, false)` })
      .from(websites)
      .where(eq(websites.id, websiteId));
    return site?.on === true;
  };

  const livePost = async (request: FastifyRequest, id: string) => {
    const [post] = await db
      .select({ id: blogPosts.id, commentState: blogPosts.commentState })
      .from(blogPosts)
      .where(
        and(eq(blogPosts.id, id), eq(blogPosts.websiteId, request.site.websiteId), visiblePost(new Date())),
      );
    return post;
  };

  app.post('/api/blog/posts/:id/comments', { preHandler: requireCrumb }, async (request, reply) => {
    const post = await livePost(request, (request.params as { id: string }).id);
    if (!post)
      return reply
        .status(404)
        .send({ error: { code: 'POST_NOT_FOUND', message: 'That post does not exist' } });
    // The post's own switch and the site's: either one off closes it (platform.md §3).
    if (post.commentState !== 1 || !(await commentsEnabled(request.site.websiteId)))
      return reply
        .status(403)
        .send({ error: { code: 'COMMENTS_CLOSED', message: blogMessages.commentsClosed } });
    const input = CommentInput.safeParse(request.body);
    if (!input.success) {
      const fieldErrors = Object.fromEntries(input.error.issues.map((i) => [String(i.path[0]), i.message]));
      return reply
        .status(400)
        .send({ error: { code: 'INVALID', message: 'Check the highlighted fields', fieldErrors } });
    }
    await db
      .insert(blogComments)
      .values({ id: randomUUID(), websiteId: request.site.websiteId, postId: post.id, ...input.data });
    return reply
      .status(201)
      .send({ status: 'pending', message: 'Thanks! Your comment will appear once it is approved.' });
  });

  app.post('/api/blog/posts/:id/like', { preHandler: requireCrumb }, async (request, reply) => {
    const post = await livePost(request, (request.params as { id: string }).id);
    if (!post)
      return reply
        .status(404)
        .send({ error: { code: 'POST_NOT_FOUND', message: 'That post does not exist' } });
    const [row] = await db
      .update(blogPosts)
      .set({ likeCount: sql`${blogPosts.likeCount} + 1` })
      .where(eq(blogPosts.id, post.id))
      .returning({ likeCount: blogPosts.likeCount });
    return { likeCount: row?.likeCount ?? 0 };
  });

  void app.register(async (scope) => {
    registerApiErrors(scope);
    const guard = createRoleGuard({ db });
    const read = { preHandler: guard.read };
    const write = { preHandler: guard.write, bodyLimit: MAX_BODY_BYTES };
    const postId = (request: { params: unknown }) => (request.params as { id: string }).id;
    /**
     * Logs a post this write made public, with the write's transaction. A post scheduled for later
     * is logged when a write makes it public, not when its time comes (nobody acts then).
     */
    const logPublished = async (
      tx: Tx,
      request: FastifyRequest,
      before: PostStatus | undefined,
      post: { status: PostStatus; title: string },
    ) => {
      if (post.status === 'published' && before !== 'published')
        await recordActivity(tx, request.site.websiteId, guardedMember(request), {
          kind: 'post-published',
          subject: post.title,
        });
    };
    /** The post's status before this write, its row locked until the write's transaction ends. */
    const statusBefore = async (tx: Tx, request: FastifyRequest) => {
      const [row] = await tx
        .select({ status: blogPosts.status })
        .from(blogPosts)
        .where(own(request, postId(request)))
        .for('update');
      return row?.status;
    };
    const own = (request: FastifyRequest, id: string) =>
      and(eq(blogPosts.id, id), eq(blogPosts.websiteId, request.site.websiteId));

    scope.get(
      BLOG_API.posts,
      read,
      handle(async (request) => {
        return listPostSummaries(db, request.site.websiteId, parse(postListQuerySchema, request.query));
      }),
    );

    scope.get(
      `${BLOG_API.posts}/:id`,
      read,
      handle(async (request) => {
        const [post] = await db
          .select()
          .from(blogPosts)
          .where(own(request, postId(request)));
        if (!post) throw postNotFound();
        return postView(post);
      }),
    );

    scope.post(
      BLOG_API.posts,
      write,
      handle(async (request, reply) => {
        const input = parse(createPostSchema, request.body);
        const [blog] = await db
          .select({ id: pages.id })
          .from(pages)
          .where(
            and(
              eq(pages.id, input.collectionId),
              eq(pages.websiteId, request.site.websiteId),
              eq(pages.collectionType, 'blog'),
            ),
          );
        if (!blog) throw new ApiError(400, 'NOT_A_BLOG', blogMessages.notABlog);
        const urlId = input.urlId ?? (await freeSlug(blog.id, slugFromTitle(input.title) || 'post'));
        try {
          const post = await db.transaction(async (tx) => {
            const [row] = await tx
              .insert(blogPosts)
              .values({
                ...stored({ ...input, publishOn: input.publishOn ?? null }),
                collectionId: blog.id,
                title: input.title,
                id: randomUUID(),
                websiteId: request.site.websiteId,
                urlId,
              })
              .returning();
            await logPublished(tx, request, undefined, row!);
            return row;
          });
          if (post!.status !== 'draft') await changed();
          return reply.status(201).send(postView(post!));
        } catch (error) {
          if (isUniqueViolation(error)) throw new ApiError(409, 'SLUG_TAKEN', blogMessages.slugTaken);
          throw error;
        }
      }),
    );

    scope.patch(
      `${BLOG_API.posts}/:id`,
      write,
      handle(async (request) => {
        const { version, ...input } = parse(updatePostSchema, request.body);
        try {
          const post = await db.transaction(async (tx) => {
            const before = await statusBefore(tx, request);
            const [row] = await tx
              .update(blogPosts)
              .set({ ...stored(input), version: version + 1, updatedAt: new Date() })
              .where(and(own(request, postId(request)), eq(blogPosts.version, version)))
              .returning();
            if (!row) throw new ApiError(409, 'STALE_VERSION', blogMessages.stalePost);
            await logPublished(tx, request, before, row);
            return row;
          });
          await changed();
          return postView(post);
        } catch (error) {
          if (isUniqueViolation(error)) throw new ApiError(409, 'SLUG_TAKEN', blogMessages.slugTaken);
          throw error;
        }
      }),
    );

    scope.post(
      '/api/editor/blog/posts/:id/publish',
      write,
      handle(async (request) => {
        const post = await db.transaction(async (tx) => {
          const before = await statusBefore(tx, request);
          const [row] = await tx
            .update(blogPosts)
            .set({
              status: sql`case when ${blogPosts.publishOn} > now() then 'scheduled' else 'published' end`,
              publishOn: sql`coalesce(${blogPosts.publishOn}, now())`,
              version: sql`${blogPosts.version} + 1`,
              updatedAt: new Date(),
            })
            .where(own(request, postId(request)))
            .returning();
          if (!row) throw postNotFound();
          await logPublished(tx, request, before, row);
          return row;
        });
        await changed();
        return postView(post);
      }),
    );

    scope.delete(
      `${BLOG_API.posts}/:id`,
      write,
      handle(async (request, reply) => {
        const [gone] = await db
          .delete(blogPosts)
          .where(own(request, postId(request)))
          .returning({ id: blogPosts.id });
        if (!gone) throw postNotFound();
        await changed();
        return reply.status(204).send();
      }),
    );

    scope.get(
      BLOG_API.comments,
      read,
      handle(async (request) =>
        listComments(db, request.site.websiteId, parse(commentQuerySchema, request.query)),
      ),
    );

    scope.get(
      BLOG_API.commentSettings,
      read,
      handle(async (request) => ({ commentsEnabled: await commentsEnabled(request.site.websiteId) })),
    );

    scope.put(
      BLOG_API.commentSettings,
      write,
      handle(async (request) => {
        const input = parse(commentSettingsSchema, request.body);
        // One key of the settings, set in place: a concurrent save of another setting is kept.
        await db
          .update(websites)
          .set({
            settings: sql`jsonb_set(${websites.settings}, '{commentsEnabled}', ${JSON.stringify(input.commentsEnabled)}::jsonb)`,
          })
          .where(eq(websites.id, request.site.websiteId));
        await changed();
        return input;
      }),
    );

    const commentId = (request: { params: unknown }) => (request.params as { id: string }).id;
    const ownComment = (request: FastifyRequest, id: string) =>
      and(eq(blogComments.id, id), eq(blogComments.websiteId, request.site.websiteId));
    const setCommentStatus = (status: CommentStatus) =>
      handle(async (request) => {
        const [comment] = await db
          .update(blogComments)
          .set({ status })
          .where(ownComment(request, commentId(request)))
          .returning();
        if (!comment) throw new ApiError(404, 'COMMENT_NOT_FOUND', blogMessages.commentNotFound);
        // The post's publicCommentCount counts approved comments: the cached pages render it again.
        await changed();
        return comment;
      });

    scope.post('/api/editor/blog/comments/:id/approve', write, setCommentStatus('approved'));
    scope.post('/api/editor/blog/comments/:id/spam', write, setCommentStatus('spam'));

    scope.delete(
      `${BLOG_API.comments}/:id`,
      write,
      handle(async (request, reply) => {
        const [gone] = await db
          .delete(blogComments)
          .where(ownComment(request, commentId(request)))
          .returning({ id: blogComments.id });
        if (!gone) throw new ApiError(404, 'COMMENT_NOT_FOUND', blogMessages.commentNotFound);
        await changed();
        return reply.status(204).send();
      }),
    );
  });
}
