import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import fastifyMultipart from '@fastify/multipart';
import {
  FILE_LIMITS,
  FILES_API,
  fileMessages,
  listFilesQuerySchema,
  messages,
  updateFileSchema,
  type FileList,
  type FileProductView,
  type UploadResult,
} from '@site/page-content';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Database } from '../db/client';
import { files } from '../db/schema';
import { createRoleGuard } from '../http';
import { FileError, fileNotFound, sendFileError } from './errors';
import { deleteFile, findFile, listFiles, originalKey, toView, updateFile, widthKey } from './file-store';
import type { JobQueue } from '../jobs';
import { createLocalImageJobs, createQueuedImageJobs } from './image-jobs';
import { processImage } from './process-image';
import type { DeliveredFiles } from './delivered';
import { serveFile } from './serve';
import { createDiskStorage, type FileStorage } from './storage';
import { receiveUpload } from './upload';

/** The widest picture of a non-public file the file manager may show (its detail pane's size). */
const MAX_PREVIEW_WIDTH = 500;

export interface FileOptions {
  /** Where file bytes are kept; a folder on disk (`./.data/files`) by default. */
  storage?: FileStorage;
  /** Where uploads are written while they arrive. */
  stagingDir?: string;
  maxUploadBytes?: number;
  /** The durable job queue for image processing; without one, images are processed in this process. */
  jobs?: JobQueue;
}

export interface FileRoutesOptions extends FileOptions {
  db: Database;
  delivered: DeliveredFiles;
}

const FILE_ROUTE = `${FILES_API.files}/:id`;

/** Turns a FileError into its answer; anything else is the app's 500. */
const handle =
  <R>(fn: (request: FastifyRequest, reply: FastifyReply) => Promise<R>) =>
  async (request: FastifyRequest, reply: FastifyReply) => {
    try {
      return await fn(request, reply);
    } catch (error) {
      // A refused upload may leave the rest of its body unread: the connection closes after the
      // answer rather than wait for it, so the client's next request is not stuck behind it.
      if (!request.raw.complete) reply.header('connection', 'close');
      if (error instanceof FileError) return sendFileError(reply, error);
      throw error;
    }
  };

function parse<S extends z.ZodType>(schema: S, value: unknown, title: string): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  throw new FileError(
    400,
    'INVALID',
    issue?.message ?? fileMessages.uploadProblem,
    title,
    issue?.path.map(String) ?? [],
  );
}

/** Where file bytes go when the deployment names no storage: a folder under the working directory. */
export const defaultFileStorage = () => createDiskStorage(resolve('.data', 'files'));

/** The file manager's API under /api/editor/files and the files themselves under /files. */
export async function registerFileRoutes(app: FastifyInstance, options: FileRoutesOptions): Promise<void> {
  const { db, delivered } = options;
  const storage = options.storage ?? defaultFileStorage();
  const stagingDir = options.stagingDir ?? join(tmpdir(), 'site-uploads');
  const maxUploadBytes = options.maxUploadBytes ?? FILE_LIMITS.defaultMaxUploadBytes;
  const guard = createRoleGuard({ db });
  const work = (id: string) => processImage(db, storage, id);
  const onError = (err: unknown, fileId: string) => app.log.error({ err, fileId }, 'image processing failed');
  const jobs = options.jobs
    ? await createQueuedImageJobs(options.jobs, work, onError)
    : createLocalImageJobs(work, onError);
  app.addHook('onReady', async () => {
    // Work a stopped server left unfinished, on every site (the durable queue keeps its own;
    // enqueueing twice is a no-op).
    const pending = await db.select({ id: files.id }).from(files).where(eq(files.status, 'processing'));
    for (const { id } of pending) jobs.enqueue(id);
  });
  app.addHook('onClose', () => jobs.close());

  await app.register(async (scope) => {
    await scope.register(fastifyMultipart, { throwFileSizeLimit: true });

    scope.get(
      FILES_API.files,
      { preHandler: guard.read },
      handle(async (request): Promise<FileList> => {
        const query = parse(listFilesQuerySchema, request.query, messages.unableToLoadResults);
        return { ...(await listFiles(db, request.site.websiteId, query, delivered)), maxUploadBytes };
      }),
    );

    scope.post(
      FILES_API.files,
      { preHandler: guard.write },
      handle(async (request, reply): Promise<UploadResult> => {
        const rows = await receiveUpload(request, {
          db,
          storage,
          websiteId: request.site.websiteId,
          stagingDir,
          maxUploadBytes,
        });
        for (const row of rows) if (row.status === 'processing') jobs.enqueue(row.id);
        reply.status(201);
        // New uploads: no product delivers them yet.
        return { files: rows.map((row) => toView(row)) };
      }),
    );

    scope.get(
      FILE_ROUTE,
      { preHandler: guard.read },
      handle(async (request) => {
        const file = await findFile(db, request.site.websiteId, (request.params as { id: string }).id);
        return toView(file, await delivered.has(db, request.site.websiteId, file.id));
      }),
    );

    // Editors of every role see what they manage; a picture this small is no copy of what buyers pay for.
    scope.get(
      `${FILE_ROUTE}/preview`,
      { preHandler: guard.read },
      handle(async (request, reply) => {
        const file = await findFile(db, request.site.websiteId, (request.params as { id: string }).id);
        const asked = /^(\d+)w$/.exec(String((request.query as { format?: unknown }).format ?? ''))?.[1];
        const width = asked ? Number(asked) : undefined;
        if (width === undefined || width > MAX_PREVIEW_WIDTH || !file.widths.includes(width))
          throw fileNotFound();
        const stored = await storage.stream(widthKey(file, width));
        if (!stored) throw fileNotFound();
        return reply
          .header('content-type', file.contentType)
          .header('content-length', stored.size)
          .header('cache-control', 'private, max-age=300')
          .header('x-content-type-options', 'nosniff')
          .header('content-security-policy', "default-src 'none'; sandbox")
          .send(stored.body);
      }),
    );

    scope.get(
      `${FILE_ROUTE}/products`,
      { preHandler: guard.read },
      handle(async (request): Promise<{ products: FileProductView[] }> => {
        const file = await findFile(db, request.site.websiteId, (request.params as { id: string }).id);
        return { products: await delivered.productsOf(db, request.site.websiteId, file.id) };
      }),
    );

    // A plain link (no XSRF header) opens it, so the guard is the read one plus an editing role:
    // a digital product's file is what buyers pay for, not for a viewer to take.
    scope.get(
      `${FILE_ROUTE}/original`,
      { preHandler: guard.with('edit-content', false, fileMessages.originalForEditors) },
      handle(async (request, reply) => {
        const file = await findFile(db, request.site.websiteId, (request.params as { id: string }).id);
        const stored = await storage.stream(originalKey(file));
        if (!stored) throw fileNotFound();
        return reply
          .header('content-type', file.contentType)
          .header('content-length', stored.size)
          .header('cache-control', 'private, no-store')
          .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(file.name)}`)
          .header('x-content-type-options', 'nosniff')
          .header('referrer-policy', 'no-referrer')
          .header('content-security-policy', "default-src 'none'; sandbox")
          .send(stored.body);
      }),
    );

    scope.patch(
      FILE_ROUTE,
      { preHandler: guard.write },
      handle(async (request) => {
        const renaming = typeof (request.body as { name?: unknown } | undefined)?.name !== 'undefined';
        const change = parse(
          updateFileSchema,
          request.body,
          renaming ? fileMessages.unableToRename : fileMessages.unableToUpdate,
        );
        const file = await updateFile(
          db,
          request.site.websiteId,
          (request.params as { id: string }).id,
          change,
        );
        return toView(file, await delivered.has(db, request.site.websiteId, file.id));
      }),
    );

    scope.delete(
      FILE_ROUTE,
      { preHandler: guard.write },
      handle(async (request, reply) => {
        await deleteFile(db, storage, request.site.websiteId, (request.params as { id: string }).id);
        return reply.status(204).send();
      }),
    );
  });

  app.get('/files/:id/:name', (request, reply) =>
    serveFile(request, reply, { db, storage, websiteId: request.site.websiteId, delivered }),
  );
}
