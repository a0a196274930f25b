import { beforeEach, describe, expect, it } from 'vitest';
import { mountPopupOverlay, POPUP_KEYS, readPopupState, shouldShowPopup } from './popup';

const DAY = 86_400_000;

describe('shouldShowPopup', () => {
  it.each([
    ['never seen', {}, true],
    ['closed 2 days ago', { dateClosed: 0, version: 1 }, false],
    ['closed 7 days ago', { dateClosed: -7 * DAY + 2 * DAY, version: 1 }, true],
    ['closed, then the owner changed it', { dateClosed: 0, version: 0 }, true],
    ['followed its call to action', { submitted: true, version: 1, dateClosed: -30 * DAY }, false],
    ['followed an older version', { submitted: true, version: 0 }, true],
  ] as const)('%s', (_, state, expected) => {
    expect(shouldShowPopup(state, 1, 7, 2 * DAY)).toBe(expected);
  });
});

describe('mountPopupOverlay', () => {
  let runs: (() => void)[];
  const schedule = ((fn: () => void) => runs.push(fn)) as unknown as typeof setTimeout;
  beforeEach(() => {
    runs = [];
    localStorage.clear();
    document.body.innerHTML = `<dialog id="popup-overlay" data-version="3" data-hide-for-days="7" data-delay-seconds="2">
      <h2>Join us</h2><a href="/shop" data-popup-action>Shop</a><button type="button" data-popup-close>Close</button></dialog>`;
  });
  const dialog = () => document.getElementById('popup-overlay') as HTMLDialogElement;

  it('opens after its delay and remembers a close under the spec’s keys', () => {
    mountPopupOverlay(document, localStorage, () => 1000, schedule);
    expect(dialog().open).toBe(false);
    runs.forEach((r) => r());
    expect(dialog().open).toBe(true);
    (dialog().querySelector('[data-popup-close]') as HTMLButtonElement).click();
    expect(dialog().open).toBe(false);
    expect(JSON.parse(localStorage.getItem(POPUP_KEYS.dateClosed)!)).toEqual({ value: 1000 });
    expect(JSON.parse(localStorage.getItem(POPUP_KEYS.version)!)).toEqual({ value: 3 });
    runs = [];
    mountPopupOverlay(document, localStorage, () => 2000, schedule);
    expect(runs).toHaveLength(0);
  });

  it('never shows again once followed, and ignores broken or expired storage', () => {
    mountPopupOverlay(document, localStorage, () => 0, schedule);
    (dialog().querySelector('[data-popup-action]') as HTMLAnchorElement).addEventListener('click', (e) => e.preventDefault());
    (dialog().querySelector('[data-popup-action]') as HTMLAnchorElement).click();
    expect(readPopupState(localStorage, 0)).toMatchObject({ submitted: true, version: 3 });
    localStorage.setItem(POPUP_KEYS.version, '{not json');
    localStorage.setItem(POPUP_KEYS.submitted, JSON.stringify({ value: true, expires: 5 }));
    expect(readPopupState(localStorage, 10)).toEqual({ dateClosed: undefined, version: undefined, submitted: false });
  });
});
