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

/** POST /api/commerce/products/:productId/reviews: what the write-a-review form sends. */
export const ReviewSubmissionSchema = /* @__PURE__ */ (() =>
  z
    .strictObject({
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
          .max(
            REVIEW_TEXT_MAX_LENGTH,
            fillMessage(messages.reviewTextTooLong, { max: REVIEW_TEXT_MAX_LENGTH }),
          ),
      ),
      name: safe(
        z
          .string({ error: messages.reviewNameBlank })
          .trim()
          .min(1, messages.reviewNameBlank)
          .max(
            REVIEW_NAME_MAX_LENGTH,
            fillMessage(messages.reviewNameTooLong, { max: REVIEW_NAME_MAX_LENGTH }),
          ),
      ),
      email: z
        .string({ error: messages.reviewEmailInvalid })
        .trim()
        .max(254, messages.reviewEmailInvalid)
        .regex(EMAIL, messages.reviewEmailInvalid)
        .transform(normalizeReviewEmail),
      /** A signed review-request token (page type 209): proves the buyer without retyping. */
      requestToken: z.string().max(512).optional(),
    })
    .superRefine((v, ctx) => {
      if (countLinks(`${v.title}\n${v.text}`) > REVIEW_MAX_LINKS) {
        ctx.addIssue({
          code: 'custom',
          path: ['text'],
          message: fillMessage(messages.reviewLooksLikeSpam, { max: REVIEW_MAX_LINKS }),
        });
      }
    }))();
export type ReviewSubmission = z.infer<typeof ReviewSubmissionSchema>;

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
