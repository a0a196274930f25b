/** Add-entry failures and alert titles (storefront.md §8). */
import { messages } from '../messages';

export interface AddEntryFailure {
  /** The server rejected the session token (crumb). */
  readonly crumbFail?: boolean;
  /** Whether the browser accepts cookies; decides which crumb message applies. */
  readonly cookiesEnabled?: boolean;
  readonly status?: number;
  /** The message the server sent, shown as is for any other failure. */
  readonly serverMessage?: string;
}

export function addEntryErrorMessage(f: AddEntryFailure): string {
  if (f.crumbFail) return f.cookiesEnabled === false ? messages.enableCookies : messages.sessionExpired;
  if (f.status === 429) return messages.tooManyRequests;
  return f.serverMessage || messages.unableToAddItem;
}

export type PurchaseFlow = 'cart' | 'express-checkout' | 'gift-card';

export function addToCartAlertTitle(flow: PurchaseFlow): string {
  if (flow === 'express-checkout') return messages.alertTitleExpressCheckout;
  if (flow === 'gift-card') return messages.alertTitleGiftCard;
  return messages.alertTitleAddItem;
}

/** Button timings (storefront.md §9), in milliseconds. */
export const ADD_TO_CART_TIMINGS = {
  addedStateMs: 2000,
  failureResetMs: 1000,
  addedDelayMs: 1000,
  selectOptionMs: 2000,
  popoverMs: 3000,
  popoverScrollThrottleMs: 100,
} as const;
