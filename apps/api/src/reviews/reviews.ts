import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import {
  fillMessage,
  isVerifiedBuyer,
  messages,
  reviewRequestExpired,
  summarizeRatings,
  type ReviewRequestSubmission,
  type ReviewListQuery,
  type ReviewModeration,
  type ReviewSubmission,
} from '@site/commerce-core';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../db/client';
import { orderItems, orders, productReviews, products, websites } from '../db/schema';
import { ApiError } from '../http';
import { queueEmail } from '../mail/queue-email';
import { decodeCursor, encodeCursor } from '../http/cursor';

export const REVIEWS_PAGE_SIZE = 10;
export const OWNER_REVIEWS_PAGE_SIZE = 20;
/**
 * The kill-switch flag (storefront.md §"Actors": "reviews are hidden by a kill-switch flag"): when
 * the site's beta flags hold it, reviews are hidden everywhere whatever the owner chose.
 */
export const REVIEWS_KILL_SWITCH_FLAG = 'reviews_kill_switch';

/** Orders that prove a purchase: paid, whether shipped yet or not. */
const PAID_STATUSES = ['paid', 'fulfilled'];

type Settings = Record<string, unknown> & { reviews?: { enabled?: unknown }; betaFeatureFlags?: unknown };

/** The owner's switch (Reviews settings); off until the owner turns it on. */
export const reviewsEnabled = (settings: Settings) => settings.reviews?.enabled === true;
export const reviewsKilled = (settings: Settings) =>
  Array.isArray(settings.betaFeatureFlags) && settings.betaFeatureFlags.includes(REVIEWS_KILL_SWITCH_FLAG);
/** Whether shoppers see and write reviews on this site. */
export const reviewsShown = (settings: Settings) => reviewsEnabled(settings) && !reviewsKilled(settings);

async function siteSettings(
  db: Pick<Database, 'select'>,
  websiteId: string,
  lock = false,
): Promise<Settings> {
  const query = db.select({ settings: websites.settings }).from(websites).where(eq(websites.id, websiteId));
  const [row] = lock ? await query.for('update') : await query;
  return (row?.settings ?? {}) as Settings;
}

const reviewsOff = () => new ApiError(404, 'REVIEWS_OFF', messages.reviewsOff);

export async function readReviewSettings(db: Database, websiteId: string) {
  const settings = await siteSettings(db, websiteId);
  return { enabled: reviewsEnabled(settings), killSwitch: reviewsKilled(settings) };
}

export const ReviewSettingsSchema = z.strictObject({ enabled: z.boolean() });

export async function writeReviewSettings(db: Database, websiteId: string, input: { enabled: boolean }) {
  await db.transaction(async (tx) => {
    const settings = await siteSettings(tx, websiteId, true);
    await tx
      .update(websites)
      .set({ settings: { ...settings, reviews: { ...(settings.reviews ?? {}), enabled: input.enabled } } })
      .where(eq(websites.id, websiteId));
  });
  return readReviewSettings(db, websiteId);
}

async function requireShown(db: Pick<Database, 'select'>, websiteId: string) {
  if (!reviewsShown(await siteSettings(db, websiteId))) throw reviewsOff();
}

async function findProduct(db: Pick<Database, 'select'>, websiteId: string, productId: string) {
  const [row] = await db
    .select({ id: products.id, title: products.title })
    .from(products)
    .where(and(eq(products.id, productId), eq(products.websiteId, websiteId)));
  if (!row) throw new ApiError(404, 'ITEM_NOT_FOUND', 'That product does not exist.');
  return row;
}

/** Paid orders under this email holding the product, in the shape the verified-buyer rule reads. */
async function buyerOrders(
  db: Pick<Database, 'select'>,
  websiteId: string,
  email: string,
  productId: string,
) {
  const rows = await db
    .select({ email: orders.email, status: orders.status, productId: orderItems.productId })
    .from(orders)
    .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
    .where(
      and(
        eq(orders.websiteId, websiteId),
        sql`lower(${orders.email}) = ${email}`,
        eq(orderItems.productId, productId),
      ),
    );
  return rows.map((r) => ({
    email: r.email,
    paid: PAID_STATUSES.includes(r.status),
    productIds: [r.productId],
  }));
}

/**
 * A shopper's review: stored as pending (the owner approves it), one per email and product, so
 * writing again replaces the earlier one and sends it back for approval.
 */
export async function submitReview(
  db: Database,
  websiteId: string,
  productId: string,
  input: ReviewSubmission,
) {
  await requireShown(db, websiteId);
  await findProduct(db, websiteId, productId);
  // From the reviews-request page: the signed link names the order, whose email is the buyer's.
  const email = input.requestToken
    ? (await requestFromToken(db, websiteId, input.requestToken)).email
    : input.email;
  const verifiedBuyer = isVerifiedBuyer(email, productId, await buyerOrders(db, websiteId, email, productId));
  const values = {
    rating: input.rating,
    title: input.title,
    body: input.text,
    name: input.name,
    verifiedBuyer,
    status: 'pending',
    reply: null,
    repliedAt: null,
    createdAt: new Date(),
  };
  await db
    .insert(productReviews)
    .values({ id: randomUUID(), websiteId, productId, email, ...values })
    .onConflictDoUpdate({ target: [productReviews.productId, productReviews.email], set: values });
  return { status: 'pending' as const, verifiedBuyer, message: messages.reviewSubmitted };
}

const publicCursor = z.tuple([z.string().min(1).max(64), z.string().max(64)]);

const publicReview = (r: typeof productReviews.$inferSelect) => ({
  id: r.id,
  rating: r.rating,
  title: r.title,
  text: r.body,
  name: r.name,
  verifiedBuyer: r.verifiedBuyer,
  createdAt: r.createdAt.toISOString(),
  reply: r.reply,
});
export type PublicReview = ReturnType<typeof publicReview>;

/** The summary of a product's approved reviews (average, count, spread). */
export async function ratingSummary(db: Pick<Database, 'select'>, productId: string) {
  const rows = await db
    .select({ rating: productReviews.rating, n: sql<number>`count(*)::int` })
    .from(productReviews)
    .where(and(eq(productReviews.productId, productId), eq(productReviews.status, 'approved')))
    .groupBy(productReviews.rating);
  return summarizeRatings(rows.flatMap((r) => Array<number>(r.n).fill(r.rating)));
}

/** Approved reviews of a product, newest first, keyset-paged; the summary rides along. */
export async function listApprovedReviews(
  db: Database,
  websiteId: string,
  productId: string,
  cursor?: string,
  pageSize = REVIEWS_PAGE_SIZE,
) {
  await requireShown(db, websiteId);
  await findProduct(db, websiteId, productId);
  const after = decodeCursor(publicCursor, cursor);
  const rows = await db
    .select({ review: productReviews, key: sql<string>`${productReviews.createdAt}::text` })
    .from(productReviews)
    .where(
      and(
        eq(productReviews.productId, productId),
        eq(productReviews.status, 'approved'),
        after
          ? sql`(${productReviews.createdAt}, ${productReviews.id}) < (${after[0]}::timestamptz, ${after[1]}::text)`
          : undefined,
      ),
    )
    .orderBy(desc(productReviews.createdAt), desc(productReviews.id))
    .limit(pageSize + 1);
  const page = rows.slice(0, pageSize);
  const last = page.at(-1);
  const hasNextPage = rows.length > pageSize;
  return {
    summary: await ratingSummary(db, productId),
    reviews: page.map((r) => publicReview(r.review)),
    hasNextPage,
    nextPageCursor: hasNextPage && last ? encodeCursor([last.key, last.review.id]) : null,
  };
}

/** The product page's reviews, or undefined when reviews are off or killed (nothing rendered). */
export async function productPageReviews(
  db: Database,
  settings: Settings,
  websiteId: string,
  productId: string,
) {
  if (!reviewsShown(settings)) return undefined;
  return listApprovedReviews(db, websiteId, productId);
}

const ownerCursor = publicCursor;

/** The owner's list, newest first, with status, rating and product filters; keyset-paged. */
export async function listOwnerReviews(db: Database, websiteId: string, query: ReviewListQuery) {
  const after = decodeCursor(ownerCursor, query.cursor);
  const rows = await db
    .select({
      review: productReviews,
      productTitle: products.title,
      key: sql<string>`${productReviews.createdAt}::text`,
    })
    .from(productReviews)
    .innerJoin(products, eq(products.id, productReviews.productId))
    .where(
      and(
        eq(productReviews.websiteId, websiteId),
        query.status ? eq(productReviews.status, query.status) : undefined,
        query.rating ? eq(productReviews.rating, query.rating) : undefined,
        query.productId ? eq(productReviews.productId, query.productId) : undefined,
        after
          ? sql`(${productReviews.createdAt}, ${productReviews.id}) < (${after[0]}::timestamptz, ${after[1]}::text)`
          : undefined,
      ),
    )
    .orderBy(desc(productReviews.createdAt), desc(productReviews.id))
    .limit(OWNER_REVIEWS_PAGE_SIZE + 1);
  const page = rows.slice(0, OWNER_REVIEWS_PAGE_SIZE);
  const last = page.at(-1);
  const hasNextPage = rows.length > OWNER_REVIEWS_PAGE_SIZE;
  return {
    reviews: page.map((r) => ownerReview(r.review, r.productTitle)),
    hasNextPage,
    nextPageCursor: hasNextPage && last ? encodeCursor([last.key, last.review.id]) : null,
  };
}

const ownerReview = (r: typeof productReviews.$inferSelect, productTitle: string) => ({
  ...publicReview(r),
  productId: r.productId,
  productTitle,
  email: r.email,
  status: r.status,
  repliedAt: r.repliedAt?.toISOString() ?? null,
});
export type OwnerReview = ReturnType<typeof ownerReview>;

/** Approve, hide or reply; an empty reply removes the reply. */
export async function moderateReview(db: Database, websiteId: string, id: string, input: ReviewModeration) {
  const [updated] = await db
    .update(productReviews)
    .set({
      ...(input.status ? { status: input.status } : {}),
      ...(input.reply !== undefined
        ? {
            reply: input.reply === '' ? null : input.reply,
            repliedAt: input.reply === '' ? null : new Date(),
          }
        : {}),
    })
    .where(and(eq(productReviews.id, id), eq(productReviews.websiteId, websiteId)))
    .returning();
  if (!updated) throw new ApiError(404, 'REVIEW_NOT_FOUND', 'That review does not exist.');
  const product = await findProduct(db, websiteId, updated.productId);
  return ownerReview(updated, product.title);
}

/**
 * The review-request link's signature: an HMAC keyed by the order's access token (the secret of
 * the order-status link), so only the buyer's email can hold it and no site-wide key is needed.
 */
export function reviewRequestSignature(orderId: string, accessToken: string): string {
  return createHmac('sha256', accessToken).update(`review-request\u0000${orderId}`).digest('base64url');
}

export const reviewRequestPath = (orderId: string, accessToken: string) =>
  `/reviews/request?order=${encodeURIComponent(orderId)}&sig=${reviewRequestSignature(orderId, accessToken)}`;

const badRequestLink = () => new ApiError(404, 'REVIEW_REQUEST_INVALID', messages.reviewRequestInvalid);
const expiredRequestLink = () => new ApiError(410, 'REVIEW_REQUEST_EXPIRED', messages.reviewRequestExpired);

/** The order a signed link names, or why the link does not open it (forged, unpaid, expired). */
async function signedOrder(
  db: Pick<Database, 'select'>,
  websiteId: string,
  orderId: string,
  signature: string,
  now: Date,
) {
  const [order] = await db
    .select({
      id: orders.id,
      email: orders.email,
      accessToken: orders.accessToken,
      status: orders.status,
      orderNumber: orders.orderNumber,
      fulfilledAt: orders.fulfilledAt,
    })
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.websiteId, websiteId)));
  if (!order || !PAID_STATUSES.includes(order.status)) throw badRequestLink();
  const expected = Buffer.from(reviewRequestSignature(order.id, order.accessToken));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw badRequestLink();
  if (reviewRequestExpired(order.fulfilledAt, now)) throw expiredRequestLink();
  return order;
}

/**
 * What the reviews-request page (page type 209) shows: each product of the order, for the buyer to
 * rate, and the rating given to any already reviewed. The signature proves the visitor holds the
 * buyer's email; the link lasts REVIEW_REQUEST_DAYS after the order ships.
 */
export async function reviewRequest(
  db: Database,
  websiteId: string,
  orderId: string,
  signature: string,
  now = new Date(),
) {
  await requireShown(db, websiteId);
  const order = await signedOrder(db, websiteId, orderId, signature, now);
  const items = await orderProducts(db, order.id);
  const reviewed = await reviewedRatings(
    db,
    order.email,
    items.map((i) => i.productId),
  );
  return {
    orderNumber: order.orderNumber,
    email: order.email.toLowerCase(),
    items: items.map((i) => ({ ...i, reviewedRating: reviewed.get(i.productId) ?? null })),
  };
}

/** The order's distinct products (a product bought in two variants is rated once). */
function orderProducts(db: Pick<Database, 'selectDistinctOn'>, orderId: string) {
  return db
    .selectDistinctOn([orderItems.productId], {
      productId: orderItems.productId,
      productName: products.title,
      imageUrl: products.imageUrl,
    })
    .from(orderItems)
    .innerJoin(products, eq(products.id, orderItems.productId))
    .where(eq(orderItems.orderId, orderId));
}

/** The ratings this email already gave to these products, by product. */
async function reviewedRatings(db: Pick<Database, 'select'>, email: string, productIds: string[]) {
  if (productIds.length === 0) return new Map<string, number>();
  const rows = await db
    .select({ productId: productReviews.productId, rating: productReviews.rating })
    .from(productReviews)
    .where(
      and(
        eq(productReviews.email, email.trim().toLowerCase()),
        inArray(productReviews.productId, productIds),
      ),
    );
  return new Map(rows.map((r) => [r.productId, r.rating]));
}

/**
 * The reviews-request page's submission: a pending, verified review of each rated item, all or
 * none. An item of another order or one already reviewed refuses the lot with its own message;
 * two tabs sending at once cannot both write (the one-per-email-and-product key decides).
 */
export async function submitReviewRequest(
  db: Database,
  websiteId: string,
  orderId: string,
  input: ReviewRequestSubmission,
  now = new Date(),
) {
  await requireShown(db, websiteId);
  return db.transaction(async (tx) => {
    const order = await signedOrder(tx, websiteId, orderId, input.sig, now);
    const email = order.email.trim().toLowerCase();
    const items = new Map((await orderProducts(tx, order.id)).map((i) => [i.productId, i.productName]));
    const stranger = input.reviews.find((r) => !items.has(r.productId));
    if (stranger) throw new ApiError(400, 'REVIEW_NOT_IN_ORDER', messages.reviewRequestNotInOrder);
    const reviewed = await reviewedRatings(
      tx,
      email,
      input.reviews.map((r) => r.productId),
    );
    const already = input.reviews.find((r) => reviewed.has(r.productId));
    const alreadyReviewed = (productId: string) =>
      new ApiError(
        409,
        'ALREADY_REVIEWED',
        fillMessage(messages.reviewRequestAlreadyReviewed, { product: items.get(productId) ?? '' }),
        { productId },
      );
    if (already) throw alreadyReviewed(already.productId);
    const written = await tx
      .insert(productReviews)
      .values(
        input.reviews.map((r) => ({
          id: randomUUID(),
          websiteId,
          productId: r.productId,
          email,
          rating: r.rating,
          title: r.title,
          body: r.text,
          name: input.name,
          // The order is paid (signedOrder) and holds the product: the buyer is verified.
          verifiedBuyer: true,
          status: 'pending',
          createdAt: now,
        })),
      )
      .onConflictDoNothing({ target: [productReviews.productId, productReviews.email] })
      .returning({ productId: productReviews.productId });
    if (written.length !== input.reviews.length) {
      const done = new Set(written.map((w) => w.productId));
      throw alreadyReviewed(input.reviews.find((r) => !done.has(r.productId))!.productId);
    }
    return { status: 'pending' as const, count: written.length, message: messages.reviewRequestThanks };
  });
}

/** A request token is `<order id>.<signature>`, as the reviews-request page sends it back. */
export const reviewRequestToken = (orderId: string, signature: string) => `${orderId}.${signature}`;

function requestFromToken(db: Database, websiteId: string, token: string) {
  const dot = token.lastIndexOf('.');
  if (dot <= 0) throw badRequestLink();
  return reviewRequest(db, websiteId, token.slice(0, dot), token.slice(dot + 1));
}

type Executor = Pick<Database, 'select' | 'insert'>;

/** Queues the review-request email of a fulfilled order when the site takes reviews. */
export async function queueReviewRequest(
  tx: Executor,
  websiteId: string,
  order: { id: string; email: string; accessToken: string; orderNumber: number | null },
  origin: string,
) {
  if (!reviewsShown(await siteSettings(tx, websiteId))) return;
  await queueEmail(tx, websiteId, 'review-request', order.email, {
    orderNumber: String(order.orderNumber),
    reviewUrl: `${origin}${reviewRequestPath(order.id, order.accessToken)}`,
  });
}
