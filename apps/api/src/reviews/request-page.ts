import { fillMessage, messages } from '@site/commerce-core';
import type { Database } from '../db/client';
import { ApiError } from '../http';
import { reviewRequest } from './reviews';

/** Where the review-request email's link lands (reviewRequestPath). */
export const REVIEW_REQUEST_PAGE_PATH = '/reviews/request';

export interface ReviewRequestPage {
  status: number;
  /** What theme/pages/reviews-request.page prints. */
  context: Record<string, unknown>;
}

/**
 * The reviews-request page (page type 209): the order's products, each with a rating and a
 * review to write, or the reason the link does not open it (reviews off, forged, expired).
 * The form posts through the storefront (src/reviews/request.ts) to POST …/review-requests/:orderId.
 */
export async function reviewRequestPage(
  db: Database,
  websiteId: string,
  query: Readonly<Record<string, string>>,
): Promise<ReviewRequestPage> {
  const orderId = query.order ?? '';
  const sig = query.sig ?? '';
  const refused = (status: number, message: string) => ({ status, context: { refused: { message } } });
  if (!orderId || !sig || orderId.length > 200 || sig.length > 200)
    return refused(404, messages.reviewRequestInvalid);
  let request: Awaited<ReturnType<typeof reviewRequest>>;
  try {
    request = await reviewRequest(db, websiteId, orderId, sig);
  } catch (err) {
    if (err instanceof ApiError && err.statusCode < 500) return refused(err.statusCode, err.message);
    throw err;
  }
  const open = request.items.filter((i) => i.reviewedRating === null);
  return {
    status: 200,
    context: {
      request: {
        orderNumber: request.orderNumber,
        action: `/api/commerce/review-requests/${encodeURIComponent(orderId)}`,
        sig,
        allDone: open.length === 0 ? messages.reviewRequestAllDone : undefined,
        items: request.items.map((item, index) => ({
          ...item,
          index,
          reviewed:
            item.reviewedRating === null
              ? undefined
              : fillMessage(messages.reviewStars, { rating: item.reviewedRating }),
        })),
      },
    },
  };
}
