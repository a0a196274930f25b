import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { vi } from 'vitest';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

export interface Call {
  method: string;
  url: string;
  body?: unknown;
}

export interface Answer {
  status: number;
  body: unknown;
}

/**
 * The server as a screen sees it: `answer` gets each call (after the crumb) and returns the status
 * and JSON body, or undefined for a 404. Every call is recorded, the crumb's too.
 */
export function stubServer(answer: (call: Call) => Answer | undefined): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const call: Call = { method: init?.method ?? 'GET', url };
      // JSON as the screens send it; an upload's File as it is.
      if (init?.body) call.body = typeof init.body === 'string' ? JSON.parse(init.body) : init.body;
      calls.push(call);
      const json = ({ status, body }: Answer) =>
        new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
      if (url === '/api/crumb') return json({ status: 200, body: { crumb: 'c' } });
      return json(answer(call) ?? { status: 404, body: { error: { code: 'NOT_FOUND', message: url } } });
    }),
  );
  return calls;
}

/** The signed-in member as /api/editor/me answers: an owner, or a viewer who may only look. */
export const me = (canEdit = true): Answer => ({
  status: 200,
  body: {
    memberId: 'm',
    email: 'o@example.com',
    roles: [canEdit ? 'owner' : 'viewer'],
    canEdit,
    xsrfToken: 'x',
  },
});

let root: Root | undefined;

/** Renders into a fresh document body with its own query client (no retries, as a test wants). */
export async function mount(ui: ReactNode): Promise<HTMLElement> {
  document.body.innerHTML = '<div id="host"></div>';
  const host = document.getElementById('host')!;
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  await act(async () => {
    root = createRoot(host);
    root.render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>);
  });
  return host;
}

export async function unmount() {
  await act(async () => root?.unmount());
  root = undefined;
  vi.unstubAllGlobals();
}

/** The control a <label> names (by its htmlFor, or the input inside it). */
export function field(host: HTMLElement, label: string): HTMLInputElement {
  const labelEl = [...host.querySelectorAll('label')].find((l) => l.textContent?.trim() === label);
  if (!labelEl) throw new Error(`no field labelled ${label}`);
  const control = labelEl.htmlFor
    ? host.querySelector(`#${CSS.escape(labelEl.htmlFor)}`)
    : labelEl.querySelector('input, select, textarea');
  if (!control) throw new Error(`no control for ${label}`);
  return control as HTMLInputElement;
}

export const button = (host: HTMLElement, name: string | RegExp) =>
  [...host.querySelectorAll('button')].find((b) =>
    typeof name === 'string' ? b.textContent?.trim() === name : name.test(b.textContent ?? ''),
  );

export async function type(input: HTMLInputElement | HTMLTextAreaElement, value: string) {
  await act(async () => {
    const proto =
      input instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
    Object.getOwnPropertyDescriptor(proto, 'value')!.set!.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

export const click = (el: HTMLElement) => act(async () => el.click());

/** The text of the first live status (the save status of a screen's header). */
export const status = (host: HTMLElement) => host.querySelector('[role="status"]')?.textContent ?? '';

/** Waits for an assertion to hold; generous, since the suite runs on a loaded two-core machine. */
export const eventually = (assertion: () => void) => vi.waitFor(assertion, { timeout: 5000 });
