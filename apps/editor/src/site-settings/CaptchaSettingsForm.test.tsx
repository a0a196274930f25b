import { siteAdminMessages } from '@site/page-content';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CaptchaSettingsForm } from './CaptchaSettingsForm';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

interface Call {
  method: string;
  url: string;
  body?: unknown;
}

/** The server as the form sees it: the stored key, and what each call asked. */
function stubServer(stored: { siteKey: string }, answerPut?: { status: number; body: unknown }): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      calls.push({ method, url, ...(init?.body ? { body: JSON.parse(String(init.body)) } : {}) });
      const json = (status: number, body: unknown) =>
        new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
      if (url === '/api/crumb') return json(200, { crumb: 'c' });
      if (method === 'PUT') {
        if (answerPut) return json(answerPut.status, answerPut.body);
        stored.siteKey = (JSON.parse(String(init!.body)) as { siteKey: string }).siteKey;
      }
      return json(200, stored);
    }),
  );
  return calls;
}

let root: Root | undefined;
async function mount(): Promise<HTMLElement> {
  document.body.innerHTML = '<div id="host"></div>';
  const host = document.getElementById('host')!;
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  await act(async () => {
    root = createRoot(host);
    root.render(
      <QueryClientProvider client={client}>
        <CaptchaSettingsForm />
      </QueryClientProvider>,
    );
  });
  await vi.waitFor(() => expect(host.querySelector('input')).not.toBeNull());
  return host;
}

async function type(host: HTMLElement, value: string): Promise<void> {
  const input = host.querySelector('input')!;
  await act(async () => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}
const save = (host: HTMLElement) =>
  act(
    async () =>
      void host
        .querySelector('form')!
        .dispatchEvent(new Event('submit', { bubbles: true, cancelable: true })),
  );

describe('captcha settings form', () => {
  afterEach(async () => {
    await act(async () => root?.unmount());
    vi.unstubAllGlobals();
  });

  it('shows the stored key and whether the captcha is on', async () => {
    stubServer({ siteKey: 'saved-key' });
    const host = await mount();
    expect(host.querySelector('input')!.value).toBe('saved-key');
    expect(host.textContent).toContain('Captcha is on.');
    expect(host.querySelector<HTMLButtonElement>('button[type="submit"]')!.disabled).toBe(true);
  });

  it('names the rule for a key a provider never issues and sends nothing', async () => {
    const calls = stubServer({ siteKey: '' });
    const host = await mount();
    await type(host, 'bad key!');
    await save(host);
    expect(host.querySelector('[role="alert"]')!.textContent).toBe(siteAdminMessages.captchaSiteKeyInvalid);
    expect(host.querySelector('input')!.getAttribute('aria-invalid')).toBe('true');
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([]);
  });

  it('saves the trimmed key through the API and turns the captcha on', async () => {
    const calls = stubServer({ siteKey: '' });
    const host = await mount();
    expect(host.textContent).toContain('Captcha is off.');
    await type(host, '  6Lc-key_1 ');
    await save(host);
    await vi.waitFor(() => expect(host.textContent).toContain('Captcha is on.'));
    expect(calls.find((c) => c.method === 'PUT')).toEqual({
      method: 'PUT',
      url: '/api/editor/site/captcha',
      body: { siteKey: '6Lc-key_1' },
    });
  });

  it("shows the server's refusal", async () => {
    stubServer(
      { siteKey: '' },
      { status: 403, body: { error: { code: 'FORBIDDEN', message: siteAdminMessages.ownerOnly } } },
    );
    const host = await mount();
    await type(host, 'key');
    await save(host);
    await vi.waitFor(() =>
      expect(host.querySelector('[role="alert"]')?.textContent).toBe(siteAdminMessages.ownerOnly),
    );
  });
});
