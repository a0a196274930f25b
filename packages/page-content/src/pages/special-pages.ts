/**
 * platform.md §3: the special pages, each drawn by a slide of its own name, with their kind codes
 * (cover page 1, lock screen 2, popup overlay 3, single sign-on screen 4).
 */
export const SPECIAL_PAGE_KINDS = {
  'cover-page': 1,
  'lock-screen': 2,
  'popup-overlay': 3,
  'sso-screen': 4,
} as const;
export type SlideName = keyof typeof SPECIAL_PAGE_KINDS;
export const SLIDE_NAMES = Object.keys(SPECIAL_PAGE_KINDS) as readonly SlideName[];
