import { storefrontMessages as m } from '../messages';
import type { PageContext } from '../page-context';

/** The spec's consent cookie (storefront.md §3): 'true' once the visitor accepted, 'false' once declined. */
export const CONSENT_COOKIE = 'ss_cookieAllowed';
/** Kept as long as the analytics cookie it permits (platform.md: 390 days), so consent outlives it. */
const CONSENT_MAX_AGE_SECONDS = 390 * 86_400;
/** A notice asks nothing; that the visitor read it is no consent, so it is kept apart from the cookie. */
export const NOTICE_SEEN_KEY = 'cookie-notice-seen';

export type Consent = 'accepted' | 'declined' | undefined;

/** The visitor carries a tracking cookie (every one is named ss_…, as is the consent cookie itself). */
export function hasTrackingCookie(cookie: string): boolean {
  return cookie.split(';').some((part) => {
    const name = part.trim().split('=')[0] ?? '';
    return name.startsWith('ss_') && name !== CONSENT_COOKIE;
  });
}

export function readConsent(cookie: string): Consent {
  for (const part of cookie.split(';')) {
    const [name, value] = part.trim().split('=');
    if (name === CONSENT_COOKIE)
      return value === 'true' ? 'accepted' : value === 'false' ? 'declined' : undefined;
  }
  return undefined;
}

function writeConsent(doc: Document, accepted: boolean): void {
  const secure = doc.location?.protocol === 'https:' ? '; Secure' : '';
  doc.cookie = `${CONSENT_COOKIE}=${accepted}; path=/; max-age=${CONSENT_MAX_AGE_SECONDS}; SameSite=Lax${secure}`;
}

export interface ConsentDeps {
  /** Starts visitor tracking; called at most once per page. */
  startTracking: () => void;
  /** Removes the tracking cookies a visitor may carry from before they declined. */
  clearTracking: () => void;
  storage?: Storage;
}

/**
 * Applies the owner's cookie setting (page context `cookieSettings`): under opt-in, tracking starts
 * only once the visitor accepted, on this page or an earlier one; otherwise it starts at once. The
 * banner is fixed to the bottom of the window (nothing on the page moves), first in the tab order
 * after the skip link, and under opt-in the footer gets a Cookie preferences button that opens it
 * again to change the choice.
 */
export function applyCookieConsent(
  doc: Document,
  context: Pick<PageContext, 'cookieSettings'>,
  deps: ConsentDeps,
): void {
  const settings = context.cookieSettings;
  const optIn = settings?.isRestrictiveCookiePolicyEnabled === true;
  const notice = !optIn && settings?.isCookieBannerEnabled === true;
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    deps.startTracking();
  };
  const consent = readConsent(doc.cookie);
  if (!optIn || consent === 'accepted') start();
  else deps.clearTracking();

  if (notice && !noticeSeen(deps.storage)) {
    showBanner(doc, 'notice', () => markNoticeSeen(deps.storage));
  } else if (optIn) {
    const choose = (accepted: boolean) => {
      writeConsent(doc, accepted);
      if (accepted) start();
      else deps.clearTracking();
    };
    if (consent === undefined) showBanner(doc, 'opt-in', choose);
    addPreferencesButton(doc, (opener) => showBanner(doc, 'opt-in', choose, opener));
  }
}

function noticeSeen(storage: Storage | undefined): boolean {
  try {
    return storage?.getItem(NOTICE_SEEN_KEY) === 'true';
  } catch {
    return false;
  }
}

function markNoticeSeen(storage: Storage | undefined): void {
  try {
    storage?.setItem(NOTICE_SEEN_KEY, 'true');
  } catch {
    // Storage refused (private mode): the notice shows again on the next page, nothing else breaks.
  }
}

function button(doc: Document, label: string, primary: boolean): HTMLButtonElement {
  const b = doc.createElement('button');
  b.type = 'button';
  b.className = `cookie-banner__button${primary ? ' cookie-banner__button--primary' : ''}`;
  b.textContent = label;
  return b;
}

function showBanner(
  doc: Document,
  kind: 'notice' | 'opt-in',
  choose: (accepted: boolean) => void,
  opener?: HTMLElement,
): void {
  if (doc.querySelector('[data-cookie-banner]')) {
    doc.querySelector<HTMLButtonElement>('[data-cookie-banner] button')?.focus();
    return;
  }
  const banner = doc.createElement('section');
  banner.className = 'cookie-banner';
  banner.dataset.cookieBanner = kind;
  banner.setAttribute('aria-labelledby', 'cookie-banner-title');
  const title = doc.createElement('h2');
  title.id = 'cookie-banner-title';
  title.className = 'cookie-banner__title';
  title.textContent = m.cookieBannerTitle;
  const text = doc.createElement('p');
  text.className = 'cookie-banner__text';
  text.textContent = kind === 'notice' ? m.cookieNotice : m.cookieOptIn;
  const actions = doc.createElement('div');
  actions.className = 'cookie-banner__actions';
  const choices: [HTMLButtonElement, boolean][] =
    kind === 'notice'
      ? [[button(doc, m.cookieNoticeOk, true), true]]
      : [
          [button(doc, m.cookieDecline, false), false],
          [button(doc, m.cookieAccept, true), true],
        ];
  for (const [b, accepted] of choices) {
    b.addEventListener('click', () => {
      const hadFocus = banner.contains(doc.activeElement);
      choose(accepted);
      banner.remove();
      if (kind === 'opt-in') announce(doc, accepted ? m.cookieAccepted : m.cookieDeclined);
      // The focused button is gone: focus goes back where the visitor came from, or to the page.
      if (hadFocus) (opener ?? doc.getElementById('main'))?.focus();
    });
    actions.append(b);
  }
  banner.append(title, text, actions);
  const skipLink = doc.querySelector('.skip-link');
  if (skipLink) skipLink.after(banner);
  else doc.body.prepend(banner);
  // Opened from Cookie preferences: the visitor asked for it, so it takes the focus.
  if (opener) choices[0]![0].focus();
}

/** A polite status after a choice, so a screen reader hears what happened. */
function announce(doc: Document, message: string): void {
  let status = doc.querySelector<HTMLElement>('[data-cookie-status]');
  if (!status) {
    status = doc.createElement('p');
    status.className = 'visually-hidden';
    status.setAttribute('role', 'status');
    status.dataset.cookieStatus = '';
    doc.body.append(status);
  }
  // A live region added together with its words may go unread: the words come a moment later.
  setTimeout(() => (status.textContent = message), 100);
}

function addPreferencesButton(doc: Document, open: (opener: HTMLElement) => void): void {
  const footer = doc.querySelector('footer.site-footer');
  if (!footer) return;
  const p = doc.createElement('p');
  p.className = 'site-footer__cookies';
  const b = doc.createElement('button');
  b.type = 'button';
  b.className = 'cookie-preferences-button';
  b.textContent = m.cookiePreferences;
  b.addEventListener('click', () => open(b));
  p.append(b);
  footer.append(p);
}
