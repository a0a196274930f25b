import { randomUUID } from 'node:crypto';
import {
  collectionMessages,
  COLLECTIONS_API,
  createItemSchema,
  eventIcs,
  itemListQuerySchema,
  ITEM_DATA_SCHEMAS,
  MAX_ALBUM_TRACKS,
  MAX_COLLECTION_ITEMS,
  reorderItemsSchema,
  slugify,
  updateItemSchema,
  type ItemCollectionType,
} from '@site/page-content';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Database } from '../db/client';
import { collectionItems, pages } from '../db/schema';
import type { RouteDocs } from '../http/openapi';
import { isUniqueViolation } from '../db/unique-violation';
import { ApiError, createRoleGuard, handle, MAX_BODY_BYTES, parse, registerApiErrors } from '../http';
import { isItemCollection, listEventsPage, type ItemRow } from './collection-store';

export interface CollectionRouteOptions {
  db: Database;
}

const itemNotFound = () => new ApiError(404, 'ITEM_NOT_FOUND', collectionMessages.itemNotFound);

/** The type's data, checked; events also keep their dates in columns for sorting. */
function checkedData(type: ItemCollectionType, data: unknown) {
  const parsed = parse(ITEM_DATA_SCHEMAS[type], data) as Record<string, unknown>;
  if (type !== 'events') return { data: parsed, startsAt: null, endsAt: null };
  return {
    data: parsed,
    startsAt: new Date(String(parsed.startDate)),
    endsAt: new Date(String(parsed.endDate)),
  };
}

export const collectionRouteDocs: RouteDocs = {
  'GET /api/calendar/:file': {
    summary: 'An event as an iCalendar file (text/calendar) for "Add to calendar"',
    tags: ['pages'],
  },
  [`GET ${COLLECTIONS_API.items}`]: {
    summary:
      'Items of a gallery, album or video page, in order; of an events page, a page at a time, latest start first (editor)',
    tags: ['editor'],
    query: itemListQuerySchema,
  },
  [`POST ${COLLECTIONS_API.items}`]: {
    summary: 'Add an item to an events, gallery, album or video page (editor)',
    tags: ['editor'],
    body: createItemSchema,
  },
  [`GET ${COLLECTIONS_API.items}/:id`]: { summary: 'One item, to edit it (editor)', tags: ['editor'] },
  [`PATCH ${COLLECTIONS_API.items}/:id`]: {
    summary: 'Change an item; refused when its version moved (editor)',
    tags: ['editor'],
    body: updateItemSchema,
  },
  [`POST ${COLLECTIONS_API.reorder}`]: {
    summary: "Put a collection's items in a new order; every item once (editor)",
    tags: ['editor'],
    body: reorderItemsSchema,
  },
  [`DELETE ${COLLECTIONS_API.items}/:id`]: { summary: 'Delete an item (editor)', tags: ['editor'] },
};

/** Owners write items behind the editor's guard; visitors download an event's calendar file. */
export function registerCollectionRoutes(app: FastifyInstance, options: CollectionRouteOptions): void {
  const { db } = options;

  app.get('/api/calendar/:file', async (request, reply) => {
    const match = /^([A-Za-z0-9_-]{1,100})\.ics$/.exec((request.params as { file: string }).file);
    const [row] = match
      ? await db
          .select({ item: collectionItems, path: pages.path, enabled: pages.enabled, status: pages.status })
          .from(collectionItems)
          .innerJoin(pages, eq(pages.id, collectionItems.collectionId))
          .where(
            and(
              eq(collectionItems.id, match[1]!),
              eq(collectionItems.websiteId, request.site.websiteId),
              eq(collectionItems.status, 'published'),
              eq(pages.collectionType, 'events'),
            ),
          )
      : [];
    // Events of hidden or members-only pages are not handed out here.
    if (!row || !row.enabled || row.status !== 'published' || !row.item.startsAt || !row.item.endsAt) {
      return reply
        .status(404)
        .send({ error: { code: 'EVENT_NOT_FOUND', message: 'That event does not exist' } });
    }
    const { item } = row;
    const origin = `${request.protocol}://${request.host}`;
    const ics = eventIcs(
      {
        id: item.id,
        title: item.title,
        description: item.body,
        startDate: item.startsAt!.getTime(),
        endDate: item.endsAt!.getTime(),
        location: item.data.location as Record<string, string> | undefined,
        url: `${origin}${row.path}/${item.urlId}`,
      },
      request.hostname,
      Date.now(),
    );
    return reply
      .type('text/calendar; charset=utf-8')
      .header('content-disposition', `attachment; filename="${item.urlId}.ics"`)
      .send(ics);
  });

  void app.register(async (scope) => {
    registerApiErrors(scope);
    const guard = createRoleGuard({ db });
    const read = { preHandler: guard.read };
    const write = { preHandler: guard.write, bodyLimit: MAX_BODY_BYTES };
    const itemId = (request: { params: unknown }) => (request.params as { id: string }).id;

    const collectionOf = async (request: FastifyRequest, collectionId: string) => {
      const [page] = await db
        .select({ id: pages.id, type: pages.collectionType })
        .from(pages)
        .where(and(eq(pages.id, collectionId), eq(pages.websiteId, request.site.websiteId)));
      if (!page || !isItemCollection(page.type))
        throw new ApiError(400, 'NOT_A_COLLECTION', collectionMessages.notACollection);
      return { id: page.id, type: page.type };
    };

    const ownItem = async (
      request: FastifyRequest,
      id: string,
    ): Promise<{ row: ItemRow; type: ItemCollectionType }> => {
      const [found] = await db
        .select({ row: collectionItems, type: pages.collectionType })
        .from(collectionItems)
        .innerJoin(pages, eq(pages.id, collectionItems.collectionId))
        .where(and(eq(collectionItems.id, id), eq(collectionItems.websiteId, request.site.websiteId)));
      if (!found || !isItemCollection(found.type)) throw itemNotFound();
      return { row: found.row, type: found.type };
    };

    scope.get(
      COLLECTIONS_API.items,
      read,
      handle(async (request) => {
        const query = parse(itemListQuerySchema, request.query);
        const collection = await collectionOf(request, query.collectionId);
        if (collection.type === 'events') return listEventsPage(db, collection.id, query);
        const items = await db
          .select()
          .from(collectionItems)
          .where(eq(collectionItems.collectionId, collection.id))
          .orderBy(asc(collectionItems.position), asc(collectionItems.startsAt), asc(collectionItems.id));
        return {
          collectionType: collection.type,
          items,
          nextPageCursor: null,
          full: items.length >= MAX_COLLECTION_ITEMS,
        };
      }),
    );

    scope.get(
      `${COLLECTIONS_API.items}/:id`,
      read,
      handle(async (request) => (await ownItem(request, itemId(request))).row),
    );

    scope.post(
      COLLECTIONS_API.items,
      write,
      handle(async (request, reply) => {
        const input = parse(createItemSchema, request.body);
        const collection = await collectionOf(request, input.collectionId);
        const checked = checkedData(collection.type, input.data);
        const [held] = await db
          .select({ n: count() })
          .from(collectionItems)
          .where(eq(collectionItems.collectionId, collection.id));
        const n = held?.n ?? 0;
        if (collection.type === 'album' && n >= MAX_ALBUM_TRACKS)
          throw new ApiError(400, 'ALBUM_FULL', collectionMessages.albumFull);
        if (n >= MAX_COLLECTION_ITEMS)
          throw new ApiError(400, 'COLLECTION_FULL', collectionMessages.collectionFull);
        try {
          const [item] = await db
            .insert(collectionItems)
            .values({
              id: randomUUID(),
              websiteId: request.site.websiteId,
              collectionId: collection.id,
              urlId: input.urlId ?? `${slugify(input.title) || 'item'}-${randomUUID().slice(0, 6)}`,
              title: input.title,
              body: input.body,
              status: input.status,
              position: sql`(select coalesce(max(position), -1) + 1 from collection_items where collection_id = ${collection.id})`,
              ...checked,
            })
            .returning();
          return reply.status(201).send(item);
        } catch (error) {
          if (isUniqueViolation(error)) throw new ApiError(409, 'URL_TAKEN', collectionMessages.urlTaken);
          throw error;
        }
      }),
    );

    scope.post(
      COLLECTIONS_API.reorder,
      write,
      handle(async (request) => {
        const { collectionId, ids } = parse(reorderItemsSchema, request.body);
        const collection = await collectionOf(request, collectionId);
        return db.transaction(async (tx) => {
          // Locks the collection's rows, so an item added meanwhile cannot be left out of the order.
          const held = await tx
            .select({ id: collectionItems.id })
            .from(collectionItems)
            .where(eq(collectionItems.collectionId, collection.id))
            .for('update');
          const known = new Set(held.map((r) => r.id));
          if (held.length !== ids.length || ids.some((id) => !known.has(id))) {
            throw new ApiError(409, 'ORDER_MISMATCH', collectionMessages.reorderMismatch);
          }
          for (const [position, id] of ids.entries()) {
            await tx
              .update(collectionItems)
              .set({ position })
              .where(and(eq(collectionItems.id, id), eq(collectionItems.collectionId, collection.id)));
          }
          const items = await tx
            .select()
            .from(collectionItems)
            .where(eq(collectionItems.collectionId, collection.id))
            .orderBy(asc(collectionItems.position), asc(collectionItems.id));
          return { collectionType: collection.type, items };
        });
      }),
    );

    scope.patch(
      `${COLLECTIONS_API.items}/:id`,
      write,
      handle(async (request) => {
        const { version, data, ...fields } = parse(updateItemSchema, request.body);
        const { row, type } = await ownItem(request, itemId(request));
        const checked = data === undefined ? {} : checkedData(type, { ...row.data, ...data });
        try {
          const [item] = await db
            .update(collectionItems)
            .set({ ...fields, ...checked, version: version + 1, updatedAt: new Date() })
            .where(and(eq(collectionItems.id, row.id), eq(collectionItems.version, version)))
            .returning();
          if (!item) throw new ApiError(409, 'STALE_VERSION', collectionMessages.staleItem);
          return item;
        } catch (error) {
          if (isUniqueViolation(error)) throw new ApiError(409, 'URL_TAKEN', collectionMessages.urlTaken);
          throw error;
        }
      }),
    );

    scope.delete(
      `${COLLECTIONS_API.items}/:id`,
      write,
      handle(async (request, reply) => {
        const { row } = await ownItem(request, itemId(request));
        await db.delete(collectionItems).where(eq(collectionItems.id, row.id));
        return reply.status(204).send();
      }),
    );
  });
}
