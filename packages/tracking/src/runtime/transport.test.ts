import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createBrowserTransport, formEncode } from './transport';

describe('browser transport', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('aborts a request that takes longer than 2500 ms', async () => {
    const fetch = vi.fn(
      (_url: string, init?: RequestInit) =>
        new Promise<Response>((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new Error('aborted')));
        }),
    );
    const transport = createBrowserTransport({
      fetch: fetch as unknown as typeof globalThis.fetch,
      navigator: {} as Navigator,
    });
    const outcome = transport.post({ url: '/x', body: '', contentType: 'text/plain' }).then(
      () => 'resolved',
      () => 'rejected',
    );
    await vi.advanceTimersByTimeAsync(2499);
    expect(fetch.mock.calls[0]![1]!.signal!.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await expect(outcome).resolves.toBe('rejected');
  });

  it('posts with the content type, extra headers and keepalive, and returns the status', async () => {
    const fetch = vi.fn(async () => new Response(null, { status: 202 }));
    const transport = createBrowserTransport({
      fetch: fetch as unknown as typeof globalThis.fetch,
      navigator: {} as Navigator,
    });
    await expect(
      transport.post({
        url: '/y',
        body: 'b',
        contentType: 'application/json',
        headers: { 'X-CSRF-Token': 'c' },
        keepalive: true,
      }),
    ).resolves.toEqual({ status: 202 });
    expect(fetch).toHaveBeenCalledWith(
      '/y',
      expect.objectContaining({
        method: 'POST',
        body: 'b',
        keepalive: true,
        headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': 'c' },
      }),
    );
  });

  it('offers a beacon only where navigator.sendBeacon exists', async () => {
    expect(createBrowserTransport({ navigator: {} as Navigator }).beacon).toBeUndefined();
    const sendBeacon = vi.fn(() => true);
    const transport = createBrowserTransport({ navigator: { sendBeacon } });
    expect(transport.beacon!('/z', '[1]', 'text/plain')).toBe(true);
    const blob = (sendBeacon.mock.calls[0] as unknown as [string, Blob])[1];
    expect(blob.type).toBe('text/plain');
    expect(await blob.text()).toBe('[1]');
  });

  it('form-encodes fields', () => {
    expect(formEncode({ a: 'x y', b: '{"k":1}' })).toBe('a=x+y&b=%7B%22k%22%3A1%7D');
  });
});
