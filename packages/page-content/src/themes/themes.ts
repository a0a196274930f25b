import { z } from 'zod';

/**
 * The themes a site can wear (ours; the spec names only "templates"). A theme is a template folder
 * the server ships; the site keeps its own copy of the templates, so changing theme swaps those
 * copies and never touches pages, products, posts or settings.
 */
export const SITE_THEMES = [
  {
    id: 'fieldnotes',
    name: 'Fieldnotes',
    description:
      'Quiet and bookish: serif headings, the name on the left and the menu beside it, a centred reading column. For a maker’s shop with a journal.',
  },
  {
    id: 'market',
    name: 'Market',
    description:
      'Shop first: a full-width picture with your headline over it, the name centred above the menu, big product tiles and a bold sans-serif type.',
  },
  {
    id: 'studio',
    name: 'Studio',
    description:
      'Portfolio first: tall display capitals, the name on the left and the menu on the right, your work in large edge-to-edge tiles with captions over the pictures.',
  },
  {
    id: 'bistro',
    name: 'Bistro',
    description:
      'For a restaurant or local business: an italic serif name over the menu with a “Book a table” button, a menu set with dotted leaders, opening hours and a map.',
  },
] as const;

export type SiteThemeId = (typeof SITE_THEMES)[number]['id'];
export const DEFAULT_THEME: SiteThemeId = 'fieldnotes';
export const SITE_THEME_IDS = SITE_THEMES.map((t) => t.id) as [SiteThemeId, ...SiteThemeId[]];

export const themeMessages = {
  unknownTheme: 'Choose one of the themes shown',
  nothingToUndo: 'There is no theme change to undo',
} as const;

export const siteThemeSchema = z.enum(SITE_THEME_IDS, { error: themeMessages.unknownTheme });

/** The editor's theme calls; a site page asked with `?theme-preview=<id>` shows the site in that theme to its editors. */
export const THEME_API = {
  theme: '/api/editor/theme',
  undo: '/api/editor/theme/undo',
} as const;
export const THEME_PREVIEW_PARAM = 'theme-preview';

export const changeThemeSchema = z.object({ theme: siteThemeSchema }).strict();
export type ChangeTheme = z.infer<typeof changeThemeSchema>;

/**
 * Every page type the product renders, each with a preview image per theme at a phone's and a
 * desktop's width: the picker shows the home page and, on request, all of them.
 */
export const THEME_PREVIEW_PAGES = [
  'home',
  'shop',
  'product',
  'cart',
  'checkout',
  'order-confirmed',
  'order-status',
  'blog-list',
  'blog-post',
  'events-list',
  'events-item',
  'gallery',
  'album',
  'videos',
  'videos-item',
  'search',
  'account-sign-in',
  'account-create',
  'not-found',
  'lock-screen',
  'cover',
] as const;
export type ThemePreviewPage = (typeof THEME_PREVIEW_PAGES)[number];
export const THEME_PREVIEW_WIDTHS = [390, 1280] as const;

export const themeSummarySchema = z.object({
  id: siteThemeSchema,
  name: z.string(),
  description: z.string(),
  /** The home page at a desktop's width, then each page type at both widths. */
  previews: z.array(z.object({ page: z.string(), width: z.number(), url: z.string() })),
});
export type ThemeSummary = z.infer<typeof themeSummarySchema>;

export const themeStateSchema = z.object({
  theme: siteThemeSchema,
  /** The theme "Undo" goes back to; null when there is nothing to undo. */
  previousTheme: siteThemeSchema.nullable(),
  themes: z.array(themeSummarySchema),
});
export type ThemeState = z.infer<typeof themeStateSchema>;

/** Where a theme's preview image of a page at a width is served. */
export const themePreviewUrl = (theme: SiteThemeId, page: string, width: number) =>
  `/assets/themes/${theme}/previews/${page}-${width}.webp`;

export function themeSummaries(): ThemeSummary[] {
  return SITE_THEMES.map((t) => ({
    ...t,
    previews: THEME_PREVIEW_PAGES.flatMap((page) =>
      THEME_PREVIEW_WIDTHS.map((width) => ({ page, width, url: themePreviewUrl(t.id, page, width) })),
    ),
  }));
}
