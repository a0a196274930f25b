import type { Meta, StoryObj } from '@storybook/react-vite';
import { digitalOrder, physicalOrder } from './fixtures';
import { OrderConfirmation } from './OrderConfirmation';

const meta = {
  title: 'Storefront/OrderConfirmation',
  component: OrderConfirmation,
  // Stories sit in a docs page; stealing focus there would scroll the page.
  args: { order: physicalOrder, currency: 'USD', continueShoppingHref: '/shop', focusOnMount: false },
} satisfies Meta<typeof OrderConfirmation>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Confirmed: Story = {};
export const DigitalOrder: Story = { args: { order: digitalOrder } };
export const StatusPage: Story = { args: { statusLabel: 'Shipped' } };
