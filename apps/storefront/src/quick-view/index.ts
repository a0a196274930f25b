import type { CartStore } from '../cart/cart-store';
import { storefrontMessages } from '../messages';
import type { PageContext } from '../page-context';

/**
 * Turns each product tile's quick-view mark (the template's `product-quick-view` formatter) into a
 * real button. The dialog and its code load on the first press, so a listing pays nothing for it.
 */
export function enhanceQuickViewButtons(doc: Document, context: PageContext, store: CartStore): void {
  const titles = new Map(context.items.map((item) => [item.id, item.title]));
  for (const mark of Array.from(doc.querySelectorAll<HTMLElement>('span.sqs-product-quick-view-button'))) {
    const card = mark.closest<HTMLElement>('.product-card');
    const itemId = mark.dataset.id ?? '';
    const url = card?.querySelector<HTMLAnchorElement>('a[href]')?.getAttribute('href');
    if (!card || !itemId || !url) continue;
    const title = titles.get(itemId) ?? card.querySelector('.product-title')?.textContent?.trim() ?? '';
    const button = doc.createElement('button');
    button.type = 'button';
    button.className = 'sqs-product-quick-view-button';
    button.dataset.id = itemId;
    button.setAttribute('aria-haspopup', 'dialog');
    button.textContent = mark.textContent;
    if (title) {
      // Every tile says "Quick View": the product's name tells screen-reader users which one.
      const name = doc.createElement('span');
      name.className = 'visually-hidden';
      name.textContent = storefrontMessages.quickViewOf.replace('{title}', title);
      button.append(name);
    }
    button.addEventListener('click', () => {
      void import('./QuickViewDialog').then(({ openQuickView }) =>
        openQuickView({ itemId, url, title, store, opener: button }),
      );
    });
    mark.replaceWith(button);
  }
}
