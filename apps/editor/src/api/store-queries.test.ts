import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { saveCommercePreferences, storeKeys } from './store-queries';

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
