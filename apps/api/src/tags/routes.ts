import {
  createTagSchema,
  filterTags,
  mergeTagsSchema,
  PRODUCT_TAGS_ROUTE,
  productTagsSchema,
  removeTagsSchema,
  renameTagSchema,
  TAG_COLLECTIONS,
  tagQuerySchema,
  tagsApi,
} from '@site/page-content';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client';
import { products } from '../db/schema';
import { ApiError, createRoleGuard, handle, MAX_BODY_BYTES, parse, registerApiErrors } from '../http';
import { checkCategoryRoom, createTag, listTags, mergeTags, removeTags, renameTag } from './tag-store';

/**
 * The tag and category manager (platform.md §2) of blog posts and of products: new, edit (one at
 * a time), merge, remove, filter; and one product's names, for the product editor. Cached pages
 * follow by themselves: every product write bumps the site's catalog counter (migration 0008).
 */
export function registerTagRoutes(app: FastifyInstance, options: { db: Database }): void {
  const { db } = options;
  void app.register(async (scope) => {
    registerApiErrors(scope);
    const guard = createRoleGuard({ db });
    const read = { preHandler: guard.read };
    const write = { preHandler: guard.write, bodyLimit: MAX_BODY_BYTES };

    for (const collection of TAG_COLLECTIONS) {
      const api = tagsApi(collection);
      scope.get(
        api.tags,
        read,
        handle(async (request) => {
          const { type, filter } = parse(tagQuerySchema, request.query);
          return {
            tags: filterTags(await listTags(db, request.site.websiteId, collection, type), filter ?? ''),
          };
        }),
      );
      scope.post(
        api.tags,
        write,
        handle(async (request, reply) => {
          const { type, name } = parse(createTagSchema, request.body);
          return reply.status(201).send(await createTag(db, request.site.websiteId, collection, type, name));
        }),
      );
      scope.post(
        api.rename,
        write,
        handle(async (request) => {
          const { type, from, to } = parse(renameTagSchema, request.body);
          return renameTag(db, request.site.websiteId, collection, type, from[0]!, to);
        }),
      );
      scope.post(
        api.merge,
        write,
        handle(async (request) => {
          const { type, from, into } = parse(mergeTagsSchema, request.body);
          return mergeTags(db, request.site.websiteId, collection, type, from, into);
        }),
      );
      scope.post(
        api.remove,
        write,
        handle(async (request) => {
          const { type, names } = parse(removeTagsSchema, request.body);
          return removeTags(db, request.site.websiteId, collection, type, names);
        }),
      );
    }

    scope.put(
      PRODUCT_TAGS_ROUTE,
      write,
      handle(async (request) => {
        const names = parse(productTagsSchema, request.body);
        const id = (request.params as { id: string }).id;
        const websiteId = request.site.websiteId;
        const [row] = await db.transaction(async (tx) => {
          await checkCategoryRoom(tx, websiteId, names.categories);
          return tx
            .update(products)
            .set(names)
            .where(and(eq(products.id, id), eq(products.websiteId, websiteId)))
            .returning({ tags: products.tags, categories: products.categories });
        });
        if (!row) throw new ApiError(404, 'PRODUCT_NOT_FOUND', 'That product no longer exists');
        return row;
      }),
    );
  });
}
