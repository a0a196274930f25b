/** Editor limits (platform.md §9). */
export const EDITOR_LIMITS = {
  maxBlocksPerLayout: 60,
  maxTracksPerAlbum: 60,
  maxItemsInUserOrderableCollection: 250,
  maxProductsPerCollection: 200,
  nestedCategoriesLimit: 10_000,
  maxPhotoServiceGalleries: 20,
  maxGallerySize: 50,
  bytesPerMegabyte: 1_000_000,
  mobileBreakpointMaxPx: 432,
  desktopBreakpointMinPx: 433,
  domSettleTimeoutMs: 3000,
  domSettleQuietMs: 100,
  popoverScrollThrottleMs: 100,
  cartPopoverMs: 3000,
  cartCountCap: 100,
  tagMaxLength: 50,
  categoryMaxLength: 25,
} as const;

export const PASSWORD_MASK_PLACEHOLDER = '__MASKED_FIELD__';
