import { z } from 'zod';
import { isStorableText, STORABLE_TEXT_MESSAGE, text } from '../text';

/**
 * The site's own identity, set by its owner or an admin on the editor's Site settings screen: the
 * name (tab titles, header, emails, the editor's top bar), time zone, locale, how to reach the
 * business (emails and the search engines' JSON-LD) and its social profiles. The icon is uploaded
 * on its own call as image bytes.
 */
export const SITE_PROFILE_API = {
  profile: '/api/editor/site/profile',
  icon: '/api/editor/site/icon',
  /** The header's logo, uploaded as image bytes like the icon. */
  logo: '/api/editor/site/logo',
} as const;

export const siteProfileMessages = {
  titleRequired: 'Give your site a name.',
  timeZoneInvalid: 'Choose a time zone from the list.',
  localeInvalid: 'Choose a language and region from the list.',
  emailInvalid: 'Enter an email address such as hello@example.com, or leave it empty.',
  socialInvalid: 'Enter the full address of your profile, starting with https://.',
  tooManySocial: 'Add at most 10 social profiles.',
  iconNotImage: 'Upload a PNG, JPEG, WebP or GIF image.',
  iconTooSmall: 'Use a square image at least 180 × 180 pixels, so it stays sharp on phones.',
  iconTooLarge: 'The icon image must be smaller than 5 MB.',
  logoTooSmall: 'Use a logo image at least 40 pixels tall, so it stays sharp in the header.',
  logoTooLarge: 'The logo image must be smaller than 5 MB.',
  adminOnly: 'Only the site’s owner or an admin can change the site settings.',
} as const;

/** Icon uploads larger than this are refused before any decoding. */
export const SITE_ICON_MAX_BYTES = 5 * 1024 * 1024;
/** Logo uploads larger than this are refused before any decoding. */
export const SITE_LOGO_MAX_BYTES = 5 * 1024 * 1024;

/** The square sizes made from an upload: tab icon, its high-density twin, Apple touch icon, and the manifest's two. */
export const SITE_ICON_SIZES = [32, 64, 180, 192, 512] as const;
export type SiteIconSize = (typeof SITE_ICON_SIZES)[number];

/**
 * The locales the Site settings screen offers: the languages the storefront has strings for
 * (SITE_LANGUAGES), in the regions whose number and date formats differ.
 */
export const SITE_LOCALES = [
  'en-US',
  'en-GB',
  'en-CA',
  'en-AU',
  'en-IE',
  'en-NZ',
  'fr-FR',
  'fr-CA',
  'fr-BE',
  'fr-CH',
  'de-DE',
  'de-AT',
  'de-CH',
  'es-ES',
  'es-MX',
  'es-AR',
  'it-IT',
  'pt-PT',
  'pt-BR',
  'nl-NL',
  'nl-BE',
] as const;

export function isTimeZone(value: string): boolean {
  if (!value || value.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

const trimmed = (max: number) => text(max).transform((v) => v.trim());

export const businessAddressSchema = z.object({
  street: trimmed(200),
  city: trimmed(100),
  region: trimmed(100),
  postalCode: trimmed(20),
  /** As the owner writes it ("France", "USA"); JSON-LD takes the name as given. */
  country: trimmed(100),
});
export type BusinessAddress = z.infer<typeof businessAddressSchema>;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const socialProfile = z
  .string()
  .max(500, siteProfileMessages.socialInvalid)
  .refine(isStorableText, STORABLE_TEXT_MESSAGE)
  .transform((v) => v.trim())
  .refine((v) => {
    try {
      const url = new URL(v);
      return url.protocol === 'https:' && url.hostname.includes('.');
    } catch {
      return false;
    }
  }, siteProfileMessages.socialInvalid);

export const siteProfileSchema = z.object({
  title: z
    .string()
    .max(200)
    .refine(isStorableText, STORABLE_TEXT_MESSAGE)
    .transform((v) => v.trim().replace(/\s+/g, ' '))
    .refine((v) => v.length > 0, siteProfileMessages.titleRequired),
  timeZone: z.string().refine(isTimeZone, siteProfileMessages.timeZoneInvalid),
  locale: z.enum(SITE_LOCALES, { message: siteProfileMessages.localeInvalid }),
  contactEmail: z
    .string()
    .max(254, siteProfileMessages.emailInvalid)
    .refine(isStorableText, STORABLE_TEXT_MESSAGE)
    .transform((v) => v.trim())
    .refine((v) => v === '' || EMAIL.test(v), siteProfileMessages.emailInvalid),
  businessAddress: businessAddressSchema,
  socialProfiles: z.array(socialProfile).max(10, siteProfileMessages.tooManySocial),
});
export type SiteProfileInput = z.input<typeof siteProfileSchema>;
export type SiteProfile = z.output<typeof siteProfileSchema>;

/** What the screen reads: the profile and, once uploaded, where its icon is served. */
export const siteProfileViewSchema = siteProfileSchema.extend({
  /** The 180 px icon (null while the site shows the platform's default icon). */
  iconUrl: z.string().nullable(),
  /** The header's logo (null while the header shows the site's name as text). */
  logoUrl: z.string().nullable(),
});
export type SiteProfileView = z.infer<typeof siteProfileViewSchema>;

/** One line of the address as a letter would print it, empty parts left out. */
export function addressLine(address: BusinessAddress): string {
  const cityLine = [address.postalCode, address.city].filter(Boolean).join(' ');
  return [address.street, cityLine, address.region, address.country].filter(Boolean).join(', ');
}

export interface SiteContact {
  contactEmail: string;
  businessAddress: BusinessAddress;
  socialProfiles: string[];
}

const EMPTY_ADDRESS: BusinessAddress = { street: '', city: '', region: '', postalCode: '', country: '' };

/**
 * How the business is reached, read from the site's stored settings (`settings.siteProfile`, as
 * the profile call saves it); parts never set read as empty. Emails and JSON-LD print these.
 */
export function siteContact(settings: Record<string, unknown> | undefined): SiteContact {
  const stored = (settings?.siteProfile ?? {}) as Record<string, unknown>;
  const address = businessAddressSchema.safeParse(stored.businessAddress);
  return {
    contactEmail: typeof stored.contactEmail === 'string' ? stored.contactEmail : '',
    businessAddress: address.success ? address.data : EMPTY_ADDRESS,
    socialProfiles: Array.isArray(stored.socialProfiles)
      ? stored.socialProfiles.filter((p): p is string => typeof p === 'string')
      : [],
  };
}
