import type { Logger } from '../runtime/logger';
import { messages } from '../messages';

/** The ad-pixel events the storefront spec names (storefront.md §7). */
export const AD_PIXEL_EVENTS = [
  'CompleteRegistration',
  'AddToCart',
  'Search',
  'Lead',
  'ViewContent',
  'Purchase',
] as const;
export type AdPixelEvent = (typeof AD_PIXEL_EVENTS)[number];

type TagFunction = (...args: unknown[]) => void;

/**
 * Where the owner's own tags live when their code injection installed them: an ad pixel (`fbq`)
 * and the page tag (`gtag`). Neither is ours to load; we only feed what is there.
 */
export interface PageTagTarget {
  fbq?: unknown;
  gtag?: unknown;
}

export interface PageTagProduct {
  itemId: string;
  title?: string;
  /** Unit price in major units. */
  price?: number;
  currency?: string;
  quantity?: number;
}

export interface PageTagOrder {
  orderId: string;
  currency: string;
  value: number;
  shipping: number;
  tax: number;
  items: readonly { itemId: string; title: string; quantity: number; price: number }[];
}

export interface PageTags {
  viewContent(product: PageTagProduct): boolean;
  addToCart(product: PageTagProduct): boolean;
  purchase(order: PageTagOrder): boolean;
  completeRegistration(): boolean;
  lead(): boolean;
  search(query: string): boolean;
}

export interface PageTagDeps {
  target: () => PageTagTarget | undefined;
  isEnabled: () => boolean;
  logger: Logger;
}

/**
 * Ad-pixel events and the page tag's purchase event, sent to the tags the site installed, and only
 * when visitor tracking is on (the same rules as our own events). A tag that throws is logged and
 * never breaks the page. Each method says whether anything was sent.
 */
export function createPageTags(deps: PageTagDeps): PageTags {
  const call = (name: 'fbq' | 'gtag', ...args: unknown[]): boolean => {
    if (!deps.isEnabled()) return false;
    const fn = deps.target()?.[name];
    if (typeof fn !== 'function') return false;
    try {
      (fn as TagFunction)(...args);
      return true;
    } catch (error) {
      deps.logger.warn(messages.pageTagFailed(name), error);
      return false;
    }
  };
  const pixel = (event: AdPixelEvent, params?: Record<string, unknown>) =>
    params ? call('fbq', 'track', event, params) : call('fbq', 'track', event);
  const productParams = (p: PageTagProduct) => ({
    content_ids: [p.itemId],
    content_type: 'product',
    ...(p.title !== undefined ? { content_name: p.title } : {}),
    ...(p.price !== undefined ? { value: p.price * (p.quantity ?? 1) } : {}),
    ...(p.currency !== undefined ? { currency: p.currency } : {}),
  });
  return {
    viewContent: (product) => pixel('ViewContent', productParams(product)),
    addToCart: (product) => pixel('AddToCart', productParams(product)),
    purchase(order) {
      const sentPixel = pixel('Purchase', {
        value: order.value,
        currency: order.currency,
        content_ids: order.items.map((i) => i.itemId),
        content_type: 'product',
        num_items: order.items.reduce((n, i) => n + i.quantity, 0),
      });
      const sentTag = call('gtag', 'event', 'purchase', {
        transaction_id: order.orderId,
        value: order.value,
        currency: order.currency,
        shipping: order.shipping,
        tax: order.tax,
        items: order.items.map((i) => ({
          item_id: i.itemId,
          item_name: i.title,
          quantity: i.quantity,
          price: i.price,
        })),
      });
      return sentPixel || sentTag;
    },
    completeRegistration: () => pixel('CompleteRegistration'),
    lead: () => pixel('Lead'),
    search: (query) => pixel('Search', { search_string: query }),
  };
}
