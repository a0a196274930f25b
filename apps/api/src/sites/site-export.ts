import { randomUUID } from 'node:crypto';
import {
  messages,
  SITE_EXPORT_API,
  siteExportMessages,
  type LatestSiteExport,
  type SiteExport,
  type SiteImportResult,
} from '@site/page-content';
import { and, desc, eq, ne } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Database } from '../db/client';
import { siteDomains, siteExports, websites } from '../db/schema';
import { isUniqueViolation } from '../db/unique-violation';
import type { FileStorage } from '../files/storage';
import { ApiError, createRoleGuard, handle, parse, registerApiErrors } from '../http';
import type { JobQueue } from '../jobs';
import { slugProblem } from './create-site';
import { siteMessages } from './messages';
import { ArchiveError, exportSiteArchive, importSiteArchive } from './site-archive';

export const SITE_EXPORT_JOB = 'site-export';
/** The largest archive an import takes. */
const MAX_IMPORT_BYTES = 500 * 1024 * 1024;

export interface SiteExportOptions {
  db: Database;
  storage: FileStorage;
  /** Exports run as jobs; without a queue (a bare app in tests) in this process's background. */
  jobs?: JobQueue;
  baseDomain?: string;
}

type ExportRow = typeof siteExports.$inferSelect;

const view = (row: ExportRow): SiteExport => ({
  id: row.id,
  status: row.status,
  progress: row.progress,
  size: row.size,
  createdAt: row.createdAt.toISOString(),
  finishedAt: row.finishedAt?.toISOString() ?? null,
});

const archiveKey = (row: Pick<ExportRow, 'websiteId' | 'id'>) => `${row.websiteId}/exports/${row.id}.json.gz`;

/** Makes one export's archive, saying how far it is on its row; the site keeps only its latest archive. */
export async function runSiteExport(db: Database, storage: FileStorage, exportId: string): Promise<void> {
  const [row] = await db.select().from(siteExports).where(eq(siteExports.id, exportId));
  if (!row || row.status !== 'running') return;
  let shown = 0;
  try {
    const archive = await exportSiteArchive(db, storage, row.websiteId, async (percent) => {
      if (percent === shown) return;
      shown = percent;
      await db.update(siteExports).set({ progress: percent }).where(eq(siteExports.id, exportId));
    });
    await storage.put(archiveKey(row), archive);
    await db
      .update(siteExports)
      .set({
        status: 'ready',
        progress: 100,
        storageKey: archiveKey(row),
        size: archive.length,
        finishedAt: new Date(),
      })
      .where(eq(siteExports.id, exportId));
    const older = await db
      .delete(siteExports)
      .where(and(eq(siteExports.websiteId, row.websiteId), ne(siteExports.id, exportId)))
      .returning({ storageKey: siteExports.storageKey });
    for (const old of older) if (old.storageKey) await storage.delete(old.storageKey);
  } catch (err) {
    await db
      .update(siteExports)
      .set({
        status: 'failed',
        error: err instanceof Error ? err.message : String(err),
        finishedAt: new Date(),
      })
      .where(eq(siteExports.id, exportId));
  }
}

const ImportQuery = z.object({ slug: z.string().trim().toLowerCase().min(1).max(100) });

export async function registerSiteExport(app: FastifyInstance, options: SiteExportOptions): Promise<void> {
  const { db, storage, jobs } = options;
  await jobs?.work<{ exportId: string }>(SITE_EXPORT_JOB, (job) =>
    runSiteExport(db, storage, job.payload.exportId),
  );

  void app.register(async (scope) => {
    registerApiErrors(scope);
    const guard = createRoleGuard({ db });
    // Everything in the site, members and orders included: the owner's and admins' only.
    const managing = guard.with('change-settings', false);
    scope.addContentTypeParser(
      ['application/gzip', 'application/octet-stream'],
      { parseAs: 'buffer', bodyLimit: MAX_IMPORT_BYTES },
      (_request, body, done) => done(null, body),
    );

    scope.get(
      SITE_EXPORT_API.exports,
      { preHandler: managing },
      handle(async (request): Promise<LatestSiteExport> => {
        const [row] = await db
          .select()
          .from(siteExports)
          .where(eq(siteExports.websiteId, request.site.websiteId))
          .orderBy(desc(siteExports.createdAt))
          .limit(1);
        return { export: row ? view(row) : null };
      }),
    );

    scope.post(
      SITE_EXPORT_API.exports,
      { preHandler: guard.settings },
      handle(async (request, reply) => {
        const [running] = await db
          .select()
          .from(siteExports)
          .where(and(eq(siteExports.websiteId, request.site.websiteId), eq(siteExports.status, 'running')));
        // One at a time: asking again while one runs shows that one.
        if (running) return reply.status(202).send(view(running));
        const [row] = await db
          .insert(siteExports)
          .values({ id: randomUUID(), websiteId: request.site.websiteId, status: 'running' })
          .returning();
        if (jobs) await jobs.enqueue(SITE_EXPORT_JOB, { exportId: row!.id }, { singletonKey: row!.id });
        else void runSiteExport(db, storage, row!.id);
        return reply.status(202).send(view(row!));
      }),
    );

    scope.get(
      '/api/editor/site-export/:id/download',
      { preHandler: managing },
      handle(async (request, reply) => {
        const { id } = parse(z.object({ id: z.string().max(100) }), request.params);
        const [row] = await db
          .select({ export: siteExports, slug: websites.slug })
          .from(siteExports)
          .innerJoin(websites, eq(websites.id, siteExports.websiteId))
          .where(and(eq(siteExports.id, id), eq(siteExports.websiteId, request.site.websiteId)));
        const stored = row?.export.storageKey ? await storage.stream(row.export.storageKey) : undefined;
        if (!row || !stored) throw new ApiError(404, 'NOT_FOUND', messages.unableToLocateContent);
        const day = row.export.createdAt.toISOString().slice(0, 10);
        return reply
          .header('content-type', 'application/gzip')
          .header('content-length', String(stored.size))
          .header('content-disposition', `attachment; filename="${row.slug ?? 'site'}-${day}.json.gz"`)
          .header('cache-control', 'no-store')
          .send(stored.body);
      }),
    );

    scope.post(
      SITE_EXPORT_API.import,
      { preHandler: guard.settings, bodyLimit: MAX_IMPORT_BYTES },
      handle(async (request, reply): Promise<SiteImportResult> => {
        if (!options.baseDomain)
          throw new ApiError(409, 'NEEDS_BASE_DOMAIN', siteExportMessages.importNeedsDomain);
        const { slug } = parse(ImportQuery, request.query);
        const problem = slugProblem(slug);
        if (problem) throw new ApiError(400, 'INVALID_FIELDS', problem, { fieldErrors: { slug: problem } });
        if (!Buffer.isBuffer(request.body))
          throw new ApiError(400, 'NOT_AN_ARCHIVE', siteExportMessages.notAnArchive);
        const host = `${slug}.${options.baseDomain}`;
        try {
          const websiteId = await importSiteArchive(db, storage, request.body, { slug });
          await db.insert(siteDomains).values({ host, websiteId, kind: 'default' });
          reply.status(201);
          return { websiteId, slug, url: `${request.protocol}://${host}/` };
        } catch (err) {
          if (err instanceof ArchiveError) throw new ApiError(400, 'NOT_AN_ARCHIVE', err.message);
          if (isUniqueViolation(err))
            throw new ApiError(409, 'INVALID_FIELDS', siteMessages.slugTaken, {
              fieldErrors: { slug: siteMessages.slugTaken },
            });
          throw err;
        }
      }),
    );
  });
}
