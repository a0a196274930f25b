import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
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
    mountPopupOverlay(document, localStorage, { pageId: null }, () => 1000, schedule);
    expect(dialog().open).toBe(false);
    runs.forEach((r) => r());
    expect(dialog().open).toBe(true);
    (dialog().querySelector('[data-popup-close]') as HTMLButtonElement).click();
    expect(dialog().open).toBe(false);
    expect(JSON.parse(localStorage.getItem(POPUP_KEYS.dateClosed)!)).toEqual({ value: 1000 });
    expect(JSON.parse(localStorage.getItem(POPUP_KEYS.version)!)).toEqual({ value: 3 });
    runs = [];
    mountPopupOverlay(document, localStorage, { pageId: null }, () => 2000, schedule);
    expect(runs).toHaveLength(0);
  });

  it('never shows again once followed, and ignores broken or expired storage', () => {
    mountPopupOverlay(document, localStorage, { pageId: null }, () => 0, schedule);
    (dialog().querySelector('[data-popup-action]') as HTMLAnchorElement).addEventListener('click', (e) =>
      e.preventDefault(),
    );
    (dialog().querySelector('[data-popup-action]') as HTMLAnchorElement).click();
    expect(readPopupState(localStorage, 0)).toMatchObject({ submitted: true, version: 3 });
    localStorage.setItem(POPUP_KEYS.version, '{not json');
    localStorage.setItem(POPUP_KEYS.submitted, JSON.stringify({ value: true, expires: 5 }));
    expect(readPopupState(localStorage, 10)).toEqual({
      dateClosed: undefined,
      version: undefined,
      submitted: false,
    });
  });
});

describe("the pop-up's newsletter sign-up", () => {
  let runs: (() => void)[];
  const schedule = ((fn: () => void) => runs.push(fn)) as unknown as typeof setTimeout;
  let calls: { url: string; body: Record<string, unknown> }[];
  beforeEach(() => {
    runs = [];
    calls = [];
    localStorage.clear();
    // The markup of apps/api/theme/blocks/popup-overlay.block, reduced to what the script reads.
    document.body.innerHTML = `<dialog id="popup-overlay" data-version="4" data-hide-for-days="7" data-delay-seconds="0">
      <button type="button" data-popup-close>Close</button><h2>10% off your first order</h2>
      <form class="popup-overlay__form" data-popup-newsletter novalidate>
        <input type="email" name="email"><input type="text" name="website">
        <p class="field-error" hidden></p><button class="button" type="submit">Sign up</button>
      </form><p class="form-submission-message" tabindex="-1" hidden></p></dialog>`;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        calls.push({
          url,
          body: init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {},
        });
        const data = url.includes('FormSubmissionKey') ? { data: { key: 'key-1' } } : { success: true };
        return new Response(JSON.stringify(data), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        });
      }),
    );
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    delete window.grecaptcha;
  });
  const form = () => document.querySelector<HTMLFormElement>('form[data-popup-newsletter]')!;
  async function open(siteKey?: string) {
    mountPopupOverlay(
      document,
      localStorage,
      { pageId: 'p1', ...(siteKey ? { captchaSettings: { siteKey } } : {}) },
      () => 0,
      schedule,
    );
    runs.forEach((r) => r());
    // The sign-up's code is a chunk of its own: the pop-up's import of it has settled after this one's.
    await import('../forms/newsletter');
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
  async function signUp(email: string) {
    const input = form().querySelector<HTMLInputElement>('input[name="email"]')!;
    input.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    input.value = email;
    form().dispatchEvent(new Event('submit', { cancelable: true }));
    await vi.waitFor(() => expect(form().getAttribute('aria-busy')).toBe('false'));
  }

  it('signs up without a captcha when the site has none, and counts as following the pop-up', async () => {
    await open();
    form().dispatchEvent(new Event('submit', { cancelable: true }));
    await vi.waitFor(() => expect(form().querySelector('.field-error')!.textContent).not.toBe(''));
    expect(calls).toEqual([]);
    await signUp('ada@example.com');
    await vi.waitFor(() =>
      expect(calls.map((c) => c.url)).toEqual([
        '/api/form/FormSubmissionKey',
        '/api/newsletter/popup-subscribe',
      ]),
    );
    expect(calls[1]!.body).toEqual({ email: 'ada@example.com', key: 'key-1', website: '' });
    expect(form().querySelector('.form-captcha')).toBeNull();
    expect(form().hidden).toBe(true);
    expect(document.querySelector('.form-submission-message')!.textContent).toBe(
      'Thank you for subscribing!',
    );
    expect(readPopupState(localStorage, 0)).toMatchObject({ submitted: true, version: 4 });
  });

  it("with the site's key, renders the widget once inside the form above its button and sends a PROMO_POPUP_SUBMISSION token", async () => {
    const enterprise = {
      ready: (callback: () => void) => callback(),
      render: vi.fn(() => 9),
      execute: vi.fn().mockResolvedValueOnce('').mockResolvedValue('promo-token'),
      reset: vi.fn(),
    };
    window.grecaptcha = { enterprise };
    await open('site-key-1');
    const container = form().querySelector('.form-captcha')!;
    expect(container.nextElementSibling?.getAttribute('type')).toBe('submit');
    await signUp('ada@example.com');
    expect(form().querySelector('.field-error')!.textContent).toBe('Complete CAPTCHA before submitting.');
    expect(enterprise.reset).toHaveBeenCalledWith(9);
    expect(calls).toEqual([]);
    await signUp('ada@example.com');
    await vi.waitFor(() => expect(calls.at(-1)?.url).toBe('/api/newsletter/popup-subscribe'));
    expect(calls.at(-1)!.body).toEqual({
      email: 'ada@example.com',
      key: 'key-1',
      website: '',
      captchaKey: 'promo-token',
    });
    expect(enterprise.execute).toHaveBeenCalledWith(9, { action: 'PROMO_POPUP_SUBMISSION' });
    expect(enterprise.render).toHaveBeenCalledTimes(1);
    expect(enterprise.render.mock.calls[0]).toEqual([container, { sitekey: 'site-key-1', size: 'compact' }]);
    expect(form().querySelectorAll('.form-captcha')).toHaveLength(1);
  });
});
