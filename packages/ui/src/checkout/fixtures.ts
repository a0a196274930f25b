import { ebook, mug, sampleCart, shirt } from '../cart-page/fixtures';
import type { DisplayCart } from '../cart-page/types';

/** Checkout sample carts (stories and tests only). */
export const standard = { id: 'standard', name: 'Standard (5–7 days)', costCents: 500 };
export const express = { id: 'express', name: 'Express (1–2 days)', costCents: 1500 };
export const pickup = { id: 'pickup', name: 'Local pickup', costCents: 0 };

export const physicalCart: DisplayCart = sampleCart([shirt, mug], {
  requiresShipping: true,
  shippingOptions: [standard, express, pickup],
  selectedShippingOption: standard,
  shippingCostCents: 500,
  discountCents: 1080,
  validCoupons: ['SPRING10'],
  coupons: ['SPRING10'],
  taxCents: 842,
  grandTotalCents: 10800 - 1080 + 500 + 842,
});

export const digitalCart: DisplayCart = sampleCart([ebook], {
  requiresShipping: false,
  hasDigital: true,
  purelyDigital: true,
  taxCents: 74,
  grandTotalCents: 974,
});
