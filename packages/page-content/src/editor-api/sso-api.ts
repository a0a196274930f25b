import { z } from 'zod';
import { text } from '../text';

/**
 * Members' single sign-on (storefront.md §2 page type 400, platform.md's `sso-screen` slide and
 * special page kind 4). The spec names no protocol; ours is OpenID Connect, which Google,
 * Microsoft, Okta, Auth0 and Keycloak all speak.
 */
export const SSO_API = {
  /** The owner's providers (GET, POST). */
  providers: '/api/editor/sso/providers',
  provider: (id: string) => `/api/editor/sso/providers/${encodeURIComponent(id)}`,
  /** Turns a provider's button on or off (PUT `{ enabled }`). */
  providerEnabled: (id: string) => `/api/editor/sso/providers/${encodeURIComponent(id)}/enabled`,
  /** Fetches an issuer's discovery document and says what is wrong with it (POST). */
  testConnection: '/api/editor/sso/test-connection',
  /** A visitor's browser goes here to sign in with a provider; it is sent on to the provider. */
  start: '/api/site-users/sso/start',
  /** Where the provider sends the visitor back: the redirect URL the owner registers. */
  callback: '/api/site-users/sso/callback',
} as const;

/** The screen's path (a reserved /account path, so no owner page can take it). */
export const SSO_SCREEN_PATH = '/account/sso';

export const ssoMessages = {
  nameRequired: 'Enter the name visitors see on the button, such as Google.',
  issuerInvalid:
    'Enter the issuer URL your provider shows, starting with https://, such as https://accounts.google.com.',
  issuerPrivate: 'This address is on a private network: the issuer must be reachable on the internet.',
  clientIdRequired: 'Enter the client ID your provider gave you.',
  clientSecretRequired: 'Enter the client secret your provider gave you.',
  providerNotFound: 'This sign-in provider no longer exists.',
  tooManyProviders: 'You can add up to 10 sign-in providers. Remove one to add another.',
  discoveryUnreachable: 'We could not reach {issuer}. Check the issuer URL, and that the provider is up.',
  discoveryNotFound:
    'No OpenID Connect settings were found at {issuer}/.well-known/openid-configuration. Check the issuer URL: it is shown on your provider’s app settings page.',
  discoveryInvalid:
    'The provider at {issuer} answered, but not with OpenID Connect settings we can use ({detail}).',
  discoveryIssuerMismatch:
    'The provider says its issuer is {actual}, not {issuer}. Enter {actual} as the issuer URL.',
  connectionOk:
    'Connected: {issuer} is ready. Register the redirect URL with your provider if you have not yet.',
  // What the sign-in screen says when a sign-in did not go through.
  signInDenied: 'Sign-in was cancelled at {provider}. Choose a provider to try again.',
  signInExpired: 'This sign-in attempt has expired or was already used. Start again below.',
  signInFailed:
    'We could not complete sign-in with {provider}. Try again, or sign in with your email and password.',
  providerDown: '{provider} is not answering right now. Try again in a few minutes.',
  emailUnverified:
    '{provider} has not confirmed your email address, so we cannot sign you in with it. Confirm it with {provider} first, or sign in with your email and password.',
  noEmail:
    '{provider} did not share your email address, so we cannot sign you in with it. Allow email access when {provider} asks.',
  accountsClosed:
    'There is no account for this email address, and this site does not create new accounts. Ask the site owner for access.',
  teamMember: 'This email belongs to a member of the site’s team, who signs in with email and password.',
  unknownProvider: 'This sign-in option is no longer available. Choose another below.',
  tooManySignIns: 'Too many sign-in attempts from here just now. Wait a minute, then try again.',
} as const;

/** What the visitor's sign-in ended with, as the screen's `?error=` names it. */
export const SSO_ERRORS = [
  'denied',
  'expired',
  'failed',
  'provider-down',
  'email-unverified',
  'no-email',
  'accounts-closed',
  'team-member',
  'unknown-provider',
  'too-many',
] as const;
export type SsoError = (typeof SSO_ERRORS)[number];

const required = (message: string) => text(2000).refine((v) => v.trim() !== '', message);

export const ssoIssuerSchema = z.object({ issuer: text(2000) });

/** What the owner types to add a provider. */
export const ssoProviderInputSchema = z.object({
  name: required(ssoMessages.nameRequired).pipe(z.string().max(60, ssoMessages.nameRequired)),
  issuer: text(2000),
  clientId: required(ssoMessages.clientIdRequired),
  clientSecret: required(ssoMessages.clientSecretRequired),
});
export type SsoProviderInput = z.infer<typeof ssoProviderInputSchema>;

/** A change; an empty or absent secret keeps the stored one (it is never shown again). */
export const ssoProviderUpdateSchema = ssoProviderInputSchema.extend({
  clientSecret: text(2000).optional(),
});
export type SsoProviderUpdate = z.infer<typeof ssoProviderUpdateSchema>;

/** Turning a provider's button on or off. */
export const ssoProviderEnabledSchema = z.object({ enabled: z.boolean() });

export interface SsoProviderView {
  id: string;
  name: string;
  issuer: string;
  clientId: string;
  /** The secret's last four characters, so the owner can tell which one is stored. */
  clientSecretEnding: string;
  /** Off: its button is not on the sign-in screen and sign-ins through it are refused. */
  enabled: boolean;
}

export interface SsoSettingsView {
  /** The URL to register with the provider as the redirect (callback) URL. */
  redirectUrl: string;
  providers: SsoProviderView[];
}

export interface SsoConnectionResult {
  ok: boolean;
  message: string;
}
