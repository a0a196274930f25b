/** platform.md §9 "Editor limits", and our own limits where the spec is silent. */
export const LIMITS = {
  /** platform.md §9: max blocks per layout. */
  maxBlocksPerLayout: 60,
  /** platform.md §9: max gallery size. */
  maxGalleryImages: 50,
  /** platform.md §9: mobile breakpoint (phone up to 432 px, desktop from 433 px). */
  mobileBreakpointPx: 432,
  // Ours: generous for real pages, small enough that a single save stays well under a megabyte.
  maxTitleLength: 200,
  maxSlugLength: 200,
  maxShortText: 500,
  maxLongText: 20_000,
  /** Rich text: the same prose as maxLongText with room for its markup. */
  maxRichText: 60_000,
  maxUrlLength: 2_000,
  maxSectionsPerPage: 30,
  maxListItems: 50,
  maxNavigationItems: 200,
  maxNavigationDepth: 2,
  maxRevisionsKept: 50,
} as const;

/**
 * Device views of platform.md §2 (desktop, tablet, phone), as preview widths in CSS pixels, and a
 * wide screen (issue 27): the layout owners' largest visitors get, where a 12-column section shows
 * its gutters and a full-bleed image its crop.
 */
export const DEVICE_VIEWS = {
  wide: { label: 'Wide', width: 1440 },
  desktop: { label: 'Desktop', width: 1280 },
  tablet: { label: 'Tablet', width: 768 },
  phone: { label: 'Phone', width: LIMITS.mobileBreakpointPx - 42 },
} as const;
export type DeviceView = keyof typeof DEVICE_VIEWS;
