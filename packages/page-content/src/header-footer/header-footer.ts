import { z } from 'zod';
import { pageDocumentSchema } from '../document/page-document';
import { LIMITS } from '../limits';
import { messages } from '../messages';
import { href, text } from '../text';

export const siteHeaderSchema = z.object({
  siteTitle: text(LIMITS.maxTitleLength).default(''),
  logoUrl: href(LIMITS.maxUrlLength, messages.invalidLink).default(''),
  logoAlt: text(250).default(''),
  navigationPlacement: z.enum(['left', 'center', 'right']).default('right'),
  showCartLink: z.boolean().default(true),
  /** Shown above the header, e.g. "Free shipping over $75"; empty hides the bar. */
  announcement: text(LIMITS.maxShortText).default(''),
});
export type SiteHeader = z.infer<typeof siteHeaderSchema>;

export const siteFooterSchema = z.object({
  content: pageDocumentSchema.default({ sections: [] }),
  showNavigation: z.boolean().default(true),
  copyright: text(LIMITS.maxShortText).default(''),
});
export type SiteFooter = z.infer<typeof siteFooterSchema>;

/** `PUT /api/site-header-footer` (platform.md §7); `version` guards against overwriting another owner's save. */
export const headerFooterSchema = z.object({
  header: siteHeaderSchema,
  footer: siteFooterSchema,
});
export type HeaderFooter = z.infer<typeof headerFooterSchema>;
export const updateHeaderFooterSchema = headerFooterSchema.extend({
  version: z.number().int().min(0).optional(),
});
