import type { FastifyReply, FastifyRequest } from 'fastify';

/** The cart token lives in an httpOnly cookie; `hasCart` tells the storefront to load the cart at start. */
export const CART_COOKIE = 'SiteCart';
export const HAS_CART_COOKIE = 'hasCart';
/** Changes with every cart write; names the cached cart answer this browser may reuse. */
export const CART_VERSION_COOKIE = 'SiteCartVersion';
const TWO_WEEKS = 14 * 24 * 3600;

export function cartToken(request: FastifyRequest): string | undefined {
  return request.cookies[CART_COOKIE] || undefined;
}

/**
 * Secure when the visitor reached us over https: request.protocol honours X-Forwarded-Proto from
 * a trusted proxy only (TRUST_PROXY), so a TLS-terminating proxy gets Secure cookies and plain
 * http development still works.
 */
export function secureCookie(reply: FastifyReply): boolean {
  return reply.request.protocol === 'https';
}

export function setCartCookies(reply: FastifyReply, token: string): void {
  const secure = secureCookie(reply);
  reply.setCookie(CART_COOKIE, token, {
    path: '/',
    httpOnly: true,
    secure,
    sameSite: 'lax',
    maxAge: TWO_WEEKS,
  });
  reply.setCookie(HAS_CART_COOKIE, 'true', { path: '/', secure, sameSite: 'lax', maxAge: TWO_WEEKS });
}

export function clearCartCookies(reply: FastifyReply): void {
  reply.clearCookie(CART_COOKIE, { path: '/' });
  reply.clearCookie(HAS_CART_COOKIE, { path: '/' });
  reply.clearCookie(CART_VERSION_COOKIE, { path: '/' });
}

export function cartVersion(request: FastifyRequest): string | undefined {
  return request.cookies[CART_VERSION_COOKIE] || undefined;
}

export function setCartVersion(reply: FastifyReply, version: string): void {
  reply.setCookie(CART_VERSION_COOKIE, version, {
    path: '/',
    httpOnly: true,
    secure: secureCookie(reply),
    sameSite: 'lax',
    maxAge: TWO_WEEKS,
  });
}
