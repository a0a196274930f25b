import type { Meta, StoryObj } from '@storybook/react-vite';
import { CartPage } from './CartPage';
import { ebook, mug, sampleCart, shirt } from './fixtures';

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

const meta = {
  title: 'Storefront/CartPage',
  component: CartPage,
  args: {
    currency: 'USD',
    continueShoppingHref: '/shop',
    cart: sampleCart([shirt, mug, ebook]),
    onQuantityChange: () => wait(800),
    onRemove: () => wait(800),
    onEditDetails: () => wait(800),
    onCheckout: () => {},
    onRetry: () => {},
  },
} satisfies Meta<typeof CartPage>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Loaded: Story = {};
export const Loading: Story = { args: { cart: undefined } };
export const LoadError: Story = { args: { cart: undefined, status: 'error' } };
export const Empty: Story = { args: { cart: sampleCart([]) } };
export const Recalculating: Story = { args: { recalculating: true } };
export const BelowCheckoutMinimum: Story = { args: { checkoutMinimumCents: 50000 } };
/** Every update fails: try the stepper, Remove or Edit Details to see the per-line errors. */
export const UpdatesFail: Story = {
  args: {
    onQuantityChange: () => wait(500).then(() => Promise.reject(new Error('server'))),
    onRemove: () => wait(500).then(() => Promise.reject(new Error('server'))),
    onEditDetails: () => wait(500).then(() => Promise.reject(new Error('server'))),
  },
};
export const Offline: Story = {
  args: { ...UpdatesFail.args, isOnline: () => false },
};
