import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { storefrontMessages as m } from '../messages';
import {
  applyCookieConsent,
  CONSENT_COOKIE,
  hasTrackingCookie,
  NOTICE_SEEN_KEY,
  readConsent,
} from './cookie-consent';

const OFF = { isCookieBannerEnabled: false, isRestrictiveCookiePolicyEnabled: false };
const NOTICE = { isCookieBannerEnabled: true, isRestrictiveCookiePolicyEnabled: false };
const OPT_IN = { isCookieBannerEnabled: true, isRestrictiveCookiePolicyEnabled: true };

const clearCookies = () => {
  for (const part of document.cookie.split(';')) {
    const name = part.trim().split('=')[0];
    if (name) document.cookie = `${name}=; path=/; max-age=0`;
  }
};

describe('readConsent and hasTrackingCookie', () => {
  it.each([
    ['', undefined],
    [`${CONSENT_COOKIE}=true`, 'accepted'],
    [`crumb=x; ${CONSENT_COOKIE}=false`, 'declined'],
    [`${CONSENT_COOKIE}=yes`, undefined],
    [`x${CONSENT_COOKIE}=true`, undefined],
  ])('%j reads as %s', (cookie, consent) => expect(readConsent(cookie)).toBe(consent));

  it.each([
    ['crumb=1; ss_cookieAllowed=false', false],
    ['ss_cvr=a|1|1|1|1', true],
    ['crumb=1; ss_aid=abc', true],
  ])('%j carries a tracking cookie: %s', (cookie, has) => expect(hasTrackingCookie(cookie)).toBe(has));
});

describe('applyCookieConsent', () => {
  let deps: {
    startTracking: Mock<() => void>;
    clearTracking: Mock<() => void>;
    storage: Storage;
  };
  beforeEach(() => {
    vi.useFakeTimers();
    clearCookies();
    localStorage.clear();
    document.body.innerHTML = `<a class="skip-link" href="#main">Skip to content</a><main id="main" tabindex="-1"><h1>Home</h1></main><footer class="site-footer"><p>© Demo</p></footer>`;
    deps = { startTracking: vi.fn<() => void>(), clearTracking: vi.fn<() => void>(), storage: localStorage };
  });
  afterEach(() => vi.useRealTimers());
  const banner = () => document.querySelector<HTMLElement>('[data-cookie-banner]');
  const buttonNamed = (name: string) =>
    [...document.querySelectorAll('button')].find((b) => b.textContent === name)!;

  it('off: tracking starts, no banner, no footer button', () => {
    applyCookieConsent(document, { cookieSettings: OFF }, deps);
    expect(deps.startTracking).toHaveBeenCalledTimes(1);
    expect(banner()).toBeNull();
    expect(document.querySelector('.cookie-preferences-button')).toBeNull();
  });

  it('notice: tracking starts, the notice shows once and OK hides it for good without consenting', () => {
    applyCookieConsent(document, { cookieSettings: NOTICE }, deps);
    expect(deps.startTracking).toHaveBeenCalledTimes(1);
    expect(banner()?.textContent).toContain(m.cookieNotice);
    buttonNamed(m.cookieNoticeOk).click();
    expect(banner()).toBeNull();
    expect(localStorage.getItem(NOTICE_SEEN_KEY)).toBe('true');
    expect(readConsent(document.cookie)).toBeUndefined();
    applyCookieConsent(document, { cookieSettings: NOTICE }, deps);
    expect(banner()).toBeNull();
  });

  it('opt-in: nothing starts until Accept; the banner follows the skip link, is named by its title, and the choice is kept', () => {
    applyCookieConsent(document, { cookieSettings: OPT_IN }, deps);
    expect(deps.startTracking).not.toHaveBeenCalled();
    expect(deps.clearTracking).toHaveBeenCalledTimes(1);
    const shown = banner()!;
    expect(document.querySelector('.skip-link')!.nextElementSibling).toBe(shown);
    expect(document.getElementById(shown.getAttribute('aria-labelledby')!)!.textContent).toBe(
      m.cookieBannerTitle,
    );
    expect([...shown.querySelectorAll('button')].map((b) => b.textContent)).toEqual([
      m.cookieDecline,
      m.cookieAccept,
    ]);
    const accept = buttonNamed(m.cookieAccept);
    accept.focus();
    accept.click();
    expect(deps.startTracking).toHaveBeenCalledTimes(1);
    expect(readConsent(document.cookie)).toBe('accepted');
    expect(banner()).toBeNull();
    // The focused button went away: focus is on the page, not lost.
    expect(document.activeElement).toBe(document.getElementById('main'));
    vi.advanceTimersByTime(200);
    expect(document.querySelector('[role="status"]')!.textContent).toBe(m.cookieAccepted);
    // The next page: tracking at once, no banner.
    document.body.innerHTML = '<footer class="site-footer"></footer>';
    const next = { ...deps, startTracking: vi.fn<() => void>() };
    applyCookieConsent(document, { cookieSettings: OPT_IN }, next);
    expect(next.startTracking).toHaveBeenCalledTimes(1);
    expect(banner()).toBeNull();
  });

  it('opt-in: Decline tracks nothing, and Cookie preferences in the footer opens the banner again to accept', () => {
    applyCookieConsent(document, { cookieSettings: OPT_IN }, deps);
    buttonNamed(m.cookieDecline).click();
    expect(readConsent(document.cookie)).toBe('declined');
    expect(deps.startTracking).not.toHaveBeenCalled();
    expect(deps.clearTracking).toHaveBeenCalledTimes(2);
    expect(banner()).toBeNull();
    const preferences = buttonNamed(m.cookiePreferences);
    expect(preferences.closest('footer')).not.toBeNull();
    preferences.focus();
    preferences.click();
    expect(banner()).not.toBeNull();
    expect(document.activeElement?.textContent).toBe(m.cookieDecline);
    buttonNamed(m.cookieAccept).click();
    expect(deps.startTracking).toHaveBeenCalledTimes(1);
    expect(readConsent(document.cookie)).toBe('accepted');
    expect(document.activeElement).toBe(preferences);
  });

  it('opt-in with a stored refusal: no banner, nothing starts, the footer button is there', () => {
    document.cookie = `${CONSENT_COOKIE}=false; path=/`;
    applyCookieConsent(document, { cookieSettings: OPT_IN }, deps);
    expect(banner()).toBeNull();
    expect(deps.startTracking).not.toHaveBeenCalled();
    expect(buttonNamed(m.cookiePreferences)).toBeDefined();
  });
});
