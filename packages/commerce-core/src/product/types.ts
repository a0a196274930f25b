/** Product type codes (storefront.md §3). Paywall exists only as a code; no rule treats it specially. */
export const ProductType = {
  PHYSICAL: 1,
  DIGITAL: 2,
  SERVICE: 3,
  GIFT_CARD: 4,
  PAYWALL: 5,
} as const;

export type ProductTypeCode = (typeof ProductType)[keyof typeof ProductType];

/** Record type of a product item in a collection (platform.md §3). */
export const STORE_ITEM_RECORD_TYPE = 11;
/** Record type of a legacy digital good. */
export const DIGITAL_GOOD_RECORD_TYPE = 18;
