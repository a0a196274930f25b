/** Cart indicator and checkout rules (storefront.md §4, §9; platform.md §5). */
import { fillMessage, messages } from '../messages';
import type { CurrencyCode } from '../money/currencies';
import { formatMinorWithSymbol } from '../money/format';

export const CART_COUNT_CAP = 100;

/** The count on the pill and indicator: the number, or "100+" above the cap. */
export function cartCountDisplay(count: number): string {
  return count > CART_COUNT_CAP ? messages.cartCountCapped : String(Math.max(0, Math.trunc(count)));
}

/** "1 item" or "N items" (capped display). */
export function cartItemCountLabel(count: number): string {
  return fillMessage(count === 1 ? messages.cartItemCountOne : messages.cartItemCountMany, {
    count: cartCountDisplay(count),
  });
}

/** The pill cart hides when the cart holds nothing. */
export function isCartEmpty(cart: { totalQuantity: number }): boolean {
  return cart.totalQuantity <= 0;
}

/** The displayed subtotal, from subtotalCents and the store currency. */
export function displayedSubtotal(cart: { subtotalCents: number }, currency: CurrencyCode): string {
  return formatMinorWithSymbol(BigInt(cart.subtotalCents), currency);
}

export type CheckoutCheck = { ok: true } | { ok: false; message: string };

/** Checkout needs an order subtotal at or above the store's minimum. */
export function checkCheckoutMinimum(
  subtotalCents: number,
  minimumCents: number,
  currency: CurrencyCode,
): CheckoutCheck {
  if (subtotalCents >= minimumCents) return { ok: true };
  return {
    ok: false,
    message: fillMessage(messages.belowMinimumSubtotal, {
      amount: formatMinorWithSymbol(BigInt(minimumCents), currency),
    }),
  };
}

/** Whether the cart loads at page start (storefront.md §4). */
export function shouldLoadCartAtStart(state: {
  signedIn: boolean;
  hasCartCookie?: string;
  cartCookie?: string;
}): boolean {
  return (
    state.signedIn ||
    state.hasCartCookie === 'true' ||
    (state.cartCookie !== undefined && state.cartCookie !== '')
  );
}
