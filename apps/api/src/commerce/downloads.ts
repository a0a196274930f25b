import { randomBytes, randomUUID } from 'node:crypto';
import { ProductType, StoreSettingsSchema, UNLIMITED, type DownloadLimit } from '@site/commerce-core';
import { and, eq, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database, Queryable } from '../db/client';
import { digitalDownloads, files, orderItems, products, websites } from '../db/schema';
import type { DeliveredFiles } from '../files/delivered';
import { originalKey } from '../files/file-store';
import type { FileStorage } from '../files/storage';

/**
 * Digital delivery. A digital product's file is never served under /files/; after purchase each
 * order line gets a download link with an unguessable token (24 random bytes), good for the
 * store's `downloadsPerUnit` downloads per unit bought until `linkDays` after the purchase (store
 * settings, 5 and 30 unless the owner changed them; either may be unlimited). The limits are
 * written on the link when it is issued, so changing the settings applies to later orders and
 * never takes back what a buyer was given. A refunded line's link stops working. The link is on
 * the order confirmation page and in the receipt email.
 */

export const downloadMessages = {
  notFound: 'This download link is not valid. Use the link in your order confirmation email.',
  expired: 'This download link has expired. Contact the shop for a new one.',
  usedUp: 'This download link has been used {max} times, its limit. Contact the shop for a new one.',
  refunded: 'This purchase was refunded, so its download is no longer available.',
  fileGone: 'The shop no longer offers this file. Contact the shop.',
  downloads: (n: number) => (n === 1 ? '1 download' : `${n} downloads`),
  downloadsLeft: (n: number) => (n === 1 ? '1 download left' : `${n} downloads left`),
  unlimitedDownloads: 'Unlimited downloads',
  until: (date: string) => `until ${date}`,
  noEnd: 'no expiry date',
} as const;

export const downloadPath = (token: string) => `/api/commerce/downloads/${token}`;
const TOKEN = /^[A-Za-z0-9_-]{32}$/;

export interface DownloadLink {
  orderItemId: string;
  url: string;
  /** Null: the link does not expire. */
  expiresAt: Date | null;
  /** Null: unlimited downloads. */
  remaining: number | null;
}

/** "3 downloads left, until 2026-12-24" on the confirmation page; "5 downloads, until …" in the receipt. */
export function downloadAllowance(link: DownloadLink, left: boolean): string {
  const count =
    link.remaining === null
      ? downloadMessages.unlimitedDownloads
      : left
        ? downloadMessages.downloadsLeft(link.remaining)
        : downloadMessages.downloads(link.remaining);
  return `${count}, ${link.expiresAt ? downloadMessages.until(link.expiresAt.toISOString().slice(0, 10)) : downloadMessages.noEnd}`;
}

/** The store's download limits now, read in the order's transaction (never from a cached site row). */
async function downloadLimits(
  tx: Queryable,
  websiteId: string,
): Promise<{ perUnit: DownloadLimit; days: DownloadLimit }> {
  const [site] = await tx
    .select({ settings: websites.settings })
    .from(websites)
    .where(eq(websites.id, websiteId));
  const raw =
    (site?.settings as { storeSettings?: Record<string, unknown> } | undefined)?.storeSettings ?? {};
  const settings = StoreSettingsSchema.pick({ downloadsPerUnit: true, linkDays: true }).parse({
    downloadsPerUnit: raw.downloadsPerUnit,
    linkDays: raw.linkDays,
  });
  return { perUnit: settings.downloadsPerUnit, days: settings.linkDays };
}

/** The ids of the given products that are digital and name a file to deliver, with that file. */
export async function digitalFilesOf(
  db: Queryable,
  websiteId: string,
  productIds: readonly string[],
): Promise<Map<string, string>> {
  if (productIds.length === 0) return new Map();
  const rows = await db
    .select({ id: products.id, details: products.details })
    .from(products)
    .where(
      and(
        eq(products.websiteId, websiteId),
        inArray(products.id, [...new Set(productIds)]),
        eq(products.productType, ProductType.DIGITAL),
      ),
    );
  return new Map(
    rows.flatMap((r) =>
      typeof r.details.digitalFileId === 'string' ? [[r.id, r.details.digitalFileId] as const] : [],
    ),
  );
}

/** One download right per digital line of a new order, in the order's transaction. */
export async function grantDownloads(
  tx: Queryable,
  order: { websiteId: string; orderId: string; now: Date },
  lines: readonly { orderItemId: string; productId: string; quantity: number }[],
): Promise<void> {
  const fileOf = await digitalFilesOf(
    tx,
    order.websiteId,
    lines.map((l) => l.productId),
  );
  if (fileOf.size === 0) return;
  const { perUnit, days } = await downloadLimits(tx, order.websiteId);
  const rows = lines.flatMap((line) => {
    const fileId = fileOf.get(line.productId);
    if (!fileId) return [];
    return [
      {
        id: randomUUID(),
        websiteId: order.websiteId,
        orderId: order.orderId,
        orderItemId: line.orderItemId,
        fileId,
        token: randomBytes(24).toString('base64url'),
        maxDownloads: perUnit === UNLIMITED ? null : perUnit * line.quantity,
        expiresAt: days === UNLIMITED ? null : new Date(order.now.getTime() + days * 86_400_000),
      },
    ];
  });
  if (rows.length) await tx.insert(digitalDownloads).values(rows);
}

/** The links of an order, for its confirmation page and receipt (the caller proved the order's token). */
export async function downloadLinks(db: Queryable, orderId: string, origin = ''): Promise<DownloadLink[]> {
  const rows = await db.select().from(digitalDownloads).where(eq(digitalDownloads.orderId, orderId));
  return rows.map((r) => ({
    orderItemId: r.orderItemId,
    url: `${origin}${downloadPath(r.token)}`,
    expiresAt: r.expiresAt,
    remaining: r.maxDownloads === null ? null : Math.max(0, r.maxDownloads - r.downloadCount),
  }));
}

/** The digital products of a site that deliver a file, by title, for the file manager. */
export async function digitalProductsOfFile(
  db: Queryable,
  websiteId: string,
  fileId: string,
): Promise<{ id: string; title: string; enabled: boolean }[]> {
  return db
    .select({ id: products.id, title: products.title, enabled: products.enabled })
    .from(products)
    .where(
      and(
        eq(products.websiteId, websiteId),
        eq(products.productType, ProductType.DIGITAL),
        sql`${products.details}->>'digitalFileId' = ${fileId}`,
      ),
    )
    .orderBy(products.title, products.id);
}

/** Which of these files some digital product delivers (they are not public). */
export async function digitalProductFileIds(
  db: Queryable,
  websiteId: string,
  fileIds: readonly string[],
): Promise<Set<string>> {
  if (fileIds.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ fileId: sql<string>`${products.details}->>'digitalFileId'` })
    .from(products)
    .where(
      and(
        eq(products.websiteId, websiteId),
        sql`${products.details}->>'digitalFileId' in (${sql.join(
          fileIds.map((id) => sql`${id}`),
          sql`, `,
        )})`,
      ),
    );
  return new Set(rows.map((r) => r.fileId));
}

/** Whether a file is some digital product's download, and so not public. */
export async function isDigitalProductFile(
  db: Queryable,
  websiteId: string,
  fileId: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.websiteId, websiteId), sql`${products.details}->>'digitalFileId' = ${fileId}`))
    .limit(1);
  return Boolean(row);
}

/** The files digital products deliver, as the file manager and /files/ ask (app.ts wires it). */
export const deliveredFiles: DeliveredFiles = {
  among: digitalProductFileIds,
  has: isDigitalProductFile,
  productsOf: digitalProductsOfFile,
};

class DownloadRefused extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/**
 * GET /api/commerce/downloads/:token on the shop's own host. One download is counted by a
 * conditional UPDATE (so racing requests never exceed the limit), inside a transaction that rolls
 * back when the file cannot be read, so a failed download costs the buyer nothing.
 */
export function registerDownloadRoutes(
  app: FastifyInstance,
  { db, storage }: { db: Database; storage: FileStorage },
): void {
  app.get('/api/commerce/downloads/:token', async (request, reply) => {
    const { token } = request.params as { token: string };
    const websiteId = request.site.websiteId;
    try {
      if (!TOKEN.test(token)) throw new DownloadRefused(404, 'NOT_FOUND', downloadMessages.notFound);
      const served = await db.transaction(async (tx) => {
        const [counted] = await tx
          .update(digitalDownloads)
          .set({ downloadCount: sql`${digitalDownloads.downloadCount} + 1` })
          .where(
            and(
              eq(digitalDownloads.token, token),
              eq(digitalDownloads.websiteId, websiteId),
              or(
                isNull(digitalDownloads.maxDownloads),
                lt(digitalDownloads.downloadCount, digitalDownloads.maxDownloads),
              ),
              or(isNull(digitalDownloads.expiresAt), gt(digitalDownloads.expiresAt, new Date())),
            ),
          )
          .returning();
        if (!counted) throw await whyRefused(tx, websiteId, token);
        const [line] = await tx.select().from(orderItems).where(eq(orderItems.id, counted.orderItemId));
        if (!line || line.refundedQuantity >= line.quantity)
          throw new DownloadRefused(410, 'REFUNDED', downloadMessages.refunded);
        const [file] = await tx
          .select()
          .from(files)
          .where(and(eq(files.websiteId, websiteId), eq(files.id, counted.fileId)));
        const stored = file ? await storage.stream(originalKey(file)) : undefined;
        if (!file || !stored) throw new DownloadRefused(410, 'FILE_GONE', downloadMessages.fileGone);
        return { file, stored };
      });
      return reply
        .header('content-type', served.file.contentType)
        .header('content-length', served.stored.size)
        .header('cache-control', 'private, no-store')
        .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(served.file.name)}`)
        .header('x-content-type-options', 'nosniff')
        .header('referrer-policy', 'no-referrer')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .send(served.stored.body);
    } catch (error) {
      if (!(error instanceof DownloadRefused)) throw error;
      return reply
        .status(error.status)
        .header('cache-control', 'no-store')
        .send({ error: { code: error.code, message: error.message } });
    }
  });
}

async function whyRefused(tx: Queryable, websiteId: string, token: string): Promise<DownloadRefused> {
  const [row] = await tx
    .select()
    .from(digitalDownloads)
    .where(and(eq(digitalDownloads.token, token), eq(digitalDownloads.websiteId, websiteId)));
  if (!row) return new DownloadRefused(404, 'NOT_FOUND', downloadMessages.notFound);
  if (row.expiresAt && row.expiresAt.getTime() <= Date.now())
    return new DownloadRefused(410, 'EXPIRED', downloadMessages.expired);
  return new DownloadRefused(
    410,
    'USED_UP',
    downloadMessages.usedUp.replace('{max}', String(row.maxDownloads)),
  );
}
