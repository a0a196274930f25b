import { STORE_API } from '@site/commerce-core/admin';
import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { button, click, eventually, mount, stubServer, unmount, type Call } from '../test/dom';
import { StoreCurrencySection } from './StoreCurrencySection';

afterEach(unmount);

/** The store as the server keeps it: a change after orders answers 409 until it is confirmed. */
function storeServer(stored: { currency: string; orderCount: number }) {
  return stubServer((call: Call) => {
    if (call.url !== STORE_API.storeCurrency) return undefined;
    if (call.method === 'PUT') {
      const body = call.body as { currency: string; confirmed?: boolean };
      if (stored.orderCount > 0 && body.currency !== stored.currency && body.confirmed !== true)
        return {
          status: 409,
          body: {
            error: {
              code: 'CONFIRM_CURRENCY_CHANGE',
              message: `This store has ${stored.orderCount} orders. They keep the currency they were placed in (${stored.currency}).`,
            },
          },
        };
      stored.currency = body.currency;
    }
    return { status: 200, body: stored };
  });
}

async function pick(host: HTMLElement, code: string) {
  const select = host.querySelector('select')!;
  await act(async () => {
    select.value = code;
    select.dispatchEvent(new Event('change', { bubbles: true }));
  });
}

const dialog = () => document.querySelector('[role="alertdialog"]') as HTMLElement | null;

describe('the store currency in the store settings', () => {
  it('changes a store without orders at once', async () => {
    const calls = storeServer({ currency: 'USD', orderCount: 0 });
    const host = await mount(<StoreCurrencySection isReadOnly={false} />);
    await eventually(() => expect(host.querySelector('select')?.value).toBe('USD'));
    await pick(host, 'JPY');
    await click(button(host, 'Save currency')!);
    await eventually(() => expect(host.textContent).toContain('Prices are now in Japanese Yen (JPY).'));
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([{ currency: 'JPY' }]);
    expect(dialog()).toBeNull();
  });

  it('asks for confirmation after orders: keeping sends nothing more, confirming sends confirmed', async () => {
    const stored = { currency: 'USD', orderCount: 2 };
    const calls = storeServer(stored);
    const host = await mount(<StoreCurrencySection isReadOnly={false} />);
    await eventually(() => expect(host.querySelector('select')?.value).toBe('USD'));
    expect(host.textContent).toContain('Your store has 2 orders');
    await pick(host, 'EUR');
    await click(button(host, 'Save currency')!);
    await eventually(() => expect(dialog()?.textContent).toContain('This store has 2 orders.'));
    expect(stored.currency).toBe('USD');
    await click(button(dialog()!, 'Keep US Dollar (USD)')!);
    await eventually(() => expect(dialog()).toBeNull());
    expect(host.querySelector('[role="alert"]')).toBeNull();

    await click(button(host, 'Save currency')!);
    await eventually(() => expect(dialog()).not.toBeNull());
    await click(button(dialog()!, 'Change to EUR')!);
    await eventually(() => expect(host.textContent).toContain('Prices are now in Euro (EUR).'));
    expect(stored.currency).toBe('EUR');
    expect(dialog()).toBeNull();
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([
      { currency: 'EUR' },
      { currency: 'EUR' },
      { currency: 'EUR', confirmed: true },
    ]);
  });

  it('shows a refusal beside the field and lets a viewer only look', async () => {
    stubServer((call) =>
      call.method === 'PUT'
        ? { status: 400, body: { error: { code: 'VALIDATION', message: 'Choose one from the list.' } } }
        : { status: 200, body: { currency: 'GBP', orderCount: 0 } },
    );
    const host = await mount(<StoreCurrencySection isReadOnly={false} />);
    await eventually(() => expect(host.querySelector('select')?.value).toBe('GBP'));
    await pick(host, 'CHF');
    await click(button(host, 'Save currency')!);
    await eventually(() =>
      expect(host.querySelector('[role="alert"]')?.textContent).toBe('Choose one from the list.'),
    );
    await unmount();
    stubServer(() => ({ status: 200, body: { currency: 'GBP', orderCount: 0 } }));
    const viewer = await mount(<StoreCurrencySection isReadOnly />);
    await eventually(() => expect(viewer.querySelector('select')?.disabled).toBe(true));
    expect(button(viewer, 'Save currency')).toBeUndefined();
  });
});
