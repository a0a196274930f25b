import {
  REVIEWS_EDITOR_API,
  ReviewListQuerySchema,
  ReviewModerationSchema,
  ReviewRequestSubmissionSchema,
  ReviewSubmissionSchema,
} from '@site/commerce-core';
import { messages as formMessages } from '@site/forms';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Database } from '../db/client';
import { ApiError, createRoleGuard, handle, parse, parsePayload, registerApiErrors } from '../http';
import type { RouteDocs } from '../http/openapi';
import { requireCrumb } from '../security/crumb';
import { DEFAULT_SUBMISSION_LIMIT, FORM_BODY_LIMIT } from '../security/form-keys';
import { createRateLimiter, type RateLimitOptions } from '../security/rate-limiter';
import {
  listApprovedReviews,
  listOwnerReviews,
  moderateReview,
  readReviewSettings,
  reviewRequest,
  ReviewSettingsSchema,
  submitReview,
  submitReviewRequest,
  writeReviewSettings,
} from './reviews';

export interface ReviewRouteOptions {
  db: Database;
  /** Review submissions per visitor (IP); the forms' limit unless a test sets its own. */
  submissionLimit?: Omit<RateLimitOptions, 'now'>;
}

const PRODUCT_REVIEWS = '/api/commerce/products/:productId/reviews';
const REVIEW_REQUEST = '/api/commerce/review-requests/:orderId';
const EDITOR_REVIEWS = REVIEWS_EDITOR_API.list;

const ProductParams = z.object({ productId: z.string().min(1).max(200) });
const OrderParams = z.object({ orderId: z.string().min(1).max(200) });
const IdParams = z.object({ id: z.string().min(1).max(200) });
const CursorQuery = z.object({ cursor: z.string().max(512).optional() });
const SignatureQuery = z.object({ sig: z.string().min(1).max(200) });

/**
 * Product reviews: the storefront's list and write-a-review form, the reviews-request page's
 * order (page type 209), and the owner's moderation and on/off switch in the editor.
 */
export function registerReviewRoutes(app: FastifyInstance, options: ReviewRouteOptions): void {
  const { db } = options;
  const submissions = createRateLimiter(options.submissionLimit ?? DEFAULT_SUBMISSION_LIMIT);
  const productId = (request: FastifyRequest) => parsePayload(ProductParams, request.params).productId;
  const limit = (request: FastifyRequest, reply: FastifyReply) => {
    const limited = submissions.hit(request.ip);
    if (limited.allowed) return;
    reply.header('retry-after', String(limited.retryAfterSeconds));
    throw new ApiError(429, 'RATE_LIMITED', formMessages.submitRateLimited);
  };

  app.get(
    PRODUCT_REVIEWS,
    handle(async (request) =>
      listApprovedReviews(
        db,
        request.site.websiteId,
        productId(request),
        parsePayload(CursorQuery, request.query).cursor,
      ),
    ),
  );

  app.post(
    PRODUCT_REVIEWS,
    { preHandler: requireCrumb, bodyLimit: FORM_BODY_LIMIT },
    handle(async (request, reply) => {
      limit(request, reply);
      const id = productId(request);
      const body = parsePayload(ReviewSubmissionSchema, request.body);
      return reply.status(201).send(await submitReview(db, request.site.websiteId, id, body));
    }),
  );

  app.get(
    REVIEW_REQUEST,
    handle(async (request) =>
      reviewRequest(
        db,
        request.site.websiteId,
        parsePayload(OrderParams, request.params).orderId,
        parsePayload(SignatureQuery, request.query).sig,
      ),
    ),
  );

  app.post(
    REVIEW_REQUEST,
    { preHandler: requireCrumb, bodyLimit: FORM_BODY_LIMIT },
    handle(async (request, reply) => {
      limit(request, reply);
      const orderId = parsePayload(OrderParams, request.params).orderId;
      const body = parsePayload(ReviewRequestSubmissionSchema, request.body);
      return reply.status(201).send(await submitReviewRequest(db, request.site.websiteId, orderId, body));
    }),
  );

  void app.register(async (scope) => {
    registerApiErrors(scope);
    const guard = createRoleGuard({ db });
    const read = { preHandler: guard.read };
    const write = { preHandler: guard.store };
    scope.get(
      EDITOR_REVIEWS,
      read,
      handle(async (request) =>
        listOwnerReviews(db, request.site.websiteId, parse(ReviewListQuerySchema, request.query)),
      ),
    );
    scope.patch(
      `${EDITOR_REVIEWS}/:id`,
      write,
      handle(async (request) =>
        moderateReview(
          db,
          request.site.websiteId,
          parse(IdParams, request.params).id,
          parse(ReviewModerationSchema, request.body),
        ),
      ),
    );
    scope.get(
      `${EDITOR_REVIEWS}/settings`,
      read,
      handle(async (request) => readReviewSettings(db, request.site.websiteId)),
    );
    scope.put(
      `${EDITOR_REVIEWS}/settings`,
      write,
      handle(async (request) =>
        writeReviewSettings(db, request.site.websiteId, parse(ReviewSettingsSchema, request.body)),
      ),
    );
  });
}

const tags = ['reviews'];
const owner = { tags, guard: 'member' as const };

/** API documentation of the review calls (src/http/openapi.ts). */
export const reviewRouteDocs: RouteDocs = {
  [`GET ${PRODUCT_REVIEWS}`]: {
    summary:
      "A product's approved reviews, newest first, paged, with the average and count (404 when reviews are off)",
    tags,
    params: ProductParams,
    query: CursorQuery,
  },
  [`POST ${PRODUCT_REVIEWS}`]: {
    summary:
      'A shopper reviews a product; it waits for the owner to approve it (rate limited like the forms)',
    tags,
    guard: 'crumb',
    params: ProductParams,
    body: ReviewSubmissionSchema,
  },
  [`GET ${REVIEW_REQUEST}`]: {
    summary:
      "The reviews-request page's order (page type 209): each product to rate, by the emailed signed link",
    tags,
    params: OrderParams,
    query: SignatureQuery,
  },
  [`POST ${REVIEW_REQUEST}`]: {
    summary:
      "The reviews-request page's reviews, one per rated item of the order, all or none (409 when one is already reviewed, 410 when the link has expired)",
    tags,
    guard: 'crumb',
    params: OrderParams,
    body: ReviewRequestSubmissionSchema,
  },
  [`GET ${EDITOR_REVIEWS}`]: {
    ...owner,
    summary:
      'Reviews for the owner to moderate, newest first, filtered by status, rating or product; keyset-paged',
    query: ReviewListQuerySchema,
  },
  [`PATCH ${EDITOR_REVIEWS}/:id`]: {
    ...owner,
    summary: 'Approve, hide or reply to a review (an empty reply removes it)',
    params: IdParams,
    body: ReviewModerationSchema,
  },
  [`GET ${EDITOR_REVIEWS}/settings`]: { ...owner, summary: 'Whether the site takes reviews' },
  [`PUT ${EDITOR_REVIEWS}/settings`]: {
    ...owner,
    summary: 'Turn reviews on or off for the site',
    body: ReviewSettingsSchema,
  },
};
