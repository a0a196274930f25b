import { storefrontMessages as m } from '../messages';
import type { PageContext } from '../page-context';

/**
 * The spec's consent cookie (storefront.md §3): 'true' once the visitor accepted analytics (the
 * tracking cookies it names), 'false' once declined. The tracking library reads it as it always did.
 */
export const CONSENT_COOKIE = 'ss_cookieAllowed';
/**
 * The marketing category (ad pixels, third-party embeds), 'true' or 'false'. A visitor who accepted
 * before categories existed has only the consent cookie, and that acceptance covered the pixel too.
 */
export const MARKETING_COOKIE = 'ss_cookieMarketing';
/** Kept as long as the analytics cookie it permits (platform.md: 390 days), so consent outlives it. */
const CONSENT_MAX_AGE_SECONDS = 390 * 86_400;
/** A notice asks nothing; that the visitor read it is no consent, so it is kept apart from the cookie. */
export const NOTICE_SEEN_KEY = 'cookie-notice-seen';

export type Consent = 'accepted' | 'declined' | undefined;

/** The categories a visitor chose; necessary cookies are always on and never asked about. */
export interface ConsentChoice {
  analytics: boolean;
  marketing: boolean;
}

const CONSENT_COOKIES = new Set([CONSENT_COOKIE, MARKETING_COOKIE]);

/** The visitor carries a tracking cookie (every one is named ss_…, as are the consent cookies). */
export function hasTrackingCookie(cookie: string): boolean {
  return cookie.split(';').some((part) => {
    const name = part.trim().split('=')[0] ?? '';
    return name.startsWith('ss_') && !CONSENT_COOKIES.has(name);
  });
}

function cookieValue(cookie: string, wanted: string): string | undefined {
  for (const part of cookie.split(';')) {
    const [name, value] = part.trim().split('=');
    if (name === wanted) return value;
  }
  return undefined;
}

const flag = (value: string | undefined) => (value === 'true' ? true : value === 'false' ? false : undefined);

export function readConsent(cookie: string): Consent {
  const analytics = flag(cookieValue(cookie, CONSENT_COOKIE));
  return analytics === undefined ? undefined : analytics ? 'accepted' : 'declined';
}

/** The stored choice, or undefined when the visitor has not chosen yet. */
export function readChoice(cookie: string): ConsentChoice | undefined {
  const analytics = flag(cookieValue(cookie, CONSENT_COOKIE));
  if (analytics === undefined) return undefined;
  return { analytics, marketing: flag(cookieValue(cookie, MARKETING_COOKIE)) ?? analytics };
}

function writeChoice(doc: Document, choice: ConsentChoice): void {
  const tail = `; path=/; max-age=${CONSENT_MAX_AGE_SECONDS}; SameSite=Lax${doc.location?.protocol === 'https:' ? '; Secure' : ''}`;
  doc.cookie = `${CONSENT_COOKIE}=${choice.analytics}${tail}`;
  doc.cookie = `${MARKETING_COOKIE}=${choice.marketing}${tail}`;
}

/** What a page does for a visitor: which banner shows and which categories run right away. */
export interface ConsentOutcome {
  banner: 'none' | 'notice' | 'ask';
  analytics: boolean;
  marketing: boolean;
}

/**
 * The owner's setting (page context `cookieSettings`, already narrowed to the visitor's region by
 * the server) and the visitor's stored choice decide what runs. Off and notice: everything.
 * Opt-in: only what the visitor accepted, and the banner until they chose.
 */
export function consentOutcome(
  settings: PageContext['cookieSettings'],
  cookie: string,
  noticeSeen = false,
): ConsentOutcome {
  if (settings?.isRestrictiveCookiePolicyEnabled !== true) {
    const notice = settings?.isCookieBannerEnabled === true && !noticeSeen;
    return { banner: notice ? 'notice' : 'none', analytics: true, marketing: true };
  }
  const choice = readChoice(cookie);
  if (!choice) return { banner: 'ask', analytics: false, marketing: false };
  return { banner: 'none', ...choice };
}

export interface ConsentDeps {
  /**
   * Starts the tracking client; called at most once per page, when a first category is allowed.
   * `marketing` is read live: the ad pixel is fed only while it answers true.
   */
  startTracking: (options: { analytics: boolean; marketing: () => boolean }) => void;
  /** Removes the tracking cookies a visitor may carry from before they declined. */
  clearTracking: () => void;
  storage?: Storage;
}

/**
 * Applies the owner's cookie setting. Under opt-in, the tracking client (analytics), the ad pixel
 * and third-party embeds (marketing) each wait for their category, accepted on this page or an
 * earlier one; the banner offers Decline, Choose (the preferences dialog) and Accept all, and the
 * footer's Cookie preferences button opens the dialog to change the choice at any time.
 */
export function applyCookieConsent(
  doc: Document,
  context: Pick<PageContext, 'cookieSettings'>,
  deps: ConsentDeps,
): void {
  const optIn = context.cookieSettings?.isRestrictiveCookiePolicyEnabled === true;
  const outcome = consentOutcome(context.cookieSettings, doc.cookie, noticeSeen(deps.storage));
  let current: ConsentChoice = { analytics: outcome.analytics, marketing: outcome.marketing };
  let started = false;
  const run = () => {
    if (!started && (current.analytics || current.marketing)) {
      started = true;
      deps.startTracking({ analytics: current.analytics, marketing: () => current.marketing });
    }
    if (!current.analytics) deps.clearTracking();
    if (current.marketing) loadHeldEmbeds(doc);
  };
  run();

  if (outcome.banner === 'notice') {
    showNotice(doc, () => markNoticeSeen(deps.storage));
    return;
  }
  if (!optIn) return;
  const choose = (choice: ConsentChoice) => {
    current = choice;
    writeChoice(doc, choice);
    run();
    announce(doc, choiceMessage(choice));
  };
  const openDialog = (opener: HTMLElement | undefined, cancelled?: () => void) =>
    showPreferences(doc, current, choose, opener, cancelled);
  // Escape from the dialog the banner opened is no choice: the banner comes back.
  const ask = () => showAsk(doc, choose, () => openDialog(undefined, ask));
  if (outcome.banner === 'ask') ask();
  addPreferencesButton(doc, openDialog);
  // A held embed's own button loads that one frame, the visitor's explicit wish for it alone.
  for (const load of Array.from(doc.querySelectorAll<HTMLButtonElement>('[data-consent-embed-load]'))) {
    load.hidden = false;
    load.addEventListener('click', () => {
      const holder = load.closest<HTMLElement>('[data-consent-embed]');
      if (holder) loadEmbed(holder);
    });
  }
}

function choiceMessage(choice: ConsentChoice): string {
  if (choice.analytics && choice.marketing) return m.cookieAccepted;
  if (!choice.analytics && !choice.marketing) return m.cookieDeclined;
  return choice.analytics ? m.cookieAnalyticsOnly : m.cookieMarketingOnly;
}

/** Swaps each held third-party frame (server-rendered under opt-in) in for its placeholder. */
export function loadHeldEmbeds(doc: Document): void {
  for (const holder of Array.from(doc.querySelectorAll<HTMLElement>('[data-consent-embed]')))
    loadEmbed(holder);
}

function loadEmbed(holder: HTMLElement): void {
  const template = holder.querySelector('template');
  if (!template) return;
  holder.replaceWith(template.content.cloneNode(true));
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

function bannerShell(doc: Document, kind: 'notice' | 'opt-in', words: string) {
  doc.querySelector('[data-cookie-banner]')?.remove();
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
  text.textContent = words;
  const actions = doc.createElement('div');
  actions.className = 'cookie-banner__actions';
  banner.append(title, text, actions);
  const skipLink = doc.querySelector('.skip-link');
  if (skipLink) skipLink.after(banner);
  else doc.body.prepend(banner);
  // The focused button goes away with the banner: focus goes to the page, not lost.
  const close = () => {
    const hadFocus = banner.contains(doc.activeElement);
    banner.remove();
    if (hadFocus) doc.getElementById('main')?.focus();
  };
  return { banner, actions, close };
}

function showNotice(doc: Document, seen: () => void): void {
  const { actions, close } = bannerShell(doc, 'notice', m.cookieNotice);
  const ok = button(doc, m.cookieNoticeOk, true);
  ok.addEventListener('click', () => {
    seen();
    close();
  });
  actions.append(ok);
}

function showAsk(doc: Document, choose: (choice: ConsentChoice) => void, openDialog: () => void): void {
  const { actions, close } = bannerShell(doc, 'opt-in', m.cookieOptIn);
  const decline = button(doc, m.cookieDecline, false);
  const customise = button(doc, m.cookieChoose, false);
  const accept = button(doc, m.cookieAcceptAll, true);
  decline.addEventListener('click', () => {
    close();
    choose({ analytics: false, marketing: false });
  });
  accept.addEventListener('click', () => {
    close();
    choose({ analytics: true, marketing: true });
  });
  customise.addEventListener('click', () => {
    close();
    openDialog();
  });
  actions.append(decline, customise, accept);
}

const CATEGORIES = [
  { key: 'necessary', label: () => m.cookieNecessary, hint: () => m.cookieNecessaryHint },
  { key: 'analytics', label: () => m.cookieAnalytics, hint: () => m.cookieAnalyticsHint },
  { key: 'marketing', label: () => m.cookieMarketing, hint: () => m.cookieMarketingHint },
] as const;

const FOCUSABLE = 'button:not([disabled]), input:not([disabled]), a[href]';

/**
 * The preferences dialog: a modal with the three categories (necessary always on), Save choices
 * and Accept all. Focus stays inside (Tab wraps), Escape closes it without changing anything, and
 * focus returns to the button that opened it, or to the page.
 */
function showPreferences(
  doc: Document,
  current: ConsentChoice,
  choose: (choice: ConsentChoice) => void,
  opener: HTMLElement | undefined,
  cancelled?: () => void,
): void {
  doc.querySelector('[data-cookie-dialog]')?.remove();
  doc.querySelector('[data-cookie-banner]')?.remove();
  const backdrop = doc.createElement('div');
  backdrop.className = 'cookie-dialog-backdrop';
  backdrop.dataset.cookieDialog = '';
  const dialog = doc.createElement('div');
  dialog.className = 'cookie-dialog';
  dialog.setAttribute('role', 'dialog');
  dialog.setAttribute('aria-modal', 'true');
  dialog.setAttribute('aria-labelledby', 'cookie-dialog-title');
  dialog.setAttribute('aria-describedby', 'cookie-dialog-intro');
  const title = doc.createElement('h2');
  title.id = 'cookie-dialog-title';
  title.className = 'cookie-banner__title';
  title.textContent = m.cookiePreferences;
  const intro = doc.createElement('p');
  intro.id = 'cookie-dialog-intro';
  intro.className = 'cookie-banner__text';
  intro.textContent = m.cookieDialogIntro;
  const list = doc.createElement('ul');
  list.className = 'cookie-dialog__categories';
  const boxes = new Map<string, HTMLInputElement>();
  for (const category of CATEGORIES) {
    const item = doc.createElement('li');
    item.className = 'cookie-dialog__category';
    const box = doc.createElement('input');
    box.type = 'checkbox';
    box.id = `cookie-category-${category.key}`;
    box.name = category.key;
    box.checked = category.key === 'necessary' ? true : current[category.key];
    box.disabled = category.key === 'necessary';
    box.setAttribute('aria-describedby', `${box.id}-hint`);
    const label = doc.createElement('label');
    label.htmlFor = box.id;
    label.textContent = category.label();
    const hint = doc.createElement('p');
    hint.id = `${box.id}-hint`;
    hint.className = 'cookie-dialog__hint';
    hint.textContent = category.hint();
    item.append(box, label, hint);
    list.append(item);
    boxes.set(category.key, box);
  }
  const actions = doc.createElement('div');
  actions.className = 'cookie-banner__actions';
  const save = button(doc, m.cookieSaveChoices, false);
  const acceptAll = button(doc, m.cookieAcceptAll, true);
  actions.append(save, acceptAll);
  dialog.append(title, intro, list, actions);
  backdrop.append(dialog);
  doc.body.append(backdrop);

  const close = () => {
    backdrop.remove();
    (opener ?? doc.getElementById('main'))?.focus();
  };
  save.addEventListener('click', () => {
    close();
    choose({ analytics: boxes.get('analytics')!.checked, marketing: boxes.get('marketing')!.checked });
  });
  acceptAll.addEventListener('click', () => {
    close();
    choose({ analytics: true, marketing: true });
  });
  dialog.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      close();
      cancelled?.();
      return;
    }
    if (event.key !== 'Tab') return;
    const focusable = Array.from(dialog.querySelectorAll<HTMLElement>(FOCUSABLE));
    const first = focusable[0]!;
    const last = focusable[focusable.length - 1]!;
    if (event.shiftKey && doc.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && doc.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  });
  boxes.get('analytics')!.focus();
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
  b.setAttribute('aria-haspopup', 'dialog');
  b.addEventListener('click', () => open(b));
  p.append(b);
  footer.append(p);
}
