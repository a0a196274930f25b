import { z } from 'zod';

/**
 * How the storefront asks visitors about cookies, set by the owner or an admin on Site settings.
 * `off`: no banner. `notice`: a banner tells visitors the site uses cookies; tracking runs.
 * `opt-in`: nothing is tracked (no visitor cookies, analytics or ad-pixel calls, no third-party
 * embed) until the visitor accepts its category. Stored as the page context's cookie settings
 * (storefront.md §3), which the storefront script and the tracking library read.
 */
export const COOKIE_CONSENT_API = '/api/editor/site/cookie-consent';

export const COOKIE_CONSENT_MODES = ['off', 'notice', 'opt-in'] as const;
export type CookieConsentMode = (typeof COOKIE_CONSENT_MODES)[number];

/** Where opt-in applies: every visitor, or only visitors in the consent region (elsewhere: notice). */
export const COOKIE_CONSENT_WHERE = ['everywhere', 'consent-region'] as const;
export type CookieConsentWhere = (typeof COOKIE_CONSENT_WHERE)[number];

/**
 * The countries whose law asks for opt-in before analytics and marketing cookies: the EU, the rest
 * of the EEA (Iceland, Liechtenstein, Norway), the United Kingdom and Switzerland (ISO 3166-1).
 */
export const CONSENT_REGION_COUNTRIES: ReadonlySet<string> = new Set([
  ...['AT', 'BE', 'BG', 'HR', 'CY', 'CZ', 'DK', 'EE', 'FI', 'FR', 'DE', 'GR', 'HU', 'IE'],
  ...['IT', 'LV', 'LT', 'LU', 'MT', 'NL', 'PL', 'PT', 'RO', 'SK', 'SI', 'ES', 'SE'],
  ...['IS', 'LI', 'NO', 'GB', 'CH'],
]);

/**
 * The request header a proxy in front of the site sets to the visitor's country (two letters);
 * Cloudflare's name, which most CDNs can be told to send too.
 */
export const VISITOR_COUNTRY_HEADER = 'cf-ipcountry';

/** In the consent region, outside it, or not known (no header, or a code such as XX or T1 for Tor). */
export type VisitorRegion = 'consent-region' | 'elsewhere' | 'unknown';

export function visitorRegion(country: string | readonly string[] | undefined): VisitorRegion {
  const code = (Array.isArray(country) ? country[0] : country)?.trim().toUpperCase() ?? '';
  if (!/^[A-Z]{2}$/.test(code) || code === 'XX' || code === 'T1') return 'unknown';
  return CONSENT_REGION_COUNTRIES.has(code) ? 'consent-region' : 'elsewhere';
}

export const cookieConsentMessages = {
  modeInvalid: 'Choose how to ask about cookies: off, notice only, or opt-in consent.',
  whereInvalid: 'Choose where to ask first: everywhere, or only in the EU, EEA, UK and Switzerland.',
  // A third-party embed held back until the visitor allows marketing cookies ({host} is its site).
  embedHeld:
    'This content comes from {host}, which may set cookies. It loads once you allow marketing cookies.',
  embedLoad: 'Load it now',
  embedOpen: 'Open it on {host}',
} as const;

export const cookieConsentSchema = z
  .object({
    mode: z.enum(COOKIE_CONSENT_MODES, { message: cookieConsentMessages.modeInvalid }),
    /** Read only under opt-in; absent means everywhere. */
    where: z.enum(COOKIE_CONSENT_WHERE, { message: cookieConsentMessages.whereInvalid }).optional(),
  })
  .strict();
export type CookieConsent = z.infer<typeof cookieConsentSchema>;

/** The page context's cookie settings (storefront.md §3). */
export interface CookieSettings {
  isCookieBannerEnabled: boolean;
  isRestrictiveCookiePolicyEnabled: boolean;
}

/** What is stored: the page context's two flags, and under opt-in where it applies. */
export interface StoredCookieSettings extends CookieSettings {
  optInWhere?: CookieConsentWhere;
}

export function cookieSettingsFor(mode: CookieConsentMode, where?: CookieConsentWhere): StoredCookieSettings {
  return {
    isCookieBannerEnabled: mode !== 'off',
    isRestrictiveCookiePolicyEnabled: mode === 'opt-in',
    ...(mode === 'opt-in' && where === 'consent-region' ? { optInWhere: where } : {}),
  };
}

const storedOf = (settings: Record<string, unknown> | undefined) =>
  (settings?.cookieSettings ?? {}) as Record<string, unknown>;

/** The mode stored settings mean; a restrictive policy always asks first, even without the banner flag. */
export function cookieConsentMode(settings: Record<string, unknown> | undefined): CookieConsentMode {
  const stored = storedOf(settings);
  if (stored.isRestrictiveCookiePolicyEnabled === true) return 'opt-in';
  return stored.isCookieBannerEnabled === true ? 'notice' : 'off';
}

/** The owner's choice as the settings screen reads it back. */
export function cookieConsentOf(settings: Record<string, unknown> | undefined): Required<CookieConsent> {
  const mode = cookieConsentMode(settings);
  const where = mode === 'opt-in' && storedOf(settings).optInWhere === 'consent-region';
  return { mode, where: where ? 'consent-region' : 'everywhere' };
}

/**
 * The cookie settings one visitor's page carries. Opt-in limited to the consent region asks only
 * visitors there; a visitor whose country is not known is asked too (the safe side), and anyone
 * else gets the notice instead, so they still learn that the site uses cookies.
 */
export function visitorCookieSettings(
  settings: Record<string, unknown> | undefined,
  region: VisitorRegion,
): CookieSettings {
  const { mode, where } = cookieConsentOf(settings);
  const asked = mode === 'opt-in' && (where === 'everywhere' || region !== 'elsewhere');
  return { isCookieBannerEnabled: mode !== 'off', isRestrictiveCookiePolicyEnabled: asked };
}
