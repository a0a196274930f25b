import { randomUUID } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Database } from '../db/client';
import { blogComments, blogPosts, pages } from '../db/schema';
import { createEditorGuard } from '../editor/auth';
import { EditorError, handle, isUniqueViolation, MAX_BODY_BYTES, parse, registerEditorErrors } from '../editor/http';
import { requireCrumb } from '../security/crumb';
import {
  createTagSchema,
  filterTags,
  mergeTagsSchema,
  removeTagsSchema,
  renameTagSchema,
  TAGS_API,
  tagQuerySchema,
} from '@site/page-content';
import { visiblePost } from './blog-store';
import { createTag, listTags, mergeTags, removeTags, renameTag } from './tag-store';

const CommentInput = z.object({
  authorName: z.string().trim().min(1, 'Enter your name').max(80),
  body: z.string().trim().min(1, 'Write a comment').max(2000),
});

const Slug = z
  .string()
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'Lowercase letters, digits and dashes')
  .max(120);
const PostFields = z.object({
  title: z.string().trim().min(1).max(200),
  urlId: Slug,
  body: z.string().max(100_000),
  excerpt: z.string().max(1000),
  author: z.string().max(120),
  tags: z.array(z.string().trim().min(1).max(60)).max(30),
  categories: z.array(z.string().trim().min(1).max(60)).max(30),
  commentState: z.union([z.literal(0), z.literal(1)]),
  publishOn: z.iso.datetime({ offset: true }).nullable(),
});
const PostCreate = PostFields.partial().extend({ title: PostFields.shape.title, collectionId: z.string().min(1) });
const PostPatch = PostFields.partial().extend({ version: z.number().int().min(0) });

const postNotFound = () => new EditorError(404, 'POST_NOT_FOUND', 'That post does not exist');
const slugify = (title: string) =>
  title
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 120) || 'post';

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

  const livePost = async (request: FastifyRequest, id: string) => {
    const [post] = await db
      .select({ id: blogPosts.id, commentState: blogPosts.commentState })
      .from(blogPosts)
      .where(and(eq(blogPosts.id, id), eq(blogPosts.websiteId, request.site.websiteId), visiblePost(new Date())));
    return post;
  };

  app.post('/api/blog/posts/:id/comments', { preHandler: requireCrumb }, async (request, reply) => {
    const post = await livePost(request, (request.params as { id: string }).id);
    if (!post) return reply.status(404).send({ error: { code: 'POST_NOT_FOUND', message: 'That post does not exist' } });
    if (post.commentState !== 1) return reply.status(403).send({ error: { code: 'COMMENTS_CLOSED', message: 'Comments are closed on this post' } });
    const input = CommentInput.safeParse(request.body);
    if (!input.success) {
      const fieldErrors = Object.fromEntries(input.error.issues.map((i) => [String(i.path[0]), i.message]));
      return reply.status(400).send({ error: { code: 'INVALID', message: 'Check the highlighted fields', fieldErrors } });
    }
    await db.insert(blogComments).values({ id: randomUUID(), websiteId: request.site.websiteId, postId: post.id, ...input.data });
    return reply.status(201).send({ status: 'pending', message: 'Thanks! Your comment will appear once it is approved.' });
  });

  app.post('/api/blog/posts/:id/like', { preHandler: requireCrumb }, async (request, reply) => {
    const post = await livePost(request, (request.params as { id: string }).id);
    if (!post) return reply.status(404).send({ error: { code: 'POST_NOT_FOUND', message: 'That post does not exist' } });
    const [row] = await db
      .update(blogPosts)
      .set({ likeCount: sql`${blogPosts.likeCount} + 1` })
      .where(eq(blogPosts.id, post.id))
      .returning({ likeCount: blogPosts.likeCount });
    return { likeCount: row?.likeCount ?? 0 };
  });

  void app.register(async (scope) => {
    registerEditorErrors(scope);
    const guard = createEditorGuard({ db });
    const read = { preHandler: guard.read };
    const write = { preHandler: guard.write, bodyLimit: MAX_BODY_BYTES };
    const postId = (request: { params: unknown }) => (request.params as { id: string }).id;
    const own = (request: FastifyRequest, id: string) => and(eq(blogPosts.id, id), eq(blogPosts.websiteId, request.site.websiteId));

    // The tag and category manager (platform.md §2): new, edit (one at a time), merge, remove.
    scope.get(TAGS_API.tags, read, handle(async (request) => {
      const { type, filter } = parse(tagQuerySchema, request.query);
      return { tags: filterTags(await listTags(db, request.site.websiteId, type), filter ?? '') };
    }));
    scope.post(TAGS_API.tags, write, handle(async (request, reply) => {
      const { type, name } = parse(createTagSchema, request.body);
      return reply.status(201).send(await createTag(db, request.site.websiteId, type, name));
    }));
    scope.post(TAGS_API.rename, write, handle(async (request) => {
      const { type, from, to } = parse(renameTagSchema, request.body);
      const result = await renameTag(db, request.site.websiteId, type, from[0]!, to);
      await changed();
      return result;
    }));
    scope.post(TAGS_API.merge, write, handle(async (request) => {
      const { type, from, into } = parse(mergeTagsSchema, request.body);
      const result = await mergeTags(db, request.site.websiteId, type, from, into);
      await changed();
      return result;
    }));
    scope.post(TAGS_API.remove, write, handle(async (request) => {
      const { type, names } = parse(removeTagsSchema, request.body);
      const result = await removeTags(db, request.site.websiteId, type, names);
      await changed();
      return result;
    }));

    scope.get('/api/editor/blog/posts', read, handle(async (request) => ({
      posts: await db.select().from(blogPosts).where(eq(blogPosts.websiteId, request.site.websiteId)).orderBy(desc(blogPosts.updatedAt)),
    })));

    scope.post('/api/editor/blog/posts', write, handle(async (request, reply) => {
      const input = parse(PostCreate, request.body);
      const [blog] = await db
        .select({ id: pages.id })
        .from(pages)
        .where(and(eq(pages.id, input.collectionId), eq(pages.websiteId, request.site.websiteId), eq(pages.collectionType, 'blog')));
      if (!blog) throw new EditorError(400, 'NOT_A_BLOG', 'Posts belong to a blog page');
      const { publishOn, ...fields } = input;
      try {
        const [post] = await db
          .insert(blogPosts)
          .values({ ...fields, id: randomUUID(), websiteId: request.site.websiteId, urlId: input.urlId ?? slugify(input.title), publishOn: publishOn ? new Date(publishOn) : null })
          .returning();
        return reply.status(201).send(post);
      } catch (error) {
        if (isUniqueViolation(error)) throw new EditorError(409, 'SLUG_TAKEN', 'Another post of this blog has that URL');
        throw error;
      }
    }));

    scope.patch('/api/editor/blog/posts/:id', write, handle(async (request) => {
      const { version, publishOn, ...fields } = parse(PostPatch, request.body);
      const [post] = await db
        .update(blogPosts)
        .set({ ...fields, ...(publishOn !== undefined && { publishOn: publishOn ? new Date(publishOn) : null }), version: version + 1, updatedAt: new Date() })
        .where(and(own(request, postId(request)), eq(blogPosts.version, version)))
        .returning();
      if (!post) throw new EditorError(409, 'STALE_VERSION', 'The post changed since you opened it, or it is gone');
      await changed();
      return post;
    }));

    scope.post('/api/editor/blog/posts/:id/publish', write, handle(async (request) => {
      const [post] = await db
        .update(blogPosts)
        .set({
          status: sql`case when ${blogPosts.publishOn} > now() then 'scheduled' else 'published' end`,
          publishOn: sql`coalesce(${blogPosts.publishOn}, now())`,
          version: sql`${blogPosts.version} + 1`,
          updatedAt: new Date(),
        })
        .where(own(request, postId(request)))
        .returning();
      if (!post) throw postNotFound();
      await changed();
      return post;
    }));

    scope.delete('/api/editor/blog/posts/:id', write, handle(async (request, reply) => {
      const [gone] = await db.delete(blogPosts).where(own(request, postId(request))).returning({ id: blogPosts.id });
      if (!gone) throw postNotFound();
      await changed();
      return reply.status(204).send();
    }));

    scope.get('/api/editor/blog/comments', read, handle(async (request) => {
      const status = (request.query as { status?: string }).status === 'approved' ? 'approved' : 'pending';
      return {
        comments: await db
          .select({ id: blogComments.id, postId: blogComments.postId, postTitle: blogPosts.title, authorName: blogComments.authorName, body: blogComments.body, status: blogComments.status, createdAt: blogComments.createdAt })
          .from(blogComments)
          .innerJoin(blogPosts, eq(blogPosts.id, blogComments.postId))
          .where(and(eq(blogComments.websiteId, request.site.websiteId), eq(blogComments.status, status)))
          .orderBy(desc(blogComments.createdAt)),
      };
    }));

    const commentId = (request: { params: unknown }) => (request.params as { id: string }).id;
    const ownComment = (request: FastifyRequest, id: string) => and(eq(blogComments.id, id), eq(blogComments.websiteId, request.site.websiteId));

    scope.post('/api/editor/blog/comments/:id/approve', write, handle(async (request) => {
      const [comment] = await db.update(blogComments).set({ status: 'approved' }).where(ownComment(request, commentId(request))).returning();
      if (!comment) throw new EditorError(404, 'COMMENT_NOT_FOUND', 'That comment does not exist');
      await changed();
      return comment;
    }));

    scope.delete('/api/editor/blog/comments/:id', write, handle(async (request, reply) => {
      const [gone] = await db.delete(blogComments).where(ownComment(request, commentId(request))).returning({ id: blogComments.id });
      if (!gone) throw new EditorError(404, 'COMMENT_NOT_FOUND', 'That comment does not exist');
      await changed();
      return reply.status(204).send();
    }));
  });
}
