import { messages } from '@site/forms';
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PageContext, ProductItem } from '../page-context';
import { mountRestock } from './restock';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const item = { id: 'prod-mug' } as ProductItem;
const context = (siteKey?: string) =>
  ({ merchandising: {}, ...(siteKey ? { captchaSettings: { siteKey } } : {}) }) as unknown as PageContext;

function stubServer(): Record<string, unknown>[] {
  const bodies: Record<string, unknown>[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init?: RequestInit) => {
      bodies.push(JSON.parse(String(init?.body)) as Record<string, unknown>);
      return new Response(JSON.stringify({ signedUp: true }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return bodies;
}

async function mount(siteKey?: string): Promise<HTMLElement> {
  document.body.innerHTML =
    '<div class="product-restock" data-product-id="prod-mug" data-variant-id="mug-1"></div>';
  const block = document.querySelector<HTMLElement>('.product-restock')!;
  await act(async () => mountRestock(block, item, context(siteKey)));
  return block;
}

async function signUp(block: HTMLElement, email: string): Promise<void> {
  const input = block.querySelector<HTMLInputElement>('input[name="email"]')!;
  await act(async () => {
    input.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, email);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
  await act(async () => {
    block.querySelector('form')!.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
  });
}

describe('restock form', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    delete window.grecaptcha;
  });

  it("a signed-in member's restock sign-up goes through the account call, with the XSRF token", async () => {
    const calls: { url: string; headers: Headers; body: unknown }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        calls.push({ url, headers: new Headers(init?.headers), body: JSON.parse(String(init?.body)) });
        return new Response(JSON.stringify({ signedUp: true }), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        });
      }),
    );
    localStorage.setItem('siteUserXsrfToken', 'xsrf-1');
    document.body.innerHTML =
      '<div class="product-restock" data-product-id="prod-mug" data-variant-id="mug-1"></div>';
    const block = document.querySelector<HTMLElement>('.product-restock')!;
    const member = {
      merchandising: {},
      locale: 'fr-FR',
      authenticatedAccount: { id: 'm1' },
      captchaSettings: { siteKey: 'site-key' },
    } as unknown as PageContext;
    await act(async () => mountRestock(block, item, member));
    expect(block.querySelector('input[name="email"]')).toBeNull();
    await act(async () => {
      block.querySelector('form')!.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
    });
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.url).toBe('/api/site-users/account/notifications/restock');
    expect(calls[0]!.headers.get('x-siteuser-xsrf-token')).toBe('xsrf-1');
    expect(calls[0]!.body).toEqual({ productId: 'prod-mug', variantId: 'mug-1', language: 'fr-FR' });
    await vi.waitFor(() => expect(block.textContent).toContain('Signed up!'));
    localStorage.removeItem('siteUserXsrfToken');
  });

  it('sends no token and renders no widget when the site has its captcha off', async () => {
    const bodies = stubServer();
    const block = await mount();
    await signUp(block, 'ada@example.com');
    await vi.waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toEqual({
      productId: 'prod-mug',
      variantId: 'mug-1',
      siteVisitorEmail: 'ada@example.com',
      isJoinMailingList: false,
      recaptchaEnterpriseV3Token: '',
    });
    expect(block.querySelector('.form-captcha')).toBeNull();
  });

  it("with the site's key, renders the widget once and sends the provider's waitlist token", async () => {
    const bodies = stubServer();
    const enterprise = {
      ready: (callback: () => void) => callback(),
      render: vi.fn(() => 5),
      execute: vi.fn(async () => 'waitlist-token'),
      reset: vi.fn(),
    };
    window.grecaptcha = { enterprise };
    const block = await mount('site-key-1');
    // Inside the form, just above its submit button.
    const container = block.querySelector('form .form-captcha')!;
    expect(container.nextElementSibling?.getAttribute('type')).toBe('submit');
    expect(block.querySelectorAll('.form-captcha')).toHaveLength(1);
    await signUp(block, 'ada@example.com');
    await vi.waitFor(() => expect(bodies).toHaveLength(1));
    expect(enterprise.render).toHaveBeenCalledTimes(1);
    expect(enterprise.render.mock.calls[0]).toEqual([container, { sitekey: 'site-key-1', size: 'compact' }]);
    expect(enterprise.execute).toHaveBeenCalledWith(5, { action: 'PRODUCT_WAITLIST_SUBMISSION' });
    expect(bodies[0]).toMatchObject({
      siteVisitorEmail: 'ada@example.com',
      recaptchaEnterpriseV3Token: 'waitlist-token',
    });
  });

  it("says 'Complete CAPTCHA before submitting.', resets the widget and sends nothing without a token", async () => {
    const bodies = stubServer();
    const enterprise = {
      ready: (callback: () => void) => callback(),
      render: vi.fn(() => 5),
      execute: vi.fn(async () => ''),
      reset: vi.fn(),
    };
    window.grecaptcha = { enterprise };
    const block = await mount('site-key-1');
    await signUp(block, 'ada@example.com');
    await vi.waitFor(() =>
      expect(block.querySelector('[role="alert"]')!.textContent).toBe(messages.captchaIncomplete),
    );
    expect(bodies).toEqual([]);
    await vi.waitFor(() => expect(enterprise.reset).toHaveBeenCalledWith(5));
  });

  it('renders the normal widget in a container 320 px or wider, and only once over several sign-up attempts', async () => {
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(320);
    const bodies = stubServer();
    const execute = vi.fn().mockResolvedValueOnce('').mockResolvedValue('waitlist-token');
    const enterprise = {
      ready: (callback: () => void) => callback(),
      render: vi.fn((_container: Element, _parameters: object) => 7),
      execute,
      reset: vi.fn(),
    };
    window.grecaptcha = { enterprise };
    const block = await mount('site-key-1');
    await signUp(block, 'ada@example.com');
    await vi.waitFor(() =>
      expect(block.querySelector('[role="alert"]')!.textContent).toBe(messages.captchaIncomplete),
    );
    await signUp(block, 'ada@example.com');
    await vi.waitFor(() => expect(bodies).toHaveLength(1));
    expect(enterprise.render).toHaveBeenCalledTimes(1);
    expect(enterprise.render.mock.calls[0]![1]).toEqual({ sitekey: 'site-key-1', size: 'normal' });
    vi.restoreAllMocks();
  });

  it("says 'Document was destroyed' when the widget's container left the page", async () => {
    const bodies = stubServer();
    const enterprise = {
      ready: (callback: () => void) => callback(),
      render: vi.fn(() => 5),
      execute: vi.fn(async () => 'waitlist-token'),
      reset: vi.fn(),
    };
    window.grecaptcha = { enterprise };
    const block = await mount('site-key-1');
    block.querySelector('.form-captcha')!.remove();
    await signUp(block, 'ada@example.com');
    await vi.waitFor(() =>
      expect(block.querySelector('[role="alert"]')!.textContent).toBe(messages.captchaDocumentDestroyed),
    );
    expect(enterprise.render).not.toHaveBeenCalled();
    expect(bodies).toEqual([]);
  });

  it("says 'ReCaptcha has not been set up!' when the provider's script does not load", async () => {
    const bodies = stubServer();
    const block = await mount('site-key-1');
    await signUp(block, 'ada@example.com');
    await vi.waitFor(() =>
      expect(block.querySelector('[role="alert"]')!.textContent).toBe(messages.captchaNotSetUp),
    );
    expect(bodies).toEqual([]);
  });
});
