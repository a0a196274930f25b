import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { FILE_LIMITS, fileMessages, fileNameSchema, isImageType } from '@site/page-content';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../db/client';
import { files } from '../db/schema';
import { FileError, isStorageFull, storageFull, uploadIncomplete } from './errors';
import { originalKey, removeStored, type FileRow } from './file-store';
import { inspectUpload, type Inspected } from './inspect';
import type { FileStorage } from './storage';

interface Staged extends Inspected {
  path: string;
  name: string;
  size: number;
}

export interface UploadContext {
  db: Database;
  storage: FileStorage;
  websiteId: string;
  /** Where parts are written while they arrive; never the storage itself. */
  stagingDir: string;
  maxUploadBytes: number;
}

/** Multipart and stream failures as the person should read them. */
function uploadFailure(error: unknown, maxUploadBytes: number): FileError {
  if (error instanceof FileError) return error;
  if (isStorageFull(error)) return storageFull();
  const code = (error as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE')
    return new FileError(413, 'FILE_TOO_LARGE', fileMessages.tooLarge(maxUploadBytes));
  if (code === 'FST_FILES_LIMIT') return new FileError(413, 'TOO_MANY_FILES', fileMessages.tooManyFiles);
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE')
    return new FileError(415, 'NOT_MULTIPART', fileMessages.uploadProblem);
  // Busboy's "Unexpected end of form", a reset connection, a part cut short.
  return uploadIncomplete();
}

function checkName(raw: string): string {
  const parsed = fileNameSchema.safeParse(raw);
  if (!parsed.success)
    throw new FileError(400, 'INVALID_NAME', parsed.error.issues[0]?.message ?? fileMessages.enterFileName);
  return parsed.data;
}

/**
 * Streams every file part of the request to the staging folder and proves each one. All or
 * nothing: one bad file refuses the call and every staged part is removed.
 */
async function stageParts(request: FastifyRequest, ctx: UploadContext): Promise<Staged[]> {
  await mkdir(ctx.stagingDir, { recursive: true });
  const staged: Staged[] = [];
  const paths: string[] = [];
  try {
    const parts = request.files({
      preservePath: true,
      limits: {
        fileSize: ctx.maxUploadBytes,
        files: FILE_LIMITS.maxFilesPerUpload,
        fields: 0,
        parts: FILE_LIMITS.maxFilesPerUpload,
      },
    });
    for await (const part of parts) {
      const path = join(ctx.stagingDir, randomUUID());
      paths.push(path);
      // The part is read to its end before its name is judged, so the rest of the form can be parsed.
      await pipeline(part.file, createWriteStream(path, { flags: 'wx' }));
      // Busboy stops at the limit and flags the part rather than failing the stream.
      if (part.file.truncated)
        throw new FileError(413, 'FILE_TOO_LARGE', fileMessages.tooLarge(ctx.maxUploadBytes));
      const name = checkName(part.filename);
      const { size } = await stat(path);
      staged.push({ path, name, size, ...(await inspectUpload(path, name, size)) });
    }
    if (staged.length === 0) throw new FileError(400, 'NO_FILES', fileMessages.noFiles);
    return staged;
  } catch (error) {
    await Promise.all(paths.map((p) => rm(p, { force: true })));
    throw uploadFailure(error, ctx.maxUploadBytes);
  }
}

/** Receives an upload and stores it; images start `processing` and the caller queues their work. */
export async function receiveUpload(request: FastifyRequest, ctx: UploadContext): Promise<FileRow[]> {
  const staged = await stageParts(request, ctx);
  const rows = staged.map((s) => ({
    id: randomUUID(),
    websiteId: ctx.websiteId,
    name: s.name,
    contentType: s.contentType,
    size: s.size,
    width: s.width,
    height: s.height,
    status: isImageType(s.contentType) ? ('processing' as const) : ('complete' as const),
  }));
  try {
    await Promise.all(
      rows.map((row, i) => ctx.storage.put(originalKey(row), createReadStream(staged[i]!.path))),
    );
    return await ctx.db.insert(files).values(rows).returning();
  } catch (error) {
    await Promise.all(rows.map((row) => removeStored(ctx.storage, row)));
    throw isStorageFull(error) ? storageFull() : error;
  } finally {
    await Promise.all(staged.map((s) => rm(s.path, { force: true })));
  }
}
