import {
  COLLECTIONS_API,
  EDITOR_API,
  MAX_ALBUM_TRACKS,
  type CollectionItemView,
  type PageSummary,
} from '@site/page-content';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AlbumEditor } from './AlbumEditor';

// The browser reads a track's length from its file; the test's DOM loads no media.
vi.mock('./album-tracks', async (original) => ({
  ...(await original<typeof import('./album-tracks')>()),
  measureDuration: async () => 184_000,
}));

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const page = {
  id: 'page-album',
  title: 'Album',
  path: '/studio/album',
  kind: 'collection',
  collectionType: 'album',
} as PageSummary;

const track = (n: number): CollectionItemView => ({
  id: `t${n}`,
  collectionId: page.id,
  urlId: `track-${n}`,
  title: `Track ${n}`,
  body: '',
  status: 'published',
  position: n,
  data: { src: `/files/t${n}/track-${n}.mp3`, author: n === 1 ? 'The Stitchers' : '' },
  version: 0,
  updatedAt: '2026-01-01T00:00:00Z',
});

interface Call {
  method: string;
  url: string;
  body?: unknown;
}

/** The album as the server holds it; a POST answers with `refusal` when given, as the API does for a full album. */
function stubServer(tracks: CollectionItemView[], refusal?: { status: number; body: unknown }): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      calls.push({ method, url, ...(init?.body ? { body: JSON.parse(String(init.body)) } : {}) });
      const json = (status: number, body: unknown) =>
        new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
      if (url.startsWith(EDITOR_API.me))
        return json(200, {
          memberId: 'm',
          email: 'o@example.com',
          roles: ['owner'],
          canEdit: true,
          xsrfToken: 'x',
        });
      if (method === 'POST' && url === COLLECTIONS_API.items) {
        if (refusal) return json(refusal.status, refusal.body);
        const body = JSON.parse(String(init!.body)) as { title: string; data: Record<string, unknown> };
        const added = { ...track(tracks.length + 1), title: body.title, data: body.data };
        tracks.push(added);
        return json(201, added);
      }
      if (url.startsWith(COLLECTIONS_API.items)) return json(200, { collectionType: 'album', items: tracks });
      return json(404, { error: { code: 'NOT_FOUND', message: 'No' } });
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
        <AlbumEditor page={page} />
      </QueryClientProvider>,
    );
  });
  await vi.waitFor(() => expect(host.textContent).not.toContain('Loading'));
  return host;
}

async function addByAddress(host: HTMLElement, value: string): Promise<void> {
  const input = host.querySelector<HTMLInputElement>('input[type="url"]')!;
  await act(async () => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
  await act(
    async () => void input.form!.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true })),
  );
}

const tracks = (count: number) => Array.from({ length: count }, (_, i) => track(i + 1));

describe('album editor', () => {
  afterEach(async () => {
    await act(async () => root?.unmount());
    vi.unstubAllGlobals();
  });

  it('says what to do when the album is empty, and offers both ways to add a track', async () => {
    stubServer([]);
    const host = await mount();
    await vi.waitFor(() => expect(host.querySelector('input[type="url"]')).not.toBeNull());
    expect(host.textContent).toContain('No tracks yet');
    expect(host.textContent).toContain('Add from files');
    expect(host.querySelector('label[for]')!.textContent).toBe('Track address');
  });

  it('lists the tracks in order with labelled title and artist fields and a handle each', async () => {
    stubServer(tracks(3));
    const host = await mount();
    await vi.waitFor(() => expect(host.querySelectorAll('ol[aria-label="Tracks"] > li')).toHaveLength(3));
    expect([...host.querySelectorAll<HTMLInputElement>('ol input')].map((i) => i.value)).toEqual([
      'Track 1',
      'The Stitchers',
      'Track 2',
      '',
      'Track 3',
      '',
    ]);
    expect(host.querySelector('button[aria-label="Reorder Track 2"]')).not.toBeNull();
    expect(host.querySelector('button[aria-label="Remove Track 3"]')).not.toBeNull();
    expect(host.textContent).toContain(`3 of ${MAX_ALBUM_TRACKS} tracks`);
    expect(host.querySelector('.ed-banner[role="status"]')).toBeNull();
  });

  it('warns before the limit, and at the limit offers no way to add', async () => {
    stubServer(tracks(MAX_ALBUM_TRACKS - 2));
    const warned = await mount();
    await vi.waitFor(() =>
      expect(warned.querySelector('.ed-banner[role="status"]')!.textContent).toBe(
        '2 tracks left: an album plays at most 60.',
      ),
    );
    await act(async () => root?.unmount());

    stubServer(tracks(MAX_ALBUM_TRACKS));
    const full = await mount();
    await vi.waitFor(() =>
      expect(full.querySelector('.ed-banner[role="status"]')!.textContent).toContain('This album is full'),
    );
    expect(full.querySelector('input[type="url"]')).toBeNull();
    expect(full.textContent).not.toContain('Add from files');
  });

  it('adds a track by address, titled from its file name, with the length the browser read', async () => {
    const held = tracks(1);
    const calls = stubServer(held);
    const host = await mount();
    await vi.waitFor(() => expect(host.querySelector('input[type="url"]')).not.toBeNull());
    await addByAddress(host, 'https://cdn.example.com/side%20b.mp3');
    await vi.waitFor(() => expect(host.querySelectorAll('ol[aria-label="Tracks"] > li')).toHaveLength(2));
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      collectionId: page.id,
      title: 'side b',
      body: '',
      status: 'published',
      data: { src: 'https://cdn.example.com/side%20b.mp3', author: '', durationMs: 184_000 },
    });
  });

  it('refuses a script address before sending it', async () => {
    const calls = stubServer(tracks(1));
    const host = await mount();
    await vi.waitFor(() => expect(host.querySelector('input[type="url"]')).not.toBeNull());
    await addByAddress(host, 'javascript:alert(1)');
    expect(host.querySelector('input[type="url"]')!.getAttribute('aria-invalid')).toBe('true');
    expect(host.textContent).toMatch(/Enter a web address/);
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it("shows the API's refusal of a track over the limit", async () => {
    stubServer(tracks(3), {
      status: 400,
      body: { error: { code: 'ALBUM_FULL', message: 'An album holds at most 60 tracks' } },
    });
    const host = await mount();
    await vi.waitFor(() => expect(host.querySelector('input[type="url"]')).not.toBeNull());
    await addByAddress(host, 'https://cdn.example.com/extra.mp3');
    await vi.waitFor(() =>
      expect(host.querySelector('[role="alert"]')!.textContent).toBe(
        'An album holds at most 60 tracks: the track was not added. Remove a track to make room.',
      ),
    );
  });
});
