import { z } from 'zod';
import { LIMITS } from '../limits';
import { messages } from '../messages';
import { href, text } from '../text';

/** The navigation areas a site layout has; `mainNav` must exist (platform.md §8). */
export const NAVIGATION_FIELDS = ['mainNav', 'secondaryNav', 'notLinked'] as const;
export type NavigationField = (typeof NAVIGATION_FIELDS)[number];
export const NAVIGATION_FIELD_TITLES: Record<NavigationField, string> = {
  mainNav: 'Main Navigation',
  secondaryNav: 'Footer Navigation',
  notLinked: 'Not Linked',
};

export interface NavigationItem {
  collectionId?: string;
  externalLink?: { url: string; title: string; newWindow: boolean };
  memberAreaId?: string;
  items?: NavigationItem[];
}

const externalLinkSchema = z.object({
  url: href(LIMITS.maxUrlLength, messages.invalidLink),
  title: text(LIMITS.maxTitleLength).min(1, messages.titleRequired),
  newWindow: z.boolean().default(false),
});

const itemBase = z.object({
  collectionId: text(200).optional(),
  externalLink: externalLinkSchema.optional(),
  memberAreaId: text(200).optional(),
});

function exactlyOneTarget(item: z.infer<typeof itemBase>): boolean {
  return (
    [item.collectionId, item.externalLink, item.memberAreaId].filter((v) => v !== undefined).length === 1
  );
}
const TARGET_MESSAGE = 'Each navigation item links to one page, one web address or one member area.';

const leafItemSchema = itemBase.refine(exactlyOneTarget, TARGET_MESSAGE);
/** Items nest one level: a folder's pages sit under it (platform.md UpdateNavigation `items`). */
export const navigationItemSchema = itemBase
  .extend({ items: z.array(leafItemSchema).max(LIMITS.maxNavigationItems).optional() })
  .refine(exactlyOneTarget, TARGET_MESSAGE);

/** `POST /api/widget/UpdateNavigation` (platform.md §7). */
export const updateNavigationSchema = z.object({
  fieldName: z.string().max(40),
  templateId: text(200),
  navigation: z.object({ items: z.array(navigationItemSchema).max(LIMITS.maxNavigationItems) }),
});
export type UpdateNavigation = z.infer<typeof updateNavigationSchema>;

/** One link of the site layout, as the editor's page tree reads it. */
export interface SiteLayoutLink extends NavigationItem {
  title: string;
  fullUrl: string;
  enabled: boolean;
  items?: SiteLayoutLink[];
}

/** `GET /api/commondata/GetSiteLayout` answer: one entry per navigation area, main first. */
export interface SiteLayoutEntry {
  identifier: NavigationField;
  title: string;
  links: SiteLayoutLink[];
}
