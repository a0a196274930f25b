import { cartCountDisplay, cartItemCountLabel, fillMessage } from '@site/commerce-core';
import { uiMessages } from '../messages';

export interface CartIndicatorProps {
  /** Total quantity of items in the cart; undefined while the cart is loading. */
  itemCount?: number;
  /** The subtotal already formatted in the store currency. */
  subtotalText?: string;
  href?: string;
  /** The cart could not be loaded; the link still works. */
  error?: boolean;
}

/** The accessible name shared by the header indicator and the pill: "Cart, 3 items, subtotal $9.00". */
export function cartLinkLabel(count: number, subtotalText?: string): string {
  const items = cartItemCountLabel(count);
  return subtotalText
    ? fillMessage(uiMessages.cartLabelWithSubtotal, { items, subtotal: subtotalText })
    : fillMessage(uiMessages.cartLabel, { items });
}

/** Header cart link: count and subtotal, marked empty at 0 (storefront.md §2). */
export function CartIndicator({
  itemCount,
  subtotalText,
  href = '/cart',
  error = false,
}: CartIndicatorProps) {
  const loading = itemCount === undefined && !error;
  const count = itemCount ?? 0;
  const label = loading
    ? uiMessages.cartLoading
    : error
      ? uiMessages.cartUnavailable
      : cartLinkLabel(count, subtotalText);
  return (
    <a
      className="sqs-cart-indicator"
      href={href}
      aria-label={label}
      data-empty={count === 0 ? 'true' : 'false'}
      aria-busy={loading || undefined}
    >
      <span className="sqs-cart-indicator__icon" aria-hidden="true">
        {/* An inline bag icon: emoji depend on fonts the visitor may not have. */}
        <svg
          width="18"
          height="18"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
        >
          <path d="M6 7h12l-1 13H7L6 7z" />
          <path d="M9 7V5a3 3 0 0 1 6 0v2" />
        </svg>
      </span>
      <span className="sqs-cart-indicator__count" aria-hidden="true">
        {loading ? '…' : error ? '!' : cartCountDisplay(count)}
      </span>
      {subtotalText && count > 0 ? (
        <span className="sqs-cart-indicator__subtotal" aria-hidden="true">
          {subtotalText}
        </span>
      ) : null}
    </a>
  );
}
