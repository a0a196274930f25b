import type { FastifyReply, FastifyRequest } from 'fastify';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { files } from '../db/schema';
import type { DeliveredFiles } from './delivered';
import { originalKey, widthKey } from './file-store';
import type { FileStorage } from './storage';

const FOR_EVER = 'public, max-age=31536000, immutable';
/** A stand-in original while sizes are made: cached briefly so the real size soon replaces it. */
const WHILE_PROCESSING = 'public, max-age=60';

/**
 * `/files/<id>/<name>?format=500w`: the processed width when it exists, else the original (the
 * template engine's srcset convention). A file's bytes never change under its id, so answers are
 * cached for ever; the name is for people and old names keep working after a rename.
 */
export async function serveFile(
  request: FastifyRequest,
  reply: FastifyReply,
  {
    db,
    storage,
    websiteId,
    delivered,
  }: { db: Database; storage: FileStorage; websiteId: string; delivered: DeliveredFiles },
) {
  const { id } = request.params as { id: string; name: string };
  const format = (request.query as { format?: unknown }).format;
  const [row] = await db
    .select()
    .from(files)
    .where(and(eq(files.websiteId, websiteId), eq(files.id, id)));
  // A digital product's file reaches buyers only through their download link.
  if (!row || (await delivered.has(db, websiteId, row.id)))
    return reply.status(404).send({ error: { code: 'NOT_FOUND', message: 'No such file' } });

  const asked = typeof format === 'string' ? /^(\d+)w$/.exec(format)?.[1] : undefined;
  const width = asked ? Number(asked) : undefined;
  const sized = width !== undefined && row.widths.includes(width);
  const stored = await storage.stream(sized ? widthKey(row, width) : originalKey(row));
  if (!stored) return reply.status(404).send({ error: { code: 'NOT_FOUND', message: 'No such file' } });

  const final = sized || width === undefined || row.status !== 'processing';
  return (
    reply
      .header('content-type', row.contentType)
      .header('content-length', stored.size)
      .header('cache-control', final ? FOR_EVER : WHILE_PROCESSING)
      .header('content-disposition', `inline; filename*=UTF-8''${encodeURIComponent(row.name)}`)
      .header('x-content-type-options', 'nosniff')
      // An uploaded file is never a page of this site: no scripts, no same-origin access.
      .header(
        'content-security-policy',
        "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox",
      )
      .send(stored.body)
  );
}
