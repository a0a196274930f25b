/**
 * What the checkout submits. The API mirrors this shape in a zod schema (in commerce-core), so keep
 * the two in step: strings are trimmed, the card number is digits only, the expiry is "MM/YY",
 * optional parts are left out rather than sent empty.
 */
export interface ShippingAddress {
  firstName: string;
  lastName: string;
  line1: string;
  line2?: string;
  city: string;
  /** State, province or region; "" where the country has none. */
  region: string;
  postalCode: string;
  /** ISO 3166-1 alpha-2 code, e.g. "US". */
  country: string;
  phone?: string;
}

/** The built-in TEST provider: card fields typed by the shopper (never a real card). */
export interface TestCardPayment {
  provider: 'test';
  /** Digits only, 12 to 19 of them, Luhn-valid. */
  cardNumber: string;
  /** "MM/YY". */
  expiry: string;
  /** 3 or 4 digits. */
  cvc: string;
}

/** Any other provider: its own fields (the `paymentFields` prop) produce a token. */
export interface ProviderPayment {
  provider: string;
  token: string;
}

export type CheckoutPayment = TestCardPayment | ProviderPayment;

export interface CheckoutPayload {
  email: string;
  /** Present only when the cart requires shipping. */
  shippingAddress?: ShippingAddress;
  /** Present only when the cart requires shipping. */
  shippingOptionId?: string;
  payment: CheckoutPayment;
  /** A gift card paying part or all of the order, as typed; the server checks it. */
  giftCardCode?: string;
  /** The shopper's note to the shop, sent only while the shop takes order notes and one is typed. */
  orderNote?: string;
}

/** Field names used for per-field errors, client side and from the server. */
export type CheckoutFieldName =
  | 'email'
  | 'firstName'
  | 'lastName'
  | 'line1'
  | 'line2'
  | 'city'
  | 'region'
  | 'postalCode'
  | 'country'
  | 'phone'
  | 'shippingOptionId'
  | 'cardNumber'
  | 'expiry'
  | 'cvc'
  | 'payment'
  | 'giftCardCode'
  | 'orderNote';

export type CheckoutFieldErrors = Partial<Record<CheckoutFieldName, string>>;

/**
 * Reject `onPlaceOrder` with this to show the server's answer: a general message (e.g. "Your card
 * was declined.") and/or messages per field. Any other rejection shows a generic failure.
 */
export class CheckoutSubmitError extends Error {
  readonly fieldErrors: CheckoutFieldErrors;
  constructor(message: string, fieldErrors: CheckoutFieldErrors = {}) {
    super(message);
    this.name = 'CheckoutSubmitError';
    this.fieldErrors = fieldErrors;
  }
}

/** The raw form state (everything is a string while the shopper types). */
export interface CheckoutFormValues {
  email: string;
  firstName: string;
  lastName: string;
  line1: string;
  line2: string;
  city: string;
  region: string;
  postalCode: string;
  country: string;
  phone: string;
  cardNumber: string;
  expiry: string;
  cvc: string;
  giftCardCode: string;
  orderNote: string;
}

export const EMPTY_CHECKOUT_VALUES: CheckoutFormValues = {
  email: '',
  firstName: '',
  lastName: '',
  line1: '',
  line2: '',
  city: '',
  region: '',
  postalCode: '',
  country: '',
  phone: '',
  cardNumber: '',
  expiry: '',
  cvc: '',
  giftCardCode: '',
  orderNote: '',
};
