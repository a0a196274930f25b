import { composeStories } from '@storybook/react-vite';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../test/axe';
import * as stories from './CartDrawer.stories';

afterEach(cleanup);
const { Loaded, Empty, Loading, LoadError, Recalculating, BelowCheckoutMinimum } = composeStories(stories);

const open = () => {
  const opener = screen.getByRole('button', { name: 'Open cart' });
  opener.focus();
  fireEvent.click(opener);
  return opener;
};

describe('CartDrawer', () => {
  it('is a modal dialog named by the cart heading, with no axe violations', async () => {
    const { container } = render(<Loaded startOpen={false} />);
    open();
    const dialog = screen.getByRole('dialog', { name: 'Shopping Cart' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    await expectNoAxeViolations(container.ownerDocument.body);
  });

  it('moves focus in and gives it back to the opener on Escape', async () => {
    render(<Loaded startOpen={false} />);
    const opener = open();
    const dialog = screen.getByRole('dialog');
    await vi.waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await vi.waitFor(() => expect(document.activeElement).toBe(opener));
  });

  it.each([
    ['the close button', () => fireEvent.click(screen.getByRole('button', { name: 'Close cart' }))],
    ['Continue Shopping', () => fireEvent.click(screen.getByRole('button', { name: 'Continue Shopping' }))],
  ])('closes with %s', async (_label, close) => {
    render(<Loaded startOpen={false} />);
    open();
    await act(async () => close());
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows the empty cart with a Continue Shopping button instead of a link', () => {
    render(<Empty startOpen={false} />);
    open();
    expect(screen.getByText('You have nothing in your shopping cart.')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Continue Shopping' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Continue Shopping' })).toBeTruthy();
  });

  it('checks out from the drawer', () => {
    const onCheckout = vi.fn();
    render(<Loaded startOpen={false} onCheckout={onCheckout} />);
    open();
    fireEvent.click(screen.getByRole('button', { name: 'Checkout' }));
    expect(onCheckout).toHaveBeenCalledTimes(1);
  });
});

describe('CartDrawer stories', () => {
  it.each([
    ['loaded', Loaded, 'Subtotal', false],
    ['empty', Empty, 'You have nothing in your shopping cart.', undefined],
    ['loading', Loading, 'Loading…', undefined],
    ['failed', LoadError, 'Unable to load. Try again.', undefined],
    ['recalculating (checkout disabled)', Recalculating, 'Updating cart…', true],
    ['below the minimum (checkout disabled)', BelowCheckoutMinimum, 'Subtotal', true],
  ])(
    '%s: shown in the open drawer, with no axe violations',
    async (_label, Story, text, checkoutDisabled) => {
      render(<Story />);
      const dialog = screen.getByRole('dialog', { name: 'Shopping Cart' });
      expect(dialog.textContent).toContain(text);
      const checkout = screen.queryByRole('button', { name: 'Checkout' });
      if (checkoutDisabled === undefined) expect(checkout).toBeNull();
      else expect(checkout?.hasAttribute('disabled')).toBe(checkoutDisabled);
      await expectNoAxeViolations(document.body);
    },
  );
});
