import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { describe, expect, it } from 'vitest';
import { AccountView, subscriptionStatus, type AccountData } from './AccountData';

const day = (iso: string) => iso.slice(0, 10);

describe('subscription status on the account page', () => {
  it.each<[string, { cancelledOn: string | null; pausedOn: string | null }, string]>([
    ['active', { cancelledOn: null, pausedOn: null }, 'Active'],
    ['paused after declines', { cancelledOn: null, pausedOn: '2026-03-02T10:00:00Z' }, 'Paused on 2026-03-02'],
    ['cancelled', { cancelledOn: '2026-03-05T10:00:00Z', pausedOn: null }, 'Cancelled on 2026-03-05'],
    ['cancelled while paused', { cancelledOn: '2026-03-05T10:00:00Z', pausedOn: '2026-03-02T10:00:00Z' }, 'Cancelled on 2026-03-05'],
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
    await act(async () => root.render(<AccountView data={data} locale="en-US" reload={async () => undefined} />));
    const rows = [...host.querySelectorAll('#account-subscriptions-title ~ ul > li')].map((li) => li.textContent);
    expect(rows[0]).toContain('Active');
    expect(rows[0]).toContain('Next charge Apr 1, 2026');
    expect(rows[1]).toContain('Paused on Mar 2, 2026');
    expect(rows[1]).toContain('Renewals stopped after your card was declined');
    expect(rows[1]).not.toContain('Next charge');
    await act(async () => root.unmount());
  });
});
