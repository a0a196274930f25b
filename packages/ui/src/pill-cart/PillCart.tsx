import { cartItemCountLabel } from '@site/commerce-core';
import { cartLinkLabel } from '../cart-indicator/CartIndicator';

export interface PillCartProps {
  /** Total quantity in the cart (ShoppingCart.totalQuantity); 0 hides the pill. */
  itemCount: number;
  /** The subtotal formatted in the store currency, e.g. displayedSubtotal(cart, currency). */
  subtotalText?: string;
  href?: string;
}

/**
 * Floating pill linking to the cart (storefront.md §2, §4, §9). It stays mounted while empty and
 * fades with CSS; `visibility: hidden` (styles.css) plus `inert` keep the hidden pill out of the
 * tab order and the accessibility tree.
 */
export function PillCart({ itemCount, subtotalText, href = '/cart' }: PillCartProps) {
  const visible = itemCount > 0;
  return (
    <div
      className="sqs-pill-cart"
      data-visible={visible}
      aria-hidden={!visible || undefined}
      inert={!visible}
    >
      <a className="sqs-pill-cart__link" href={href} aria-label={cartLinkLabel(itemCount, subtotalText)}>
        {/* A bag and "2 items": the count once, in words (a bare number beside it read "1 1 item"). */}
        <svg
          className="sqs-pill-cart__icon"
          aria-hidden="true"
          width="18"
          height="18"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
          focusable="false"
        >
          <path d="M6 7h12l-1 13H7L6 7z" />
          <path d="M9 7V5a3 3 0 0 1 6 0v2" />
        </svg>
        <span className="sqs-pill-cart__items" aria-hidden="true">
          {cartItemCountLabel(itemCount)}
        </span>
        {subtotalText ? (
          <span className="sqs-pill-cart__subtotal" aria-hidden="true">
            {subtotalText}
          </span>
        ) : null}
      </a>
    </div>
  );
}
