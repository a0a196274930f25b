import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AccountView, subscriptionStatus, type AccountData } from './AccountData';

const day = (iso: string) => iso.slice(0, 10);

describe('subscription status on the account page', () => {
  it.each<[string, { cancelledOn: string | null; pausedOn: string | null }, string]>([
    ['active', { cancelledOn: null, pausedOn: null }, 'Active'],
    [
      'paused after declines',
      { cancelledOn: null, pausedOn: '2026-03-02T10:00:00Z' },
      'Paused on 2026-03-02',
    ],
    ['cancelled', { cancelledOn: '2026-03-05T10:00:00Z', pausedOn: null }, 'Cancelled on 2026-03-05'],
    [
      'cancelled while paused',
      { cancelledOn: '2026-03-05T10:00:00Z', pausedOn: '2026-03-02T10:00:00Z' },
      'Cancelled on 2026-03-05',
    ],
  ])('%s', (_label, s, text) => expect(subscriptionStatus(s, day)).toBe(text));

  it('shows the next charge of an active subscription and explains a paused one', async () => {
    const sub = { orderNumber: 1, startedOn: '2026-01-01T00:00:00Z', total: '$20.00', cancelledOn: null };
    const data: AccountData = {
      account: { email: 'ada@example.test', emailVerified: true, language: null },
      orders: [],
      subscriptions: [
        { ...sub, orderId: 'active', orderNumber: 7, pausedOn: null, nextBillingOn: '2026-04-01T12:00:00Z' },
        { ...sub, orderId: 'paused', orderNumber: 8, pausedOn: '2026-03-02T12:00:00Z', nextBillingOn: null },
      ],
      restockSignUps: [],
      addresses: [],
    };
    const host = document.createElement('div');
    document.body.append(host);
    const root = createRoot(host);
    await act(async () =>
      root.render(<AccountView data={data} locale="en-US" reload={async () => undefined} />),
    );
    const rows = [...host.querySelectorAll('#account-subscriptions-title ~ ul > li')].map(
      (li) => li.textContent,
    );
    expect(rows[0]).toContain('Active');
    expect(rows[0]).toContain('Next charge Apr 1, 2026');
    expect(rows[1]).toContain('Paused on Mar 2, 2026');
    expect(rows[1]).toContain('Renewals stopped after your card was declined');
    expect(rows[1]).not.toContain('Next charge');
    await act(async () => root.unmount());
  });

  describe('resuming a paused subscription', () => {
    afterEach(() => vi.unstubAllGlobals());
    const paused = {
      orderId: 'paused',
      orderNumber: 8,
      startedOn: '2026-01-01T00:00:00Z',
      total: '$20.00',
      cancelledOn: null,
      pausedOn: '2026-03-02T12:00:00Z',
      nextBillingOn: null,
    };
    const data = (sub: AccountData['subscriptions'][number]): AccountData => ({
      account: { email: 'ada@example.test', emailVerified: true, language: null },
      orders: [],
      subscriptions: [sub],
      restockSignUps: [],
      addresses: [],
    });
    const answer = (status: number, body: unknown) =>
      vi.stubGlobal(
        'fetch',
        vi.fn(
          async () =>
            new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
        ),
      );

    async function render(sub: AccountData['subscriptions'][number], reload = async () => undefined) {
      const host = document.createElement('div');
      document.body.append(host);
      const root = createRoot(host);
      await act(async () => root.render(<AccountView data={data(sub)} locale="en-US" reload={reload} />));
      return { host, root };
    }

    it('offers Resume only on a paused subscription that is not cancelled', async () => {
      for (const [sub, shown] of [
        [paused, true],
        [{ ...paused, pausedOn: null, nextBillingOn: '2026-04-01T12:00:00Z' }, false],
        [{ ...paused, cancelledOn: '2026-03-05T10:00:00Z' }, false],
      ] as const) {
        const { host, root } = await render(sub);
        expect(host.querySelector('[aria-label="Resume subscription #8"]') !== null).toBe(shown);
        await act(async () => root.unmount());
      }
    });

    it('charges after the member confirms, reloads the account and tells the next charge date', async () => {
      vi.stubGlobal(
        'confirm',
        vi.fn(() => true),
      );
      answer(200, { resumed: true, nextBillingOn: '2026-05-20T12:00:00Z' });
      const reload = vi.fn(async () => undefined);
      const { host, root } = await render(paused, reload);
      await act(async () =>
        host.querySelector<HTMLButtonElement>('[aria-label="Resume subscription #8"]')!.click(),
      );
      expect(window.confirm).toHaveBeenCalledWith(
        'Resume this subscription? Your card is charged $20.00 now, then on every renewal.',
      );
      expect(vi.mocked(fetch).mock.calls[0]![0]).toBe('/api/site-users/account/subscriptions/paused/resume');
      await vi.waitFor(() =>
        expect(host.querySelector('.account-note')!.textContent).toBe(
          'Resumed: your card was charged. Next charge May 20, 2026.',
        ),
      );
      expect(reload).toHaveBeenCalledTimes(1);
      await act(async () => root.unmount());
    });

    it("shows the server's reason next to the row when the card is declined, and charges nothing without confirmation", async () => {
      const message =
        'Your card was declined. Your subscription stays paused: nothing was charged. Try again once your card can be charged, or contact the store.';
      answer(402, { error: { code: 'CARD_DECLINED', message } });
      vi.stubGlobal(
        'confirm',
        vi.fn(() => false),
      );
      const { host, root } = await render(paused);
      const button = host.querySelector<HTMLButtonElement>('[aria-label="Resume subscription #8"]')!;
      await act(async () => button.click());
      expect(fetch).not.toHaveBeenCalled();
      vi.stubGlobal(
        'confirm',
        vi.fn(() => true),
      );
      await act(async () => button.click());
      await vi.waitFor(() => expect(host.querySelector('.account-note')!.textContent).toBe(message));
      expect(host.querySelector('.account-note')!.hasAttribute('data-failed')).toBe(true);
      expect(host.querySelector('.account-note')!.getAttribute('role')).toBe('status');
      expect(button.disabled).toBe(false);
      await act(async () => root.unmount());
    });
  });
});
