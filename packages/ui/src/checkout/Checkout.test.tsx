import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../test/axe';
import { Checkout, type CheckoutProps } from './Checkout';
import { digitalCart, physicalCart } from './fixtures';
import { CheckoutSubmitError, type CheckoutPayload } from './types';
import { checkExpiry, passesLuhn } from './validation';

afterEach(cleanup);

const NOW = () => new Date(2026, 10, 23);

function deferred() {
  let resolve!: () => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

function renderCheckout(props: Partial<CheckoutProps> = {}) {
  const onPlaceOrder = vi.fn<CheckoutProps['onPlaceOrder']>(() => Promise.resolve());
  const utils = render(
    <Checkout cart={physicalCart} currency="USD" onPlaceOrder={onPlaceOrder} now={NOW} {...props} />,
  );
  return { ...utils, onPlaceOrder: (props.onPlaceOrder as typeof onPlaceOrder | undefined) ?? onPlaceOrder };
}

const field = (name: RegExp | string) => screen.getByRole('textbox', { name }) as HTMLInputElement;
const type = (name: RegExp | string, value: string) => fireEvent.change(field(name), { target: { value } });
const placeOrder = () => fireEvent.submit(screen.getByRole('form'));

function fillContactAndCard() {
  type(/^Email/, ' ada@example.com ');
  type(/^Card Number/, '4242 4242 4242 4242');
  type(/^Expiry/, '12/30');
  type(/^Security Code/, '123');
}

function fillAddress() {
  type(/^First Name/, 'Ada');
  type(/^Last Name/, 'Lovelace');
  type(/^Address/, '12 St James Sq');
  type(/^City/, 'London');
  type(/^Postal Code/, 'SW1Y 4JH');
  fireEvent.change(screen.getByRole('combobox', { name: 'Country' }), { target: { value: 'GB' } });
}

describe('Checkout order notes', () => {
  const card = () => {
    type(/^Email/, 'bo@example.com');
    type(/^Card Number/, '4242 4242 4242 4242');
    type(/^Expiry/, '12/30');
    type(/^Security Code/, '123');
  };

  it('shows a box with the owner’s label and sends what the shopper wrote, trimmed', async () => {
    const { container, onPlaceOrder } = renderCheckout({
      cart: digitalCart,
      orderNotesLabel: 'Gift message',
    });
    card();
    fireEvent.change(screen.getByRole('textbox', { name: /^Gift message/ }), {
      target: { value: '  Happy birthday, Jo!\nLove, Bo  ' },
    });
    expect(screen.getByRole('textbox', { name: /^Gift message/ }).tagName).toBe('TEXTAREA');
    await act(async () => placeOrder());
    expect(onPlaceOrder.mock.calls[0]![0]).toMatchObject({ orderNote: 'Happy birthday, Jo!\nLove, Bo' });
    await expectNoAxeViolations(container);
  });

  it('calls the box "Order notes" when the owner left the label empty, and sends no empty note', async () => {
    const { onPlaceOrder } = renderCheckout({ cart: digitalCart, orderNotesLabel: '' });
    expect(screen.getByRole('textbox', { name: /^Order notes/ })).toBeTruthy();
    card();
    await act(async () => placeOrder());
    expect(onPlaceOrder.mock.calls[0]![0]).not.toHaveProperty('orderNote');
  });

  it('has no box while the shop takes no notes', () => {
    renderCheckout({ cart: digitalCart });
    expect(screen.queryByRole('textbox', { name: /Order notes|Gift message/ })).toBeNull();
  });

  it('shows the server’s refusal beside the box, under the owner’s label', async () => {
    const refusal = 'This shop no longer takes order notes. Clear the note to place your order.';
    const onPlaceOrder = vi.fn<CheckoutProps['onPlaceOrder']>(() =>
      Promise.reject(new CheckoutSubmitError(refusal, { orderNote: refusal })),
    );
    renderCheckout({ cart: digitalCart, orderNotesLabel: 'Gift message', onPlaceOrder });
    card();
    fireEvent.change(screen.getByRole('textbox', { name: /^Gift message/ }), {
      target: { value: 'Wrap it' },
    });
    await act(async () => placeOrder());
    expect(within(screen.getByRole('alert')).getByText(`Gift message: ${refusal}`)).toBeTruthy();
    expect(screen.getByRole('textbox', { name: /^Gift message/ }).getAttribute('aria-invalid')).toBe('true');
  });
});

describe('Checkout gift card', () => {
  it('sends the code, lets the server decide whether the card is needed, and shows its refusal', async () => {
    const onPlaceOrder = vi.fn<CheckoutProps['onPlaceOrder']>(() =>
      Promise.reject(
        new CheckoutSubmitError('That gift card code is not valid.', {
          giftCardCode: 'That gift card code is not valid.',
        }),
      ),
    );
    const { container } = renderCheckout({ cart: digitalCart, acceptsGiftCards: true, onPlaceOrder });
    type(/^Email/, 'bo@example.com');
    type(/^Gift Card Code/, ' abcd-efgh-jkmn-pqrs ');
    await act(async () => placeOrder());
    expect(onPlaceOrder).toHaveBeenCalledTimes(1);
    expect(onPlaceOrder.mock.calls[0]![0]).toMatchObject({
      email: 'bo@example.com',
      giftCardCode: 'abcd-efgh-jkmn-pqrs',
      payment: { provider: 'test' },
    });
    expect(within(screen.getByRole('alert')).getByText('That gift card code is not valid.')).toBeTruthy();
    expect(field(/^Gift Card Code/).getAttribute('aria-invalid')).toBe('true');
    await expectNoAxeViolations(container);
  });

  it('has no gift-card field unless the shop accepts them', () => {
    renderCheckout({ cart: digitalCart });
    expect(screen.queryByRole('textbox', { name: /Gift Card Code/ })).toBeNull();
  });
});

describe('Checkout form', () => {
  it('shows contact, address, shipping method, payment with the test note, and the summary', () => {
    renderCheckout();
    expect(screen.getByRole('group', { name: 'Contact' })).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Shipping Address' })).toBeTruthy();
    expect(screen.getByRole('radiogroup', { name: 'Shipping Method' })).toBeTruthy();
    expect(screen.getByText('Test mode: use 4242 4242 4242 4242')).toBeTruthy();
    expect(screen.getByText('Test mode — no real charge')).toBeTruthy();
    const radio = screen.getByRole('radio', { name: /Standard/ }) as HTMLInputElement;
    expect(radio.checked).toBe(true);
    expect(screen.getByRole('radio', { name: /Express/ }).closest('label')?.textContent).toContain('$15.00');
    expect(screen.getByRole('radio', { name: /Local pickup/ }).closest('label')?.textContent).toContain(
      'Free',
    );

    const summary = within(screen.getByRole('region', { name: 'Order Summary' }));
    const totals = summary.getAllByRole('definition').map((d) => d.textContent);
    // Subtotal, discount, shipping, tax, total in the store currency.
    expect(totals).toEqual(['$108.00', '−$10.80', '$5.00', '$8.42', '$110.62']);
    expect(summary.getByText('Linen Shirt')).toBeTruthy();
    expect(summary.getByText('Qty 2')).toBeTruthy();
  });

  it('submits the payload with trimmed values and digits-only card number', async () => {
    const { onPlaceOrder } = renderCheckout();
    fillContactAndCard();
    fillAddress();
    type(/^Phone/, '  ');
    await act(async () => placeOrder());
    expect(onPlaceOrder).toHaveBeenCalledTimes(1);
    expect(onPlaceOrder.mock.calls[0]![0]).toEqual<CheckoutPayload>({
      email: 'ada@example.com',
      shippingAddress: {
        firstName: 'Ada',
        lastName: 'Lovelace',
        line1: '12 St James Sq',
        city: 'London',
        region: '',
        postalCode: 'SW1Y 4JH',
        country: 'GB',
      },
      shippingOptionId: 'standard',
      payment: { provider: 'test', cardNumber: '4242424242424242', expiry: '12/30', cvc: '123' },
    });
  });

  it('places the order from the Place Order button', async () => {
    const { onPlaceOrder } = renderCheckout({ cart: digitalCart });
    fillContactAndCard();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Place Order' }));
    });
    expect(onPlaceOrder).toHaveBeenCalledTimes(1);
  });

  it('skips shipping for a purely digital cart', async () => {
    const { onPlaceOrder } = renderCheckout({ cart: digitalCart });
    expect(screen.queryByRole('group', { name: 'Shipping Address' })).toBeNull();
    expect(screen.queryByRole('radiogroup')).toBeNull();
    expect(
      screen.getByText('Your order contains digital items only, so no shipping is needed.'),
    ).toBeTruthy();
    fillContactAndCard();
    await act(async () => placeOrder());
    expect(onPlaceOrder.mock.calls[0]![0]).toEqual({
      email: 'ada@example.com',
      payment: { provider: 'test', cardNumber: '4242424242424242', expiry: '12/30', cvc: '123' },
    });
  });

  it('shows "Placing order…" and disables the form while the order is placed', async () => {
    const d = deferred();
    renderCheckout({ cart: digitalCart, onPlaceOrder: vi.fn(() => d.promise) });
    fillContactAndCard();
    await act(async () => placeOrder());
    const button = screen.getByRole('button', { name: /Placing order…/ });
    expect(button.getAttribute('aria-disabled')).toBe('true');
    expect(field(/^Email/).disabled).toBe(true);
    expect(field(/^Card Number/).disabled).toBe(true);
    expect(screen.getByRole('form').getAttribute('aria-busy')).toBe('true');
    // A second submit while placing does nothing.
    placeOrder();
    await act(async () => d.resolve());
    // Still locked after success: the wiring navigates to the confirmation.
    expect(field(/^Email/).disabled).toBe(true);
  });
});

describe('Checkout validation', () => {
  it('lists client errors in a focused summary and does not submit', async () => {
    const { onPlaceOrder } = renderCheckout();
    type(/^Email/, 'not-an-email');
    await act(async () => placeOrder());
    expect(onPlaceOrder).not.toHaveBeenCalled();
    const summary = screen.getByRole('alert');
    expect(document.activeElement).toBe(summary);
    expect(summary.textContent).toContain('One or more fields is invalid, please check your entries.');
    const links = within(summary)
      .getAllByRole('link')
      .map((a) => a.textContent);
    expect(links).toEqual([
      'Email: Email is not valid. Email addresses should follow the format user@domain.com.',
      'First Name: Required',
      'Last Name: Required',
      'Address: Required',
      'City: Required',
      'Postal Code: Required',
      'Country: Required',
      'Card Number: Required',
      'Expiry (MM/YY): Required',
      'Security Code (CVC): Required',
    ]);
    expect(field(/^Email/).getAttribute('aria-invalid')).toBe('true');
    fireEvent.click(within(summary).getByRole('link', { name: /^City/ }));
    expect(document.activeElement).toBe(field(/^City/));
  });

  it('clears a field error when the field is edited', async () => {
    renderCheckout({ cart: digitalCart });
    await act(async () => placeOrder());
    expect(field(/^Email/).getAttribute('aria-invalid')).toBe('true');
    type(/^Email/, 'a');
    expect(field(/^Email/).getAttribute('aria-invalid')).toBeNull();
  });

  it.each([
    ['Card Number', '4242 4242 4242 4241', 'Enter a valid card number.'],
    ['Expiry', '13/30', 'Enter the expiry date as MM/YY.'],
    ['Expiry', '10/26', 'This card has expired.'],
    ['Security Code', '12', 'Enter the 3 or 4 digit security code.'],
  ])('checks the %s (%s)', async (label, value, message) => {
    const { onPlaceOrder } = renderCheckout({ cart: digitalCart });
    fillContactAndCard();
    type(new RegExp(`^${label.replace(/[()]/g, '\\$&')}`), value);
    await act(async () => placeOrder());
    expect(onPlaceOrder).not.toHaveBeenCalled();
    expect(within(screen.getByRole('alert')).getByRole('link').textContent).toContain(message);
  });

  it('card helpers: Luhn and expiry to the end of the month', () => {
    expect(passesLuhn('4242424242424242')).toBe(true);
    expect(passesLuhn('4242424242424241')).toBe(false);
    expect(checkExpiry('11/26', new Date(2026, 10, 30, 23)).ok).toBe(true);
    expect(checkExpiry('11/26', new Date(2026, 11, 1)).ok).toBe(false);
    expect(checkExpiry('1 / 27', NOW())).toEqual({ ok: true, month: 1, year: 2027 });
  });
});

describe('Checkout server errors', () => {
  it('shows the server message and field errors, focuses the summary and unlocks the form', async () => {
    const onPlaceOrder = vi.fn(() =>
      Promise.reject(
        new CheckoutSubmitError('Your card was declined.', { cardNumber: 'Declined by the bank.' }),
      ),
    );
    renderCheckout({ cart: digitalCart, onPlaceOrder });
    fillContactAndCard();
    await act(async () => placeOrder());
    const summary = screen.getByRole('alert');
    expect(document.activeElement).toBe(summary);
    expect(summary.textContent).toContain('Your card was declined.');
    expect(within(summary).getByRole('link').textContent).toBe('Card Number: Declined by the bank.');
    expect(field(/^Card Number/).getAttribute('aria-invalid')).toBe('true');
    expect(field(/^Email/).disabled).toBe(false);
    expect(screen.getByRole('button', { name: 'Place Order' })).toBeTruthy();
  });

  it.each([
    [true, 'Unable to place your order. Please try again.'],
    [false, 'Please check your internet connection.'],
  ])('shows a generic failure (online=%s)', async (online, message) => {
    renderCheckout({
      cart: digitalCart,
      onPlaceOrder: vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
      isOnline: () => online,
    });
    fillContactAndCard();
    await act(async () => placeOrder());
    expect(screen.getByRole('alert').textContent).toContain(message);
    expect(screen.getByRole('alert').textContent).not.toContain('Failed to fetch');
  });
});

describe('Checkout shipping and coupons', () => {
  it('reports a shipping option change and puts the old one back on failure', async () => {
    const d = deferred();
    const onShippingOptionChange = vi.fn(() => d.promise);
    renderCheckout({ onShippingOptionChange });
    fireEvent.click(screen.getByRole('radio', { name: /Express/ }));
    expect(onShippingOptionChange).toHaveBeenCalledWith('express');
    expect(screen.getByRole('region', { name: 'Order Summary' }).getAttribute('aria-busy')).toBe('true');
    expect(screen.getByRole('button', { name: 'Place Order' }).hasAttribute('disabled')).toBe(true);
    await act(async () => d.reject(new Error('no')));
    expect((screen.getByRole('radio', { name: /Standard/ }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByText('Unable to update shipping. Please try again.')).toBeTruthy();
  });

  it('applies a coupon on Enter without placing the order, and shows a rejection', async () => {
    const onApplyCoupon = vi
      .fn<(code: string) => Promise<void>>()
      .mockResolvedValueOnce(undefined)
      .mockRejectedValueOnce(new Error('This coupon has expired.'));
    const { onPlaceOrder } = renderCheckout({ onApplyCoupon });
    const input = field(/^Coupon Code/);
    fireEvent.change(input, { target: { value: ' WELCOME ' } });
    await act(async () => {
      fireEvent.keyDown(input, { key: 'Enter' });
    });
    expect(onApplyCoupon).toHaveBeenCalledWith('WELCOME');
    expect(onPlaceOrder).not.toHaveBeenCalled();
    expect(input.value).toBe('');
    expect(screen.getByText('Coupon WELCOME applied.')).toBeTruthy();

    fireEvent.change(input, { target: { value: 'OLD' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    });
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('This coupon has expired.')).toBeTruthy();
    expect(within(screen.getByRole('list', { name: 'Coupons' })).getByText('SPRING10')).toBeTruthy();
  });

  it('names each discount in the summary and says why a kept code no longer applies', async () => {
    const cart = {
      ...physicalCart,
      discounts: [
        { id: 'a', name: 'Summer sale', code: null, amountCents: 580, freeShipping: false },
        { id: 'b', name: 'SPRING10', code: 'SPRING10', amountCents: 500, freeShipping: false },
        { id: 'c', name: 'Free shipping over $50', code: null, amountCents: 500, freeShipping: true },
      ],
      shippingCostCents: 0,
      invalidCoupons: ['BIG'],
      refusedCoupons: [
        { code: 'BIG', message: 'The code "BIG" needs $200.00 of eligible items in your cart.' },
      ],
    };
    const { container } = renderCheckout({ cart, onApplyCoupon: vi.fn() });
    const summary = within(screen.getByRole('region', { name: 'Order Summary' }));
    expect(summary.getByText('Summer sale').nextElementSibling?.textContent).toBe('−$5.80');
    expect(summary.getByText('SPRING10').nextElementSibling?.textContent).toBe('−$5.00');
    expect(summary.getByText('Free shipping over $50').nextElementSibling?.textContent).toBe('−$5.00');
    expect(summary.queryByText('Discount')).toBeNull();
    const coupons = within(screen.getByRole('list', { name: 'Coupons' }));
    expect(coupons.getByText('The code "BIG" needs $200.00 of eligible items in your cart.')).toBeTruthy();
    await expectNoAxeViolations(container);
  });

  it('removes an applied coupon', () => {
    const onRemoveCoupon = vi.fn();
    renderCheckout({ onApplyCoupon: vi.fn(), onRemoveCoupon });
    fireEvent.click(screen.getByRole('button', { name: 'Remove coupon SPRING10' }));
    expect(onRemoveCoupon).toHaveBeenCalledWith('SPRING10');
  });
});

describe('Checkout payment slot', () => {
  it('uses the provider fields and their collected payment', async () => {
    const collect = vi.fn(() => Promise.resolve({ provider: 'acme', token: 'tok_1' }));
    const { onPlaceOrder } = renderCheckout({
      cart: digitalCart,
      paymentFields: { render: () => <p>Acme card widget</p>, collect },
    });
    expect(screen.queryByText('Test mode: use 4242 4242 4242 4242')).toBeNull();
    expect(screen.getByText('Acme card widget')).toBeTruthy();
    type(/^Email/, 'ada@example.com');
    await act(async () => placeOrder());
    expect(onPlaceOrder).toHaveBeenCalledWith({
      email: 'ada@example.com',
      payment: { provider: 'acme', token: 'tok_1' },
    });
  });
});

describe('Checkout accessibility', () => {
  it('has no axe violations, including with the error summary', async () => {
    const { container } = renderCheckout({ onApplyCoupon: vi.fn(), onRemoveCoupon: vi.fn() });
    await expectNoAxeViolations(container);
    await act(async () => placeOrder());
    await expectNoAxeViolations(container);
  });

  it('has no axe violations for a digital cart', async () => {
    const { container } = renderCheckout({ cart: digitalCart });
    await expectNoAxeViolations(container);
  });
});

describe('Checkout order summary on a phone', () => {
  it('folds into a bar naming the total, which opens and closes the summary', async () => {
    const { container } = renderCheckout();
    const toggle = screen.getByRole('button', { name: /^Show order summary/ });
    expect(toggle.textContent).toContain('$');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    const body = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    // The stylesheet hides the body on phones only while it has no data-open.
    expect(body.hasAttribute('data-open')).toBe(false);
    expect(within(body).getByRole('heading', { name: 'Order Summary' })).toBeTruthy();
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(toggle.textContent).toContain('Hide order summary');
    expect(body.hasAttribute('data-open')).toBe(true);
    await expectNoAxeViolations(container);
  });
});
