import { COOKIE, TRACKING_COOKIES } from '../constants';
import type { CookieJar } from './cookie-jar';

export interface CookieSettings {
  /** The site asks visitors for consent before tracking cookies are kept. */
  isRestrictiveCookiePolicyEnabled?: boolean;
}

/**
 * Under a restrictive policy tracking cookies are allowed only after the visitor
 * accepted them, which the consent banner records as ss_cookieAllowed=true.
 */
export function trackingCookiesAllowed(settings: CookieSettings | undefined, jar: CookieJar): boolean {
  if (!settings?.isRestrictiveCookiePolicyEnabled) return true;
  return jar.get(COOKIE.cookieAllowed) === 'true';
}

/** Removes every tracking cookie; returns the names that were present. */
export function clearTrackingCookies(jar: CookieJar): string[] {
  const cleared: string[] = [];
  for (const name of TRACKING_COOKIES) {
    if (jar.get(name) !== undefined) cleared.push(name);
    jar.remove(name);
  }
  return cleared;
}

/** The crumb (CSRF token) the server sets as a session cookie. */
export function readCrumb(jar: CookieJar): string {
  return jar.get(COOKIE.crumb) ?? '';
}
