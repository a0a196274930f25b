import { fillMessage, messages, REVIEW_RATING_MAX } from '@site/commerce-core';
import { ApiError, api } from '../api';
import type { PageContext } from '../page-context';
import { trackReviewsClicked } from '../tracking';

interface Review {
  rating: number;
  title: string;
  text: string;
  name: string;
  verifiedBuyer: boolean;
  createdAt: string;
  reply: string | null;
}

const stars = (n: number) => '★'.repeat(n) + '☆'.repeat(REVIEW_RATING_MAX - n);

function element<K extends keyof HTMLElementTagNameMap>(
  doc: Document,
  tag: K,
  className: string,
  text?: string,
) {
  const el = doc.createElement(tag);
  el.className = className;
  if (text !== undefined) el.textContent = text;
  return el;
}

/** One review as the theme prints it (theme/collections/products.item), built with text only. */
function reviewItem(doc: Document, r: Review): HTMLLIElement {
  const li = element(doc, 'li', 'product-review');
  const rating = element(doc, 'p', 'product-review__rating');
  const visible = element(doc, 'span', 'product-reviews__stars', stars(r.rating));
  visible.setAttribute('aria-hidden', 'true');
  rating.append(
    visible,
    element(doc, 'span', 'visually-hidden', fillMessage(messages.reviewStars, { rating: r.rating })),
  );
  li.append(rating);
  if (r.title) li.append(element(doc, 'h3', 'product-review__title', r.title));
  li.append(element(doc, 'p', 'product-review__text', r.text));
  const by = element(doc, 'p', 'product-review__by', r.name);
  if (r.verifiedBuyer)
    by.append(' ', element(doc, 'span', 'product-review__verified', messages.reviewVerifiedBuyer));
  const time = doc.createElement('time');
  time.dateTime = r.createdAt;
  time.textContent = new Date(r.createdAt).toLocaleDateString(doc.documentElement.lang || undefined, {
    dateStyle: 'medium',
    timeZone: 'UTC',
  } as Intl.DateTimeFormatOptions);
  by.append(' · ', time);
  li.append(by);
  if (r.reply) {
    const reply = element(doc, 'blockquote', 'product-review__reply');
    reply.append(
      element(doc, 'p', 'product-review__reply-label', messages.reviewShopReply),
      element(doc, 'p', '', r.reply),
    );
    li.append(reply);
  }
  return li;
}

/**
 * The reviews part of a product page: the write-a-review form, "Show more reviews", and the
 * reviews anchor and tab clicks reported for the product shown.
 */
export function enhanceReviews(
  doc: Document,
  context: Pick<PageContext, 'item' | 'itemId' | 'collectionId'>,
): void {
  const item = context.item;
  if (item && item.id === context.itemId) {
    for (const link of ['anchor', 'tab'] as const) {
      for (const a of doc.querySelectorAll(`[data-reviews-${link}]`))
        a.addEventListener('click', () => trackReviewsClicked(link, item, context.collectionId));
    }
  }
  for (const section of doc.querySelectorAll<HTMLElement>('[data-product-reviews]')) {
    const apiUrl = section.dataset.reviewsApi ?? '';
    const list = section.querySelector('[data-reviews-list]');
    const more = section.querySelector<HTMLButtonElement>('[data-reviews-more]');
    more?.addEventListener('click', async () => {
      more.disabled = true;
      try {
        const page = await api<{ reviews: Review[]; nextPageCursor: string | null }>(
          'GET',
          `${apiUrl}?cursor=${encodeURIComponent(more.dataset.reviewsMore ?? '')}`,
        );
        for (const r of page.reviews) list?.append(reviewItem(doc, r));
        if (page.nextPageCursor) more.dataset.reviewsMore = page.nextPageCursor;
        else more.remove();
      } finally {
        more.disabled = false;
      }
    });

    const form = section.querySelector<HTMLFormElement>('[data-review-form]');
    const status = form?.querySelector('[role="status"]');
    form?.addEventListener('submit', async (event) => {
      event.preventDefault();
      const data = new FormData(form);
      const rating = Number(data.get('rating'));
      const submit = form.querySelector<HTMLButtonElement>('button[type="submit"]');
      if (submit) submit.disabled = true;
      try {
        const answer = await api<{ message: string }>('POST', apiUrl, {
          rating: Number.isInteger(rating) && rating > 0 ? rating : undefined,
          title: String(data.get('title') ?? ''),
          text: String(data.get('text') ?? ''),
          name: String(data.get('name') ?? ''),
          email: String(data.get('email') ?? ''),
        });
        form.reset();
        if (status) status.textContent = answer.message;
      } catch (err) {
        // The server's message names the field's problem ("text: Write a few words about the product.").
        const message = err instanceof ApiError && err.message ? err.message.replace(/^[a-z]+: /, '') : '';
        if (status) status.textContent = message || messages.restockFailed;
      } finally {
        if (submit) submit.disabled = false;
      }
    });
  }
}
