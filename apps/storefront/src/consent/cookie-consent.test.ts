import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { storefrontMessages as m } from '../messages';
import {
  applyCookieConsent,
  CONSENT_COOKIE,
  consentOutcome,
  hasTrackingCookie,
  MARKETING_COOKIE,
  NOTICE_SEEN_KEY,
  readChoice,
  readConsent,
  type ConsentDeps,
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
    ['ss_cookieAllowed=true; ss_cookieMarketing=false', false],
    ['ss_cvr=a|1|1|1|1', true],
    ['crumb=1; ss_aid=abc', true],
  ])('%j carries a tracking cookie: %s', (cookie, has) => expect(hasTrackingCookie(cookie)).toBe(has));
});

describe('applyCookieConsent', () => {
  let deps: {
    startTracking: Mock<ConsentDeps['startTracking']>;
    clearTracking: Mock<() => void>;
    storage: Storage;
  };
  beforeEach(() => {
    vi.useFakeTimers();
    clearCookies();
    localStorage.clear();
    document.body.innerHTML = `<a class="skip-link" href="#main">Skip to content</a><main id="main" tabindex="-1"><h1>Home</h1></main><footer class="site-footer"><p>© Demo</p></footer>`;
    deps = {
      startTracking: vi.fn<ConsentDeps['startTracking']>(),
      clearTracking: vi.fn<() => void>(),
      storage: localStorage,
    };
  });
  afterEach(() => vi.useRealTimers());
  const banner = () => document.querySelector<HTMLElement>('[data-cookie-banner]');
  const dialog = () => document.querySelector<HTMLElement>('[role="dialog"]');
  const box = (name: string) => document.querySelector<HTMLInputElement>(`#cookie-category-${name}`)!;
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
      m.cookieChoose,
      m.cookieAcceptAll,
    ]);
    const accept = buttonNamed(m.cookieAcceptAll);
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
    const next = { ...deps, startTracking: vi.fn<ConsentDeps['startTracking']>() };
    applyCookieConsent(document, { cookieSettings: OPT_IN }, next);
    expect(next.startTracking).toHaveBeenCalledTimes(1);
    expect(banner()).toBeNull();
  });

  it('opt-in: Decline tracks nothing, and Cookie preferences in the footer opens the dialog to accept', () => {
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
    expect(dialog()).not.toBeNull();
    expect(document.activeElement).toBe(box('analytics'));
    buttonNamed(m.cookieAcceptAll).click();
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

  it('the dialog: labelled categories, necessary always on, Tab stays inside, Escape changes nothing and brings the banner back', () => {
    applyCookieConsent(document, { cookieSettings: OPT_IN }, deps);
    buttonNamed(m.cookieChoose).click();
    const shown = dialog()!;
    expect(shown.getAttribute('aria-modal')).toBe('true');
    expect(document.getElementById(shown.getAttribute('aria-labelledby')!)!.textContent).toBe(
      m.cookiePreferences,
    );
    for (const [name, label] of [
      ['necessary', m.cookieNecessary],
      ['analytics', m.cookieAnalytics],
      ['marketing', m.cookieMarketing],
    ] as const) {
      const input = box(name);
      expect(document.querySelector(`label[for="${input.id}"]`)!.textContent).toBe(label);
      expect(document.getElementById(input.getAttribute('aria-describedby')!)!.textContent).not.toBe('');
    }
    expect(box('necessary').checked && box('necessary').disabled).toBe(true);
    expect(box('analytics').checked || box('marketing').checked).toBe(false);
    // Tab from the last control wraps to the first; Shift+Tab from the first wraps to the last.
    const accept = buttonNamed(m.cookieAcceptAll);
    accept.focus();
    shown.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab', bubbles: true }));
    expect(document.activeElement).toBe(box('analytics'));
    shown.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab', shiftKey: true, bubbles: true }));
    expect(document.activeElement).toBe(accept);
    shown.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    expect(dialog()).toBeNull();
    expect(readChoice(document.cookie)).toBeUndefined();
    expect(deps.startTracking).not.toHaveBeenCalled();
    expect(banner()).not.toBeNull();
  });

  it('the dialog saves one category at a time: analytics only starts tracking without the pixel, embeds stay held', () => {
    document.body.insertAdjacentHTML(
      'beforeend',
      '<div data-consent-embed="marketing"><button data-consent-embed-load hidden>Load</button><template><iframe src="about:blank#video"></iframe></template></div>',
    );
    applyCookieConsent(document, { cookieSettings: OPT_IN }, deps);
    buttonNamed(m.cookieChoose).click();
    box('analytics').click();
    buttonNamed(m.cookieSaveChoices).click();
    expect(readChoice(document.cookie)).toEqual({ analytics: true, marketing: false });
    expect(document.cookie).toContain(`${MARKETING_COOKIE}=false`);
    expect(deps.startTracking).toHaveBeenCalledTimes(1);
    const started = deps.startTracking.mock.calls[0]![0];
    expect(started.analytics).toBe(true);
    expect(started.marketing()).toBe(false);
    expect(document.querySelector('iframe')).toBeNull();
    // Marketing allowed later from the footer: the pixel is fed from now on and the frame loads.
    buttonNamed(m.cookiePreferences).click();
    expect(box('analytics').checked).toBe(true);
    box('marketing').click();
    buttonNamed(m.cookieSaveChoices).click();
    expect(started.marketing()).toBe(true);
    expect(deps.startTracking).toHaveBeenCalledTimes(1);
    expect(document.querySelector('iframe')?.getAttribute('src')).toBe('about:blank#video');
    expect(document.querySelector('[data-consent-embed]')).toBeNull();
  });

  it('a held embed’s own button loads that one frame and consents to nothing', () => {
    document.body.insertAdjacentHTML(
      'beforeend',
      ['a', 'b']
        .map(
          (id) =>
            `<div data-consent-embed="marketing" id="${id}"><button data-consent-embed-load hidden>Load</button><template><iframe src="about:blank#${id}"></iframe></template></div>`,
        )
        .join(''),
    );
    applyCookieConsent(document, { cookieSettings: OPT_IN }, deps);
    const load = document.querySelector<HTMLButtonElement>('#a [data-consent-embed-load]')!;
    expect(load.hidden).toBe(false);
    load.click();
    expect([...document.querySelectorAll('iframe')].map((f) => f.getAttribute('src'))).toEqual([
      'about:blank#a',
    ]);
    expect(readChoice(document.cookie)).toBeUndefined();
  });
});

// The server narrows the owner's setting to the visitor's region (page-content visitorCookieSettings,
// table-tested there): here, those flags × the visitor's stored choice → what runs.
describe('what runs: setting × stored choice', () => {
  const NONE = '';
  const ALL = `${CONSENT_COOKIE}=true; ${MARKETING_COOKIE}=true`;
  const ANALYTICS = `${CONSENT_COOKIE}=true; ${MARKETING_COOKIE}=false`;
  const MARKETING = `${CONSENT_COOKIE}=false; ${MARKETING_COOKIE}=true`;
  const DECLINED = `${CONSENT_COOKIE}=false; ${MARKETING_COOKIE}=false`;
  // Accepted before there were categories: that acceptance covered the ad pixel too.
  const LEGACY = `${CONSENT_COOKIE}=true`;
  it.each([
    ['off', OFF, NONE, 'none', true, true],
    ['off', OFF, DECLINED, 'none', true, true],
    ['notice', NOTICE, NONE, 'notice', true, true],
    ['notice', NOTICE, DECLINED, 'notice', true, true],
    ['opt-in', OPT_IN, NONE, 'ask', false, false],
    ['opt-in', OPT_IN, ALL, 'none', true, true],
    ['opt-in', OPT_IN, ANALYTICS, 'none', true, false],
    ['opt-in', OPT_IN, MARKETING, 'none', false, true],
    ['opt-in', OPT_IN, DECLINED, 'none', false, false],
    ['opt-in', OPT_IN, LEGACY, 'none', true, true],
    ['opt-in', OPT_IN, `${CONSENT_COOKIE}=maybe`, 'ask', false, false],
  ] as const)(
    '%s with %j: banner %s, analytics %s, marketing %s',
    (_, settings, cookie, banner, analytics, marketing) => {
      expect(consentOutcome(settings, cookie)).toEqual({ banner, analytics, marketing });
    },
  );
});
