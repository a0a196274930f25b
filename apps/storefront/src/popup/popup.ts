import type { PageContext } from '../page-context';
import { trackOverlay } from '../tracking';

/**
 * The popup overlay (page type 104): a promotion the owner turns on in website settings, shown
 * once per visitor after a delay. What the visitor did is kept in local storage under the spec's
 * keys (platform.md §3): `date-closed`, `version` and `submitted`, each as a storage entry
 * `{ value, expires? }`. Closing hides it for `hideForDays`; following its call to action hides it
 * for good; a new version (the owner changed it) shows it again.
 */
export const POPUP_KEYS = { dateClosed: 'date-closed', version: 'version', submitted: 'submitted' } as const;

export interface PopupState {
  dateClosed?: number;
  version?: number;
  submitted?: boolean;
}

export function shouldShowPopup(
  state: PopupState,
  version: number,
  hideForDays: number,
  now: number,
): boolean {
  if (state.version !== version) return true;
  if (state.submitted) return false;
  return state.dateClosed === undefined || now - state.dateClosed >= hideForDays * 86_400_000;
}

interface Entry {
  value: unknown;
  expires?: number;
}

function read(storage: Storage, key: string, now: number): unknown {
  try {
    const entry = JSON.parse(storage.getItem(key) ?? 'null') as Entry | null;
    if (!entry || typeof entry !== 'object' || (typeof entry.expires === 'number' && entry.expires <= now))
      return undefined;
    return entry.value;
  } catch {
    return undefined;
  }
}

export function readPopupState(storage: Storage, now: number): PopupState {
  const dateClosed = read(storage, POPUP_KEYS.dateClosed, now);
  const version = read(storage, POPUP_KEYS.version, now);
  return {
    dateClosed: typeof dateClosed === 'number' ? dateClosed : undefined,
    version: typeof version === 'number' ? version : undefined,
    submitted: read(storage, POPUP_KEYS.submitted, now) === true,
  };
}

function write(storage: Storage, key: string, value: unknown): void {
  try {
    storage.setItem(key, JSON.stringify({ value } satisfies Entry));
  } catch {
    // Storage full or refused (private mode): the popup may show again, nothing else breaks.
  }
}

/**
 * Shows the server-rendered `<dialog id="popup-overlay">` when the visitor's state allows it. Its
 * newsletter sign-up, when the owner added one, is a sign-up form like the newsletter block's (the
 * site's captcha with the PROMO_POPUP_SUBMISSION action); signing up counts as following it.
 */
export function mountPopupOverlay(
  doc: Document,
  storage: Storage | undefined,
  context: Pick<PageContext, 'pageId' | 'captchaSettings' | 'pagePermissionType'>,
  now: () => number = Date.now,
  schedule = setTimeout,
): void {
  const dialog = doc.getElementById('popup-overlay');
  if (!(dialog instanceof HTMLDialogElement) || !storage) return;
  const version = Number(dialog.dataset.version);
  const hideForDays = Number(dialog.dataset.hideForDays);
  const delayMs = Number(dialog.dataset.delaySeconds) * 1000;
  if (
    !Number.isInteger(version) ||
    !shouldShowPopup(readPopupState(storage, now()), version, hideForDays, now())
  )
    return;

  const close = () => {
    write(storage, POPUP_KEYS.dateClosed, now());
    write(storage, POPUP_KEYS.version, version);
    dialog.close();
    trackOverlay('close');
  };
  dialog.querySelector('[data-popup-close]')?.addEventListener('click', close);
  // Escape closes a modal dialog by itself; it counts as closing.
  dialog.addEventListener('cancel', () => {
    write(storage, POPUP_KEYS.dateClosed, now());
    write(storage, POPUP_KEYS.version, version);
    trackOverlay('close');
  });
  const followed = () => {
    write(storage, POPUP_KEYS.submitted, true);
    write(storage, POPUP_KEYS.version, version);
  };
  dialog.querySelector('[data-popup-action]')?.addEventListener('click', () => {
    followed();
    trackOverlay('click');
  });
  const signUp = dialog.querySelector<HTMLFormElement>('form[data-popup-newsletter]');
  if (signUp) {
    // Until its code arrives a submit must not reload the page with the address in the URL.
    signUp.addEventListener('submit', (event) => event.preventDefault());
    // Fetched during the delay, so the form works by the time the pop-up opens.
    void import('../forms/newsletter').then(({ mountPopupSignUp }) =>
      mountPopupSignUp(dialog, signUp, context, () => {
        followed();
        trackOverlay('submit');
      }),
    );
  }
  schedule(
    () => {
      if (dialog.open) return;
      dialog.showModal();
      trackOverlay('render');
    },
    Math.max(0, delayMs),
  );
}
