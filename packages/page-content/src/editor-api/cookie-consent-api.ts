import { z } from 'zod';

/**
 * How the storefront asks visitors about cookies, set by the owner or an admin on Site settings.
 * `off`: no banner. `notice`: a banner tells visitors the site uses cookies; tracking runs.
 * `opt-in`: nothing is tracked (no visitor cookies, analytics or ad-pixel calls) until the visitor
 * accepts. Stored as the page context's cookie settings (storefront.md §3), which the
 * storefront script and the tracking library read.
 */
export const COOKIE_CONSENT_API = '/api/editor/site/cookie-consent';

export const COOKIE_CONSENT_MODES = ['off', 'notice', 'opt-in'] as const;
export type CookieConsentMode = (typeof COOKIE_CONSENT_MODES)[number];

export const cookieConsentMessages = {
  modeInvalid: 'Choose how to ask about cookies: off, notice only, or opt-in consent.',
} as const;

export const cookieConsentSchema = z
  .object({ mode: z.enum(COOKIE_CONSENT_MODES, { message: cookieConsentMessages.modeInvalid }) })
  .strict();
export type CookieConsent = z.infer<typeof cookieConsentSchema>;

/** The page context's cookie settings (storefront.md §3) for a mode. */
export interface CookieSettings {
  isCookieBannerEnabled: boolean;
  isRestrictiveCookiePolicyEnabled: boolean;
}

export function cookieSettingsFor(mode: CookieConsentMode): CookieSettings {
  return { isCookieBannerEnabled: mode !== 'off', isRestrictiveCookiePolicyEnabled: mode === 'opt-in' };
}

/** The mode stored settings mean; a restrictive policy always asks first, even without the banner flag. */
export function cookieConsentMode(settings: Record<string, unknown> | undefined): CookieConsentMode {
  const stored = (settings?.cookieSettings ?? {}) as Record<string, unknown>;
  if (stored.isRestrictiveCookiePolicyEnabled === true) return 'opt-in';
  return stored.isCookieBannerEnabled === true ? 'notice' : 'off';
}
