import { messages, type EditorPopupOverlay } from '@site/page-content';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PopupOverlayScreen } from './PopupOverlayScreen';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

interface Call {
  method: string;
  url: string;
  body?: unknown;
}

const OFF: EditorPopupOverlay = { enabled: false, content: null, shownVersion: 0, version: 0 };

/** The server as the screen sees it: the stored pop-up, the member's roles, the site's lists and pages. */
function stubServer(
  options: {
    stored?: EditorPopupOverlay;
    canEdit?: boolean;
    answerPut?: { status: number; body: unknown };
    failGet?: boolean;
  } = {},
): Call[] {
  let stored = options.stored ?? OFF;
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ method, url, ...(body !== undefined && { body }) });
      const json = (status: number, payload: unknown) =>
        new Response(JSON.stringify(payload), { status, headers: { 'content-type': 'application/json' } });
      if (url === '/api/crumb') return json(200, { crumb: 'c' });
      if (url === '/api/editor/me')
        return json(200, {
          memberId: 'm',
          email: 'o@example.com',
          roles: [options.canEdit === false ? 'viewer' : 'owner'],
          canEdit: options.canEdit !== false,
          xsrfToken: 'x',
        });
      if (url === '/api/editor/pages')
        return json(200, { pages: [{ id: 'p1', kind: 'page', title: 'Shop', path: '/shop' }] });
      if (url === '/api/editor/mailing-lists')
        return json(200, { lists: [{ id: 'list-1', name: 'Customers' }] });
      if (url === '/api/editor/popup-overlay') {
        if (method === 'GET' && options.failGet)
          return json(500, { error: { code: 'INTERNAL', message: messages.somethingWentWrong } });
        if (method === 'PUT') {
          if (options.answerPut) return json(options.answerPut.status, options.answerPut.body);
          stored = {
            enabled: body.enabled,
            content: body.content,
            shownVersion: stored.shownVersion + 1,
            version: stored.version + 1,
          };
        }
        return json(200, stored);
      }
      return json(404, { error: { code: 'NOT_FOUND', message: url } });
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
        <PopupOverlayScreen />
      </QueryClientProvider>,
    );
  });
  return host;
}

const field = (host: HTMLElement, label: string) => {
  const labelEl = [...host.querySelectorAll('label')].find((l) => l.textContent?.trim() === label);
  if (!labelEl) throw new Error(`no field labelled ${label}`);
  return host.querySelector<HTMLInputElement>(`#${CSS.escape(labelEl.htmlFor)}`)!;
};

async function type(input: HTMLInputElement | HTMLTextAreaElement, value: string) {
  await act(async () => {
    const proto =
      input instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
    Object.getOwnPropertyDescriptor(proto, 'value')!.set!.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}
const click = (el: HTMLElement) => act(async () => el.click());
const saveButton = (host: HTMLElement) =>
  [...host.querySelectorAll('button')].find((b) => /^Save|Saving/.test(b.textContent ?? ''))!;

describe('pop-up screen', () => {
  afterEach(async () => {
    await act(async () => root?.unmount());
    vi.unstubAllGlobals();
  });

  it('turns the pop-up on with a title, a button to a page and a sign-up, previews it, and saves over the version it read', async () => {
    const calls = stubServer();
    const host = await mount();
    await vi.waitFor(() => expect(host.querySelector('h1')?.textContent).toBe('Pop-up'));
    // The Save button shows once the owner's role has loaded, which may come after the pop-up.
    await vi.waitFor(() => expect(saveButton(host)).toBeDefined());
    expect(saveButton(host).disabled).toBe(true);
    await click(field(host, 'Show the pop-up on the site'));
    await type(field(host, 'Title'), 'Free shipping this week');
    await click(field(host, 'Add a button'));
    await type(field(host, 'Button label'), 'Shop now');
    await type(field(host, 'Button link'), '/shop');
    // The page picker offers the site's pages.
    expect([...host.querySelectorAll('datalist option')].map((o) => (o as HTMLOptionElement).value)).toEqual([
      '/shop',
    ]);
    await click(field(host, 'Add a newsletter sign-up'));
    await vi.waitFor(() => expect(field(host, 'Mailing list').querySelectorAll('option')).toHaveLength(2));
    await act(async () => {
      const select = field(host, 'Mailing list') as unknown as HTMLSelectElement;
      select.value = 'list-1';
      select.dispatchEvent(new Event('change', { bubbles: true }));
    });
    const preview = host.querySelector('.ed-popup-preview__window')!;
    expect(preview.textContent).toContain('Free shipping this week');
    expect(preview.textContent).toContain('Shop now');
    expect(preview.textContent).toContain('Sign up');
    await click(saveButton(host));
    await vi.waitFor(() =>
      expect(host.querySelector('[role="status"]')?.textContent).not.toMatch(/unsaved/i),
    );
    expect(calls.find((c) => c.method === 'PUT')).toEqual({
      method: 'PUT',
      url: '/api/editor/popup-overlay',
      body: {
        enabled: true,
        version: 0,
        content: {
          title: 'Free shipping this week',
          body: '',
          action: { label: 'Shop now', href: '/shop' },
          newsletter: {
            listId: 'list-1',
            doubleOptIn: true,
            buttonLabel: 'Sign up',
            placeholder: 'Email address',
          },
          delaySeconds: 5,
          hideForDays: 7,
        },
      },
    });
    await vi.waitFor(() => expect(saveButton(host).disabled).toBe(true));
  });

  it('names an unsafe link and an emptied delay at their boxes and sends nothing', async () => {
    const calls = stubServer({
      stored: {
        enabled: true,
        content: { title: 'Hi', body: '', delaySeconds: 5, hideForDays: 7 },
        shownVersion: 1,
        version: 1,
      },
    });
    const host = await mount();
    await vi.waitFor(() => expect(field(host, 'Title').value).toBe('Hi'));
    await click(field(host, 'Add a button'));
    await type(field(host, 'Button label'), 'Go');
    await type(field(host, 'Button link'), 'javascript:alert(1)');
    await type(field(host, 'Delay (seconds)'), '');
    await click(saveButton(host));
    expect(field(host, 'Button link').getAttribute('aria-invalid')).toBe('true');
    expect(host.textContent).toContain(messages.popupOverlay.unsafeHref);
    expect(host.textContent).toContain(messages.popupOverlay.delayOutOfRange);
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([]);
  });

  it('turns it off without losing the text, and shows a refused save', async () => {
    const stored = {
      enabled: true,
      content: { title: 'Hi', body: '', delaySeconds: 5, hideForDays: 7 },
      shownVersion: 1,
      version: 3,
    };
    const calls = stubServer({
      stored,
      answerPut: {
        status: 409,
        body: { error: { code: 'STALE_VERSION', message: messages.popupOverlay.stale } },
      },
    });
    const host = await mount();
    await vi.waitFor(() => expect(field(host, 'Show the pop-up on the site').checked).toBe(true));
    await click(field(host, 'Show the pop-up on the site'));
    expect(host.textContent).toContain('off: visitors do not see it');
    await click(saveButton(host));
    await vi.waitFor(() =>
      expect(host.querySelector('[role="status"]')?.textContent).toContain(messages.popupOverlay.stale),
    );
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      enabled: false,
      content: stored.content,
      version: 3,
    });
  });

  it('lets a viewer look without editing', async () => {
    stubServer({
      canEdit: false,
      stored: {
        enabled: true,
        content: { title: 'Hi', body: '', delaySeconds: 5, hideForDays: 7 },
        shownVersion: 1,
        version: 1,
      },
    });
    const host = await mount();
    await vi.waitFor(() => expect(field(host, 'Title').value).toBe('Hi'));
    await vi.waitFor(() => expect(host.querySelector('fieldset')!.disabled).toBe(true));
    expect(saveButton(host)).toBeUndefined();
  });

  it('says when the pop-up cannot be loaded and tries again', async () => {
    const calls = stubServer({ failGet: true });
    const host = await mount();
    await vi.waitFor(() => expect(host.textContent).toContain(messages.somethingWentWrong));
    await click([...host.querySelectorAll('button')].find((b) => b.textContent === 'Try again')!);
    expect(calls.filter((c) => c.url === '/api/editor/popup-overlay').length).toBe(2);
  });
});
