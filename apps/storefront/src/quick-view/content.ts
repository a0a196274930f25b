import { storefrontMessages } from '../messages';

/**
 * The buying part of a product page for its quick view: one picture, price, excerpt, variant
 * choices, quantity, add to cart and restock form, with a link to the whole page. The heading
 * goes (the dialog's title names the product), and so do the description, tags and the
 * gift-card balance check, which belong on the page itself.
 */
export function quickViewContent(page: Document, url: string): HTMLElement | undefined {
  const detail = page.querySelector<HTMLElement>('article.product-detail');
  if (!detail) return undefined;
  for (const part of detail.querySelectorAll(
    '.product-meta > h1, .product-description, .product-tags, .gift-card-balance',
  ))
    part.remove();
  const gallery = detail.querySelector('.product-gallery');
  if (gallery) {
    const first = gallery.querySelector('img');
    if (first) {
      first.removeAttribute('loading');
      first.removeAttribute('fetchpriority');
      const link = page.createElement('a');
      link.className = 'sqs-quick-view__image';
      link.href = url;
      link.tabIndex = -1;
      link.append(first);
      gallery.replaceWith(link);
    } else gallery.remove();
  }
  const more = page.createElement('a');
  more.className = 'sqs-quick-view__details';
  more.href = url;
  more.textContent = storefrontMessages.viewFullDetails;
  (detail.querySelector('.product-meta') ?? detail).append(more);
  return detail;
}
