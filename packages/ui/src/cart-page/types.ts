import type { CartEntry, ShoppingCart } from '@site/commerce-core';

export interface CartItemImage {
  src: string;
  /** Empty (the default) marks the image decorative: the title next to it already names the item. */
  alt?: string;
}

/** A cart entry (commerce-core `CartEntry`) plus what the page shows about the product. */
export interface CartDisplayEntry extends CartEntry {
  image?: CartItemImage;
  /** Product page, to link the title. */
  href?: string;
  /** Variant attributes to list; defaults to `chosenVariant.attributes`. */
  attributes?: Readonly<Record<string, string>>;
  /** Unit price already formatted; defaults to `purchasePriceCents` in the store currency. */
  unitPrice?: string;
  /** Whether "Edit Details" applies; defaults to `additionalFields !== null`. */
  hasAdditionalFields?: boolean;
}

/** commerce-core's `ShoppingCart` whose entries carry display data. */
export type DisplayCart = Omit<ShoppingCart, 'entries'> & { entries: CartDisplayEntry[] };
