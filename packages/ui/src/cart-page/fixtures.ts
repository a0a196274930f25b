import type { AlsoBoughtItem } from '@site/commerce-core';
import type { CartDisplayEntry, DisplayCart } from './types';

/** Sample carts for stories and tests (not exported from the package). */

// Inline pictures: stories and tests must not depend on the network.
function swatch(color: string): string {
  return `data:image/svg+xml,${encodeURIComponent(`<svg xmlns="http://www.w3.org/2000/svg" width="160" height="160"><rect width="160" height="160" fill="${color}"/></svg>`)}`;
}

export function sampleEntry(overrides: Partial<CartDisplayEntry> & { id: string }): CartDisplayEntry {
  const quantity = overrides.quantity ?? 1;
  const unit = overrides.purchasePriceCents ?? 2500;
  return {
    itemId: `item-${overrides.id}`,
    chosenVariant: { sku: `SKU-${overrides.id}`, attributes: {} },
    title: 'Linen Shirt',
    subTotal: { value: ((unit * quantity) / 100).toFixed(2), currency: 'USD' },
    additionalFields: null,
    ...overrides,
    quantity,
    purchasePriceCents: unit,
  };
}

export function sampleCart(entries: CartDisplayEntry[], overrides: Partial<DisplayCart> = {}): DisplayCart {
  const subtotalCents = entries.reduce((s, e) => s + e.purchasePriceCents * e.quantity, 0);
  return {
    id: 'cart-1',
    websiteId: 'site-1',
    orderId: null,
    created: 1_700_000_000_000,
    isPurchased: false,
    entries,
    shippingOptions: [],
    selectedShippingOption: null,
    applicableTaxRules: [],
    coupons: [],
    validCoupons: [],
    invalidCoupons: [],
    refusedCoupons: [],
    discounts: [],
    subtotalCents,
    taxCents: 0,
    shippingCostCents: 0,
    discountCents: 0,
    grandTotalCents: subtotalCents,
    totalQuantity: entries.reduce((s, e) => s + e.quantity, 0),
    hasDigital: false,
    purelyDigital: false,
    requiresShipping: true,
    taxLines: [],
    taxIncludedCents: 0,
    ...overrides,
  };
}

export const shirt = sampleEntry({
  id: 'e1',
  title: 'Linen Shirt',
  quantity: 2,
  purchasePriceCents: 4500,
  chosenVariant: { sku: 'SHIRT-M-BLUE', attributes: { Size: 'M', Color: 'Blue' } },
  image: { src: swatch('#6a8caf') },
  href: '/shop/linen-shirt',
});

export const mug = sampleEntry({
  id: 'e2',
  title: 'Engraved Mug',
  quantity: 1,
  purchasePriceCents: 1800,
  additionalFields: '{"engraving":"Ada"}',
  image: { src: swatch('#c9a66b') },
});

export const ebook = sampleEntry({
  id: 'e3',
  title: 'Field Guide (eBook)',
  quantity: 1,
  purchasePriceCents: 900,
});

/** Suggestions for the "customers also bought" row: one quick-add, one with a "from" price. */
export const alsoBoughtItems: AlsoBoughtItem[] = [
  {
    id: 'p-notebook',
    title: 'Field Notebook',
    url: '/shop/p/field-notebook',
    imageUrl: swatch('#c9b99a'),
    price: { value: '14.00', currency: 'USD' },
    priceVaries: false,
    quickAddSku: 'NOTE-3',
    relatedTo: 'item-1',
  },
  {
    id: 'p-shirt',
    title: 'Linen Shirt with a rather long name that wraps',
    url: '/shop/p/linen-shirt',
    imageUrl: swatch('#7c93a8'),
    price: { value: '120.00', currency: 'USD' },
    priceVaries: true,
    relatedTo: 'item-1',
  },
  {
    id: 'p-wallet',
    title: 'Leather Wallet',
    url: '/shop/p/wallet',
    price: { value: '65.00', currency: 'USD' },
    priceVaries: false,
    relatedTo: 'item-2',
  },
];
