import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { commercePreferenceKeys, saveCommercePreferences } from './commerce-preferences';

const reportEditorError = vi.hoisted(() => vi.fn());
vi.mock('./error-reporting', () => ({ reportEditorError }));

afterEach(() => vi.restoreAllMocks());

describe('saveCommercePreferences', () => {
  const cachedClient = () => {
    const client = new QueryClient();
    client.setQueryData(commercePreferenceKeys.preferences('checkout'), {
      checkoutMinimumSubtotalCents: '500',
    });
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
    expect(client.getQueryData(commercePreferenceKeys.preferences('checkout'))).toEqual({
      checkoutMinimumSubtotalCents: '900',
    });
  });

  it('reports a failure to error tracking and rethrows it', async () => {
    const failure = new Error('down');
    await expect(
      saveCommercePreferences(cachedClient(), 'checkout', { checkoutMinimumSubtotalCents: '1' }, () =>
        Promise.reject(failure),
      ),
    ).rejects.toBe(failure);
    expect(reportEditorError).toHaveBeenCalledWith('commerce_preferences_checkout', failure);
  });
});
