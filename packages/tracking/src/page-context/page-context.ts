import { z } from 'zod';

/**
 * What the storefront knows about the page being shown (storefront.md §3
 * "Page context"). Only the fields tracking reads are modelled.
 */
export const pageContextSchema = /* @__PURE__ */ (() =>
  z.object({
    websiteId: z.string().min(1),
    templateId: z.string().min(1),
    /** Numeric page type code (storefront.md §2). */
    pageType: z.number().int().optional(),
    collectionId: z.string().min(1).optional(),
    itemId: z.string().min(1).optional(),
    /** The signed-in account, when there is one. */
    authenticatedAccount: z.object({ id: z.string().min(1) }).optional(),
    /** Role name -> held; the account's roles on this website. */
    websiteRoles: z.record(z.string(), z.boolean()).optional(),
    cookieSettings: z.object({ isRestrictiveCookiePolicyEnabled: z.boolean().optional() }).optional(),
    storeCurrency: z.string().optional(),
    /** Beta feature flag names that are on. */
    betaFeatureFlags: z.array(z.string()).optional(),
    /** Site-wide switch that turns visitor tracking off. */
    censusDisabled: z.boolean().optional(),
    websiteLocale: z.string().optional(),
    memberLocale: z.string().optional(),
    pagePermissionType: z.number().int().optional(),
  }))();

export type PageContext = z.infer<typeof pageContextSchema>;

export function hasBetaFlag(context: PageContext, flag: string): boolean {
  return context.betaFeatureFlags?.includes(flag) ?? false;
}
