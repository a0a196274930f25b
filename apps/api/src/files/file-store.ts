import {
  FILES_API,
  IMAGE_WIDTHS,
  fileMessages,
  type FileKind,
  type FileList,
  type FileView,
  type UpdateFile,
} from '@site/page-content';
import { and, count, desc, eq, like, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { files } from '../db/schema';
import { FileError, fileNotFound } from './errors';
import type { FileStorage } from './storage';
import type { DeliveredFiles } from './delivered';

export type FileRow = typeof files.$inferSelect;
type FileKey = Pick<FileRow, 'websiteId' | 'id'>;

export const originalKey = (file: FileKey) => `${file.websiteId}/${file.id}/original`;
export const widthKey = (file: FileKey, width: number) => `${file.websiteId}/${file.id}/${width}w`;

/** `delivered`: a digital product delivers the file, so /files/ does not serve it (serve.ts). */
export function toView(row: FileRow, delivered = false): FileView {
  const originalSize = row.width && row.height ? `${row.width}x${row.height}` : '';
  const assetUrl = FILES_API.asset(row.id, row.name);
  return {
    id: row.id,
    name: row.name,
    contentType: row.contentType,
    size: row.size,
    status: row.status,
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    assetUrl,
    previewUrl: delivered ? FILES_API.preview(row.id) : assetUrl,
    originalSize,
    mediaFocalPoint: { x: row.focalX, y: row.focalY },
    altText: row.altText,
    colorData: row.colorData ?? null,
    systemDataVariants:
      originalSize && row.widths.length > 0
        ? [originalSize, ...row.widths.map((w) => `${w}w`)].join(',')
        : '',
  };
}

export async function listFiles(
  db: Database,
  websiteId: string,
  query: { limit: number; offset: number; kind: FileKind },
  deliveredFiles: DeliveredFiles,
): Promise<Omit<FileList, 'maxUploadBytes'>> {
  const where = and(
    eq(files.websiteId, websiteId),
    query.kind === 'all' ? undefined : like(files.contentType, `${query.kind}/%`),
  );
  const [rows, [totals]] = await Promise.all([
    db
      .select()
      .from(files)
      .where(where)
      .orderBy(desc(files.createdAt), desc(files.id))
      .limit(query.limit)
      .offset(query.offset),
    db.select({ total: count() }).from(files).where(where),
  ]);
  const delivered = await deliveredFiles.among(
    db,
    websiteId,
    rows.map((r) => r.id),
  );
  return {
    items: rows.map((r) => toView(r, delivered.has(r.id))),
    total: totals?.total ?? 0,
    offset: query.offset,
    limit: query.limit,
  };
}

export async function findFile(db: Database, websiteId: string, id: string): Promise<FileRow> {
  const [row] = await db
    .select()
    .from(files)
    .where(and(eq(files.websiteId, websiteId), eq(files.id, id)));
  if (!row) throw fileNotFound();
  return row;
}

/** Applies a person's edit when `version` is the one they saw; a stale edit is refused, not merged. */
export async function updateFile(
  db: Database,
  websiteId: string,
  id: string,
  change: UpdateFile,
): Promise<FileRow> {
  const [row] = await db
    .update(files)
    .set({
      ...(change.name !== undefined && { name: change.name }),
      ...(change.altText !== undefined && { altText: change.altText }),
      ...(change.mediaFocalPoint && { focalX: change.mediaFocalPoint.x, focalY: change.mediaFocalPoint.y }),
      version: sql`${files.version} + 1`,
    })
    .where(and(eq(files.websiteId, websiteId), eq(files.id, id), eq(files.version, change.version)))
    .returning();
  if (row) return row;
  await findFile(db, websiteId, id);
  throw new FileError(
    409,
    'STALE_VERSION',
    fileMessages.staleFile,
    change.name === undefined ? fileMessages.unableToUpdate : fileMessages.unableToRename,
  );
}

/** Forgets the file, then removes its bytes: a crash in between leaves bytes nobody can reach. */
export async function deleteFile(
  db: Database,
  storage: FileStorage,
  websiteId: string,
  id: string,
): Promise<void> {
  const [row] = await db
    .delete(files)
    .where(and(eq(files.websiteId, websiteId), eq(files.id, id)))
    .returning();
  if (!row) throw fileNotFound();
  await removeStored(storage, row);
}

/** Every width the file may have, whatever its processing got to. */
export const removeWidths = (storage: FileStorage, file: FileKey) =>
  Promise.all(IMAGE_WIDTHS.map((w) => storage.delete(widthKey(file, w))));

export async function removeStored(storage: FileStorage, file: FileKey): Promise<void> {
  await removeWidths(storage, file);
  await storage.delete(originalKey(file));
}
