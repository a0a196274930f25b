import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * The Content-Security-Policy every answer carries, written for what the apps do:
 *
 * - Storefront pages (server-rendered): scripts are Vite bundles from /assets/storefront; the page
 *   context is an inline `<script type="application/json">`, which is data and never executed, so
 *   no inline script is allowed. Components set styles through the DOM and owners' content may
 *   carry style attributes, hence 'unsafe-inline' for styles only. Product and content images may
 *   live on any https host.
 * - Editor (/config SPA): its bundle from /config/assets, inline styles, and a live preview in an
 *   iframe from srcdoc or a blob: URL. Such frames inherit this policy and this origin, so the
 *   storefront bundle they load is 'self' too.
 * - The captcha (a site with a site key in captchaSettings): the provider's enterprise script and
 *   its widget's frames, and only under their /recaptcha/ paths (the provider's documented policy).
 * - Stripe (a site with Stripe keys): Stripe.js from js.stripe.com, its calls to api.stripe.com and
 *   its frames (card fields, 3-D Secure) from js.stripe.com and hooks.stripe.com, as Stripe documents.
 * - Other calls go to this origin only; forms post here only; plugins are off;
 *   only this origin may frame a page (the editor's preview), so no clickjacking by other sites.
 *
 * No `upgrade-insecure-requests`: the product runs on plain http on localhost, and a TLS proxy in
 * front of it serves https anyway.
 */
/** Where the captcha's script (apps/storefront/src/forms/captcha-script.ts) and its widget come from. */
export const CAPTCHA_SCRIPT_SOURCES = [
  'https://www.google.com/recaptcha/',
  'https://www.gstatic.com/recaptcha/',
];
export const CAPTCHA_FRAME_SOURCES = [
  'https://www.google.com/recaptcha/',
  'https://recaptcha.google.com/recaptcha/',
];

/** Where Stripe.js (apps/storefront/src/checkout/stripe-script.ts), its calls and its frames come from. */
export const STRIPE_SCRIPT_SOURCES = ['https://js.stripe.com'];
export const STRIPE_CONNECT_SOURCES = ['https://api.stripe.com'];
export const STRIPE_FRAME_SOURCES = ['https://js.stripe.com', 'https://hooks.stripe.com'];

export const CONTENT_SECURITY_POLICY: Record<string, string[]> = {
  'default-src': ["'self'"],
  'base-uri': ["'self'"],
  'script-src': ["'self'", ...CAPTCHA_SCRIPT_SOURCES, ...STRIPE_SCRIPT_SOURCES],
  'script-src-attr': ["'none'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:', 'https:'],
  // Fonts are self-hosted (/assets/fonts): no outside font service, so no other origin is allowed.
  'font-src': ["'self'", 'data:'],
  'media-src': ["'self'", 'data:', 'blob:', 'https:'],
  'connect-src': ["'self'", ...STRIPE_CONNECT_SOURCES],
  // The video block and video pages embed these two players (videoPlayerUrl); no other site is framed.
  'frame-src': [
    "'self'",
    'blob:',
    'data:',
    'https://www.youtube-nocookie.com',
    'https://player.vimeo.com',
    ...CAPTCHA_FRAME_SOURCES,
    ...STRIPE_FRAME_SOURCES,
  ],
  'child-src': ["'self'", 'blob:', 'data:'],
  'worker-src': ["'self'", 'blob:'],
  'object-src': ["'none'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'self'"],
};

const HELMET_OPTIONS: Readonly<HelmetOptions> = {
  contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY },
  // Sites are served on owners' own domains: never force https on their subdomains.
  strictTransportSecurity: { maxAge: 180 * 24 * 3600, includeSubDomains: false },
  // Product images may be shown by other sites (feeds, shares); same-site resources only would break them.
  crossOriginResourcePolicy: { policy: 'cross-origin' },
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
};

/**
 * The headers helmet sets with these options, computed once by running helmet's own middleware
 * against a recording response. None of them depends on the request (no CSP nonces), so every
 * answer can carry the same set.
 */
export function securityHeaders(options: Readonly<HelmetOptions> = HELMET_OPTIONS): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown;
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (err?: unknown) => {
    failure = err;
  });
  if (failure) throw failure instanceof Error ? failure : new Error(String(failure));
  return headers;
}

/**
 * Security headers on every answer (pages, API, static files, refusals) from helmet. Not through
 * @fastify/helmet: that plugin builds a new helmet middleware on every request (about 8 µs of CPU
 * here, a fifth of a cached cart read, before its two extra async hooks), while setting this
 * precomputed set costs about 3 µs of server CPU per answer.
 */
export function registerSecurityHeaders(app: FastifyInstance): void {
  const headers = securityHeaders();
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
