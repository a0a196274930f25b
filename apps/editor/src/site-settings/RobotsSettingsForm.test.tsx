import { robotsMessages } from '@site/page-content';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RobotsSettingsForm } from './RobotsSettingsForm';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

interface Call {
  method: string;
  url: string;
  body?: unknown;
}

/** The server as the form sees it: the stored additions (tidied as the server tidies), and each call. */
function stubServer(stored: { additions: string }): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      calls.push({ method, url, ...(init?.body ? { body: JSON.parse(String(init.body)) } : {}) });
      const json = (status: number, body: unknown) =>
        new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
      if (url === '/api/crumb') return json(200, { crumb: 'c' });
      if (method === 'PUT') stored.additions = (JSON.parse(String(init!.body)) as typeof stored).additions;
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
        <RobotsSettingsForm />
      </QueryClientProvider>,
    );
  });
  await vi.waitFor(() => expect(host.querySelector('textarea')).not.toBeNull());
  return host;
}

async function type(host: HTMLElement, value: string): Promise<void> {
  const input = host.querySelector('textarea')!;
  await act(async () => {
    Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')!.set!.call(input, value);
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

describe('robots.txt additions form', () => {
  afterEach(async () => {
    await act(async () => root?.unmount());
    vi.unstubAllGlobals();
  });

  it('shows the stored lines; Save waits for a change', async () => {
    stubServer({ additions: 'Disallow: /drafts/' });
    const host = await mount();
    expect(host.querySelector('textarea')!.value).toBe('Disallow: /drafts/');
    expect(host.querySelector<HTMLButtonElement>('button[type="submit"]')!.disabled).toBe(true);
  });

  it('names each line that is not a robots line and sends nothing', async () => {
    const calls = stubServer({ additions: '' });
    const host = await mount();
    await type(host, 'Disallow: drafts\nNoindex: /a');
    await save(host);
    const alert = host.querySelector('[role="alert"]')!;
    expect(alert.textContent).toContain(robotsMessages.badPath(1));
    expect(alert.textContent).toContain(robotsMessages.notALine(2));
    expect(host.querySelector('textarea')!.getAttribute('aria-invalid')).toBe('true');
    expect(host.querySelector('textarea')!.getAttribute('aria-describedby')).toContain(alert.id);
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([]);
  });

  it('saves the tidied lines and says so', async () => {
    const calls = stubServer({ additions: '' });
    const host = await mount();
    await type(host, 'disallow:/drafts/\n');
    await save(host);
    await vi.waitFor(() => expect(host.textContent).toContain('Saved: robots.txt shows your lines now.'));
    expect(calls.find((c) => c.method === 'PUT')).toEqual({
      method: 'PUT',
      url: '/api/editor/site/robots',
      body: { additions: 'Disallow: /drafts/' },
    });
    expect(host.querySelector('textarea')!.value).toBe('Disallow: /drafts/');
  });
});
