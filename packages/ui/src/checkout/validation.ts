import { isValidEmail, messages as formMessages } from '@site/forms';
import { uiMessages } from '../messages';
import type {
  CheckoutFieldErrors,
  CheckoutFieldName,
  CheckoutFormValues,
  ShippingAddress,
  TestCardPayment,
} from './types';

/** Luhn checksum: catches most typos in a card number before the provider sees it. */
export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

export function cardDigits(input: string): string {
  return input.replace(/[\s-]/g, '');
}

export type ExpiryCheck = { ok: true; month: number; year: number } | { ok: false; message: string };

/** "MM/YY" (spaces around the slash allowed); a card is valid to the end of its expiry month. */
export function checkExpiry(input: string, now: Date): ExpiryCheck {
  const m = /^(\d{1,2})\s*\/\s*(\d{2})$/.exec(input.trim());
  const month = m ? Number(m[1]) : NaN;
  if (!m || month < 1 || month > 12) return { ok: false, message: uiMessages.cardExpiryInvalid };
  const year = 2000 + Number(m[2]);
  const endOfMonth = new Date(year, month, 1); // first moment of the following month, local time
  if (endOfMonth.getTime() <= now.getTime()) return { ok: false, message: uiMessages.cardExpired };
  return { ok: true, month, year };
}

const ADDRESS_REQUIRED: readonly CheckoutFieldName[] = [
  'firstName',
  'lastName',
  'line1',
  'city',
  'postalCode',
  'country',
];

export interface CheckoutValidationOptions {
  requiresShipping: boolean;
  /** The built-in test card fields are shown (no external `paymentFields`). */
  testPayment: boolean;
  /** Selected shipping option id, when options exist. */
  shippingOptionId: string | undefined;
  hasShippingOptions: boolean;
  now: Date;
}

/**
 * Client-side checks, in form order so the error summary lists them as the shopper meets them.
 * The email rule and its message come from @site/forms (the same rule the API applies).
 */
export function validateCheckout(
  values: CheckoutFormValues,
  opts: CheckoutValidationOptions,
): CheckoutFieldErrors {
  const errors: CheckoutFieldErrors = {};
  if (values.email.trim() === '') errors.email = formMessages.required;
  else if (!isValidEmail(values.email)) errors.email = formMessages.emailInvalid;

  if (opts.requiresShipping) {
    for (const name of ADDRESS_REQUIRED) {
      if (values[name as keyof CheckoutFormValues].trim() === '') errors[name] = formMessages.required;
    }
    if (!opts.hasShippingOptions) errors.shippingOptionId = uiMessages.noShippingOptions;
    else if (!opts.shippingOptionId) errors.shippingOptionId = formMessages.required;
  }

  if (opts.testPayment) {
    const digits = cardDigits(values.cardNumber);
    if (digits === '') errors.cardNumber = formMessages.required;
    else if (!/^\d{12,19}$/.test(digits) || !passesLuhn(digits))
      errors.cardNumber = uiMessages.cardNumberInvalid;
    if (values.expiry.trim() === '') errors.expiry = formMessages.required;
    else {
      const expiry = checkExpiry(values.expiry, opts.now);
      if (!expiry.ok) errors.expiry = expiry.message;
    }
    if (values.cvc.trim() === '') errors.cvc = formMessages.required;
    else if (!/^\d{3,4}$/.test(values.cvc.trim())) errors.cvc = uiMessages.cardCvcInvalid;
  }
  return errors;
}

export function shippingAddressOf(values: CheckoutFormValues): ShippingAddress {
  const t = (s: string) => s.trim();
  const address: ShippingAddress = {
    firstName: t(values.firstName),
    lastName: t(values.lastName),
    line1: t(values.line1),
    city: t(values.city),
    region: t(values.region),
    postalCode: t(values.postalCode),
    country: values.country,
  };
  if (t(values.line2)) address.line2 = t(values.line2);
  if (t(values.phone)) address.phone = t(values.phone);
  return address;
}

/** Call only after `validateCheckout` passed for the expiry. */
export function testPaymentOf(values: CheckoutFormValues, now: Date): TestCardPayment {
  const expiry = checkExpiry(values.expiry, now);
  const mm = expiry.ok ? String(expiry.month).padStart(2, '0') : '';
  const yy = expiry.ok ? String(expiry.year % 100).padStart(2, '0') : '';
  return {
    provider: 'test',
    cardNumber: cardDigits(values.cardNumber),
    expiry: `${mm}/${yy}`,
    cvc: values.cvc.trim(),
  };
}
