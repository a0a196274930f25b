/**
 * Product reviews: what a shopper may submit, who counts as a verified buyer, and the summary a
 * product page shows. storefront.md asks for native reviews on the product detail page, a
 * "reviews request" page (type 209) and a kill-switch flag; the limits and wording are ours.
 */
import { z } from 'zod';
import { fillMessage, messages } from '../messages';
import { isSafeText, UNSAFE_TEXT_MESSAGE } from '../text/index';

export const REVIEW_RATING_MIN = 1;
export const REVIEW_RATING_MAX = 5;
export const REVIEW_TITLE_MAX_LENGTH = 120;
export const REVIEW_TEXT_MAX_LENGTH = 5000;
export const REVIEW_NAME_MAX_LENGTH = 80;
export const REVIEW_REPLY_MAX_LENGTH = 2000;
/** More links than this reads as spam: a buyer describing a product rarely needs any. */
export const REVIEW_MAX_LINKS = 2;

export const REVIEW_STATUSES = ['pending', 'approved', 'hidden'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

const LINK = /\bhttps?:\/\/|\bwww\.|<a\s/gi;

/** How many links a text holds (http(s)://, www., or an HTML anchor). */
export function countLinks(text: string): number {
  return text.match(LINK)?.length ?? 0;
}

/** Case and surrounding spaces do not make a different buyer. */
export function normalizeReviewEmail(email: string): string {
  return email.trim().toLowerCase();
}

const EMAIL = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/;

const safe = (schema: z.ZodString) => schema.refine(isSafeText, { message: UNSAFE_TEXT_MESSAGE });

/** What one review says, whichever form sends it: the rating, an optional title and the text. */
const reviewContent = () => ({
  rating: z
    .number({ error: messages.reviewRatingMissing })
    .int(messages.reviewRatingMissing)
    .min(REVIEW_RATING_MIN, messages.reviewRatingMissing)
    .max(REVIEW_RATING_MAX, messages.reviewRatingMissing),
  title: safe(
    z
      .string()
      .trim()
      .max(
        REVIEW_TITLE_MAX_LENGTH,
        fillMessage(messages.reviewTitleTooLong, { max: REVIEW_TITLE_MAX_LENGTH }),
      ),
  ).default(''),
  text: safe(
    z
      .string({ error: messages.reviewTextBlank })
      .trim()
      .min(1, messages.reviewTextBlank)
      .max(REVIEW_TEXT_MAX_LENGTH, fillMessage(messages.reviewTextTooLong, { max: REVIEW_TEXT_MAX_LENGTH })),
  ),
});

const reviewerName = () =>
  safe(
    z
      .string({ error: messages.reviewNameBlank })
      .trim()
      .min(1, messages.reviewNameBlank)
      .max(REVIEW_NAME_MAX_LENGTH, fillMessage(messages.reviewNameTooLong, { max: REVIEW_NAME_MAX_LENGTH })),
  );

const spamLinks = (v: { title: string; text: string }, ctx: z.RefinementCtx, path: PropertyKey[]) => {
  if (countLinks(`${v.title}\n${v.text}`) > REVIEW_MAX_LINKS) {
    ctx.addIssue({
      code: 'custom',
      path,
      message: fillMessage(messages.reviewLooksLikeSpam, { max: REVIEW_MAX_LINKS }),
    });
  }
};

/** POST /api/commerce/products/:productId/reviews: what the write-a-review form sends. */
export const ReviewSubmissionSchema = /* @__PURE__ */ (() =>
  z
    .strictObject({
      ...reviewContent(),
      name: reviewerName(),
      email: z
        .string({ error: messages.reviewEmailInvalid })
        .trim()
        .max(254, messages.reviewEmailInvalid)
        .regex(EMAIL, messages.reviewEmailInvalid)
        .transform(normalizeReviewEmail),
      /** A signed review-request token (page type 209): proves the buyer without retyping. */
      requestToken: z.string().max(512).optional(),
    })
    .superRefine((v, ctx) => spamLinks(v, ctx, ['text'])))();
export type ReviewSubmission = z.infer<typeof ReviewSubmissionSchema>;

/**
 * The reviews-request page (type 209) is good for this many days after the order ships: long
 * enough to use what was bought, short enough that an old email is not a standing key.
 */
export const REVIEW_REQUEST_DAYS = 90;
/** At most this many products are rated at once (an order's distinct products). */
export const REVIEW_REQUEST_MAX_ITEMS = 100;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Whether a request link of an order shipped at `fulfilledAt` has run out at `now`. */
export function reviewRequestExpired(fulfilledAt: Date | null, now: Date): boolean {
  return fulfilledAt !== null && now.getTime() - fulfilledAt.getTime() > REVIEW_REQUEST_DAYS * DAY_MS;
}

/**
 * POST /api/commerce/review-requests/:orderId: the reviews-request page's one submission, a
 * review for each item the buyer rated (items left alone are not sent), under one name.
 */
export const ReviewRequestSubmissionSchema = /* @__PURE__ */ (() =>
  z.strictObject({
    sig: z.string({ error: messages.reviewRequestInvalid }).min(1, messages.reviewRequestInvalid).max(200),
    name: reviewerName(),
    reviews: z
      .array(
        z
          .strictObject({ productId: z.string().min(1).max(64), ...reviewContent() })
          .superRefine((v, ctx) => spamLinks(v, ctx, ['text'])),
        { error: messages.reviewRequestNothingRated },
      )
      .min(1, messages.reviewRequestNothingRated)
      .max(REVIEW_REQUEST_MAX_ITEMS, messages.reviewRequestNothingRated)
      .refine((list) => new Set(list.map((r) => r.productId)).size === list.length, {
        message: messages.reviewRequestTwice,
      }),
  }))();
export type ReviewRequestSubmission = z.infer<typeof ReviewRequestSubmissionSchema>;

/** PATCH of one review by the owner: approve, hide, reply (an empty reply removes it). */
export const ReviewModerationSchema = /* @__PURE__ */ (() =>
  z
    .strictObject({
      status: z.enum(REVIEW_STATUSES).optional(),
      reply: safe(
        z
          .string()
          .trim()
          .max(
            REVIEW_REPLY_MAX_LENGTH,
            fillMessage(messages.reviewReplyTooLong, { max: REVIEW_REPLY_MAX_LENGTH }),
          ),
      ).optional(),
    })
    .refine((v) => v.status !== undefined || v.reply !== undefined, {
      message: 'Send a status, a reply, or both.',
    }))();
export type ReviewModeration = z.infer<typeof ReviewModerationSchema>;

/** The owner's list filters. */
export const ReviewListQuerySchema = /* @__PURE__ */ (() =>
  z.strictObject({
    status: z.enum(REVIEW_STATUSES).optional(),
    rating: z.coerce.number().int().min(REVIEW_RATING_MIN).max(REVIEW_RATING_MAX).optional(),
    productId: z.string().min(1).max(64).optional(),
    cursor: z.string().max(512).optional(),
  }))();
export type ReviewListQuery = z.infer<typeof ReviewListQuerySchema>;

export interface BuyerOrder {
  email: string;
  /** Only a paid order proves a purchase: an abandoned or failed checkout does not. */
  paid: boolean;
  productIds: readonly string[];
}

/** A reviewer is a verified buyer when a paid order under the same email holds the product. */
export function isVerifiedBuyer(email: string, productId: string, orders: readonly BuyerOrder[]): boolean {
  const who = normalizeReviewEmail(email);
  return orders.some(
    (o) => o.paid && normalizeReviewEmail(o.email) === who && o.productIds.includes(productId),
  );
}

export interface RatingSummary {
  count: number;
  /** Mean rating rounded to one decimal, or null when there are no ratings. */
  average: number | null;
  /** How many ratings of each star value, index 0 for one star. */
  distribution: [number, number, number, number, number];
}

/** Average, count and spread of the ratings a product page shows (approved reviews only). */
export function summarizeRatings(ratings: readonly number[]): RatingSummary {
  const distribution: RatingSummary['distribution'] = [0, 0, 0, 0, 0];
  let sum = 0;
  let count = 0;
  for (const r of ratings) {
    if (!Number.isInteger(r) || r < REVIEW_RATING_MIN || r > REVIEW_RATING_MAX) continue;
    distribution[r - 1]! += 1;
    sum += r;
    count += 1;
  }
  return { count, average: count === 0 ? null : Math.round((sum / count) * 10) / 10, distribution };
}

/** "No reviews yet", "1 review", "12 reviews". */
export function reviewCountText(count: number): string {
  if (count === 0) return messages.reviewCountNone;
  if (count === 1) return messages.reviewCountOne;
  return fillMessage(messages.reviewCountMany, { count });
}

/** "Rated 4.5 out of 5". */
export function reviewAverageText(average: number): string {
  return fillMessage(messages.reviewAverage, { average: average.toFixed(1) });
}

/** The editor's review calls: the moderation list, one review's moderation, the on/off switch. */
export const REVIEWS_EDITOR_API = {
  list: '/api/editor/reviews',
  review: (id: string) => `/api/editor/reviews/${encodeURIComponent(id)}`,
  settings: '/api/editor/reviews/settings',
} as const;

/** A review as the owner's moderation list shows it. */
export interface OwnerReview {
  id: string;
  rating: number;
  title: string;
  text: string;
  name: string;
  verifiedBuyer: boolean;
  createdAt: string;
  reply: string | null;
  productId: string;
  productTitle: string;
  email: string;
  status: ReviewStatus;
  repliedAt: string | null;
}

export interface OwnerReviewPage {
  reviews: OwnerReview[];
  hasNextPage: boolean;
  nextPageCursor: string | null;
}
