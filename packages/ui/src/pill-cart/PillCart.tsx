import { cartCountDisplay, cartItemCountLabel } from '@site/commerce-core';
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
    <div className="sqs-pill-cart" data-visible={visible} aria-hidden={!visible || undefined} inert={!visible}>
      <a className="sqs-pill-cart__link" href={href} aria-label={cartLinkLabel(itemCount, subtotalText)}>
        <span className="sqs-pill-cart__count" aria-hidden="true">
          {cartCountDisplay(itemCount)}
        </span>
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
