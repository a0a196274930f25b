import {
  fillMessage,
  messages,
  REVIEW_RATING_MAX,
  reviewAverageText,
  reviewCountText,
} from '@site/commerce-core';
import type { listApprovedReviews } from './reviews';

type ProductReviews = Awaited<ReturnType<typeof listApprovedReviews>>;

const stars = (rating: number) =>
  '★'.repeat(Math.round(rating)) + '☆'.repeat(REVIEW_RATING_MAX - Math.round(rating));
const starsLabel = (rating: number) => fillMessage(messages.reviewStars, { rating });

/**
 * What the product page's reviews part (theme/collections/products.item) prints: the average and
 * count (also as the rating summary by the title, which jumps to the reviews), the first page of
 * approved reviews and the write-a-review form's wording.
 */
export function productReviewsContext(productId: string, data: ProductReviews, locale: string) {
  const dates = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' });
  const { summary } = data;
  return {
    productId,
    count: summary.count,
    countText: reviewCountText(summary.count),
    ...(summary.average !== null && {
      average: summary.average,
      averageText: reviewAverageText(summary.average),
      stars: stars(summary.average),
      // The rating summary by the title shows "★ 4.0 · 3 reviews" and reads the words out instead.
      averageFigure: summary.average.toFixed(1),
      summaryLabel: `${reviewAverageText(summary.average)}, ${reviewCountText(summary.count)}`,
    }),
    list: data.reviews.map((r) => ({
      ...r,
      stars: stars(r.rating),
      starsLabel: starsLabel(r.rating),
      dateText: dates.format(new Date(r.createdAt)),
      verifiedText: r.verifiedBuyer ? messages.reviewVerifiedBuyer : undefined,
      replyLabel: r.reply ? messages.reviewShopReply : undefined,
    })),
    nextPageCursor: data.nextPageCursor,
    apiUrl: `/api/commerce/products/${encodeURIComponent(productId)}/reviews`,
  };
}

/** schema.org AggregateRating and Review for the product's JSON-LD; nothing without ratings. */
export function reviewsJsonLd(data: ProductReviews | undefined) {
  if (!data || data.summary.count === 0 || data.summary.average === null) return {};
  return {
    aggregateRating: {
      '@type': 'AggregateRating',
      ratingValue: data.summary.average,
      reviewCount: data.summary.count,
      bestRating: REVIEW_RATING_MAX,
      worstRating: 1,
    },
    review: data.reviews.map((r) => ({
      '@type': 'Review',
      author: { '@type': 'Person', name: r.name },
      datePublished: r.createdAt.slice(0, 10),
      ...(r.title && { name: r.title }),
      reviewBody: r.text,
      reviewRating: {
        '@type': 'Rating',
        ratingValue: r.rating,
        bestRating: REVIEW_RATING_MAX,
        worstRating: 1,
      },
    })),
  };
}
