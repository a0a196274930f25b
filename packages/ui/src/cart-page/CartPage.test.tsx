import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../test/axe';
import { CartPage, type CartPageProps } from './CartPage';
import { mug, sampleCart, shirt } from './fixtures';

afterEach(cleanup);

function deferred() {
  let resolve!: () => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

function renderCart(props: Partial<CartPageProps> = {}) {
  const callbacks = {
    onQuantityChange: vi.fn<CartPageProps['onQuantityChange']>(() => Promise.resolve()),
    onRemove: vi.fn<CartPageProps['onRemove']>(() => Promise.resolve()),
    onCheckout: vi.fn(),
  };
  const utils = render(
    <CartPage
      cart={sampleCart([shirt, mug])}
      currency="USD"
      continueShoppingHref="/shop"
      {...callbacks}
      {...props}
    />,
  );
  return { ...utils, ...callbacks };
}

const quantityInput = (title: string) =>
  screen.getByRole('textbox', { name: `Quantity of ${title}` }) as HTMLInputElement;

describe('CartPage states', () => {
  it('shows loading while there is no cart', () => {
    renderCart({ cart: undefined });
    expect(screen.getByRole('status').textContent).toBe('Loading…');
    expect(screen.getByRole('region', { name: 'Shopping Cart' }).getAttribute('aria-busy')).toBe('true');
  });

  it('shows the load error with a retry button', () => {
    const onRetry = vi.fn();
    renderCart({ cart: undefined, status: 'error', onRetry });
    expect(screen.getByRole('alert').textContent).toBe('Unable to load. Try again.');
    fireEvent.click(screen.getByRole('button', { name: 'Try again.' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('shows a helpful empty state with Continue Shopping', () => {
    renderCart({ cart: sampleCart([]) });
    expect(screen.getByText('You have nothing in your shopping cart.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Continue Shopping' }).getAttribute('href')).toBe('/shop');
    expect(screen.queryByRole('button', { name: 'Checkout' })).toBeNull();
  });

  it('lists items with image, title, attributes, unit price, line total and the subtotal', () => {
    renderCart();
    const items = within(screen.getByRole('list', { name: 'Items in your cart' })).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    const first = within(items[0]!);
    expect(first.getByRole('heading', { name: 'Linen Shirt' })).toBeTruthy();
    expect(first.getByRole('link', { name: 'Linen Shirt' }).getAttribute('href')).toBe('/shop/linen-shirt');
    expect(items[0]!.textContent).toContain('Size:M');
    expect(items[0]!.textContent).toContain('Color:Blue');
    expect(items[0]!.textContent).toContain('Price: $45.00');
    expect(items[0]!.textContent).toContain('Total: $90.00');
    expect(items[0]!.querySelector('img')?.getAttribute('alt')).toBe('');
    expect(screen.getByText('$108.00')).toBeTruthy();
  });

  it('offers Edit Details only for entries with additional fields', () => {
    const onEditDetails = vi.fn();
    renderCart({ onEditDetails });
    expect(screen.queryByRole('button', { name: 'Edit details of Linen Shirt' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Edit details of Engraved Mug' }));
    expect(onEditDetails).toHaveBeenCalledWith('e2');
  });

  it('calls onCheckout, and holds checkout back with the message below the minimum', () => {
    const { onCheckout, rerender } = renderCart();
    fireEvent.click(screen.getByRole('button', { name: 'Checkout' }));
    expect(onCheckout).toHaveBeenCalledTimes(1);

    rerender(
      <CartPage
        cart={sampleCart([shirt, mug])}
        currency="USD"
        continueShoppingHref="/shop"
        checkoutMinimumCents={20000}
        onQuantityChange={vi.fn()}
        onRemove={vi.fn()}
        onCheckout={onCheckout}
      />,
    );
    const button = screen.getByRole('button', { name: 'Checkout' });
    expect(button.hasAttribute('disabled')).toBe(true);
    const message = 'Your order subtotal must be at least $200.00 to check out.';
    expect(screen.getByText(message)).toBeTruthy();
    expect(document.getElementById(button.getAttribute('aria-describedby')!)?.textContent).toBe(message);
    fireEvent.click(button);
    expect(onCheckout).toHaveBeenCalledTimes(1);
  });
});

describe('CartPage quantity', () => {
  it('commits on Enter and on blur, not while typing', () => {
    const { onQuantityChange } = renderCart();
    const input = quantityInput('Linen Shirt');
    fireEvent.change(input, { target: { value: '12' } });
    expect(onQuantityChange).not.toHaveBeenCalled();
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onQuantityChange).toHaveBeenCalledWith('e1', 12);

    const mugInput = quantityInput('Engraved Mug');
    fireEvent.change(mugInput, { target: { value: '3' } });
    fireEvent.blur(mugInput);
    expect(onQuantityChange).toHaveBeenLastCalledWith('e2', 3);
  });

  it('commits from the stepper buttons and stops at 1', () => {
    const { onQuantityChange } = renderCart();
    fireEvent.click(screen.getByRole('button', { name: 'Increase quantity of Linen Shirt' }));
    expect(onQuantityChange).toHaveBeenCalledWith('e1', 3);
    expect(
      screen.getByRole('button', { name: 'Decrease quantity of Engraved Mug' }).hasAttribute('disabled'),
    ).toBe(true);
  });

  it.each([
    ['abc', 'Quantity must be a number.'],
    ['1.5', 'Quantity must be a whole number'],
    ['0', 'Quantity must be between 1 and 9999.'],
    ['10000', 'Quantity must be between 1 and 9999.'],
  ])('rejects %s with "%s" and sends nothing', (typed, message) => {
    const { onQuantityChange } = renderCart();
    const input = quantityInput('Linen Shirt');
    fireEvent.change(input, { target: { value: typed } });
    fireEvent.blur(input);
    expect(onQuantityChange).not.toHaveBeenCalled();
    expect(screen.getByRole('alert').textContent).toBe(message);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(input.getAttribute('aria-describedby')!)?.textContent).toBe(message);
  });

  it('Escape puts the committed quantity back', () => {
    renderCart();
    const input = quantityInput('Linen Shirt');
    fireEvent.change(input, { target: { value: '7' } });
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(input.value).toBe('2');
  });

  it('is recalculating while the update runs, then announces the update', async () => {
    const d = deferred();
    renderCart({ onQuantityChange: vi.fn(() => d.promise) });
    fireEvent.click(screen.getByRole('button', { name: 'Increase quantity of Linen Shirt' }));
    const region = screen.getByRole('region', { name: 'Shopping Cart' });
    expect(region.getAttribute('data-state')).toBe('recalculating');
    expect(screen.getByRole('status').textContent).toBe('Updating cart…');
    expect(quantityInput('Linen Shirt').disabled).toBe(true);
    expect(screen.getByRole('button', { name: 'Checkout' }).hasAttribute('disabled')).toBe(true);
    // Other lines stay editable.
    expect(quantityInput('Engraved Mug').disabled).toBe(false);
    await act(async () => d.resolve());
    expect(region.getAttribute('data-state')).toBe('loaded');
    expect(screen.getByRole('status').textContent).toBe('Cart updated.');
  });

  it('shows "Unable to update quantity" on failure and keeps the committed value', async () => {
    const d = deferred();
    renderCart({ onQuantityChange: vi.fn(() => d.promise), isOnline: () => true });
    fireEvent.click(screen.getByRole('button', { name: 'Increase quantity of Linen Shirt' }));
    await act(async () => d.reject(new Error('500')));
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toBe('Unable to update quantity Please try again.');
    // The cart prop did not change: the input shows what the cart holds, not the refused 3.
    expect(quantityInput('Linen Shirt').disabled).toBe(false);
    expect(quantityInput('Linen Shirt').value).toBe('2');
  });

  it('says to check the connection when offline', async () => {
    renderCart({
      onQuantityChange: vi.fn(() => Promise.reject(new Error('network'))),
      isOnline: () => false,
    });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Increase quantity of Linen Shirt' }));
    });
    expect(screen.getByRole('alert').textContent).toBe(
      'Unable to update quantity Please check your internet connection.',
    );
  });
});

describe('CartPage remove and edit', () => {
  it('removes with the entry id, announces it and moves focus to the heading', async () => {
    const onRemove = vi.fn(() => Promise.resolve());
    const { rerender } = renderCart({ onRemove });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Remove Linen Shirt' }));
    });
    expect(onRemove).toHaveBeenCalledWith('e1');
    rerender(
      <CartPage
        cart={sampleCart([mug])}
        currency="USD"
        continueShoppingHref="/shop"
        onQuantityChange={vi.fn()}
        onRemove={onRemove}
        onCheckout={vi.fn()}
      />,
    );
    expect(screen.getByRole('status').textContent).toBe('Linen Shirt was removed from your cart.');
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Shopping Cart' }));
    expect(screen.queryByRole('heading', { name: 'Linen Shirt' })).toBeNull();
  });

  it('shows "Unable to remove item" when removal fails', async () => {
    renderCart({ onRemove: vi.fn(() => Promise.reject(new Error('no'))), isOnline: () => true });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Remove Engraved Mug' }));
    });
    const item = screen.getByRole('listitem', { name: 'Engraved Mug' });
    expect(within(item).getByRole('alert').textContent).toBe('Unable to remove item Please try again.');
  });

  it('is recalculating while details are edited and shows "Unable to update form" on failure', async () => {
    const d = deferred();
    renderCart({ onEditDetails: vi.fn(() => d.promise), isOnline: () => true });
    fireEvent.click(screen.getByRole('button', { name: 'Edit details of Engraved Mug' }));
    expect(screen.getByRole('region', { name: 'Shopping Cart' }).getAttribute('data-state')).toBe(
      'recalculating',
    );
    await act(async () => d.reject(new Error('no')));
    expect(screen.getByRole('alert').textContent).toBe('Unable to update form Please try again.');
  });

  it('marks the cart recalculating when told from outside', () => {
    renderCart({ recalculating: true });
    expect(screen.getByRole('region', { name: 'Shopping Cart' }).getAttribute('data-state')).toBe(
      'recalculating',
    );
    expect(screen.getByRole('button', { name: 'Checkout' }).hasAttribute('disabled')).toBe(true);
  });
});

describe('CartPage accessibility', () => {
  it.each([
    ['loaded', {}],
    ['empty', { cart: sampleCart([]) }],
    ['loading', { cart: undefined }],
    ['error', { cart: undefined, status: 'error' as const, onRetry: () => {} }],
  ])('has no axe violations when %s', async (_name, props) => {
    const { container } = renderCart(props);
    await expectNoAxeViolations(container);
  });
});
