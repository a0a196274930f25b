import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { shippingMessages } from '@site/commerce-core';
import { Checkout, type CheckoutProps } from './Checkout';
import { digitalCart, physicalCart } from './fixtures';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const show = (props: Partial<CheckoutProps>) =>
  render(<Checkout cart={physicalCart} currency="EUR" onPlaceOrder={() => Promise.resolve()} {...props} />);

describe('Checkout follows the address', () => {
  it('sends the country at once and the region once typing pauses, once per change', async () => {
    vi.useFakeTimers();
    const onAddressChange = vi.fn(() => Promise.resolve());
    show({ onAddressChange });
    fireEvent.change(screen.getByRole('combobox', { name: 'Country' }), { target: { value: 'US' } });
    const region = screen.getByRole('textbox', { name: /^State/ });
    fireEvent.change(region, { target: { value: 'Cal' } });
    fireEvent.change(region, { target: { value: 'California ' } });
    await act(() => vi.advanceTimersByTimeAsync(500));
    expect(onAddressChange).toHaveBeenCalledTimes(1);
    expect(onAddressChange).toHaveBeenCalledWith({ country: 'US', region: 'California' });
  });

  it('asks for the address before listing options, and says when the address has none', () => {
    const empty = { ...physicalCart, shippingOptions: [], selectedShippingOption: null };
    show({ cart: empty, onAddressChange: () => {} });
    expect(screen.getByText(shippingMessages.enterAddress)).toBeTruthy();
    fireEvent.change(screen.getByRole('combobox', { name: 'Country' }), { target: { value: 'JP' } });
    expect(screen.getByText(shippingMessages.noShippingTo)).toBeTruthy();
  });

  it('never sends an address for a cart that ships nothing', async () => {
    vi.useFakeTimers();
    const onAddressChange = vi.fn();
    show({ cart: digitalCart, onAddressChange });
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(screen.queryByRole('combobox', { name: 'Country' })).toBeNull();
    expect(onAddressChange).not.toHaveBeenCalled();
  });

  it('breaks out the tax in the prices and the tax added, and shows pickup instructions', () => {
    show({
      cart: {
        ...physicalCart,
        shippingOptions: [
          { id: 'pickup', name: 'Pick up in Berlin', costCents: 0, pickup: true, instructions: 'Mon–Fri' },
        ],
        taxCents: 1900,
        taxLines: [
          {
            name: 'VAT',
            rate: '19',
            country: 'DE',
            region: '',
            included: true,
            taxCents: 1900,
            taxableCents: 10000,
          },
        ],
      },
    });
    expect(screen.getByText('Includes VAT 19 %').nextSibling?.textContent).toBe('€19.00');
    expect(screen.getByText('Mon–Fri')).toBeTruthy();
  });

  it('hands over the email once it is whole and typing has paused, never a half-typed one', async () => {
    vi.useFakeTimers();
    const onEmailChange = vi.fn();
    show({ onEmailChange });
    const email = screen.getByRole('textbox', { name: /^Email/ });
    fireEvent.change(email, { target: { value: 'ada@' } });
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(onEmailChange).not.toHaveBeenCalled();
    fireEvent.change(email, { target: { value: 'ada@example.co' } });
    fireEvent.change(email, { target: { value: ' ada@example.com ' } });
    await act(() => vi.advanceTimersByTimeAsync(500));
    expect(onEmailChange.mock.calls).toEqual([['ada@example.com']]);
  });
});
