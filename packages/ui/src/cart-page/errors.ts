import { messages } from '@site/commerce-core';

export type CartAction = 'quantity' | 'remove' | 'form';

export interface CartActionError {
  title: string;
  detail: string;
}

const TITLES: Record<CartAction, string> = {
  quantity: messages.unableToUpdateQuantity,
  remove: messages.unableToRemoveItem,
  form: messages.unableToUpdateForm,
};

function browserIsOnline(): boolean {
  return typeof navigator === 'undefined' || navigator.onLine !== false;
}

/**
 * The message of a failed cart action (storefront.md §8): what failed, then either the generic
 * retry hint or, when the browser knows it is offline, the connection hint.
 */
export function cartActionError(
  action: CartAction,
  isOnline: () => boolean = browserIsOnline,
): CartActionError {
  return { title: TITLES[action], detail: isOnline() ? messages.pleaseTryAgain : messages.checkConnection };
}

/**
 * Thrown by a cart action's handler when the store refused the change for a reason the shopper
 * can act on (not enough stock): its message replaces the generic retry hint.
 */
export class CartActionRefused extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'CartActionRefused';
  }
}
