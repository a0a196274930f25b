/**
 * A returnTo that is not a path on this site would turn sign-in into an open redirect: anything
 * but a plain site path (no `//host`, no backslash, no scheme, no spaces) falls back to `fallback`.
 */
export function safeReturnTo(value: string | undefined, fallback = '/account'): string {
  return value && /^\/(?!\/)[^\s\\]*$/.test(value) ? value : fallback;
}
