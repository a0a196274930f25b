import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { CartPage, type CartPageProps } from '../cart-page/CartPage';
import { ebook, mug, sampleCart, shirt } from '../cart-page/fixtures';
import { CartDrawer } from './CartDrawer';

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The drawer as the storefront opens it: a CartPage inside, "Continue Shopping" closing it. It
 * starts open in Storybook; tests start it closed to open it from the button as a shopper would.
 */
function Demo({ startOpen = true, ...cart }: Partial<CartPageProps> & { startOpen?: boolean }) {
  const [open, setOpen] = useState(startOpen);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open cart
      </button>
      <CartDrawer isOpen={open} onClose={() => setOpen(false)}>
        <CartPage
          currency="USD"
          continueShoppingHref="/shop"
          onContinueShopping={() => setOpen(false)}
          onQuantityChange={() => wait(800)}
          onRemove={() => wait(800)}
          onEditDetails={() => wait(800)}
          onCheckout={() => {}}
          onRetry={() => {}}
          {...cart}
        />
      </CartDrawer>
    </>
  );
}

const meta = {
  title: 'Storefront/CartDrawer',
  component: Demo,
  args: { cart: sampleCart([shirt, mug, ebook]) },
} satisfies Meta<typeof Demo>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Loaded: Story = {};
export const Empty: Story = { args: { cart: sampleCart([]) } };
export const Loading: Story = { args: { cart: undefined } };
export const LoadError: Story = { args: { cart: undefined, status: 'error' } };
/** Checkout held back (disabled) while the cart is recomputed. */
export const Recalculating: Story = { args: { recalculating: true } };
/** Checkout disabled until the subtotal reaches the owner's minimum. */
export const BelowCheckoutMinimum: Story = { args: { checkoutMinimumCents: 50000 } };
