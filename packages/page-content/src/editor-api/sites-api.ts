import { z } from 'zod';
import { text } from '../text';
import { siteThemeSchema } from '../themes/themes';

/**
 * An owner's sites: sign-up, the hand-over of the new site's first session to its own host, its
 * domains and its removal. Ours; the spec has no hosting calls.
 */
export const SITES_API = {
  sites: '/api/sites',
  handoff: '/api/editor/session/handoff',
  domains: '/api/editor/domains',
  domain: (host: string) => `/api/editor/domains/${encodeURIComponent(host)}`,
  verifyDomain: (host: string) => `/api/editor/domains/${encodeURIComponent(host)}/verify`,
  site: '/api/editor/site',
  captcha: '/api/editor/site/captcha',
  /** A removed site of the owner's, found by its address, email and password (any host). */
  removedSite: '/api/sites/removed',
  restoreSite: '/api/sites/restore',
} as const;

/** What an owner sends to create a site (field errors name these fields). */
export const siteSignUpSchema = z.object({
  email: text(254),
  password: text(1000),
  title: text(1000),
  slug: text(1000),
  /** The theme the site starts in; the default theme when absent. */
  theme: siteThemeSchema.optional(),
  /** The store currency's ISO 4217 code (the server checks it is a store currency); USD when absent. */
  currency: text(16).optional(),
});
export type SiteSignUp = z.infer<typeof siteSignUpSchema>;

export const createdSiteSchema = z.object({
  websiteId: z.string(),
  slug: z.string(),
  host: z.string(),
  url: z.string(),
  editorUrl: z.string(),
  /**
   * The editor on the new site's host, with a one-time sign-in token in the fragment (never sent
   * to a server, so it stays out of access logs and Referer headers).
   */
  signInUrl: z.string(),
});
export type CreatedSite = z.infer<typeof createdSiteSchema>;

export const handoffSchema = z.object({ token: text(200).min(1) });

/** The DNS record an owner adds to prove a custom domain is theirs. */
export const VERIFY_RECORD_PREFIX = '_site-verify.';

export const siteDomainSchema = z.object({
  host: z.string(),
  kind: z.enum(['default', 'custom']),
  verified: z.boolean(),
  /** Custom domains only: the TXT record that verifies them. */
  verification: z.object({ name: z.string(), value: z.string() }).optional(),
});
export type SiteDomain = z.infer<typeof siteDomainSchema>;

export const siteDomainsSchema = z.object({ domains: z.array(siteDomainSchema) });
export const addDomainSchema = z.object({ host: text(300) });
export const removeSiteSchema = z.object({ confirmTitle: text(1000) });
export const removedSiteSchema = z.object({
  removed: z.literal(true),
  restorableUntil: z.string(),
  /** The editor's "Restore a removed site" form on the platform's own address (the removed site's answers 404). */
  restoreUrl: z.string(),
});

/**
 * How an owner names a removed site: its address (`shop`, `shop.<base domain>`, a custom domain or
 * a URL) and the email and password of its owner. Its hosts answer 404, so this is sent on another.
 */
export const restoreSiteSchema = z.object({
  address: text(1000),
  email: text(254),
  password: text(1000),
});
export type RestoreSiteRequest = z.infer<typeof restoreSiteSchema>;

/** A removed site the owner may still restore: whole days left are counted up (a part day is one). */
export const removedSiteFoundSchema = z.object({
  title: z.string(),
  host: z.string(),
  removedAt: z.string(),
  restorableUntil: z.string(),
  daysLeft: z.number().int(),
});
export type RemovedSiteFound = z.infer<typeof removedSiteFoundSchema>;

/** signInUrl signs the owner in on the restored site's host (a one-time token, as at sign-up). */
export const restoredSiteSchema = z.object({
  restored: z.literal(true),
  host: z.string(),
  signInUrl: z.string(),
});
export type RestoredSite = z.infer<typeof restoredSiteSchema>;

export const siteAdminMessages = {
  hostInvalid: 'Enter a domain name such as shop.example.com, without http:// or a path.',
  hostTaken: 'That domain is already connected to a site.',
  hostPlatform:
    'Addresses under the platform domain are given to sites by their name; add your own domain instead.',
  domainNotFound: 'This site has no such domain.',
  defaultDomainFixed: 'The site’s own address cannot be removed.',
  notVerified: (name: string, value: string) =>
    `No TXT record ${name} with the value ${value} was found yet. DNS changes can take a while to show; try again later.`,
  confirmMismatch: 'Type the site’s title exactly as shown to remove it.',
  defaultSiteFixed: 'This server’s own site cannot be removed.',
  ownerOnly: 'Only the site’s owner can manage its domains or remove it.',
  handoffInvalid: 'This sign-in link has expired or was already used. Sign in with your email and password.',
  restoreAddressMissing: 'Enter the address of the site you removed, such as shop or shop.example.com.',
  removedSiteNotFound:
    'No removed site of yours was found at this address. Check the address, email and password. A site removed more than 30 days ago is deleted for good.',
  restoreExpired: 'This site was removed more than 30 days ago and can no longer be restored.',
  captchaSiteKeyInvalid:
    'Paste the site key exactly as your captcha provider shows it: letters, digits, - and _ only, at most 100 characters.',
} as const;

/**
 * The site's captcha (platform.md: "Website captcha settings: siteKey"). The key is public, as the
 * provider's script is loaded with it; an empty key turns the captcha off. The provider's secret
 * never travels here: it stays in the server's configuration (CAPTCHA_SECRET).
 */
export const captchaSettingsSchema = z.object({
  siteKey: text(1000)
    .trim()
    .max(100, siteAdminMessages.captchaSiteKeyInvalid)
    .regex(/^[\w-]*$/, siteAdminMessages.captchaSiteKeyInvalid),
});
export type CaptchaSettings = z.infer<typeof captchaSettingsSchema>;

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/**
 * A host name an owner may connect: two or more DNS labels of letters, digits and inner hyphens,
 * at most 253 characters, lower case, no scheme, port, path or trailing dot, and not an IP address.
 */
export function normaliseDomain(input: string): string | undefined {
  const host = input.trim().toLowerCase().replace(/\.$/, '');
  if (host.length === 0 || host.length > 253) return undefined;
  const labels = host.split('.');
  if (labels.length < 2 || !labels.every((l) => LABEL.test(l))) return undefined;
  // The last label of a real name is never all digits (that would be an IPv4 address).
  if (/^\d+$/.test(labels[labels.length - 1]!)) return undefined;
  return host;
}
