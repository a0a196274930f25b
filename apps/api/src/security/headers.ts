import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

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
 * - Calls go to this origin only (connect-src 'self'); forms post here only; plugins are off;
 *   only this origin may frame a page (the editor's preview), so no clickjacking by other sites.
 *
 * No `upgrade-insecure-requests`: the product runs on plain http on localhost, and a TLS proxy in
 * front of it serves https anyway.
 */
export const CONTENT_SECURITY_POLICY: Record<string, string[]> = {
  'default-src': ["'self'"],
  'base-uri': ["'self'"],
  'script-src': ["'self'"],
  'script-src-attr': ["'none'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:', 'https:'],
  'font-src': ["'self'", 'data:', 'https:'],
  'media-src': ["'self'", 'data:', 'blob:', 'https:'],
  'connect-src': ["'self'"],
  'frame-src': ["'self'", 'blob:', 'data:'],
  'child-src': ["'self'", 'blob:', 'data:'],
  'worker-src': ["'self'", 'blob:'],
  'object-src': ["'none'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'self'"],
};

/** Security headers on every answer (pages, API, static files) through @fastify/helmet. */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(fastifyHelmet, {
    global: true,
    contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY },
    // Sites are served on owners' own domains: never force https on their subdomains.
    strictTransportSecurity: { maxAge: 180 * 24 * 3600, includeSubDomains: false },
    // Product images may be shown by other sites (feeds, shares); same-site resources only would break them.
    crossOriginResourcePolicy: { policy: 'cross-origin' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
}
