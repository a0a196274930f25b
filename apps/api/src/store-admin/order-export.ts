import { randomUUID } from 'node:crypto';
import { Transform } from 'node:stream';
import {
  orderExportMessages,
  OrderExportRequestSchema,
  STORE_API,
  type OrderExportRequest,
  type OrderExportView,
} from '@site/commerce-core/admin';
import { and, desc, eq, ne, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Database } from '../db/client';
import { orderExports } from '../db/schema';
import type { FileStorage } from '../files/storage';
import { ApiError, createRoleGuard, handle, parse, registerApiErrors } from '../http';
import type { RouteDocs } from '../http/openapi';
import type { JobQueue } from '../jobs';
import { countOrders, ordersCsv } from './orders';

export const ORDER_EXPORT_JOB = 'order-export';
const DOWNLOAD_ROUTE = '/api/editor/store/order-exports/:id/orders.csv';

type ExportRow = typeof orderExports.$inferSelect;

const view = (row: ExportRow): OrderExportView => ({
  id: row.id,
  status: row.status,
  progress:
    row.status === 'ready'
      ? 100
      : row.total > 0
        ? Math.min(99, Math.floor((row.written * 100) / row.total))
        : 0,
  total: row.total,
  written: row.written,
  size: row.size,
  downloadUrl: row.status === 'ready' ? STORE_API.orderExportDownload(row.id) : null,
  createdAt: row.createdAt.toISOString(),
  finishedAt: row.finishedAt?.toISOString() ?? null,
});

const fileKey = (row: Pick<ExportRow, 'websiteId' | 'id'>) => `${row.websiteId}/order-exports/${row.id}.csv`;

/** Counts the bytes passing through, for the stored file's size. */
function byteCounter() {
  let bytes = 0;
  const stream = new Transform({
    transform(chunk: Buffer | string, _encoding, done) {
      bytes += Buffer.byteLength(chunk);
      done(null, chunk);
    },
  });
  return { stream, bytes: () => bytes };
}

/**
 * Writes one export's CSV into the file store as the orders are read (one keyset page at a time,
 * as the direct download does), saying on its row how many are written after each page. The site
 * keeps only its latest file. A failure is written on the row for the editor to show.
 */
export async function runOrderExport(db: Database, storage: FileStorage, exportId: string): Promise<void> {
  const [row] = await db.select().from(orderExports).where(eq(orderExports.id, exportId));
  if (!row || row.status !== 'running') return;
  try {
    const filters = OrderExportRequestSchema.parse(row.filters);
    const total = await countOrders(db, row.websiteId, filters);
    await db.update(orderExports).set({ total, written: 0 }).where(eq(orderExports.id, exportId));
    let written = 0;
    let shown = 0;
    const counter = byteCounter();
    const csv = ordersCsv(db, row.websiteId, filters, async (rows) => {
      written += rows;
      // Written down as the percentage moves, not after every page: a hundred updates at most.
      const percent = Math.floor((written * 100) / Math.max(total, 1));
      if (percent === shown) return;
      shown = percent;
      await db.update(orderExports).set({ written }).where(eq(orderExports.id, exportId));
    });
    await storage.put(fileKey(row), csv.pipe(counter.stream));
    await db
      .update(orderExports)
      .set({
        status: 'ready',
        written,
        storageKey: fileKey(row),
        size: counter.bytes(),
        finishedAt: new Date(),
      })
      .where(eq(orderExports.id, exportId));
    const older = await db
      .delete(orderExports)
      .where(and(eq(orderExports.websiteId, row.websiteId), ne(orderExports.id, exportId)))
      .returning({ storageKey: orderExports.storageKey });
    for (const old of older) if (old.storageKey) await storage.delete(old.storageKey);
  } catch (err) {
    await db
      .update(orderExports)
      .set({
        status: 'failed',
        error: err instanceof Error ? err.message : String(err),
        finishedAt: new Date(),
      })
      .where(eq(orderExports.id, exportId));
  }
}

/** Starts an export of the orders the filters match, or answers the one already running. */
async function startOrderExport(
  db: Database,
  storage: FileStorage,
  jobs: JobQueue | undefined,
  websiteId: string,
  filters: OrderExportRequest,
): Promise<OrderExportView> {
  const row = await db.transaction(async (tx) => {
    // One at a time per site: two owners pressing Export at once share one job.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`order-export:${websiteId}`}))`);
    const [running] = await tx
      .select()
      .from(orderExports)
      .where(and(eq(orderExports.websiteId, websiteId), eq(orderExports.status, 'running')));
    if (running) return { ...running, started: false };
    const [inserted] = await tx
      .insert(orderExports)
      .values({ id: randomUUID(), websiteId, filters, status: 'running' })
      .returning();
    return { ...inserted!, started: true };
  });
  if (row.started) {
    if (jobs) await jobs.enqueue(ORDER_EXPORT_JOB, { exportId: row.id }, { singletonKey: row.id });
    else void runOrderExport(db, storage, row.id);
  }
  return view(row);
}

export interface OrderExportOptions {
  db: Database;
  storage: FileStorage;
  /** Exports run as jobs; without a queue (a bare app in tests) in this process's background. */
  jobs?: JobQueue;
}

/**
 * The orders export of the editor's Orders screen: a job writes the CSV of every order the list's
 * filters match into the file store, its progress on its row, and the owner downloads the file
 * once it is ready. Anyone who may read orders may export them (as `orders.csv` streams them).
 */
export async function registerOrderExportRoutes(app: FastifyInstance, options: OrderExportOptions) {
  const { db, storage, jobs } = options;
  await jobs?.work<{ exportId: string }>(ORDER_EXPORT_JOB, (job) =>
    runOrderExport(db, storage, job.payload.exportId),
  );
  void app.register(async (scope) => {
    registerApiErrors(scope);
    const guard = createRoleGuard({ db });
    const read = { preHandler: guard.read };

    scope.post(
      STORE_API.orderExports,
      { preHandler: guard.with('view', true) },
      handle(async (request, reply) => {
        const filters = parse(OrderExportRequestSchema, request.body ?? {});
        const started = await startOrderExport(db, storage, jobs, request.site.websiteId, filters);
        return reply.status(202).send(started);
      }),
    );

    scope.get(
      STORE_API.latestOrderExport,
      read,
      handle(async (request): Promise<{ export: OrderExportView | null }> => {
        const [row] = await db
          .select()
          .from(orderExports)
          .where(eq(orderExports.websiteId, request.site.websiteId))
          .orderBy(desc(orderExports.createdAt))
          .limit(1);
        return { export: row ? view(row) : null };
      }),
    );

    scope.get(
      DOWNLOAD_ROUTE,
      read,
      handle(async (request, reply) => {
        const { id } = parse(z.object({ id: z.string().max(100) }), request.params);
        const [row] = await db
          .select()
          .from(orderExports)
          .where(and(eq(orderExports.id, id), eq(orderExports.websiteId, request.site.websiteId)));
        const stored = row?.storageKey ? await storage.stream(row.storageKey) : undefined;
        if (!row || !stored) throw new ApiError(404, 'NOT_FOUND', orderExportMessages.notFound);
        const day = row.createdAt.toISOString().slice(0, 10);
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-length', String(stored.size))
          .header('content-disposition', `attachment; filename="orders-${day}.csv"`)
          .header('cache-control', 'no-store')
          .send(stored.body);
      }),
    );
  });
}

const guarded = { tags: ['store admin'], guard: 'member' as const };
export const orderExportRouteDocs: RouteDocs = {
  [`POST ${STORE_API.orderExports}`]: {
    ...guarded,
    summary:
      "Start a job writing the CSV of every order the list's filters match (202); while one runs, that one is answered",
    body: OrderExportRequestSchema,
    status: 202,
  },
  [`GET ${STORE_API.latestOrderExport}`]: {
    ...guarded,
    summary: "The site's latest orders export: its progress, then where its file downloads from",
  },
  [`GET ${DOWNLOAD_ROUTE}`]: {
    ...guarded,
    summary: 'A finished orders export, as CSV (404 once a newer export replaced it)',
  },
};
