/** Cart formatters: item count, the cart link and the retired subtotal. */
import { cartCountDisplay, field, list, numOr0 } from '@site/commerce-core';
import type { Formatter } from '../types';

/** Published templates still call cart-subtotal; it renders this notice instead of a figure. */
export const CART_SUBTOTAL_DEPRECATED = 'deprecated, do not use';
/** A cart link in templates always resolves here (storefront.md §2). */
export const CART_URL = '/cart';

const cartQuantity: Formatter = (cart) => {
  let count = 0;
  for (const entry of list(field(cart, 'entries'))) count += numOr0(field(entry, 'quantity'));
  return '<span class="sqs-cart-quantity">' + cartCountDisplay(count) + '</span>';
};

export const cartFormatters: Readonly<Record<string, Formatter>> = {
  'cart-quantity': cartQuantity,
  'cart-subtotal': () => CART_SUBTOTAL_DEPRECATED,
  'cart-url': () => CART_URL,
};
