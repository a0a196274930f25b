import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminProduct } from '@site/commerce-core/admin';
import { ApiError } from './http';
import { runBulk, saveCommercePreferences, storeKeys } from './store-queries';

afterEach(() => vi.restoreAllMocks());

describe('saveCommercePreferences', () => {
  const cachedClient = () => {
    const client = new QueryClient();
    client.setQueryData(storeKeys.preferences('checkout'), { checkoutMinimumSubtotalCents: '500' });
    return client;
  };

  it('skips the write when no value differs from the cached one', async () => {
    const put = vi.fn();
    const saved = await saveCommercePreferences(
      cachedClient(),
      'checkout',
      { checkoutMinimumSubtotalCents: '500', orderNotesLabel: '', websiteId: 'demo' },
      put,
    );
    expect(put).not.toHaveBeenCalled();
    expect(saved).toEqual({ checkoutMinimumSubtotalCents: '500' });
  });

  it('writes a change and caches what the server answered', async () => {
    const client = cachedClient();
    const put = vi.fn(async () => ({ checkoutMinimumSubtotalCents: '900' }));
    await saveCommercePreferences(client, 'checkout', { checkoutMinimumSubtotalCents: '900' }, put);
    expect(put).toHaveBeenCalledWith({ checkoutMinimumSubtotalCents: '900' });
    expect(client.getQueryData(storeKeys.preferences('checkout'))).toEqual({
      checkoutMinimumSubtotalCents: '900',
    });
  });

  it('reports a failure and rethrows it', async () => {
    const report = vi.spyOn(console, 'error').mockImplementation(() => {});
    const failure = new Error('down');
    await expect(
      saveCommercePreferences(cachedClient(), 'checkout', { checkoutMinimumSubtotalCents: '1' }, () =>
        Promise.reject(failure),
      ),
    ).rejects.toBe(failure);
    expect(report).toHaveBeenCalledWith('commerce preferences checkout not saved', failure);
  });
});

describe('runBulk', () => {
  const product = (id: string, enabled: boolean, version = 1) => ({ id, enabled, version }) as AdminProduct;

  it('hides only the products still shown, sending each one\'s version', async () => {
    const call = vi.fn(async () => ({}));
    const outcome = await runBulk('disable', [product('a', true, 3), product('b', false), product('c', true, 7)], call);
    expect(call.mock.calls).toEqual([
      ['PATCH', '/api/editor/store/products/a', { body: { version: 3, enabled: false } }],
      ['PATCH', '/api/editor/store/products/c', { body: { version: 7, enabled: false } }],
    ]);
    expect(outcome).toEqual({ failed: 0, total: 3, firstError: undefined });
  });

  it('deletes each product with its version and carries on past a stale one', async () => {
    const stale = new ApiError(409, 'STALE', 'Someone else changed this product since you opened it.');
    const call = vi.fn(async (_method: string, url: string, _options: unknown) => {
      if (url.endsWith('/b')) throw stale;
      return {};
    });
    const outcome = await runBulk('delete', [product('a', true, 2), product('b', true, 5), product('c', false, 1)], call);
    expect(call.mock.calls.map((c) => [c[0], c[1], c[2]])).toEqual([
      ['DELETE', '/api/editor/store/products/a', { query: { version: 2 } }],
      ['DELETE', '/api/editor/store/products/b', { query: { version: 5 } }],
      ['DELETE', '/api/editor/store/products/c', { query: { version: 1 } }],
    ]);
    expect(outcome).toEqual({ failed: 1, total: 3, firstError: stale });
  });
});
