/** Numeric codes the content data uses (platform spec §3 enumerations). */

/** Record type codes by their template name ("store-item?" tests code 11). */
export const RECORD_TYPES: Readonly<Record<string, number>> = {
  undefined: -1,
  text: 1,
  image: 2,
  quote: 4,
  link: 5,
  audio: 7,
  video: 8,
  'store-item': 11,
  event: 12,
  gallery: 14,
  binary: 15,
  'css-asset': 16,
  'tweak-asset': 17,
  'digital-good': 18,
  attachment: 19,
  'wordpress-export': 20,
  'json-export': 21,
  'site-search': 30,
  'active-time': 31,
  tweet: 50,
  checkin: 52,
  kbarticle: 54,
};

export const STORE_ITEM = 11;

export const BACKGROUND_SOURCES: Readonly<Record<string, number>> = {
  undefined: -1,
  upload: 1,
  instagram: 2,
  video: 3,
  none: 4,
};

export const FOLDER_BEHAVIOR = { index: 1, redirect: 2, none: 3 } as const;

/**
 * platform.md §3 collection types (generic, subscription, page, products and others; numeric codes
 * not shown there): a blog or any item collection is generic, a products collection has its own.
 */
export const COLLECTION_TYPE = {
  generic: 1,
  subscription: 2,
  templatePage: 7,
  page: 10,
  products: 13,
} as const;

/** Slice types of cover pages, for `current-type? gallery`. */
export const SLICE_TYPES: Readonly<Record<string, number>> = {
  undefined: -1,
  heading: 1,
  'sub-heading': 2,
  body: 3,
  image: 4,
  gallery: 5,
  video: 6,
  'social-icons': 7,
  buttons: 8,
  navigation: 9,
  'custom-form': 10,
  newsletter: 11,
  album: 12,
  map: 13,
  logo: 14,
  action: 15,
  form: 16,
  lock: 17,
  password: 18,
  twitter: 19,
};

/** Spec §3: the block types an item can be promoted as. */
export const PROMOTED_BLOCK_TYPES = [
  'map',
  'embed',
  'image',
  'code',
  'quote',
  'twitter',
  'link',
  'video',
  'foursquare',
  'instagram',
  'form',
] as const;

export const PRODUCT_TYPE = { physical: 1, digital: 2, service: 3, giftCard: 4 } as const;
